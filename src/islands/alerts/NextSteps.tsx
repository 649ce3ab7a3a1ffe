// The three next steps after an alert sign-up (/merci, and in the partner frame).
import { MAX_MONITORED_ADDRESSES } from "../../core/shared/limits.ts";

interface Props {
  /** in the partner's frame: links open a new tab */
  compact?: boolean;
  /** the sign-up is recorded but its confirmation failed to leave: the daily run sends it again */
  confirmationLater?: boolean;
}

export default function NextSteps({ compact = false, confirmationLater = false }: Props) {
  return (
    <>
      <ol className={compact ? "next-steps next-steps--compact" : "next-steps"}>
        <li>
          {confirmationLater ? (
            <>
              <strong>Ouvrez l'e-mail de confirmation</strong> dès qu'il arrive&nbsp;: il vous sera envoyé dans les prochaines heures (pensez aux courriers
              indésirables).
            </>
          ) : (
            <>
              <strong>Ouvrez l'e-mail de confirmation</strong> que nous venons de vous envoyer (pensez aux courriers indésirables).
            </>
          )}
        </li>
        <li>
          <strong>Cliquez sur le lien</strong> pour confirmer votre adresse&nbsp;: sans cette confirmation, vous ne recevrez aucune alerte.
        </li>
        <li>
          <strong>C'est tout.</strong> Nous vérifions chaque jour les données officielles et vous écrivons seulement si la situation change.
        </li>
      </ol>
      <p>
        {`Pour surveiller jusqu'à ${MAX_MONITORED_ADDRESSES} adresses et choisir vos alertes, créez un `}
        <a href="/compte" target={compact ? "_blank" : undefined} rel="noopener">
          compte gratuit
          {compact ? <span className="sr-only"> (nouvel onglet)</span> : null}
        </a>
        .
      </p>
    </>
  );
}
