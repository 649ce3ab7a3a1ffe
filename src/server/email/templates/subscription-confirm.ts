// The double opt-in of an alert sign-up without account.
import { composeEmail, toInline, type RenderedEmail } from "../compose.ts";

/**
 * Confirmation of an alert sign-up without account (double opt-in): nothing else is sent before
 * it, and whoever did not ask for it can cancel it at once.
 */
export function renderSubscriptionConfirmEmail(input: {
  addressLabel: string;
  confirmUrl: string;
  cancelUrl: string;
  /** what a sign-up without account is alerted about, in a sentence (the topics' registry) */
  topics: string;
}): RenderedEmail {
  const address = toInline(input.addressLabel);
  const confirm = "Pour commencer à les recevoir, confirmez votre adresse e-mail. Tant que vous ne l'avez pas fait, nous ne vous enverrons rien d'autre.";
  return composeEmail("Confirmez votre inscription aux alertes – Zone Santé", {
    preheader: confirm,
    title: "Confirmez votre inscription aux alertes",
    body: [
      { kind: "paragraph", text: "Bonjour," },
      {
        kind: "paragraph",
        text: `Vous avez demandé à recevoir les alertes Zone Santé pour l'adresse « ${address} » : ${input.topics}.`,
      },
      { kind: "paragraph", text: confirm },
      { kind: "button", label: "Confirmer mon inscription aux alertes", url: input.confirmUrl },
      { kind: "copyable-link", url: input.confirmUrl },
      {
        kind: "paragraph",
        text: "Si vous n'êtes pas à l'origine de cette demande, vous pouvez l'annuler tout de suite, ou ignorer ce message : vous ne recevrez aucune alerte, et la demande sera effacée sous 30 jours.",
      },
      {
        kind: "link",
        label: "Je n'ai pas demandé cette inscription : annuler",
        textLabel: "Je n'ai pas demandé cette inscription, l'annuler",
        url: input.cancelUrl,
      },
    ],
    footerReason: "Vous recevez ce message parce que cette adresse e-mail a été indiquée pour recevoir les alertes Zone Santé.",
  });
}
