// A security notice: someone asked to sign up with the address of an existing account.
import { composeEmail, composeGreeting, type RenderedEmail } from "../compose.ts";

/**
 * To the owner of a confirmed account when someone asks to sign up with its address. The sign-up
 * answers the same whether or not an account exists (no enumeration): this email is where the
 * difference is told, to the one person entitled to know it. Nothing the requester typed is written.
 */
export function renderSignUpAttemptEmail(input: { firstName: string | null; signInUrl: string }): RenderedEmail {
  return composeEmail("Demande d'inscription avec votre adresse – Zone Santé", {
    preheader: "Vous avez déjà un compte : aucun autre n'a été créé.",
    title: "Vous avez déjà un compte",
    body: [
      { kind: "paragraph", text: composeGreeting(input.firstName) },
      {
        kind: "paragraph",
        text: "Quelqu'un vient de demander à créer un compte Zone Santé avec votre adresse e-mail. Vous avez déjà un compte : nous n'en avons pas créé d'autre, et le vôtre n'a pas changé.",
      },
      {
        kind: "paragraph",
        text: "Si c'était vous, connectez-vous à votre compte. Mot de passe oublié ? Sur la page de connexion, demandez un code par e-mail.",
      },
      { kind: "button", label: "Me connecter", url: input.signInUrl },
      {
        kind: "paragraph",
        text: "Si ce n'était pas vous, vous n'avez rien à faire : personne ne peut se connecter à votre compte sans votre mot de passe ou un code envoyé à cette adresse.",
      },
    ],
    footerReason: "Vous recevez ce message parce que cette adresse e-mail a été indiquée lors d'une inscription à Zone Santé.",
  });
}
