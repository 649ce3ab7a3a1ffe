// /auth: sign in (password or emailed code), create an account, or continue with Google.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from "react";
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_HINT } from "../../core/shared/passwords.ts";
import type { CodeSentAnswer, SignUpAnswer } from "../../server/routes/auth.ts";
import { apiMessageOr, ApiError, requestJson } from "../lib/api.ts";
import { refreshSession, setSession, useSession, type SessionContext } from "../lib/session.ts";
import { useAction } from "../lib/use-action.ts";
import { Field } from "../ui/Field.tsx";
import { FormAlternative, SubmitButton } from "../ui/FormActions.tsx";
import Toasts, { useToasts } from "../ui/Toasts.tsx";

type Tab = "signin" | "signup";
type SignInMode = "password" | "code-request" | "code-verify";

const UNEXPECTED = "Une erreur inattendue s'est produite.";
const URL_ERRORS: Record<string, string> = {
  google: "Impossible de se connecter avec Google. Veuillez réessayer.",
};

function messageOf(error: unknown): string {
  return apiMessageOr(error, UNEXPECTED);
}

export default function AuthPanel() {
  const session = useSession();
  const { toasts, notify, dismiss } = useToasts();
  const [tab, setTab] = useState<Tab>("signin");
  const [mode, setMode] = useState<SignInMode>("password");
  const { busy, run } = useAction(notify);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [signUpDone, setSignUpDone] = useState<string | null>(null);
  const [codeSentMessage, setCodeSentMessage] = useState<string | null>(null);
  const tabsId = useId();
  const tabRefs = { signin: useRef<HTMLButtonElement>(null), signup: useRef<HTMLButtonElement>(null) };
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void refreshSession().then((context) => {
      if (context?.user) location.replace("/compte");
    });
    const error = new URLSearchParams(location.search).get("erreur");
    if (error && URL_ERRORS[error]) notify("error", URL_ERRORS[error]);
  }, [notify]);

  useEffect(() => {
    if (mode === "code-verify") codeRef.current?.focus();
  }, [mode]);

  function signedIn(context: SessionContext) {
    setSession(context);
    location.assign("/compte");
  }

  function submitPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => signedIn(await requestJson<SessionContext>("POST", "/api/auth/signin", { body: { email, password } })), {
      failure: (error) =>
        error instanceof ApiError && error.code === "invalid_credentials" ? { text: error.message, title: "Erreur de connexion" } : messageOf(error),
    });
  }

  function requestCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(
      async () => {
        const answer = await requestJson<CodeSentAnswer>("POST", "/api/auth/code", { body: { email } });
        setCodeSentMessage(answer.message);
        setMode("code-verify");
      },
      { failure: messageOf },
    );
  }

  function verifyCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => signedIn(await requestJson<SessionContext>("POST", "/api/auth/code/verify", { body: { email, code } })), { failure: messageOf });
  }

  function submitSignUp(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(
      async () => {
        const answer = await requestJson<SignUpAnswer>("POST", "/api/auth/signup", { body: { email, password, firstName, lastName } });
        setSignUpDone(answer.message);
      },
      { failure: messageOf },
    );
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
          <form onSubmit={submitPassword} className="form" noValidate>
            <Field label="Adresse email" type="email" autoComplete="email" value={email} onChange={setEmail} required />
            <Field label="Mot de passe" type="password" autoComplete="current-password" value={password} onChange={setPassword} required />
            <SubmitButton busy={busy} busyLabel="Connexion…">
              Se connecter
            </SubmitButton>
            <FormAlternative onClick={() => setMode("code-request")}>Mot de passe oublié&nbsp;? Recevoir un code par email</FormAlternative>
          </form>
        ) : mode === "code-request" ? (
          <form onSubmit={requestCode} className="form" noValidate>
            <p>
              Recevez un code à 6 chiffres par email pour vous connecter sans mot de passe. Une fois connecté, vous pourrez
              choisir un nouveau mot de passe depuis «&nbsp;Mon compte&nbsp;».
            </p>
            <Field label="Adresse email" type="email" autoComplete="email" value={email} onChange={setEmail} required />
            <SubmitButton busy={busy} busyLabel="Envoi…">
              Recevoir un code
            </SubmitButton>
            <FormAlternative onClick={() => setMode("password")}>Revenir à la connexion par mot de passe</FormAlternative>
          </form>
        ) : (
          <form onSubmit={verifyCode} className="form" noValidate>
            {codeSentMessage ? <p role="status">{codeSentMessage}</p> : null}
            <Field
              label="Code reçu par email"
              hint="6 chiffres"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(value) => setCode(value.replace(/\D/g, ""))}
              inputRef={codeRef}
              required
            />
            <SubmitButton busy={busy} busyLabel="Vérification…" disabled={code.length !== 6}>
              Se connecter avec ce code
            </SubmitButton>
            <FormAlternative onClick={() => setMode("code-request")}>Recevoir un nouveau code</FormAlternative>
          </form>
        )}
      </div>

      <div role="tabpanel" id={`${tabsId}-signup-panel`} aria-labelledby={`${tabsId}-signup`} hidden={tab !== "signup"} className="auth__panel">
        {signUpDone ? (
          <div className="notice" role="status">
            <p>
              <strong>{signUpDone}</strong>
            </p>
            <p>Le lien reçu est valable 48&nbsp;heures. Pensez à regarder dans vos courriers indésirables.</p>
          </div>
        ) : (
          <form onSubmit={submitSignUp} className="form" noValidate>
            <div className="form__row">
              <Field label="Prénom (facultatif)" autoComplete="given-name" value={firstName} onChange={setFirstName} maxLength={80} />
              <Field label="Nom (facultatif)" autoComplete="family-name" value={lastName} onChange={setLastName} maxLength={80} />
            </div>
            <Field label="Adresse email" type="email" autoComplete="email" value={email} onChange={setEmail} required />
            <Field label="Mot de passe" hint={NEW_PASSWORD_HINT} type="password" autoComplete="new-password" value={password} onChange={setPassword} required minLength={MIN_PASSWORD_LENGTH} />
            <SubmitButton busy={busy} busyLabel="Création…">
              Créer mon compte
            </SubmitButton>
            <p className="form__small">
              En créant un compte, vous acceptez les <a href="/cgu">conditions d'utilisation</a>. Vos données sont traitées
              comme l'explique la <a href="/confidentialite">politique de confidentialité</a>.
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
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}
