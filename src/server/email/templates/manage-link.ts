// The links to manage or stop the alerts of a mailbox, asked for from /desinscription.
import type { EmailBlock } from "../blocks.ts";
import { composeEmail, toInline, type RenderedEmail } from "../compose.ts";

/** One alert sign-up of the mailbox, in the email that lists them. */
export interface ManagedSubscription {
  addressLabel: string;
  /** false while the sign-up waits for its confirmation click */
  confirmed: boolean;
  unsubscribeUrl: string;
}

/**
 * Asked from /desinscription: every alert sign-up of this address, each with its own way out,
 * and the account's page when there is one. Nothing in it changes anything until clicked.
 */
export function renderManageLinkEmail(input: {
  subscriptions: ManagedSubscription[];
  /** null without a confirmed account for this address */
  account: { manageUrl: string; unsubscribeUrl: string } | null;
}): RenderedEmail {
  const body: EmailBlock[] = [
    { kind: "paragraph", text: "Bonjour," },
    { kind: "paragraph", text: "Vous avez demandé un lien pour gérer les alertes Zone Santé reçues à cette adresse e-mail." },
  ];
  if (input.subscriptions.length > 0) {
    body.push(
      {
        kind: "paragraph",
        text: input.subscriptions.length === 1 ? "Votre inscription aux alertes sans compte :" : "Vos inscriptions aux alertes sans compte :",
      },
      {
        kind: "list",
        items: input.subscriptions.map((subscription) => {
          const address = toInline(subscription.addressLabel);
          return {
            lines: [subscription.confirmed ? `« ${address} » : alertes actives.` : `« ${address} » : inscription en attente de confirmation.`],
            link: {
              label: subscription.confirmed ? `Me désinscrire des alertes pour ${address}` : `Annuler l'inscription pour ${address}`,
              url: subscription.unsubscribeUrl,
            },
          };
        }),
      },
    );
  }
  if (input.account) {
    body.push(
      {
        kind: "paragraph",
        text: "Vous avez aussi un compte Zone Santé : vos adresses surveillées et les alertes que vous recevez se gèrent depuis votre espace, une fois connecté.",
      },
      { kind: "link", label: "Gérer mes alertes et préférences", url: input.account.manageUrl },
      {
        kind: "link",
        lead: "Ou, sans vous connecter, arrêtez d'un coup toutes les alertes de votre compte (le compte est conservé) :",
        label: "Arrêter toutes les alertes de mon compte",
        url: input.account.unsubscribeUrl,
      },
    );
  }
  body.push({ kind: "paragraph", text: "Si vous n'avez pas demandé ce lien, ignorez ce message : rien ne change tant que vous ne cliquez sur aucun lien." });
  return composeEmail("Gérer vos alertes Zone Santé", {
    preheader: "Les liens pour gérer ou arrêter les alertes reçues à cette adresse e-mail.",
    title: "Gérer vos alertes",
    body,
    footerReason: "Vous recevez ce message parce qu'un lien de gestion des alertes a été demandé pour cette adresse e-mail sur Zone Santé.",
  });
}
