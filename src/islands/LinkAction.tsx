// The pages our email links open: /desinscription (unsubscribe) and /confirmation-alertes (confirm
// an alert sign-up). The link's GET does nothing by itself — mail scanners prefetch links — the
// page performs the POST, then says clearly what happened.
import { useEffect, useState } from "react";
import { requestJson } from "./api.ts";

type Mode = "unsubscribe" | "confirm";
type State = { status: "loading" } | { status: "done"; kind?: string } | { status: "invalid" } | { status: "failed"; message: string };

export default function LinkAction({ mode, contactEmail }: { mode: Mode; contactEmail: string }) {
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const run = async () => {
      if (mode === "unsubscribe") {
        const u = params.get("u");
        const t = params.get("t");
        if (!u || !t) return setState({ status: "invalid" });
        const answer = await requestJson<{ kind: string }>("POST", "/api/unsubscribe", { body: { u, t } });
        setState({ status: "done", kind: answer.kind });
      } else {
        const i = params.get("i");
        const t = params.get("t");
        if (!i || !t) return setState({ status: "invalid" });
        await requestJson("POST", "/api/subscriptions/confirm", { body: { i, t } });
        setState({ status: "done" });
      }
    };
    run().catch((error: unknown) => {
      const status = (error as { status?: number }).status;
      setState(status === 400 ? { status: "invalid" } : { status: "failed", message: error instanceof Error ? error.message : "" });
    });
  }, [mode]);

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
          <a className="btn btn--secondary" href="/">
            Retour à l'accueil
          </a>
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
        <a className="btn btn--secondary" href="/">
          Retour à l'accueil
        </a>
      </p>
    </div>
  );
}
