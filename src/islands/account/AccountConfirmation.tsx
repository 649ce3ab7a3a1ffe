// /confirmation-compte: the page the account-confirmation email links to. Opening it changes
// nothing — mail scanners open links, some run their JavaScript — it only reads which address the
// link confirms. The person chooses the account's password here and confirms with the button,
// which posts the link's u, x and s with it once; the API then signs them in. A password chosen by
// whoever signed up is never kept (issue 22): only the one who holds the link chooses it. When this
// browser is signed in to another account, the page says so before switching (login CSRF).
import { useEffect, useRef, useState, type SubmitEvent } from "react";
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_HINT, PASSWORD_TOO_SHORT_MESSAGE } from "../../core/shared/passwords.ts";
import type { ConfirmLinkAnswer } from "../../server/routes/auth.ts";
import { ApiError, requestJson } from "../lib/api.ts";
import { refreshSession, setSession, type SessionContext } from "../lib/session.ts";
import { useAction } from "../lib/use-action.ts";
import { collectErrors, Field, useFormErrors } from "../ui/Field.tsx";
import { FormError, SubmitButton } from "../ui/FormActions.tsx";

type LinkParams = { u: string; x: string; s: string };
type State =
  | { status: "checking" }
  | { status: "ready"; params: LinkParams; email: string | null; otherAccount: string | null }
  /** the link already served and this browser is signed in to that account */
  | { status: "already"; email: string }
  | { status: "invalid"; message: string };

const INCOMPLETE = "Ce lien de confirmation est incomplet. Copiez-le en entier depuis l'e-mail.";
const UNEXPECTED = "La confirmation n'a pas pu être enregistrée.";
const NEW_PASSWORD_MISSING = "Choisissez un mot de passe.";

/** The link's parameters, when they have the shape the API accepts (a cut or mangled link asks nothing of it). */
function readLink(): LinkParams | null {
  const params = new URLSearchParams(location.search);
  const [u, x, s] = [params.get("u"), params.get("x"), params.get("s")];
  return u && x && s && /^\d{1,15}$/.test(x) && /^[0-9a-f]{64}$/.test(s) ? { u, x, s } : null;
}

function checkNewPassword(password: string): string | null {
  if (!password) return NEW_PASSWORD_MISSING;
  return password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT_MESSAGE : null;
}

/** The address the link confirms (null when it could not be read now: the button still works), or the refusal. */
async function checkLink(params: LinkParams): Promise<{ email: string | null; alreadyConfirmed?: boolean | undefined } | { invalid: string }> {
  try {
    const answer = await requestJson<ConfirmLinkAnswer>("POST", "/api/auth/confirm/check", { body: params });
    return { email: answer.email, alreadyConfirmed: answer.alreadyConfirmed };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { invalid: error.message };
    return { email: null };
  }
}

