// The three next steps after an alert sign-up (/merci, and in the partner frame).
import { MAX_MONITORED_ADDRESSES } from "../../core/shared/limits.ts";

export default function NextSteps({ compact = false }: { compact?: boolean }) {
  return (
    <>
      <ol className={compact ? "next-steps next-steps--compact" : "next-steps"}>
        <li>
          <strong>Ouvrez l'email de confirmation</strong> que nous venons de vous envoyer (pensez aux courriers indésirables).
        </li>
        <li>
          <strong>Cliquez sur le lien</strong> pour confirmer votre adresse&nbsp;: sans cette confirmation, vous ne recevrez
          aucune alerte.
        </li>
        <li>
          <strong>C'est tout.</strong> Nous vérifions chaque jour les données officielles et vous écrivons seulement si la
          situation change.
        </li>
      </ol>
      <p>
        {`Pour surveiller jusqu'à ${MAX_MONITORED_ADDRESSES} adresses et choisir vos alertes, créez un `}
        <a href="/compte" target={compact ? "_blank" : undefined} rel="noopener">
          compte gratuit
        </a>
        .
      </p>
    </>
  );
}
