// The pages our email links open: /desinscription (unsubscribe) and /confirmation-alertes (confirm
// an alert sign-up). Neither the link's GET nor the page's load changes anything — mail scanners
// open links, and some run the page's JavaScript —: the person clicks the button, which POSTs,
// then the page says clearly what happened. /desinscription without a usable link offers to
// e-mail one.
import { useEffect, useId, useState, type SubmitEvent } from "react";
import { isReservedMailDomain, UNDELIVERABLE_ADDRESS_MESSAGE } from "../../core/shared/email-address.ts";
import type { ManageLinkAnswer, ManageLinkRequest, SubscriptionConfirmedAnswer, UnsubscribedAnswer } from "../../server/routes/subscriptions.ts";
import { ApiError, requestJson } from "../lib/api.ts";
import { refreshSession } from "../lib/session.ts";
import { EmailTypoHint } from "../ui/EmailTypoHint.tsx";
import { Field, useFormErrors } from "../ui/Field.tsx";
import { FormError, SubmitButton } from "../ui/FormActions.tsx";

type Mode = "unsubscribe" | "confirm";
type State =
  | { status: "loading" }
  | { status: "ready"; params: Record<string, string> }
  | { status: "sending"; params: Record<string, string> }
  | { status: "done"; kind?: UnsubscribedAnswer["kind"] | undefined; confirmed?: SubscriptionConfirmedAnswer | undefined; signedIn?: boolean | undefined }
  /** the page was opened without any link parameter */
  | { status: "missing" }
  | { status: "invalid" }
  | { status: "failed"; message: string };

const ACTIONS: Record<Mode, { keys: readonly [string, string]; url: string; button: string; busy: string; intro: string }> = {
  unsubscribe: {
    keys: ["u", "t"],
    url: "/api/unsubscribe",
    button: "Me désinscrire",
    busy: "Désinscription…",
    intro: "Pour ne plus recevoir les alertes Zone Santé par e-mail, confirmez votre désinscription.",
  },
  confirm: {
    keys: ["i", "t"],
    url: "/api/subscriptions/confirm",
    button: "Confirmer mon inscription",
    busy: "Confirmation…",
    intro: "Pour recevoir les alertes Zone Santé de votre adresse, confirmez votre inscription.",
  },
};

