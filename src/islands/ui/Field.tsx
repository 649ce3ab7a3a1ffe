// A labelled text input with an optional hint, the forms' one field (accounts, sign-up, admin).
import { useId, type RefObject } from "react";

interface FieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "email" | "text";
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function Field({ label, value, onChange, hint, type = "text", inputRef, ...rest }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        className="input"
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...rest}
      />
    </div>
  );
}
