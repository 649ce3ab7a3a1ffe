// /inscription: alert sign-up without an account (double opt-in), also framed by partner sites
// as /inscription/cadre?accent=RRGGBB (the layout marks <html class="embed">): then it shows no
// header or footer, uses the partner's colour, tells the parent page its height and thanks the
// person in place (only that page may be framed).
import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import AddressSearch, { useAddressField } from "../report/AddressSearch.tsx";
import { Field } from "../ui/Field.tsx";
import NextSteps from "./NextSteps.tsx";
import { retryPendingSignUp, sendSignUp } from "./pending-signup.ts";

export default function AlertSignup() {
  const [embedded, setEmbedded] = useState(false);
  const { query, picked, setPicked, fieldError, setFieldError, onValueChange } = useAddressField();
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const consentId = useId();

  useEffect(() => {
    setEmbedded(document.documentElement.classList.contains("embed"));
    void retryPendingSignUp();
  }, []);

  // In a frame, tell the parent page how tall we are, whenever that changes.
  useEffect(() => {
    if (!embedded || window.parent === window) return;
    const post = () => window.parent.postMessage({ type: "zone-sante:height", height: Math.ceil(document.documentElement.scrollHeight) }, "*");
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    post();
    return () => observer.disconnect();
  }, [embedded]);

  const ready = consent && picked !== null;

  async function submit(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (!picked) {
      setFieldError("Choisissez une adresse dans la liste des suggestions.");
      inputRef.current?.focus();
      return;
    }
    if (!consent) return;
    setBusy(true);
    const partnerUrl = embedded && document.referrer ? document.referrer : null;
    // As the specification says, the person moves on whether or not the call succeeded: a
    // failure is kept in this browser and sent again (here or on /merci).
    await sendSignUp({ email: email.trim(), address: picked, consent: true, partnerUrl });
    setBusy(false);
    if (embedded) setDone(true);
    else location.assign("/merci");
  }

  if (done) {
    return (
      <div ref={rootRef} className="signup signup--done" role="status">
        <p className="signup__title">Merci&nbsp;! Vérifiez vos emails.</p>
        <NextSteps compact />
      </div>
    );
  }

  return (
    <div ref={rootRef} className="signup">
      {embedded ? <p className="signup__title">Recevez les alertes santé-environnement de votre adresse</p> : null}
      <AddressSearch
        value={query}
        onValueChange={onValueChange}
        onPick={setPicked}
        onSubmit={() => void submit()}
        busy={busy}
        submitDisabled={!ready}
        error={fieldError}
        inputRef={inputRef}
        layout="below"
        labels={{ field: "Adresse à surveiller", hint: "Tapez l'adresse puis choisissez-la dans la liste.", submit: "Recevoir les alertes", busy: "Envoi…", form: "Inscription aux alertes" }}
      >
        <Field label="Adresse email" type="email" autoComplete="email" value={email} onChange={setEmail} required />
        <div className="consent">
          <input id={consentId} type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
          <label htmlFor={consentId}>
            J'accepte de recevoir par email les alertes de Zone Santé pour cette adresse (eau du robinet, sécheresse, air,
            baignade). Je peux me désinscrire à tout moment en un clic. Voir la{" "}
            <a href="/confidentialite" target={embedded ? "_blank" : undefined} rel="noopener">
              politique de confidentialité
            </a>
            .
          </label>
        </div>
      </AddressSearch>
      {!ready ? <p className="field__hint">Le bouton s'active quand une adresse est choisie et la case cochée.</p> : null}
    </div>
  );
}
