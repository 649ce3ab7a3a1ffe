// To the admins (ADMIN_EMAILS): a source missed its deadline, or a run dead-lettered messages.
import { formatDateTimeFr, formatNumberFr } from "../../../core/shared/format.ts";
import { composeEmail, type RenderedEmail } from "../compose.ts";

/** At most one a day per cause. */
export function renderAdminNoticeEmail(
  input:
    | { cause: "source"; sourceName: string; stateLabel: string; lastSuccessAt: Date | null; statusUrl: string }
    | { cause: "dead-letters"; deadLetters: number; runStartedAt: Date; statusUrl: string },
): RenderedEmail {
  const when = (date: Date) => `le ${formatDateTimeFr(date.toISOString())}`;
  const lines =
    input.cause === "source"
      ? [
          `La source « ${input.sourceName} » est ${input.stateLabel} : elle n'a pas été lue avec succès dans le délai de sa publication.`,
          input.lastSuccessAt ? `Dernière lecture réussie : ${when(input.lastSuccessAt)}.` : "Aucune lecture réussie n'est enregistrée.",
        ]
      : [
          `Le passage des alertes commencé ${when(input.runStartedAt)} a mis ${formatNumberFr(input.deadLetters)} message(s) de côté après toutes leurs tentatives : leurs communes seront vérifiées de nouveau au prochain passage.`,
        ];
  const subject = input.cause === "source" ? `Source en retard : ${input.sourceName} – Zone Santé` : "Alertes : messages mis de côté – Zone Santé";
  return composeEmail(subject, {
    preheader: lines[0] ?? "",
    title: input.cause === "source" ? "Une source est en retard" : "Des messages d'alerte ont échoué",
    body: [
      ...lines.map((line) => ({ kind: "paragraph" as const, text: line })),
      { kind: "paragraph", text: "Vous ne recevrez pas d'autre message pour cette cause aujourd'hui." },
      { kind: "link", label: "État du service", url: input.statusUrl },
    ],
    footerReason: "Vous recevez ce message parce que votre adresse figure parmi les administrateurs de Zone Santé (ADMIN_EMAILS).",
  });
}
