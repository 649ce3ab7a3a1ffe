// /auth: sign in (password or emailed code), create an account, or continue with Google. Every
// error is shown where it belongs — under the field it concerns, or above the submit button when
// no field owns it — and stays until the next attempt: no toast here. Creating an account asks for
// no password: whoever confirms the address chooses it on /confirmation-compte (issue 22).
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from "react";
import type { CodeSentAnswer, SignInAnswer, SignUpAnswer } from "../../server/routes/auth.ts";
import { isReservedMailDomain, UNDELIVERABLE_ADDRESS_MESSAGE } from "../../core/shared/email-address.ts";
import { ApiError, requestJson } from "../lib/api.ts";
import { refreshSession, setSession, useSession, type SessionContext } from "../lib/session.ts";
import { useAction } from "../lib/use-action.ts";
import { checkPersonName, PERSON_NAME_MAX_LENGTH } from "../../core/shared/person-names.ts";
import { SIGNED_OUT_PARAM, urlErrorMessage } from "./auth-url-errors.ts";
import { AlreadySent } from "../ui/AlreadySent.tsx";
import { EmailTypoHint } from "../ui/EmailTypoHint.tsx";
import { collectErrors, Field, useFormErrors, type FormErrors } from "../ui/Field.tsx";
import { FormAlternative, FormDone, FormError, SubmitButton } from "../ui/FormActions.tsx";

type Tab = "signin" | "signup";
type SignInMode = "password" | "code-request" | "code-verify";
type AuthField = "email" | "password" | "code" | "firstName" | "lastName";

const UNEXPECTED = "Une erreur inattendue s'est produite. Veuillez réessayer.";
const EMAIL_MISSING = "Saisissez votre adresse e-mail.";
const EMAIL_MALFORMED = "Saisissez une adresse e-mail complète, par exemple nom@exemple.fr.";
const PASSWORD_MISSING = "Saisissez votre mot de passe.";
const CODE_MALFORMED = "Saisissez les 6 chiffres du code reçu par e-mail.";

/** The API's error codes whose message concerns one field; any other goes above the submit button. */
const FIELD_OF_CODE: Partial<Record<string, AuthField>> = {
  invalid_credentials: "password",
  invalid_code: "code",
};

