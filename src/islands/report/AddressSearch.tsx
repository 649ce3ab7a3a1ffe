// Address field following the WAI-ARIA 1.2 combobox pattern (list autocomplete): focus stays in
// the input, the highlighted option is announced through aria-activedescendant. One message at a
// time under the field: the form's error, else the geocoder's failure, else « no connection » (said
// once while offline, not per keystroke), else « no address found ».
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from "react";
import type { SignedSuggestion } from "../../core/types.ts";
import { ApiError, fetchSuggestions } from "../lib/api.ts";
import { OFFLINE_SUGGESTIONS } from "./offline.ts";

const MIN_CHARACTERS = 3;
const DEBOUNCE_MS = 300;
const BLUR_CLOSE_MS = 200;

interface Props {
  value: string;
  onValueChange(value: string): void;
  /** the suggestion the person picked (click, or Enter on the option), or null once they edit the text again */
  onPick(address: SignedSuggestion | null): void;
  onSubmit(): void;
  busy: boolean;
  error: string | null;
  inputRef: React.RefObject<HTMLInputElement | null>;
  /** texts of the home page by default; the account page reuses the field to add an address */
  labels?: { field: string; hint: string; submit: string; busy: string; form: string };
  /** extra fields shown above the address (the account page's name for it) */
  children?: React.ReactNode;
  submitDisabled?: boolean;
  /** "below": the extra fields come after the address and the button after them (a longer form) */
  layout?: "inline" | "below";
}

const HOME_LABELS = {
  field: "Votre adresse",
  hint: "Par exemple\u00a0: 8 bd du Port, Amiens. Le bilan s'affiche dès que vous choisissez une suggestion.",
  submit: "Analyser",
  busy: "Analyse…",
  form: "Rechercher une adresse",
};

/**
 * The state an island keeps around the field: the typed text, the picked suggestion and the
 * field's error, which typing clears.
 */
export function useAddressField() {
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<SignedSuggestion | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  function onValueChange(value: string) {
    setQuery(value);
    if (value.trim()) setFieldError(null);
  }
  return { query, setQuery, picked, setPicked, fieldError, setFieldError, onValueChange };
}