export default function AccountConfirmation({ contactEmail }: { contactEmail: string }) {
  const [state, setState] = useState<State>({ status: "checking" });
  const [password, setPassword] = useState("");
  const form = useFormErrors<"password">();
  const { busy, run } = useAction();
  const invalidHeadingRef = useRef<HTMLHeadingElement>(null);
  const confirmAttempted = useRef(false);

  useEffect(() => {
    const params = readLink();
    if (!params) {
      setState({ status: "invalid", message: INCOMPLETE });
      return;
    }
    void Promise.all([checkLink(params), refreshSession()]).then(([link, session]) => {
      if ("invalid" in link) setState({ status: "invalid", message: link.invalid });
      else if (link.alreadyConfirmed && link.email) setState({ status: "already", email: link.email });
      else setState({ status: "ready", params, email: link.email, otherAccount: session?.user?.email ?? null });
    });
  }, []);

  // A refused link replaces the button that had the focus: its heading takes it, so the outcome is heard.
  useEffect(() => {
    if (state.status === "invalid" && confirmAttempted.current) invalidHeadingRef.current?.focus();
  }, [state.status]);

  function confirm(event: SubmitEvent<HTMLFormElement>, ready: Extract<State, { status: "ready" }>) {
    event.preventDefault();
    const problems = collectErrors<"password">({ password: checkNewPassword(password) });
    if (problems) {
      form.show(problems);
      return;
    }
    form.reset();
    confirmAttempted.current = true;
    void run(
      async () => {
        const body = { ...ready.params, password, switchAccount: ready.otherAccount !== null };
        setSession(await requestJson<SessionContext>("POST", "/api/auth/confirm", { body }));
        location.assign("/compte?bienvenue=1");
      },
      {
        failure: (error) => {
          const aboutPassword =
            error instanceof ApiError && (error.code === "password_breached" || (error.code === "invalid_body" && /mot de passe/i.test(error.message)));
          if (!(error instanceof ApiError)) form.show({ form: UNEXPECTED });
          else if (aboutPassword) form.show({ password: error.message });
          else if (error.code === "invalid_link" || error.code === "invalid_body") setState({ status: "invalid", message: error.message });
          else if (error.code === "other_session") {
            // Signed in elsewhere meanwhile (another tab): say which account, then let them decide.
            void refreshSession().then((session) => setState({ ...ready, otherAccount: session?.user?.email ?? null }));
            form.show({ form: error.message });
          } else form.show({ form: error.message });
          return null;
        },
      },
    );
  }

  if (state.status === "checking") {
    return (
      <p className="loading" role="status">
        Chargement…
      </p>
    );
  }
  if (state.status === "invalid") {
    return (
      <div className="outcome outcome--error" role="alert">
        <h2 ref={invalidHeadingRef} tabIndex={-1} className="focus-target">
          Lien invalide
        </h2>
        <p>{state.message}</p>
        <p className="outcome__actions">
          <a className="btn btn--primary" href="/auth">
            Me connecter
          </a>
          <a className="btn btn--secondary" href={`mailto:${contactEmail}`}>
            Nous contacter
          </a>
        </p>
      </div>
    );
  }
  if (state.status === "already") {
    return (
      <div className="outcome outcome--success" role="status">
        <h2>Compte déjà confirmé</h2>
        <p>
          L'adresse <strong>{state.email}</strong> est déjà confirmée et vous êtes connecté(e)&nbsp;: ce lien n'a plus rien à faire.
        </p>
        <p className="outcome__actions">
          <a className="btn btn--primary" href="/compte">
            Mon compte
          </a>
        </p>
      </div>
    );
  }
  const ready = state;
  return (
    <div className="outcome">
      <h2>Confirmez votre adresse e-mail</h2>
      {ready.email ? (
        <p>
          Adresse à confirmer&nbsp;: <strong>{ready.email}</strong>
        </p>
      ) : null}
      <p>Choisissez votre mot de passe pour activer votre compte Zone Santé. Vous serez ensuite connecté(e) à votre espace.</p>
      <p>Si ce n'est pas votre adresse, ou si vous n'avez pas demandé à créer ce compte, ne confirmez pas&nbsp;: fermez simplement cette page.</p>
      {ready.otherAccount ? (
        <div className="notice" role="note">
          <p>
            Ce navigateur est connecté au compte <strong>{ready.otherAccount}</strong>. En confirmant, vous quitterez ce compte pour celui de{" "}
            {ready.email ? <strong>{ready.email}</strong> : "l'adresse de ce lien"}.
          </p>
        </div>
      ) : null}
      <form ref={form.formRef} onSubmit={(event) => confirm(event, ready)} className="form" noValidate>
        {/* The account's address for password managers, which file the new password under it. */}
        {ready.email ? <input type="email" name="username" autoComplete="username" value={ready.email} readOnly hidden /> : null}
        <Field
          label="Choisissez votre mot de passe"
          hint={NEW_PASSWORD_HINT}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            form.clear("password");
          }}
          error={form.errors.password}
          required
          minLength={MIN_PASSWORD_LENGTH}
        />
        <FormError message={form.errors.form} />
        <SubmitButton busy={busy} busyLabel="Confirmation…">
          {ready.otherAccount ? "Changer de compte et confirmer" : "Confirmer mon adresse"}
        </SubmitButton>
      </form>
    </div>
  );
}
