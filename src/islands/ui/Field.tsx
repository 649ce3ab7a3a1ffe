// A labelled text input with an optional hint and error, the forms' one field (accounts, sign-up,
// admin), and the error state of a form built with it.
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from "react";

interface FieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  /** the message under the field; the input is then marked invalid and described by it */
  error?: string | null | undefined;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "email" | "text";
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function Field({ label, value, onChange, hint, error, type = "text", inputRef, ...rest }: FieldProps) {
  const id = useId();
  // Every password field can be shown in clear (issue 23): typing on a phone is error-prone.
  const [shown, setShown] = useState(false);
  const password = type === "password";
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The error first: it is what the person must act on.
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className={error ? "field field--error" : "field"}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        className="input"
        type={password && shown ? "text" : type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      {password ? (
        // A toggle button keeps the focus when pressed; aria-pressed says whether the password is shown,
        // so its name stays the same (WAI-ARIA APG, « Button »: the label of a toggle does not change).
        <button type="button" className="link-button field__reveal" aria-pressed={shown} aria-controls={id} onClick={() => setShown((current) => !current)}>
          Afficher le mot de passe
        </button>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          <span className="field__error-prefix">Erreur&nbsp;:</span> {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form's errors by field name, plus `form` for the one no field owns (shown above the submit button). */
export type FormErrors<Name extends string> = Partial<Record<Name | "form", string>>;

/** The errors among `checks` (a message, or null when the value is fine), or null when there is none. */
export function collectErrors<Name extends string>(checks: Partial<Record<Name, string | null>>): FormErrors<Name> | null {
  const errors: FormErrors<Name> = {};
  for (const [name, message] of Object.entries(checks) as [Name, string | null | undefined][]) {
    if (message) errors[name] = message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The error state of a form: `show(errors)` displays them and moves the focus to the first invalid
 * field of `formRef`'s form, where a screen reader reads the field, « invalide » and the message;
 * `clear(name)` drops one field's error once the person edits it; `reset()` drops them all.
 */
export function useFormErrors<Name extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<Name>>({});
  const [shownCount, setShownCount] = useState(0);

  useEffect(() => {
    if (shownCount > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shownCount]);

  const show = useCallback((next: FormErrors<Name>) => {
    setErrors(next);
    setShownCount((count) => count + 1);
  }, []);
  const clear = useCallback(
    (name: Name) =>
      setErrors((current) => {
        if (current[name] === undefined) return current;
        const next = { ...current };
        delete next[name];
        return next;
      }),
    [],
  );
  const reset = useCallback(() => setErrors((current) => (Object.keys(current).length === 0 ? current : {})), []);
  return { formRef, errors, show, clear, reset };
}
