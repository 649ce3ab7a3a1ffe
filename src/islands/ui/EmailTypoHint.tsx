// Under an e-mail field of a sign-up form: « Vouliez-vous dire gmail.com ? » with a button that
// puts the suggested domain in the field. Only a suggestion — the address as typed can still be
// sent. Not for the home page's island (its JavaScript must not grow).
import { suggestEmailCorrection } from "../../core/shared/email-address.ts";

export function EmailTypoHint({ email, onCorrect }: { email: string; onCorrect(corrected: string): void }) {
  const suggestion = suggestEmailCorrection(email);
  const domain = suggestion?.slice(suggestion.lastIndexOf("@") + 1);
  // The live region stays in the page so the suggestion is read out when it appears.
  return (
    <div aria-live="polite">
      {suggestion ? (
        <p className="field__hint">
          Vouliez-vous dire <strong>{domain}</strong>&nbsp;?{" "}
          <button type="button" className="btn btn--secondary" onClick={() => onCorrect(suggestion)} aria-label={`Corriger en ${suggestion}`}>
            Corriger
          </button>
        </p>
      ) : null}
    </div>
  );
}