export default function LinkAction({ mode, contactEmail }: { mode: Mode; contactEmail: string }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const action = ACTIONS[mode];

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const params = Object.fromEntries(action.keys.map((key) => [key, search.get(key) ?? ""]));
    const values = Object.values(params);
    setState(values.every(Boolean) ? { status: "ready", params } : values.some(Boolean) ? { status: "invalid" } : { status: "missing" });
  }, [action]);

  async function run(params: Record<string, string>) {
    setState({ status: "sending", params });
    try {
      const answer = await requestJson<UnsubscribedAnswer | SubscriptionConfirmedAnswer>("POST", action.url, { body: params });
      if ("kind" in answer) setState({ status: "done", kind: answer.kind });
      else {
        // Already confirmed: someone signed in is offered their account's page.
        const signedIn = answer.alreadyConfirmed ? Boolean((await refreshSession().catch(() => null))?.user) : false;
        setState({ status: "done", confirmed: answer, signedIn });
      }
    } catch (error) {
      setState(
        error instanceof ApiError && error.status === 400 ? { status: "invalid" } : { status: "failed", message: error instanceof Error ? error.message : "" },
      );
    }
  }

  if (state.status === "ready" || state.status === "sending") {
    const sending = state.status === "sending";
    return (
      <div className="outcome">
        <p>{action.intro}</p>
        <p className="outcome__actions">
          <button type="button" className="btn btn--primary" onClick={() => void run(state.params)} disabled={sending} aria-busy={sending}>
            {sending ? action.busy : action.button}
          </button>
        </p>
      </div>
    );
  }
  if (state.status === "loading") {
    return (
      <div className="skeleton" aria-busy="true">
        <p className="sr-only" role="status">
          Traitement en cours…
        </p>
        <div className="skeleton__title" aria-hidden="true" />
        <div className="skeleton__line" aria-hidden="true" />
        <div className="skeleton__line skeleton__line--medium" aria-hidden="true" />
      </div>
    );
  }
  if (state.status === "done" && mode === "unsubscribe") {
    return (
      <div className="outcome outcome--success" role="status">
        <h2>Désinscription confirmée</h2>
        <p>Vous avez été désinscrit(e) avec succès.</p>
        {state.kind === "account" ? (
          <p>Vous ne recevrez plus d'alertes par e-mail. Votre compte est conservé&nbsp;: vous pouvez réactiver les alertes depuis votre espace.</p>
        ) : (
          <p>Vous ne recevrez plus aucun e-mail d'alerte. Vos données personnelles seront supprimées dans un délai de 30&nbsp;jours.</p>
        )}
        <p className="outcome__actions">
          <a className="btn btn--primary" href={state.kind === "account" ? "/compte" : "/inscription"}>
            {state.kind === "account" ? "Gérer mes alertes" : "Me réinscrire"}
          </a>
          <HomeLink />
        </p>
      </div>
    );
  }
  if (state.status === "done" && state.confirmed) {
    return <Confirmed answer={state.confirmed} signedIn={state.signedIn ?? false} />;
  }
  if (state.status === "missing" && mode === "unsubscribe") {
    return (
      <>
        <div className="outcome">
          <p>
            Pour arrêter les alertes Zone Santé, cliquez sur le lien «&nbsp;Se désinscrire de ces alertes&nbsp;» en bas de l'un de nos e-mails. Vous ne le
            retrouvez pas&nbsp;? Recevez un nouveau lien ci-dessous.
          </p>
        </div>
        <ManageLinkForm />
      </>
    );
  }
  const invalid = state.status === "invalid" || state.status === "missing";
  return (
    <>
      <div className="outcome outcome--error" role="alert">
        <h2>{invalid ? "Lien invalide" : "Une erreur est survenue"}</h2>
        {mode === "unsubscribe" ? (
          <p>
            {invalid
              ? "Lien de désinscription invalide ou expiré. Il a pu être copié de façon incomplète depuis l'e-mail\u00a0: cliquez directement sur le lien de désinscription en bas de l'un de nos e-mails, ou recevez un nouveau lien ci-dessous."
              : "Votre désinscription n'a pas pu être enregistrée. Réessayez dans quelques minutes."}
          </p>
        ) : (
          <p>
            {invalid
              ? "Ce lien de confirmation est invalide ou n'est plus valable. Inscrivez-vous à nouveau si besoin."
              : "La confirmation n'a pas pu être enregistrée. Réessayez dans quelques minutes."}
          </p>
        )}
        <p className="outcome__actions">
          <a className="btn btn--secondary" href={`mailto:${contactEmail}`}>
            Nous contacter
          </a>
          <HomeLink />
        </p>
      </div>
      {mode === "unsubscribe" && invalid ? <ManageLinkForm /> : null}
    </>
  );
}

/**
 * The confirmed sign-up (issue 23): the address, where it stands today in the report's words
 * (« L'essentiel », « À retenir » first) and the alerts this address can really get. A second click
 * says the sign-up is already active, never « Lien invalide ».
 */
