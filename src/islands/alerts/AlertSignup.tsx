// /inscription: alert sign-up without an account (double opt-in), also framed by partner sites
// as /inscription/cadre?accent=RRGGBB (the layout marks <html class="embed">): then it shows no
// header or footer, uses the partner's colour, tells the parent page its height and thanks the
// person in place (only that page may be framed). /inscription?lat=…&label=… (a report's address,
// report-request.ts) opens with that address already chosen.
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { ApiError } from "../lib/api.ts";
import AddressSearch, { useAddressField } from "../report/AddressSearch.tsx";
import { fetchLinkedAddress, readReportRequest } from "../report/report-request.ts";
import { AlreadySent } from "../ui/AlreadySent.tsx";
import { EmailTypoHint } from "../ui/EmailTypoHint.tsx";
import { Field } from "../ui/Field.tsx";
import NextSteps from "./NextSteps.tsx";
import {
  describeKeptSignUpRetry,
  describeUnsent,
  findEmailProblem,
  readSentSignUp,
  retryPendingSignUp,
  sendSignUp,
  toPickedAddress,
  type SignUpAddress,
  type SignUpOutcome,
} from "./pending-signup.ts";

/** Under the consent box when the form is sent without it. */
const CONSENT_MISSING = "Cochez la case pour accepter de recevoir les alertes par e-mail.";

type FocusTarget = "address" | "email" | "consent" | "problem" | "done";

/** A message under the form: a refusal (rate limit…) or a sign-up kept for the next visit. */
type FormProblem = { kind: "refused" | "unsent"; text: string };

/**
 * In a frame, tells the parent page how tall the content is, whenever that changes.
 * documentElement.scrollHeight never drops below the frame's own height, so the frame could grow
 * but never shrink: the body's scrolling area is the content (the open suggestion list included).
 */
function usePostedFrameHeight(active: boolean, rootRef: RefObject<HTMLDivElement | null>, layoutKey: unknown) {
  useEffect(() => {
    if (!active || window.parent === window) return;
    const post = () => window.parent.postMessage({ type: "zone-sante:height", height: Math.ceil(document.body.scrollHeight) }, "*");
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    // The suggestion list floats over the page: it changes no box size of the body.
    rootRef.current?.querySelectorAll('[role="listbox"]').forEach((list) => observer.observe(list));
    post();
    return () => observer.disconnect();
  }, [active, rootRef, layoutKey]);
}

interface Props {
  /** the topics a sign-up without an account gets, in a sentence (from the registry: src/sections/rules.ts) */
  topics: string;
}

