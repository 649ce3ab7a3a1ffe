// /compte: leaving — sign out, or delete the account and everything attached to it.
import { useRef, useState } from "react";
import { refusalMessageOr, requestJson } from "../lib/api.ts";
import { signOut } from "../lib/session.ts";
import { SIGNED_OUT_PARAM } from "./auth-url-errors.ts";
import { useAction } from "../lib/use-action.ts";
import ConfirmDialog from "../ui/ConfirmDialog.tsx";
import { Field } from "../ui/Field.tsx";
import { DELETION_WORD, DELETION_WORD_MISSING, deletionWordError, matchesDeletionWord } from "./deletion-word.ts";
import type { Notify } from "../ui/Toasts.tsx";

export function SignOutSection() {
  const [busy, setBusy] = useState(false);
  return (
    <section className="account__section" aria-labelledby="deconnexion-titre">
      <h2 id="deconnexion-titre">Déconnexion</h2>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={busy}
        onClick={() => {
          // signOut never fails (the page forgets the person anyway): busy until the sign-in page,
          // which says « Vous êtes déconnecté(e). », loads.
          setBusy(true);
          void signOut().then(() => location.assign(`/auth?${SIGNED_OUT_PARAM}=1`));
        }}
      >
        Se déconnecter
      </button>
    </section>
  );
}

export function DeleteSection({ notify }: { notify: Notify }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  /** the word was asked for and is not there: said under the field, which takes the focus */
  const [missing, setMissing] = useState(false);
  const wordRef = useRef<HTMLInputElement>(null);
  const { busy, run } = useAction(notify);
  function confirm() {
    if (!matchesDeletionWord(typed)) {
      setMissing(true);
      // After the render that describes the field with its error, so it is read with the focus.
      window.setTimeout(() => wordRef.current?.focus(), 0);
      return;
    }
    void remove();
  }
  async function remove() {
    await run(
      async () => {
        await requestJson("DELETE", "/api/account", { body: { confirm: DELETION_WORD } });
        await signOut();
        // A page of its own says what was deleted (the account page needs a session).
        location.assign("/compte-supprime");
      },
      { failure: (error) => refusalMessageOr(error, "Impossible de supprimer vos données. Veuillez réessayer.") },
    );
  }
  return (
    <section className="account__section account__section--danger" aria-labelledby="suppression-titre">
      <h2 id="suppression-titre">Supprimer mes données</h2>
      <p>
        Votre compte, votre profil, vos adresses, vos préférences et vos inscriptions aux alertes seront supprimés immédiatement et définitivement. Un e-mail
        vous confirmera la suppression.
      </p>
      <button type="button" className="btn btn--danger" onClick={() => setOpen(true)}>
        Supprimer mes données
      </button>
      <ConfirmDialog
        open={open}
        title={"Supprimer définitivement vos données\u00a0?"}
        confirmLabel="Supprimer définitivement"
        onConfirm={confirm}
        onCancel={() => {
          setOpen(false);
          setTyped("");
          setMissing(false);
        }}
        busy={busy}
      >
        <p>Cette action est irréversible. Pour confirmer, saisissez SUPPRIMER ci-dessous.</p>
        <Field
          label="Confirmation"
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setMissing(false);
          }}
          error={deletionWordError(typed) ?? (missing ? DELETION_WORD_MISSING : null)}
          inputRef={wordRef}
          required
        />
      </ConfirmDialog>
    </section>
  );
}
