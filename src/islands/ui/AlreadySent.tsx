// A sign-up sent again within 10 minutes of its e-mail (the alert sign-up, the account sign-up):
// nothing was sent again. When the e-mail left, that its link still works, and where to look —
// the same words whatever that e-mail was, as the server's answer is (services/sign-up-emails.ts).
import type { AlreadySent as AlreadySentAnswer } from "../../server/services/sign-up-emails.ts";
import { FormDone } from "./FormActions.tsx";

interface Props {
  alreadySent: AlreadySentAnswer;
  /** the address as typed this time */
  email: string;
  /** back to the form with the address kept, to correct it */
  onCorrect(): void;
}

export function AlreadySent({ alreadySent, email, onCorrect }: Props) {
  return (
    <FormDone title="Nous vous avons déjà écrit">
      <p>
        Un e-mail au sujet de cette inscription est parti à <strong>{alreadySent.sentAtText}</strong>&nbsp;: son lien reste valable. Pour ne pas encombrer votre
        messagerie, nous n'en envoyons pas d'autre avant {alreadySent.nextAtText}.
      </p>
      <p>Vous ne le trouvez pas&nbsp;?</p>
      <ul>
        <li>
          Regardez dans vos courriers indésirables (spam) et, selon votre messagerie, dans les onglets «&nbsp;Promotions&nbsp;» ou «&nbsp;Notifications&nbsp;».
        </li>
        <li>
          Cherchez les e-mails de <strong>{alreadySent.sender}</strong>, l'adresse d'où partent nos messages.
        </li>
        <li>
          Vérifiez l'adresse saisie&nbsp;: <strong>{email}</strong>
        </li>
      </ul>
      <button type="button" className="btn btn--secondary" onClick={onCorrect}>
        Corriger l'adresse e-mail
      </button>
    </FormDone>
  );
}