export default function AlertSignup({ topics }: Props) {
  const [embedded, setEmbedded] = useState(false);
  const { query, setQuery, picked, setPicked, fieldError, setFieldError, onValueChange } = useAddressField();
  /** an address chosen before this visit: from the page URL, or a kept sign-up to correct */
  const [presetAddress, setPresetAddress] = useState<SignUpAddress | null>(null);
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [keptNotice, setKeptNotice] = useState<string | null>(null);
  const [done, setDone] = useState<{ confirmationSent: boolean } | null>(null);
  /** this sign-up had its e-mail minutes ago: nothing was sent again */
  const [alreadySent, setAlreadySent] = useState<Extract<SignUpOutcome, { kind: "accepted" }>["alreadySent"] | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  /** where the focus goes once the message it follows is rendered (and describes the field) */
  const focusAfterRender = useRef<FocusTarget | null>(null);
  // A render even when the message is the same as before, so that the focus still moves.
  const [, setFocusRequests] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const consentId = useId();

  useEffect(() => {
    setEmbedded(document.documentElement.classList.contains("embed"));
    let active = true;
    // The link's address as the server names it, never its label as written (decision 055).
    const fromUrl = readReportRequest(location.search);
    // « Corriger » on /merci: the sign-up just sent comes back filled in (consent is asked again).
    const sent = new URLSearchParams(location.search).has("corriger") ? readSentSignUp() : null;
    if (sent) {
      setEmail(sent.email);
      setPresetAddress(sent.address);
      setQuery(sent.address.label);
    } else if (fromUrl) {
      fetchLinkedAddress(fromUrl)
        .then((address) => {
          if (!active) return;
          setPresetAddress(address);
          setQuery(address.label);
        })
        .catch((error: unknown) => {
          if (active && error instanceof ApiError && error.status >= 400 && error.status < 500) setFieldError(error.message);
        });
    }
    void retryPendingSignUp().then((retry) => {
      if (!active || !retry) return;
      setKeptNotice(describeKeptSignUpRetry(retry.outcome));
      if (retry.outcome.kind !== "refused") return;
      // The refused request comes back to the form, its problem under the field it concerns.
      setEmail(retry.request.email);
      setPresetAddress(toPickedAddress(retry.request.address));
      setQuery(retry.request.address.label);
      if (retry.outcome.field === "email") setEmailError(retry.outcome.message);
      else if (retry.outcome.field === "address") setFieldError(retry.outcome.message);
    });
    return () => {
      active = false;
    };
  }, [setQuery, setFieldError]);

  usePostedFrameHeight(embedded, rootRef, done ?? alreadySent);

  useEffect(() => {
    const target = focusAfterRender.current;
    if (!target) return;
    focusAfterRender.current = null;
    ({ address: inputRef, email: emailRef, consent: consentRef, problem: problemRef, done: doneRef })[target].current?.focus();
  });

  const address = picked ? toPickedAddress(picked) : presetAddress;

  function focusAfterMessage(target: FocusTarget) {
    focusAfterRender.current = target;
    setFocusRequests((count) => count + 1);
  }

  function choose(next: typeof picked) {
    setPicked(next);
    setPresetAddress(null);
  }

  function changeEmail(value: string) {
    setEmail(value);
    setEmailError(null);
  }

  async function submit() {
    setProblem(null);
    // The button is never disabled (RGAA 11.11): every missing field is said under it, and the
    // focus goes to the first of them.
    const addressProblem = address ? null : "Choisissez une adresse dans la liste des suggestions.";
    const emailProblem = findEmailProblem(email);
    const consentProblem = consent ? null : CONSENT_MISSING;
    if (addressProblem) setFieldError(addressProblem);
    if (emailProblem) setEmailError(emailProblem);
    setConsentError(consentProblem);
    const first: FocusTarget | null = addressProblem ? "address" : emailProblem ? "email" : consentProblem ? "consent" : null;
    if (first || !address) {
      focusAfterMessage(first ?? "address");
      return;
    }
    setBusy(true);
    const partnerUrl = embedded && document.referrer ? document.referrer : null;
    const outcome = await sendSignUp({ email: email.trim(), address, consent: true, partnerUrl });
    setBusy(false);
    if (outcome.kind === "accepted") {
      setKeptNotice(null);
      if (outcome.alreadySent) {
        // Said on the form's page (no « merci »: nothing new happened), the form kept for a correction.
        setAlreadySent(outcome.alreadySent);
        return;
      }
      if (embedded) {
        setDone({ confirmationSent: outcome.confirmationSent });
        focusAfterMessage("done");
      } else location.assign(outcome.confirmationSent ? "/merci" : "/merci?confirmation=plus-tard");
      return;
    }
    // The submit button was disabled while busy: the focus goes to what the person must read.
    if (outcome.kind === "refused" && outcome.field === "email") {
      setEmailError(outcome.message);
      focusAfterMessage("email");
    } else if (outcome.kind === "refused" && outcome.field === "address") {
      setFieldError(outcome.message);
      focusAfterMessage("address");
    } else {
      setProblem({ kind: outcome.kind, text: outcome.kind === "unsent" ? describeUnsent(outcome) : outcome.message });
      focusAfterMessage("problem");
    }
  }

  if (alreadySent) {
    return (
      <div ref={rootRef} className="signup signup--done">
        <AlreadySent
          alreadySent={alreadySent}
          email={email.trim()}
          onCorrect={() => {
            setAlreadySent(null);
            focusAfterMessage("email");
          }}
        />
      </div>
    );
  }

  if (done) {
    return (
      <div ref={rootRef} className="signup signup--done">
        <div ref={doneRef} role="status" tabIndex={-1}>
          <p className="signup__title">Merci&nbsp;! Vérifiez vos e-mails.</p>
          <NextSteps compact confirmationLater={!done.confirmationSent} />
        </div>
      </div>
    );
  }

  return (
    <div ref={rootRef} className="signup">
      <div role="status">{keptNotice ? <p className="notice signup__notice">{keptNotice}</p> : null}</div>
      {/* RGAA 11.10: the required fields said in words too (each is also marked required). */}
      <p className="field__hint signup__required">Tous les champs sont obligatoires.</p>
      <AddressSearch
        value={query}
        onValueChange={onValueChange}
        onPick={choose}
        onSubmit={() => void submit()}
        busy={busy}
        error={fieldError}
        inputRef={inputRef}
        layout="below"
        labels={{
          field: "Adresse à surveiller",
          hint: "Tapez l'adresse puis choisissez-la dans la liste.",
          submit: "Recevoir les alertes",
          busy: "Envoi…",
          form: "Inscription aux alertes",
        }}
      >
        <Field
          label="Adresse e-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={320}
          value={email}
          onChange={changeEmail}
          error={emailError}
          inputRef={emailRef}
          required
        />
        <EmailTypoHint email={email} onCorrect={changeEmail} />
        <div className="consent">
          <input
            ref={consentRef}
            id={consentId}
            type="checkbox"
            checked={consent}
            required
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? `${consentId}-erreur` : undefined}
            onChange={(event) => {
              setConsent(event.target.checked);
              if (event.target.checked) setConsentError(null);
            }}
          />
          <label htmlFor={consentId}>
            {`J'accepte de recevoir par e-mail les alertes de Zone Santé pour cette adresse (${topics}). Chaque e-mail contient un lien pour me désinscrire à tout moment. Voir la `}
            <a href="/confidentialite" target={embedded ? "_blank" : undefined} rel="noopener">
              politique de confidentialité
              {embedded ? <span className="sr-only"> (nouvel onglet)</span> : null}
            </a>
            .
          </label>
        </div>
        {consentError ? (
          <p id={`${consentId}-erreur`} className="field__error">
            <span className="field__error-prefix">Erreur&nbsp;:</span> {consentError}
          </p>
        ) : null}
      </AddressSearch>
      {problem ? (
        <div ref={problemRef} className={`form__error signup__problem signup__problem--${problem.kind}`} role="alert" tabIndex={-1}>
          {problem.text}
        </div>
      ) : null}
    </div>
  );
}
