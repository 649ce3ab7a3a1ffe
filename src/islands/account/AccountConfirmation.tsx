// /confirmation-compte: the page the account-confirmation email links to. Opening it changes
// nothing — mail scanners open links, some run their JavaScript — the person confirms with the
// button, which posts the link's u, x and s once; the API then signs them in.
import { useEffect, useRef, useState } from "react";
import { ApiError, requestJson } from "../lib/api.ts";
import { setSession, type SessionContext } from "../lib/session.ts";
import { FormError } from "../ui/FormActions.tsx";

type LinkParams = { u: string; x: string; s: string };
type State =
  | { status: "ready"; params: LinkParams }
  | { status: "busy"; params: LinkParams }
  | { status: "invalid"; message: string }
  | { status: "failed"; params: LinkParams; message: string };

const INCOMPLETE = "Ce lien de confirmation est incomplet. Copiez-le en entier depuis l'e-mail.";

function readLink(): LinkParams | null {
  const params = new URLSearchParams(location.search);
  const [u, x, s] = [params.get("u"), params.get("x"), params.get("s")];
  return u && x && s ? { u, x, s } : null;
}

export default function AccountConfirmation({ contactEmail }: { contactEmail: string }) {
  const [state, setState] = useState<State | null>(null);
  const invalidHeadingRef = useRef<HTMLHeadingElement>(null);
  const confirmAttempted = useRef(false);

  useEffect(() => {
    const params = readLink();
    setState(params ? { status: "ready", params } : { status: "invalid", message: INCOMPLETE });
  }, []);

  // A refused link replaces the button that had the focus: its heading takes it, so the outcome is heard.
  useEffect(() => {
    if (state?.status === "invalid" && confirmAttempted.current) invalidHeadingRef.current?.focus();
  }, [state?.status]);

  async function confirm(params: LinkParams) {
    confirmAttempted.current = true;
    setState({ status: "busy", params });
    try {
      setSession(await requestJson<SessionContext>("POST", "/api/auth/confirm", { body: params }));
      location.assign("/compte?bienvenue=1");
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "La confirmation n'a pas pu être enregistrée.";
      setState(error instanceof ApiError && error.status === 400 ? { status: "invalid", message } : { status: "failed", params, message });
    }
  }

  if (state === null) {
    return (
      <p className="loading" role="status">
        Chargement…
      </p>
    );
  }
  if (state.status === "invalid") {
    return (
      <div className="outcome outcome--error" role="alert">
        <h2 ref={invalidHeadingRef} tabIndex={-1} className="focus-target">
          Lien invalide
        </h2>
        <p>{state.message}</p>
        <p className="outcome__actions">
          <a className="btn btn--primary" href="/auth">
            Me connecter
          </a>
          <a className="btn btn--secondary" href={`mailto:${contactEmail}`}>
            Nous contacter
          </a>
        </p>
      </div>
    );
  }
  const { params } = state;
  return (
    <div className="outcome">
      <h2>Confirmez votre adresse e-mail</h2>
      <p>Un dernier clic pour activer votre compte Zone Santé. Vous serez ensuite connecté(e) à votre espace.</p>
      <p>Si vous n'avez pas créé ce compte, ne confirmez pas&nbsp;: fermez simplement cette page.</p>
      <FormError message={state.status === "failed" ? state.message : null} />
      <p className="outcome__actions">
        <button type="button" className="btn btn--primary" disabled={state.status === "busy"} onClick={() => void confirm(params)}>
          {state.status === "busy" ? "Confirmation…" : "Confirmer mon adresse"}
        </button>
      </p>
    </div>
  );
}
