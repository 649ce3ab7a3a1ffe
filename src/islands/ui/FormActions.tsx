// A form's submit button, which says what it is doing while busy, and the quiet link-like button
// under a form that switches to another way of doing the same thing.
import type { ReactNode } from "react";

export function SubmitButton({ busy, busyLabel, disabled = false, children }: { busy: boolean; busyLabel: string; disabled?: boolean; children: ReactNode }) {
  return (
    <button className="btn btn--primary" type="submit" disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </button>
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
