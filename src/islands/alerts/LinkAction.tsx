// The pages our email links open: /desinscription (unsubscribe) and /confirmation-alertes (confirm
// an alert sign-up). Neither the link's GET nor the page's load changes anything — mail scanners
// open links, and some run the page's JavaScript —: the person clicks the button, which POSTs,
// then the page says clearly what happened.
import { useEffect, useState } from "react";
import type { SubscriptionConfirmedAnswer, UnsubscribedAnswer } from "../../server/routes/subscriptions.ts";
import { ApiError, requestJson } from "../lib/api.ts";

type Mode = "unsubscribe" | "confirm";
type State =
  | { status: "loading" }
  | { status: "ready"; params: Record<string, string> }
  | { status: "sending"; params: Record<string, string> }
  | { status: "done"; kind?: UnsubscribedAnswer["kind"] | undefined }
  | { status: "invalid" }
  | { status: "failed"; message: string };

const ACTIONS: Record<Mode, { keys: readonly [string, string]; url: string; button: string; busy: string; intro: string }> = {
  unsubscribe: {
    keys: ["u", "t"],
    url: "/api/unsubscribe",
    button: "Me désinscrire",
    busy: "Désinscription…",
    intro: "Pour ne plus recevoir les alertes Zone Santé par email, confirmez votre désinscription.",
  },
  confirm: {
    keys: ["i", "t"],
    url: "/api/subscriptions/confirm",
    button: "Confirmer mon inscription",
    busy: "Confirmation…",
    intro: "Pour recevoir les alertes Zone Santé de votre adresse, confirmez votre inscription.",
  },
};

export default function LinkAction({ mode, contactEmail }: { mode: Mode; contactEmail: string }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const action = ACTIONS[mode];

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const params = Object.fromEntries(action.keys.map((key) => [key, search.get(key) ?? ""]));
    setState(Object.values(params).every(Boolean) ? { status: "ready", params } : { status: "invalid" });
  }, [action]);

  async function run(params: Record<string, string>) {
    setState({ status: "sending", params });
    try {
      const answer = await requestJson<UnsubscribedAnswer | SubscriptionConfirmedAnswer>("POST", action.url, { body: params });
      setState({ status: "done", kind: "kind" in answer ? answer.kind : undefined });
    } catch (error) {
      setState(error instanceof ApiError && error.status === 400 ? { status: "invalid" } : { status: "failed", message: error instanceof Error ? error.message : "" });
    }
  }

  if (state.status === "ready" || state.status === "sending") {
    const sending = state.status === "sending";
    return (
      <div className="outcome">
        <p>{action.intro}</p>
        <p className="outcome__actions">
          <button type="button" className="btn btn--primary" onClick={() => void run(state.params)} disabled={sending} aria-busy={sending}>
            {sending ? action.busy : action.button}
          </button>
        </p>
      </div>
    );
  }
  if (state.status === "loading") {
    return (
      <div className="skeleton" aria-busy="true">
        <p className="sr-only" role="status">
          Traitement en cours…
        </p>
        <div className="skeleton__title" aria-hidden="true" />
        <div className="skeleton__line" aria-hidden="true" />
        <div className="skeleton__line skeleton__line--medium" aria-hidden="true" />
      </div>
    );
  }
  if (state.status === "done" && mode === "unsubscribe") {
    return (
      <div className="outcome outcome--success" role="status">
        <h2>Désinscription confirmée</h2>
        <p>Vous avez été désinscrit(e) avec succès.</p>
        {state.kind === "account" ? (
          <p>Vous ne recevrez plus d'alertes par email. Votre compte est conservé&nbsp;: vous pouvez réactiver les alertes depuis votre espace.</p>
        ) : (
          <p>Vous ne recevrez plus aucun email d'alerte. Vos données personnelles seront supprimées dans un délai de 30&nbsp;jours.</p>
        )}
        <p className="outcome__actions">
          <a className="btn btn--primary" href={state.kind === "account" ? "/compte" : "/inscription"}>
            {state.kind === "account" ? "Gérer mes alertes" : "Me réinscrire"}
          </a>
          <HomeLink />
        </p>
      </div>
    );
  }
  if (state.status === "done") {
    return (
      <div className="outcome outcome--success" role="status">
        <h2>Inscription confirmée</h2>
        <p>Merci&nbsp;! Votre adresse email est confirmée. Nous vérifions chaque jour les données officielles et vous écrirons seulement si la situation change.</p>
        <p className="outcome__actions">
          <a className="btn btn--primary" href="/">
            Voir le bilan de mon adresse
          </a>
        </p>
      </div>
    );
  }
  const invalid = state.status === "invalid";
  return (
    <div className="outcome outcome--error" role="alert">
      <h2>{invalid ? "Lien invalide" : "Une erreur est survenue"}</h2>
      {mode === "unsubscribe" ? (
        <p>
          {invalid
            ? "Lien de désinscription invalide ou expiré. Il a pu être copié de façon incomplète depuis l'email\u00a0: essayez de cliquer directement sur le lien de désinscription en bas d'un de nos emails."
            : "Votre désinscription n'a pas pu être enregistrée. Réessayez dans quelques minutes."}
        </p>
      ) : (
        <p>
          {invalid
            ? "Ce lien de confirmation est invalide ou n'est plus valable. Inscrivez-vous à nouveau si besoin."
            : "La confirmation n'a pas pu être enregistrée. Réessayez dans quelques minutes."}
        </p>
      )}
      <p className="outcome__actions">
        <a className="btn btn--secondary" href={`mailto:${contactEmail}`}>
          Nous contacter
        </a>
        <HomeLink />
      </p>
    </div>
  );
}

function HomeLink() {
  return (
    <a className="btn btn--secondary" href="/">
      Retour à l'accueil
    </a>
  );
}
