// /confirmation-compte: the page the account-confirmation email links to. Opening it changes
// nothing — mail scanners open links, some run their JavaScript — the person confirms with the
// button, which posts the link's u, x and s once; the API then signs them in.
import { useEffect, useState } from "react";
import { ApiError, requestJson } from "../lib/api.ts";
import { setSession, type SessionContext } from "../lib/session.ts";

type LinkParams = { u: string; x: string; s: string };
type State = { status: "ready"; params: LinkParams } | { status: "busy"; params: LinkParams } | { status: "invalid"; message: string } | { status: "failed"; params: LinkParams; message: string };

const INCOMPLETE = "Ce lien de confirmation est incomplet. Copiez-le en entier depuis l'email.";

function readLink(): LinkParams | null {
  const params = new URLSearchParams(location.search);
  const [u, x, s] = [params.get("u"), params.get("x"), params.get("s")];
  return u && x && s ? { u, x, s } : null;
}

export default function AccountConfirmation({ contactEmail }: { contactEmail: string }) {
  const [state, setState] = useState<State | null>(null);

  useEffect(() => {
    const params = readLink();
    setState(params ? { status: "ready", params } : { status: "invalid", message: INCOMPLETE });
  }, []);

  async function confirm(params: LinkParams) {
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
        <h2>Lien invalide</h2>
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
      <h2>Confirmez votre adresse email</h2>
      <p>Un dernier clic pour activer votre compte Zone Santé. Vous serez ensuite connecté(e) à votre espace.</p>
      <p>Si vous n'avez pas créé ce compte, ne confirmez pas&nbsp;: fermez simplement cette page.</p>
      {state.status === "failed" ? (
        <p className="field-error" role="alert">
          {state.message}
        </p>
      ) : null}
      <p className="outcome__actions">
        <button type="button" className="btn btn--primary" disabled={state.status === "busy"} onClick={() => void confirm(params)}>
          {state.status === "busy" ? "Confirmation…" : "Confirmer mon adresse"}
        </button>
      </p>
    </div>
  );
}