function Confirmed({ answer, signedIn }: { answer: SubscriptionConfirmedAnswer; signedIn: boolean }) {
  const already = answer.alreadyConfirmed;
  return (
    <div className="outcome outcome--success" role="status">
      <h2>{already ? "Inscription déjà active" : "Inscription confirmée"}</h2>
      <p>
        {already ? "Vos alertes sont déjà actives pour l'adresse" : "Merci\u00a0! Nous surveillons désormais l'adresse"} <strong>{answer.addressLabel}</strong>.
      </p>
      {answer.essentials ? (
        <>
          <h3>Aujourd'hui, pour cette adresse</h3>
          <ul className="outcome__list">
            {answer.essentials.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>Les alertes que vous recevrez</h3>
      <p>Nous vérifions chaque jour les données officielles et vous écrivons seulement quand l'une de ces situations change&nbsp;:</p>
      <ul className="outcome__list">
        {answer.alerts.available.map((alert) => (
          <li key={alert.source}>{alert.text}</li>
        ))}
      </ul>
      {answer.alerts.notAvailable.length > 0 ? (
        <>
          <p>Ce que nous ne pouvons pas vous signaler pour cette adresse&nbsp;:</p>
          <ul className="outcome__list">
            {answer.alerts.notAvailable.map((alert) => (
              <li key={alert.source}>{alert.text}</li>
            ))}
          </ul>
        </>
      ) : null}
      {already ? null : (
        <p>
          Un e-mail de bienvenue vous le redit. Vous pouvez arrêter ces alertes à tout moment, depuis le lien présent dans chacun de nos e-mails ou depuis cette
          page.
        </p>
      )}
      <p className="outcome__actions">
        {signedIn ? (
          <a className="btn btn--primary" href="/compte">
            Mon compte
          </a>
        ) : null}
        <a className={signedIn ? "btn btn--secondary" : "btn btn--primary"} href={answer.reportUrl}>
          Voir le bilan de mon adresse
        </a>
        <a className="btn btn--secondary" href={answer.unsubscribeUrl}>
          Me désinscrire de ces alertes
        </a>
      </p>
    </div>
  );
}

function HomeLink() {
  return (
    <a className="btn btn--secondary" href="/">
      Retour à l'accueil
    </a>
  );
}

const EMAIL_MISSING = "Saisissez votre adresse e-mail.";
const EMAIL_MALFORMED = "Saisissez une adresse e-mail complète, par exemple nom@exemple.fr.";

/**
 * « Recevoir un lien de gestion par e-mail »: the answer is the same whether or not the address is
 * known, and stays shown (with the form, to correct a typo) until the next request.
 */
function ManageLinkForm() {
  const headingId = useId();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const { formRef, errors, show, clear, reset } = useFormErrors<"email">();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = email.trim();
    setAnswer(null);
    // The server checks the address; this only catches what is obviously not one.
    if (!typed || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) {
      show({ email: typed ? EMAIL_MALFORMED : EMAIL_MISSING });
      return;
    }
    if (isReservedMailDomain(typed)) {
      show({ email: UNDELIVERABLE_ADDRESS_MESSAGE });
      return;
    }
    reset();
    setBusy(true);
    try {
      const body: ManageLinkRequest = { email: typed };
      setAnswer((await requestJson<ManageLinkAnswer>("POST", "/api/subscriptions/manage-link", { body })).message);
    } catch (error) {
      // A refused address is the field's error; a limit or an outage belongs to the form.
      if (error instanceof ApiError && error.code === "invalid_body") show({ email: error.message });
      else show({ form: error instanceof ApiError ? error.message : "Une erreur inattendue s'est produite. Veuillez réessayer." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="notice" aria-labelledby={headingId}>
      <h2 id={headingId}>Recevoir un lien de gestion par e-mail</h2>
      <p>Indiquez l'adresse e-mail qui reçoit nos alertes&nbsp;: nous y envoyons un lien pour gérer ou arrêter chacune de vos inscriptions.</p>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
        <Field
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            clear("email");
          }}
          error={errors.email}
          required
        />
        {/* The link goes to the address typed: a mistyped domain would send it nowhere. */}
        <EmailTypoHint
          email={email}
          onCorrect={(corrected) => {
            setEmail(corrected);
            clear("email");
          }}
        />
        <FormError message={errors.form} />
        <SubmitButton busy={busy} busyLabel="Envoi…">
          Recevoir un lien de gestion
        </SubmitButton>
      </form>
      {/* Always in the page, so that the answer is read when it appears. */}
      <p role="status">{answer ?? ""}</p>
    </section>
  );
}
