// A second sign-up for an address already confirmed.
import { composeEmail, toInline, type RenderedEmail } from "../compose.ts";

/**
 * To someone who signs up again for an address already confirmed: no new confirmation (nothing
 * to confirm), where she stands and the way to manage or stop these alerts.
 */
export function renderSubscriptionAlreadyConfirmedEmail(input: { addressLabel: string; manageUrl: string }): RenderedEmail {
  const already = `Vous êtes déjà inscrit(e) pour cette adresse : « ${toInline(input.addressLabel)} ». Vos alertes sont actives, vous n'avez rien à confirmer.`;
  return composeEmail("Vous êtes déjà inscrit(e) aux alertes – Zone Santé", {
    preheader: already,
    title: "Vous êtes déjà inscrit(e)",
    body: [
      { kind: "paragraph", text: "Bonjour," },
      { kind: "paragraph", text: already },
      {
        kind: "paragraph",
        text: "Nous vous écrivons parce qu'une nouvelle demande d'inscription vient d'être faite avec votre adresse e-mail pour cette adresse.",
      },
      { kind: "link", label: "Gérer ou arrêter ces alertes", url: input.manageUrl },
      { kind: "paragraph", text: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne change." },
    ],
    footerReason: "Vous recevez ce message parce que cette adresse e-mail a été indiquée pour recevoir les alertes Zone Santé.",
  });
}