/** A refused request body (`invalid_body`) names its field only in the API's French message. */
function fieldOfRefusal(message: string): AuthField | null {
  if (/mot de passe/i.test(message)) return "password";
  if (/adresse e-?mail|recevoir d'e-mails/i.test(message)) return "email";
  if (/\bcode\b/i.test(message)) return "code";
  return null;
}

/** Where a failed call's message goes: under one of the form's `fields`, or above its submit button. */
function errorsOfFailure(error: unknown, fields: readonly AuthField[]): FormErrors<AuthField> {
  if (!(error instanceof ApiError)) return { form: UNEXPECTED };
  const field = error.code === "invalid_body" ? fieldOfRefusal(error.message) : FIELD_OF_CODE[error.code ?? ""];
  return field && fields.includes(field) ? { [field]: error.message } : { form: error.message };
}

/** The server checks the address; this only catches what is obviously not one before sending. */
function checkEmail(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return EMAIL_MISSING;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return EMAIL_MALFORMED;
  return isReservedMailDomain(trimmed) ? UNDELIVERABLE_ADDRESS_MESSAGE : null;
}

export default function AuthPanel() {
  const session = useSession();
  const [tab, setTab] = useState<Tab>("signin");
  const [mode, setMode] = useState<SignInMode>("password");
  const { busy, run } = useAction();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [signUpDone, setSignUpDone] = useState<SignUpAnswer | null>(null);
  const [codeSentMessage, setCodeSentMessage] = useState<string | null>(null);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const signedOutRef = useRef<HTMLParagraphElement>(null);
  const signIn = useFormErrors<AuthField>();
  const signUp = useFormErrors<AuthField>();
  const modeSwitched = useRef(false);
  const tabsId = useId();
  const tabRefs = { signin: useRef<HTMLButtonElement>(null), signup: useRef<HTMLButtonElement>(null) };

  useEffect(() => {
    void refreshSession().then((context) => {
      if (context?.user) location.replace("/compte");
    });
    const params = new URLSearchParams(location.search);
    setUrlError(urlErrorMessage(params.get("erreur")));
    // « Se déconnecter » lands here (LeaveSections): said once, then the address forgets it.
    if (params.has(SIGNED_OUT_PARAM)) {
      setSignedOut(true);
      params.delete(SIGNED_OUT_PARAM);
      const rest = params.toString();
      history.replaceState(null, "", rest ? `${location.pathname}?${rest}` : location.pathname);
    }
  }, []);

  useEffect(() => {
    if (signedOut) signedOutRef.current?.focus();
  }, [signedOut]);

  // The link that switched forms is gone with its form: the focus goes to the new form's first field.
  useEffect(() => {
    if (modeSwitched.current) signIn.formRef.current?.querySelector("input")?.focus();
  }, [mode, signIn.formRef]);

  /** « Pas de compte ? Créez-en un »: the sign-up tab, its first field focused, the e-mail kept. */
  function goToSignUp() {
    setTab("signup");
    requestAnimationFrame(() => signUp.formRef.current?.querySelector("input")?.focus());
  }

  function switchMode(next: SignInMode) {
    modeSwitched.current = true;
    signIn.reset();
    setMode(next);
  }

  function editEmail(value: string) {
    setEmail(value);
    signIn.clear("email");
    signUp.clear("email");
  }

  function editPassword(value: string) {
    setPassword(value);
    signIn.clear("password");
  }

  /** A password shorter than today's minimum, or found in breaches, still signs in; the account page then asks to change it. */
  function signedIn(context: SessionContext & { passwordTooShort?: boolean; passwordBreached?: boolean }) {
    const { passwordTooShort, passwordBreached, ...session } = context;
    setSession(session);
    location.assign(passwordBreached ? "/compte?mot-de-passe=fuite" : passwordTooShort ? "/compte?mot-de-passe=trop-court" : "/compte");
  }

  /** Shows the problems found before sending, or clears the last attempt's errors: true when the form may be sent. */
  function readyToSend(form: typeof signIn, problems: FormErrors<AuthField> | null): boolean {
    setUrlError(null);
    if (problems) {
      form.show(problems);
      return false;
    }
    form.reset();
    return true;
  }

  function submitPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readyToSend(signIn, collectErrors<AuthField>({ email: checkEmail(email), password: password ? null : PASSWORD_MISSING }))) return;
    void run(async () => signedIn(await requestJson<SignInAnswer>("POST", "/api/auth/signin", { body: { email, password } })), {
      failure: (error) => {
        signIn.show(errorsOfFailure(error, ["email", "password"]));
        return null;
      },
    });
  }

  function requestCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readyToSend(signIn, collectErrors<AuthField>({ email: checkEmail(email) }))) return;
    void run(
      async () => {
        const answer = await requestJson<CodeSentAnswer>("POST", "/api/auth/code", { body: { email } });
        setCodeSentMessage(answer.message);
        setCode("");
        switchMode("code-verify");
      },
      {
        failure: (error) => {
          signIn.show(errorsOfFailure(error, ["email"]));
          return null;
        },
      },
    );
  }

  function verifyCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readyToSend(signIn, collectErrors<AuthField>({ code: /^\d{6}$/.test(code) ? null : CODE_MALFORMED }))) return;
    void run(async () => signedIn(await requestJson<SessionContext>("POST", "/api/auth/code/verify", { body: { email, code } })), {
      failure: (error) => {
        signIn.show(errorsOfFailure(error, ["code"]));
        return null;
      },
    });
  }

  function submitSignUp(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const names = { firstName: checkPersonName(firstName), lastName: checkPersonName(lastName) };
    if (!readyToSend(signUp, collectErrors<AuthField>({ ...names, email: checkEmail(email) }))) return;
    void run(async () => setSignUpDone(await requestJson<SignUpAnswer>("POST", "/api/auth/signup", { body: { email, firstName, lastName } })), {
      failure: (error) => {
        signUp.show(errorsOfFailure(error, ["email"]));
        return null;
      },
    });
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next: Tab = tab === "signin" ? "signup" : "signin";
    setTab(next);
    tabRefs[next].current?.focus();
  }

  const googleEnabled = session.status === "ready" && session.context.googleEnabled;

  return (
    <div className="auth">
      {signedOut ? (
        <p ref={signedOutRef} className="notice focus-target" role="status" tabIndex={-1}>
          Vous êtes déconnecté(e).
        </p>
      ) : null}
      <FormError message={urlError} />
      <div role="tablist" aria-label="Connexion ou inscription" className="tabs">
        {(["signin", "signup"] as const).map((name) => (
          <button
            key={name}
            ref={tabRefs[name]}
            id={`${tabsId}-${name}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab === name}
            aria-controls={`${tabsId}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {name === "signin" ? "Se connecter" : "Créer un compte"}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`${tabsId}-signin-panel`} aria-labelledby={`${tabsId}-signin`} hidden={tab !== "signin"} className="auth__panel">
        {mode === "password" ? (
          <form ref={signIn.formRef} onSubmit={submitPassword} className="form" noValidate>
            <Field label="Adresse e-mail" type="email" autoComplete="email" value={email} onChange={editEmail} error={signIn.errors.email} required />
            {/* A mistyped domain signs in to nobody, or sends the code nowhere: the same hint as the sign-up's. */}
            <EmailTypoHint email={email} onCorrect={editEmail} />
            <Field
              label="Mot de passe"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={editPassword}
              error={signIn.errors.password}
              required
            />
            <FormError message={signIn.errors.form} />
            <SubmitButton busy={busy} busyLabel="Connexion…">
              Se connecter
            </SubmitButton>
            <FormAlternative onClick={() => switchMode("code-request")}>Mot de passe oublié&nbsp;? Recevoir un code par e-mail</FormAlternative>
          </form>
        ) : mode === "code-request" ? (
          <form ref={signIn.formRef} onSubmit={requestCode} className="form" noValidate>
            <p>
              Recevez un code à 6 chiffres par e-mail pour vous connecter sans mot de passe. Une fois connecté, vous pourrez choisir un nouveau mot de passe
              depuis «&nbsp;Mon compte&nbsp;».
            </p>
            <Field label="Adresse e-mail" type="email" autoComplete="email" value={email} onChange={editEmail} error={signIn.errors.email} required />
            <EmailTypoHint email={email} onCorrect={editEmail} />
            <FormError message={signIn.errors.form} />
            <SubmitButton busy={busy} busyLabel="Envoi…">
              Recevoir un code
            </SubmitButton>
            <FormAlternative onClick={() => switchMode("password")}>Revenir à la connexion par mot de passe</FormAlternative>
          </form>
        ) : (
          <form ref={signIn.formRef} onSubmit={verifyCode} className="form" noValidate>
            {codeSentMessage ? <p role="status">{codeSentMessage}</p> : null}
            <Field
              label="Code reçu par e-mail"
              hint="6 chiffres"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(value) => {
                setCode(value.replace(/\D/g, ""));
                signIn.clear("code");
              }}
              error={signIn.errors.code}
              required
            />
            <FormError message={signIn.errors.form} />
            <SubmitButton busy={busy} busyLabel="Vérification…">
              Se connecter avec ce code
            </SubmitButton>
            <FormAlternative onClick={() => switchMode("code-request")}>Recevoir un nouveau code</FormAlternative>
            {/* Shown after every request, whether or not the address has an account: it reveals nothing. */}
            <p className="form__alt">
              Pas de compte&nbsp;?{" "}
              <button type="button" className="link-button" onClick={goToSignUp}>
                Créez-en un
              </button>
            </p>
          </form>
        )}
      </div>

      <div role="tabpanel" id={`${tabsId}-signup-panel`} aria-labelledby={`${tabsId}-signup`} hidden={tab !== "signup"} className="auth__panel">
        {signUpDone?.alreadySent ? (
          // Sent again within 10 minutes of its e-mail: nothing more was sent (the same words whatever it was).
          <AlreadySent
            alreadySent={signUpDone.alreadySent}
            email={email.trim()}
            onCorrect={() => {
              setSignUpDone(null);
              requestAnimationFrame(() => signUp.formRef.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus());
            }}
          />
        ) : signUpDone ? (
          // The same words whether or not the address already has an account: its owner learns
          // which by email, nobody else (issue 22).
          <FormDone title="Vérifiez vos e-mails">
            <p>
              <strong>{signUpDone.message}</strong>
            </p>
            <p>
              Le lien de confirmation est valable 48&nbsp;heures&nbsp;: il vous demandera de choisir votre mot de passe. Rien reçu d'ici quelques minutes&nbsp;?
              Regardez dans vos courriers indésirables.
            </p>
          </FormDone>
        ) : (
          <form ref={signUp.formRef} onSubmit={submitSignUp} className="form" noValidate>
            <div className="form__row">
              <Field
                label="Prénom (facultatif)"
                autoComplete="given-name"
                value={firstName}
                onChange={setFirstName}
                maxLength={PERSON_NAME_MAX_LENGTH}
                error={signUp.errors.firstName}
              />
              <Field
                label="Nom (facultatif)"
                autoComplete="family-name"
                value={lastName}
                onChange={setLastName}
                maxLength={PERSON_NAME_MAX_LENGTH}
                error={signUp.errors.lastName}
              />
            </div>
            <Field
              label="Adresse e-mail"
              hint={"Nous y envoyons un lien\u00a0: vous choisirez votre mot de passe en confirmant votre adresse."}
              type="email"
              autoComplete="email"
              value={email}
              onChange={editEmail}
              error={signUp.errors.email}
              required
            />
            <EmailTypoHint email={email} onCorrect={editEmail} />
            <FormError message={signUp.errors.form} />
            <SubmitButton busy={busy} busyLabel="Création…">
              Créer mon compte
            </SubmitButton>
            <p className="form__small">
              En créant un compte, vous acceptez les <a href="/cgu">conditions d'utilisation</a>. Vos données sont traitées comme l'explique la{" "}
              <a href="/confidentialite">politique de confidentialité</a>.
            </p>
          </form>
        )}
      </div>

      {googleEnabled ? (
        <div className="auth__google">
          <p className="auth__or">ou</p>
          <a className="btn btn--secondary" href="/api/auth/google">
            Continuer avec Google
          </a>
        </div>
      ) : null}
    </div>
  );
}
