// /compte: the person's name, their password (chosen, changed, or reset after a code or Google sign-in) and plan.
import { useState, type SubmitEvent } from "react";
import { MAX_MONITORED_ADDRESSES } from "../../core/shared/limits.ts";
import { checkPersonName, PERSON_NAME_MAX_LENGTH } from "../../core/shared/person-names.ts";
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_HINT, PASSWORD_TOO_SHORT_MESSAGE } from "../../core/shared/passwords.ts";
import type { ProfileAnswer } from "../../server/routes/account.ts";
import { ApiError, apiMessageOr, refusalMessageOr, requestJson } from "../lib/api.ts";
import { setSession, type SessionContext, type SignedInContext } from "../lib/session.ts";
import { useAction } from "../lib/use-action.ts";
import { collectErrors, Field, useFormErrors } from "../ui/Field.tsx";
import type { Notify } from "../ui/Toasts.tsx";

const CURRENT_PASSWORD_MISSING = "Saisissez votre mot de passe actuel.";
const CODE_INCOMPLETE = "Saisissez les 6 chiffres du code reçu par e-mail.";

export function ProfileSection({ context, notify }: { context: SignedInContext; notify: Notify }) {
  const [firstName, setFirstName] = useState(context.profile.firstName ?? "");
  const [lastName, setLastName] = useState(context.profile.lastName ?? "");
  const { busy, run } = useAction(notify);
  const form = useFormErrors<"firstName" | "lastName">();
  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = collectErrors<"firstName" | "lastName">({ firstName: checkPersonName(firstName), lastName: checkPersonName(lastName) });
    if (problems) {
      form.show(problems);
      return;
    }
    form.reset();
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
      <form ref={form.formRef} onSubmit={(event) => void save(event)} className="form" noValidate>
        <p>
          Adresse e-mail&nbsp;: <strong>{context.user.email}</strong>
        </p>
        <div className="form__row">
          <Field
            label="Prénom"
            autoComplete="given-name"
            value={firstName}
            onChange={setFirstName}
            maxLength={PERSON_NAME_MAX_LENGTH}
            error={form.errors.firstName}
          />
          <Field
            label="Nom"
            autoComplete="family-name"
            value={lastName}
            onChange={setLastName}
            maxLength={PERSON_NAME_MAX_LENGTH}
            error={form.errors.lastName}
          />
        </div>
        <button type="submit" className="btn btn--secondary" disabled={busy}>
          Enregistrer le profil
        </button>
      </form>
    </section>
  );
}

/**
 * The current password is asked unless a fresh proof (a code or Google sign-in) opened the reset
 * window. An account without a password needs that proof before choosing one (issue 22): the
 * section sends a code to the account's address and checks it here, which opens the window.
 */
export function PasswordSection({ context, notify, onChanged }: { context: SignedInContext; notify: Notify; onChanged?(): void }) {
  const needsCurrent = context.hasPassword && !context.passwordResetAllowed;
  const needsProof = !context.hasPassword && !context.passwordResetAllowed;
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const { busy, run } = useAction(notify);
  const form = useFormErrors<"current" | "next">();
  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The button is never disabled (RGAA 11.11): what is missing is said under its field.
    const problems = collectErrors<"current" | "next">({
      current: needsCurrent && !current ? CURRENT_PASSWORD_MISSING : null,
      next: next.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT_MESSAGE : null,
    });
    if (problems) {
      form.show(problems);
      return;
    }
    form.reset();
    await run(
      async () => {
        await requestJson("POST", "/api/account/password", { body: { currentPassword: needsCurrent ? current : null, newPassword: next } });
        setCurrent("");
        setNext("");
        setSession({ ...context, hasPassword: true, passwordResetAllowed: false });
        onChanged?.();
      },
      {
        success: "Votre mot de passe a été modifié.",
        failure: (error) => {
          // The window closed while the page was open: the section asks for the proof again.
          if (error instanceof ApiError && error.code === "proof_required") setSession({ ...context, passwordResetAllowed: false });
          return refusalMessageOr(error, "Impossible de modifier le mot de passe.");
        },
      },
    );
  }
  return (
    <section className="account__section" aria-labelledby="mdp-titre">
      <h2 id="mdp-titre">{context.hasPassword ? "Changer de mot de passe" : "Choisir un mot de passe"}</h2>
      {context.passwordResetAllowed ? (
        <p>
          Vous êtes connecté avec un code reçu par e-mail ou avec Google&nbsp;: vous pouvez choisir un nouveau mot de passe sans l'ancien pendant quelques
          minutes.
        </p>
      ) : null}
      {needsProof ? (
        <PasswordProof context={context} notify={notify} />
      ) : (
        <form ref={form.formRef} onSubmit={(event) => void save(event)} className="form" noValidate>
          {needsCurrent ? (
            <Field
              label="Mot de passe actuel"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(value) => {
                setCurrent(value);
                form.clear("current");
              }}
              error={form.errors.current}
              required
            />
          ) : null}
          <Field
            label="Nouveau mot de passe"
            hint={NEW_PASSWORD_HINT}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(value) => {
              setNext(value);
              form.clear("next");
            }}
            error={form.errors.next}
            required
            minLength={MIN_PASSWORD_LENGTH}
          />
          <button type="submit" className="btn btn--secondary" aria-disabled={busy || undefined}>
            Enregistrer le mot de passe
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * « Confirmez que c'est bien vous »: a code sent now to the account's address, checked here. The
 * check opens a new session with the reset window (the API's code sign-in), then the password form shows.
 */
function PasswordProof({ context, notify }: { context: SignedInContext; notify: Notify }) {
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState("");
  const { busy, run } = useAction(notify);
  const form = useFormErrors<"code">();
  const email = context.user.email;
  async function sendCode() {
    const ok = await run(() => requestJson("POST", "/api/auth/code", { body: { email } }), {
      success: "Un code à 6 chiffres vient de vous être envoyé par e-mail.",
      failure: (error) => apiMessageOr(error, "Impossible d'envoyer le code."),
    });
    if (ok) setSent(true);
  }
  async function verify(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (code.length !== 6) {
      form.show({ code: CODE_INCOMPLETE });
      return;
    }
    form.reset();
    await run(async () => setSession(await requestJson<SessionContext>("POST", "/api/auth/code/verify", { body: { email, code } })), {
      failure: (error) => apiMessageOr(error, "Impossible de vérifier le code."),
    });
  }
  return (
    <>
      <p>
        Votre compte n'a pas encore de mot de passe&nbsp;: vous vous connectez avec Google ou avec un code reçu par e-mail. Pour en choisir un, confirmez
        d'abord que c'est bien vous avec un code envoyé à <strong>{email}</strong>.
      </p>
      {sent ? (
        <form ref={form.formRef} onSubmit={(event) => void verify(event)} className="form" noValidate>
          <Field
            label="Code reçu par e-mail"
            hint="6 chiffres"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(value) => {
              setCode(value.replace(/\D/g, ""));
              form.clear("code");
            }}
            error={form.errors.code}
            required
          />
          <button type="submit" className="btn btn--secondary" aria-disabled={busy || undefined}>
            Valider le code
          </button>
        </form>
      ) : (
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void sendCode()}>
          Recevoir un code par e-mail
        </button>
      )}
    </>
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
