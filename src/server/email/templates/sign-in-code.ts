// The one-time sign-in code, also the way back in after a forgotten password.
import { composeEmail, formatDuration, toInline, type RenderedEmail } from "../compose.ts";

/**
 * The code is the only credential in this email: its one link opens the account page, which asks
 * to sign in like any visit.
 */
export function renderSignInCodeEmail(input: {
  code: string;
  expiresInMinutes: number;
  /** the /compte page: the way out this email offers */
  accountUrl: string;
}): RenderedEmail {
  const validity = `Il est valable ${formatDuration(input.expiresInMinutes, "minute", "minutes")} et ne peut servir qu'une seule fois.`;
  // Neither the subject nor the preheader carries the code: lock screens and notifications show them.
  return composeEmail("Votre code de connexion – Zone Santé", {
    preheader: `Le code de connexion demandé est dans ce message. ${validity}`,
    title: "Votre code de connexion",
    body: [
      { kind: "paragraph", text: "Voici votre code de connexion à Zone Santé :" },
      { kind: "code", text: toInline(input.code) },
      { kind: "paragraph", text: validity },
      {
        kind: "paragraph",
        text: "Ce code sert aussi si vous avez oublié votre mot de passe : une fois connecté, choisissez-en un nouveau depuis votre espace « Mon compte ».",
      },
      { kind: "paragraph", text: "Ne communiquez ce code à personne : l'équipe de Zone Santé ne vous le demandera jamais." },
      { kind: "paragraph", text: "Si vous n'avez pas demandé ce code, ignorez ce message : personne ne peut se connecter sans lui." },
      {
        kind: "link",
        lead: "Si vous recevez des codes que vous n'avez pas demandés, connectez-vous et changez votre mot de passe depuis votre espace :",
        label: "Mon compte Zone Santé",
        url: input.accountUrl,
      },
    ],
    footerReason: "Vous recevez ce message parce qu'un code de connexion à Zone Santé a été demandé pour cette adresse e-mail.",
  });
}
