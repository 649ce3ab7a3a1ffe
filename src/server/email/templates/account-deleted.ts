// The last e-mail of a deleted account: what was erased, what is kept, what to do if it was not asked for.
import { formatDateFr } from "../../../core/shared/format.ts";
import { composeEmail, composeGreeting, type RenderedEmail } from "../compose.ts";

export function renderAccountDeletedEmail(input: { firstName: string | null; deletedAt: Date; privacyUrl: string }): RenderedEmail {
  return composeEmail("Votre compte Zone Santé a été supprimé", {
    preheader: "Vos données ont été effacées. C'est le dernier e-mail que nous vous envoyons.",
    title: "Votre compte a été supprimé",
    body: [
      { kind: "paragraph", text: composeGreeting(input.firstName) },
      { kind: "paragraph", text: `Votre compte Zone Santé a été supprimé le ${formatDateFr(input.deletedAt.toISOString())}. Nous avons effacé :` },
      {
        kind: "list",
        items: [
          "votre compte et votre profil ;",
          "vos adresses surveillées ;",
          "vos préférences ;",
          "vos sessions de connexion ;",
          "vos inscriptions aux alertes, avec ou sans compte ;",
          "les codes et liens de confirmation en attente.",
        ],
      },
      {
        kind: "paragraph",
        text: "L'historique des alertes envoyées est conservé sans adresse ni position 24 mois, comme le prévoit notre politique de confidentialité, puis supprimé.",
      },
      { kind: "paragraph", text: "Vous ne recevrez plus aucun e-mail de notre part. Vous pouvez toujours consulter Zone Santé sans compte." },
      {
        kind: "paragraph",
        text: "Si vous n'avez pas demandé cette suppression, quelqu'un a pu se connecter à votre compte, par exemple avec un code envoyé à cette adresse : changez le mot de passe de votre messagerie, puis écrivez-nous. Les données effacées ne peuvent pas être restaurées, mais vous pouvez recréer un compte à tout moment.",
      },
      {
        kind: "link",
        lead: "Une question sur cette suppression ou sur vos données ? Écrivez-nous à l'adresse de contact indiquée en bas de chaque page du site, par exemple sur notre politique de confidentialité :",
        label: "Politique de confidentialité",
        url: input.privacyUrl,
      },
    ],
    footerReason: "Vous recevez ce dernier message parce que le compte Zone Santé associé à cette adresse e-mail a été supprimé.",
  });
}