export default function AddressSearch({
  value,
  onValueChange,
  onPick,
  onSubmit,
  busy,
  error,
  inputRef,
  labels = HOME_LABELS,
  children,
  submitDisabled = false,
  layout = "inline",
}: Props) {
  const id = useId();
  const inputId = `${id}-adresse`;
  const listId = `${id}-suggestions`;
  const errorId = `${id}-erreur`;
  const hintId = `${id}-aide`;
  const [suggestions, setSuggestions] = useState<SignedSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  /** the text the geocoder found nothing for */
  const [noMatchFor, setNoMatchFor] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  /** the browser is offline: suggestions wait for the connection, said once (not cleared by typing) */
  const [offline, setOffline] = useState(false);
  /** bumped when the connection comes back: the text typed meanwhile is searched then */
  const [onlineAgain, setOnlineAgain] = useState(0);
  const skipNextSearch = useRef(false);
  /** the text is a picked suggestion: focusing the field again (say, to show a refusal under it) does not reopen the list */
  const pickedText = useRef(false);
  const blurTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    // Whatever the last search said is stale once the text changes.
    setSearchProblem(null);
    setNoMatchFor(null);
    if (skipNextSearch.current) {
      skipNextSearch.current = false;
      return;
    }
    const query = value.trim();
    if (query.length < MIN_CHARACTERS) {
      setSuggestions([]);
      setOpen(false);
      setHighlighted(-1);
      return;
    }
    const controller = new AbortController();
    async function search() {
      if (!navigator.onLine) {
        setSuggestions([]);
        setOpen(false);
        setOffline(true);
        return;
      }
      try {
        const results = await fetchSuggestions(query, controller.signal);
        setOffline(false);
        setSuggestions(results);
        setHighlighted(-1);
        setOpen(results.length > 0 && document.activeElement === inputRef.current);
        // No match is said by the visible status below the field, which is a live region itself.
        setNoMatchFor(results.length === 0 ? query : null);
        setAnnouncement(
          results.length === 0
            ? ""
            : `${results.length} suggestion${results.length > 1 ? "s" : ""} disponible${results.length > 1 ? "s" : ""}, utilisez les flèches pour naviguer.`,
        );
      } catch (problem) {
        if (controller.signal.aborted) return;
        setSuggestions([]);
        setOpen(false);
        // The connection dropped: the calm offline line, not an error (« Analyser » says its own).
        if (problem instanceof ApiError && problem.status === 0) setOffline(true);
        else setSearchProblem(problem instanceof ApiError ? problem.message : "La recherche d'adresses a échoué.");
      }
    }
    const timer = window.setTimeout(() => void search(), DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value, inputRef, onlineAgain]);

  useEffect(() => {
    function backOnline() {
      setOffline(false);
      setOnlineAgain((count) => count + 1);
    }
    window.addEventListener("online", backOnline);
    return () => window.removeEventListener("online", backOnline);
  }, []);

  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  function pick(address: SignedSuggestion) {
    // The text becomes the picked label: no search for it (unless it is already that text, as no
    // change would come to consume the flag).
    if (address.label !== value) skipNextSearch.current = true;
    onValueChange(address.label);
    onPick(address);
    pickedText.current = true;
    setOpen(false);
    setHighlighted(-1);
    setAnnouncement(`Adresse choisie\u00a0: ${address.label}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setHighlighted((current) => (current + 1) % suggestions.length);
    } else if (event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setHighlighted((current) => (current <= 0 ? suggestions.length - 1 : current - 1));
    } else if (event.key === "Enter") {
      const choice = open && highlighted >= 0 ? suggestions[highlighted] : undefined;
      if (choice) {
        event.preventDefault();
        pick(choice);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setHighlighted(-1);
      }
    }
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setOpen(false);
    if (!busy) onSubmit();
  }

  const activeId = open && highlighted >= 0 ? `${listId}-${highlighted}` : undefined;
  const message = error ?? searchProblem;
  const noMatch = message === null && noMatchFor !== null ? noMatchFor : null;
  const offlineNote = message === null && noMatch === null && offline;
  const statusId = `${id}-etat`;
  const describedBy = [hintId, message ? errorId : null, noMatch !== null || offlineNote ? statusId : null].filter(Boolean).join(" ");

  const submitButton = (
    // While busy only marked so: a really disabled button drops the focus (RGAA 11.11 wants it enabled).
    <button className="btn btn--primary search__submit" type="submit" disabled={submitDisabled} aria-disabled={busy || submitDisabled || undefined}>
      {busy ? labels.busy : labels.submit}
    </button>
  );

  return (
    <form className="search" role="search" aria-label={labels.form} onSubmit={handleSubmit} noValidate>
      {layout === "inline" ? children : null}
      <label className="search__label" htmlFor={inputId}>
        {labels.field}
      </label>
      <p id={hintId} className="search__hint">
        {labels.hint}
      </p>
      <div className="search__row">
        <div className="combobox">
          <input
            ref={inputRef}
            id={inputId}
            className={`search__input${error ? " search__input--error" : ""}`}
            type="text"
            role="combobox"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={200}
            aria-autocomplete="list"
            // Required for assistive technology; the form's own message (noValidate) says what is missing.
            required
            aria-required="true"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={activeId}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            value={value}
            placeholder="Numéro, rue, commune"
            onChange={(event) => {
              onValueChange(event.target.value);
              onPick(null);
              pickedText.current = false;
            }}
            onKeyDown={onKeyDown}
            onFocus={() => {
              window.clearTimeout(blurTimer.current);
              if (!pickedText.current && suggestions.length > 0 && value.trim().length >= MIN_CHARACTERS) setOpen(true);
            }}
            onBlur={() => {
              // Leave time for a click on a suggestion to land before the list disappears.
              blurTimer.current = window.setTimeout(() => setOpen(false), BLUR_CLOSE_MS);
            }}
          />
          <ul id={listId} role="listbox" aria-label="Suggestions d'adresses" className="combobox__list" hidden={!open}>
            {suggestions.map((address, index) => (
              <li
                key={`${address.label}-${index}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === highlighted}
                className={`combobox__option${index === highlighted ? " combobox__option--active" : ""}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(address)}
                onMouseMove={() => setHighlighted(index)}
              >
                <span className="combobox__label">{address.label}</span>
                {address.context ? <span className="combobox__context">{address.context}</span> : null}
              </li>
            ))}
          </ul>
        </div>
        {layout === "inline" ? submitButton : null}
      </div>
      {/* Right under the field it is about (RGAA 11.10), before the form's other fields in the « below » layout. */}
      {message ? (
        <p id={errorId} className="field-error" role="alert">
          {error ? <span className="field__error-prefix">Erreur&nbsp;: </span> : null}
          {message}
        </p>
      ) : null}
      {layout === "below" ? (
        <>
          {children}
          {submitButton}
        </>
      ) : null}
      {/* Always in the page: a live region must exist before its text changes to be announced. */}
      <div className="search__status" role="status">
        {noMatch !== null ? (
          <p id={statusId} className="search__empty">
            Aucune adresse trouvée pour «&nbsp;{noMatch}&nbsp;». Vérifiez l'orthographe ou ajoutez la commune.
          </p>
        ) : offlineNote ? (
          <p id={statusId} className="search__empty">
            {OFFLINE_SUGGESTIONS}
          </p>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </form>
  );
}
