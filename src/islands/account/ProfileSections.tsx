// /compte: the person's name, their password (chosen, changed, or reset after a code sign-in) and plan.
import { useState, type SubmitEvent } from "react";
import { MAX_MONITORED_ADDRESSES } from "../../core/shared/limits.ts";
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_HINT } from "../../core/shared/passwords.ts";
import type { ProfileAnswer } from "../../server/routes/account.ts";
import { refusalMessageOr, requestJson } from "../lib/api.ts";
import { setSession, type SignedInContext } from "../lib/session.ts";
import { useAction } from "../lib/use-action.ts";
import { Field } from "../ui/Field.tsx";
import type { Notify } from "../ui/Toasts.tsx";

export function ProfileSection({ context, notify }: { context: SignedInContext; notify: Notify }) {
  const [firstName, setFirstName] = useState(context.profile.firstName ?? "");
  const [lastName, setLastName] = useState(context.profile.lastName ?? "");
  const { busy, run } = useAction(notify);
  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(
      async () => {
        const answer = await requestJson<ProfileAnswer>("PATCH", "/api/account/profile", { body: { firstName, lastName } });
        setSession({ ...context, profile: answer.profile });
      },
      { success: "Profil enregistré.", failure: (error) => refusalMessageOr(error, "Impossible d'enregistrer le profil.") },
    );
  }
  return (
    <section className="account__section" aria-labelledby="profil-titre">
      <h2 id="profil-titre">Mon profil</h2>
      <form onSubmit={(event) => void save(event)} className="form">
        <p>
          Adresse e-mail&nbsp;: <strong>{context.user.email}</strong>
        </p>
        <div className="form__row">
          <Field label="Prénom" autoComplete="given-name" value={firstName} onChange={setFirstName} maxLength={80} />
          <Field label="Nom" autoComplete="family-name" value={lastName} onChange={setLastName} maxLength={80} />
        </div>
        <button type="submit" className="btn btn--secondary" disabled={busy}>
          Enregistrer le profil
        </button>
      </form>
    </section>
  );
}

export function PasswordSection({ context, notify }: { context: SignedInContext; notify: Notify }) {
  const needsCurrent = context.hasPassword && !context.passwordResetAllowed;
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const { busy, run } = useAction(notify);
  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(
      async () => {
        await requestJson("POST", "/api/account/password", { body: { currentPassword: needsCurrent ? current : null, newPassword: next } });
        setCurrent("");
        setNext("");
        setSession({ ...context, hasPassword: true, passwordResetAllowed: false });
      },
      { success: "Votre mot de passe a été modifié.", failure: (error) => refusalMessageOr(error, "Impossible de modifier le mot de passe.") },
    );
  }
  return (
    <section className="account__section" aria-labelledby="mdp-titre">
      <h2 id="mdp-titre">{context.hasPassword ? "Changer de mot de passe" : "Choisir un mot de passe"}</h2>
      {context.passwordResetAllowed ? <p>Vous êtes connecté avec un code reçu par e-mail&nbsp;: choisissez un nouveau mot de passe.</p> : null}
      <form onSubmit={(event) => void save(event)} className="form">
        {needsCurrent ? (
          <Field label="Mot de passe actuel" type="password" autoComplete="current-password" value={current} onChange={setCurrent} required />
        ) : null}
        <Field
          label="Nouveau mot de passe"
          hint={NEW_PASSWORD_HINT}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          required
          minLength={MIN_PASSWORD_LENGTH}
        />
        <button type="submit" className="btn btn--secondary" disabled={busy || next.length < MIN_PASSWORD_LENGTH}>
          Enregistrer le mot de passe
        </button>
      </form>
    </section>
  );
}

export function PlanSection({ context }: { context: SignedInContext }) {
  return (
    <section className="account__section" aria-labelledby="offre-titre">
      <h2 id="offre-titre">Mon compte gratuit</h2>
      <div className="plan plan--compact">
        <p className="plan__name">
          Compte {context.subscription.tier} <span className="badge badge--good">Actif</span>
        </p>
        <p>{`Sans limite de durée, sans carte bancaire\u00a0: ${MAX_MONITORED_ADDRESSES} adresses surveillées, alertes par e-mail, rapport PDF.`}</p>
        <p>
          <a href="/offre">Ce que comprend le compte gratuit</a>
        </p>
      </div>
    </section>
  );
}
