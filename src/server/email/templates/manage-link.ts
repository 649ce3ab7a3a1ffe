// The links to manage or stop the alerts of a mailbox, asked for from /desinscription.
import type { EmailBlock } from "../blocks.ts";
import { composeEmail, toInline, type RenderedEmail } from "../compose.ts";

/** One alert sign-up of the mailbox, in the email that lists them. */
export type ManagedSubscription = {
  addressLabel: string;
  /** the signed page of the address's report */
  reportUrl: string;
  unsubscribeUrl: string;
} & (
  | { confirmed: true }
  /** waiting for its confirmation click: the link that confirms it (the one of its first e-mail) */
  | { confirmed: false; confirmUrl: string }
);

/** The account of this address, with the topics its preferences turn on and off, in sentences. */
export interface ManagedAccount {
  manageUrl: string;
  unsubscribeUrl: string;
  topicsOn: string;
  topicsOff: string;
}

/**
 * Asked from /desinscription: what can be done, address by address — confirm a sign-up still
 * waiting, see the report, stop the alerts —, what the topics are and where they are chosen (an
 * account's preferences), and the account's page when there is one. Nothing in it changes
 * anything until clicked, and every link opens a page whose button does it.
 */
export function renderManageLinkEmail(input: {
  subscriptions: ManagedSubscription[];
  /** the topics a sign-up without account gets, and those only an account turns on (« » when none) */
  topics: { signUp: string; accountOnly: string };
  /** null without a confirmed account for this address */
  account: ManagedAccount | null;
  /** where an account is created (offered when there is none) */
  createAccountUrl: string;
}): RenderedEmail {
  const body: EmailBlock[] = [
    { kind: "paragraph", text: "Bonjour," },
    { kind: "paragraph", text: "Vous avez demandé un lien pour gérer les alertes Zone Santé reçues à cette adresse e-mail. Voici ce que vous pouvez faire." },
  ];
  for (const subscription of input.subscriptions) body.push(...subscriptionBlocks(subscription, input.topics.signUp));
  if (input.subscriptions.length > 0 && !input.account) {
    const more = input.topics.accountOnly ? `, recevoir aussi les alertes ${input.topics.accountOnly}` : "";
    body.push(
      { kind: "heading", text: "Choisir vos sujets d'alerte" },
      {
        kind: "paragraph",
        text: `Sans compte, une inscription reçoit les alertes de tous ces sujets : ${input.topics.signUp}. Pour choisir vos sujets${more} ou surveiller plusieurs adresses au même endroit, créez un compte gratuit avec cette adresse e-mail.`,
      },
      { kind: "link", label: "Créer mon compte gratuit", url: input.createAccountUrl },
    );
  }
  if (input.account) {
    body.push(
      { kind: "heading", text: "Votre compte Zone Santé" },
      {
        kind: "paragraph",
        text: input.account.topicsOn
          ? `Alertes activées sur votre compte : ${input.account.topicsOn}.${input.account.topicsOff ? ` Désactivées : ${input.account.topicsOff}.` : ""}`
          : "Toutes les alertes de votre compte sont désactivées.",
      },
      {
        kind: "link",
        lead: "Vos adresses surveillées et vos sujets d'alerte se choisissent dans votre espace, une fois connecté :",
        label: "Choisir mes alertes",
        url: input.account.manageUrl,
      },
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
    preheader: "Confirmer, modifier ou arrêter les alertes reçues à cette adresse e-mail.",
    title: "Gérer vos alertes",
    body,
    footerReason: "Vous recevez ce message parce qu'un lien de gestion des alertes a été demandé pour cette adresse e-mail sur Zone Santé.",
  });
}

/** One sign-up: where it stands and its actions, the one it most likely came for first. */
function subscriptionBlocks(subscription: ManagedSubscription, topics: string): EmailBlock[] {
  const address = toInline(subscription.addressLabel);
  const report: EmailBlock = { kind: "link", label: "Voir le bilan de cette adresse", url: subscription.reportUrl };
  if (!subscription.confirmed) {
    return [
      { kind: "heading", text: address },
      {
        kind: "paragraph",
        text: `Inscription sans compte en attente de confirmation : tant qu'elle n'est pas confirmée, vous ne recevez aucune alerte (${topics}).`,
      },
      { kind: "button", label: "Confirmer mon inscription", url: subscription.confirmUrl },
      report,
      { kind: "link", label: `Annuler l'inscription pour ${address}`, url: subscription.unsubscribeUrl },
    ];
  }
  return [
    { kind: "heading", text: address },
    { kind: "paragraph", text: `Inscription sans compte, alertes actives : ${topics}.` },
    report,
    { kind: "link", label: `Me désinscrire des alertes pour ${address}`, url: subscription.unsubscribeUrl },
  ];
}
