// The welcome after a confirmed alert sign-up, once.
import { alertsAvailableFor, type AlertsAvailability } from "../../../core/alerts/available.ts";
import { DISCLAIMER } from "../../../core/report/present.ts";
import { NBSP } from "../../../core/shared/format.ts";
import { ALERT_HOUR_PARIS } from "../../alerts/schedule.ts";
import type { EmailBlock } from "../blocks.ts";
import { composeEmail, toInline, type RenderedEmail } from "../compose.ts";

/**
 * Where a confirmed sign-up stands today: the report's « L'essentiel » lines for the address
 * (core/report/present.ts), « À retenir » first, and the alerts this address can get
 * (core/alerts/available.ts). null when the report could not be built.
 */
export interface SignUpStanding {
  essentials: string[];
  alerts: AlertsAvailability;
}

/**
 * After a confirmed alert sign-up (once): the address, where it stands today in the report's words
 * — the levels in force, a drought « Crise » included, are told here, the daily run then announcing
 * their changes — the alerts it can really get, when, and the way out.
 */
export function renderSubscriptionWelcomeEmail(input: {
  addressLabel: string;
  reportUrl: string;
  unsubscribeUrl: string;
  standing?: SignUpStanding | null;
}): RenderedEmail {
  const standing = input.standing ?? null;
  const alerts = standing?.alerts ?? alertsAvailableFor(null);
  const done = `Votre inscription est confirmée : nous surveillons désormais l'adresse « ${toInline(input.addressLabel)} ».`;
  const notAvailable = alerts.notAvailable.map((alert) => alert.text);
  const today: EmailBlock[] = standing
    ? [
        { kind: "paragraph", text: "Aujourd'hui, pour cette adresse :" },
        { kind: "list", items: standing.essentials },
        { kind: "paragraph", text: "Ces niveaux sont ceux en vigueur aujourd'hui : nous vous écrirons quand ils changent." },
      ]
    : [];
  const notHere: EmailBlock[] =
    notAvailable.length > 0
      ? [
          { kind: "paragraph", text: "Ce que nous ne pouvons pas vous signaler pour cette adresse :" },
          { kind: "list", items: notAvailable },
        ]
      : [];
  return composeEmail("Vos alertes Zone Santé sont activées", {
    preheader: `${done} Vous recevrez un e-mail seulement si la situation change.`,
    title: "Vos alertes sont activées",
    body: [
      { kind: "paragraph", text: "Bonjour," },
      { kind: "paragraph", text: done },
      ...today,
      { kind: "paragraph", text: "Vous recevrez un e-mail quand l'une de ces situations change :" },
      { kind: "list", items: alerts.available.map((alert) => alert.text) },
      ...notHere,
      {
        kind: "paragraph",
        text: `Nous vérifions les données officielles chaque jour en fin d'après-midi, vers ${ALERT_HOUR_PARIS}${NBSP}h (heure de Paris). Les jours où rien ne change, vous ne recevez rien.`,
      },
      { kind: "link", label: "Voir le bilan actuel de mon adresse", url: input.reportUrl },
      { kind: "paragraph", text: DISCLAIMER },
      {
        kind: "link",
        lead: "Vous pouvez arrêter ces alertes à tout moment, depuis ce lien ou celui de chaque alerte :",
        label: "Se désinscrire de ces alertes",
        url: input.unsubscribeUrl,
      },
    ],
    footerReason: "Vous recevez ce message parce que vous venez de confirmer votre inscription aux alertes Zone Santé avec cette adresse e-mail.",
  });
}
