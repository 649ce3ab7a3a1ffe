// A security notice: a password was chosen for the account, or changed.
import { composeEmail, composeGreeting, describeMoment, type RenderedEmail } from "../compose.ts";

/** What to do when a change on the account was not one's own: take it back with a code sent to this address. */
const TAKE_BACK_STEPS =
  "Reprenez-le sans attendre : sur la page de connexion, choisissez « Mot de passe oublié ? Recevoir un code par e-mail », connectez-vous avec le code reçu à cette adresse, puis choisissez un nouveau mot de passe depuis « Mon compte » ; les autres appareils sont alors déconnectés. Si vous pensez que votre messagerie elle-même a été piratée, changez d'abord son mot de passe.";

/** After a password was chosen for an account that had none, or changed: the owner hears of it at once. */
export function renderPasswordChangedEmail(input: { firstName: string | null; change: "set" | "changed"; changedAt: Date; signInUrl: string }): RenderedEmail {
  const moment = describeMoment(input.changedAt);
  const what =
    input.change === "set"
      ? `Un mot de passe a été choisi pour votre compte Zone Santé ${moment}. Vous pouvez désormais vous connecter avec lui.`
      : `Le mot de passe de votre compte Zone Santé a été modifié ${moment}. Les autres appareils connectés à votre compte ont été déconnectés.`;
  const subject = input.change === "set" ? "Un mot de passe a été choisi pour votre compte – Zone Santé" : "Votre mot de passe a été modifié – Zone Santé";
  return composeEmail(subject, {
    preheader: input.change === "set" ? "Un mot de passe protège désormais votre compte." : "Si ce n'était pas vous, reprenez votre compte avec un code.",
    title: input.change === "set" ? "Mot de passe choisi" : "Mot de passe modifié",
    body: [
      { kind: "paragraph", text: composeGreeting(input.firstName) },
      { kind: "paragraph", text: what },
      { kind: "paragraph", text: "Si c'était vous, vous n'avez rien à faire." },
      { kind: "paragraph", text: `Si ce n'était pas vous, quelqu'un a pu accéder à votre compte. ${TAKE_BACK_STEPS}` },
      { kind: "button", label: "Me connecter avec un code", url: input.signInUrl },
    ],
    footerReason: "Vous recevez ce message parce que le mot de passe du compte Zone Santé associé à cette adresse e-mail a changé.",
  });
}
