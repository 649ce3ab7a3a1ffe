// Confirmation of the address an account was created with.
import { composeEmail, formatDuration, siteOrigin, type RenderedEmail } from "../compose.ts";

/**
 * `firstName` is accepted and never written: this email goes to an address nobody has proven yet,
 * so a name typed with the sign-up would be a stranger's words to its owner.
 */
export function renderConfirmEmail(input: { firstName?: string | null; confirmUrl: string; expiresInHours: number }): RenderedEmail {
  const request = "Pour activer votre compte Zone Santé, confirmez votre adresse e-mail.";
  const validity = `Ce lien est valable ${formatDuration(input.expiresInHours, "heure", "heures")}.`;
  return composeEmail("Confirmez votre adresse e-mail – Zone Santé", {
    preheader: `${request} ${validity}`,
    title: "Confirmez votre adresse e-mail",
    body: [
      { kind: "paragraph", text: "Bonjour," },
      { kind: "paragraph", text: request },
      { kind: "button", label: "Confirmer mon adresse e-mail", url: input.confirmUrl },
      { kind: "paragraph", text: validity },
      { kind: "copyable-link", url: input.confirmUrl },
      { kind: "paragraph", text: "Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message : aucun compte ne sera activé." },
      { kind: "link", label: "Ce que nous faisons de votre adresse e-mail", url: `${siteOrigin(input.confirmUrl)}/confidentialite` },
    ],
    footerReason: "Vous recevez ce message parce que cette adresse e-mail a été indiquée lors d'une inscription à Zone Santé.",
  });
}
