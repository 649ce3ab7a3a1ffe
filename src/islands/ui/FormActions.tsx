// A form's submit button, which says what it is doing while busy; the error no field owns, above
// that button; the quiet link-like button under a form that switches to another way of doing the
// same thing; and what replaces a form once it succeeded.
import { useEffect, useRef, type ReactNode } from "react";

/**
 * While busy the button is only marked disabled and its clicks (also the Enter key's, in a field)
 * do not submit: a really disabled button drops the focus, which the form's outcome needs.
 */
export function SubmitButton({ busy, busyLabel, disabled = false, children }: { busy: boolean; busyLabel: string; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      className="btn btn--primary"
      type="submit"
      disabled={disabled}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/**
 * The form's error that belongs to no field (too many attempts, no network), announced as it
 * appears. A form clears it before each attempt, so the same message twice is announced twice.
 */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form__error" role="alert">
      <span className="field__error-prefix">Erreur&nbsp;:</span> {message}
    </p>
  );
}

export function FormAlternative({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <p className="form__alt">
      <button type="button" className="link-button" onClick={onClick}>
        {children}
      </button>
    </p>
  );
}

/**
 * What replaces a form that succeeded. Its heading takes the focus: the button that had it is
 * gone, and without this the focus would fall back to the top of the page, the outcome unheard.
 */
export function FormDone({ title, children }: { title: string; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div className="notice form-done">
      <h2 ref={headingRef} tabIndex={-1} className="focus-target">
        {title}
      </h2>
      {children}
    </div>
  );
}
