// A security notice: a Google account was linked to the account (a new way to sign in).
import { composeEmail, composeGreeting, describeMoment, type RenderedEmail } from "../compose.ts";

export function renderGoogleLinkedEmail(input: { firstName: string | null; linkedAt: Date; accountUrl: string; privacyUrl: string }): RenderedEmail {
  return composeEmail("Connexion avec Google ajoutée à votre compte – Zone Santé", {
    preheader: "Un nouveau moyen de connexion a été ajouté à votre compte.",
    title: "Connexion avec Google ajoutée",
    body: [
      { kind: "paragraph", text: composeGreeting(input.firstName) },
      {
        kind: "paragraph",
        text: `La connexion avec Google a été ajoutée à votre compte Zone Santé ${describeMoment(input.linkedAt)} : le compte Google de cette adresse e-mail permet désormais de vous connecter.`,
      },
      { kind: "paragraph", text: "Si c'était vous, vous n'avez rien à faire." },
      {
        kind: "link",
        lead: "Si ce n'était pas vous, quelqu'un contrôle un compte Google à votre adresse. Sécurisez d'abord ce compte Google (changez son mot de passe, vérifiez les appareils connectés), puis écrivez-nous pour que nous retirions cette connexion de votre compte Zone Santé : l'adresse de contact est indiquée en bas de chaque page du site, par exemple sur notre politique de confidentialité :",
        label: "Politique de confidentialité",
        url: input.privacyUrl,
      },
      { kind: "link", label: "Mon compte Zone Santé", url: input.accountUrl },
    ],
    footerReason: "Vous recevez ce message parce qu'un moyen de connexion a été ajouté au compte Zone Santé associé à cette adresse e-mail.",
  });
}
