// /compte: monitored addresses, alert preferences, PDF report, profile, password, the free plan,
// sign-out and « supprimer mes données ». Every call goes to /api/account, scoped to the session.
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from "react";
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_HINT } from "../core/shared/passwords.ts";
import AddressSearch, { useAddressField } from "./AddressSearch.tsx";
import { ApiError, requestJson } from "./api.ts";
import { Field } from "./AuthPanel.tsx";
import ConfirmDialog from "./ConfirmDialog.tsx";
import { refreshSession, setSession, signOut, useSession, type SessionContext } from "./session.ts";
import Toasts, { useToasts } from "./Toasts.tsx";

interface MonitoredAddress {
  id: string;
  label: string;
  address: { label: string; citycode: string; postcode: string; city: string };
  udiCode: string | null;
  createdAt: string;
  reportUrl: string;
}

type Preferences = { water: boolean; drought: boolean; air: boolean; bathing: boolean };

const MAX_ADDRESSES = 3;
const PREFERENCE_LABELS: Array<[keyof Preferences, string, string]> = [
  ["water", "Eau du robinet", "Un prélèvement non conforme ou proche d'une limite, puis le retour à la normale."],
  ["drought", "Sécheresse", "Chaque changement du niveau de restriction de votre zone."],
  ["air", "Qualité de l'air", "La veille d'un épisode de pollution «\u00a0dégradé\u00a0» ou pire."],
  ["bathing", "Eaux de baignade", "Les interdictions et résultats des sites de baignade proches."],
];

export default function AccountPanel() {
  const session = useSession();
  const { toasts, notify, dismiss } = useToasts();

  useEffect(() => {
    void refreshSession().then((context) => {
      if (context && !context.user) location.replace("/auth");
    });
    const params = new URLSearchParams(location.search);
    if (params.get("bienvenue") === "1") {
      notify("success", "Votre adresse email est confirmée. Bienvenue\u00a0!");
      history.replaceState(null, "", location.pathname);
    }
  }, [notify]);

  if (session.status === "error") {
    return (
      <div className="report-error" role="alert">
        <p>Impossible de vérifier votre session. Vérifiez votre connexion puis rechargez la page.</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refreshSession()}>
          Réessayer
        </button>
      </div>
    );
  }
  if (session.status === "loading" || !session.context.user) {
    return (
      <p className="loading" role="status">
        Chargement de votre espace…
      </p>
    );
  }
  return (
    <div className="account">
      <AddressesSection notify={notify} />
      <PreferencesSection notify={notify} />
      <PdfSection notify={notify} />
      <ProfileSection context={session.context} notify={notify} />
      <PasswordSection context={session.context} notify={notify} />
      <PlanSection context={session.context} />
      <SignOutSection />
      <DeleteSection notify={notify} />
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

type Notify = ReturnType<typeof useToasts>["notify"];

function messageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500 && error.status !== 401 ? error.message : fallback;
}

// ---------------------------------------------------------------- addresses

function AddressesSection({ notify }: { notify: Notify }) {
  const [addresses, setAddresses] = useState<MonitoredAddress[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const { query, setQuery, picked, setPicked, fieldError, setFieldError, onValueChange } = useAddressField();
  const [label, setLabel] = useState("");
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<MonitoredAddress | null>(null);
  const [deleting, setDeleting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      const answer = await requestJson<{ addresses: MonitoredAddress[] }>("GET", "/api/account/addresses");
      setAddresses(answer.addresses);
      setLoadError(false);
    } catch {
      setLoadError(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const count = addresses?.length ?? 0;
  const full = count >= MAX_ADDRESSES;
  const defaultLabel = `Domicile ${count + 1}`;

  async function add() {
    if (!picked) {
      setFieldError("Choisissez une adresse dans la liste des suggestions.");
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const answer = await requestJson<{ address: MonitoredAddress; officialData: boolean }>("POST", "/api/account/addresses", {
        body: { label: label.trim() || defaultLabel, address: picked },
      });
      setAddresses((current) => [answer.address, ...(current ?? [])]);
      setQuery("");
      setPicked(null);
      setLabel("");
      if (answer.officialData) notify("success", `Adresse « ${answer.address.label} » ajoutée.`);
      else notify("error", "Adresse ajoutée, mais impossible de récupérer les données officielles. Elles seront lues lors de la prochaine vérification.");
    } catch (error) {
      notify("error", messageOr(error, "Impossible d'ajouter cette adresse."));
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await requestJson("DELETE", `/api/account/addresses/${encodeURIComponent(toDelete.id)}`);
      setAddresses((current) => (current ?? []).filter((address) => address.id !== toDelete.id));
      notify("success", `Adresse « ${toDelete.label} » supprimée.`);
      setToDelete(null);
    } catch {
      notify("error", "Impossible de supprimer cette adresse.");
    } finally {
      setDeleting(false);
    }
  }

  return (
    <section className="account__section" aria-labelledby="adresses-titre">
      <h2 id="adresses-titre">
        Mes adresses surveillées <span className="count">({count}/{MAX_ADDRESSES})</span>
      </h2>
      {loadError ? (
        <div className="report-error" role="alert">
          <p>Impossible de charger vos adresses.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void load()}>
            Réessayer
          </button>
        </div>
      ) : addresses === null ? (
        <p role="status">Chargement…</p>
      ) : addresses.length === 0 ? (
        <p className="empty">Vous ne surveillez encore aucune adresse. Ajoutez-en une ci-dessous pour recevoir des alertes.</p>
      ) : (
        <ul className="address-list">
          {addresses.map((address) => (
            <li key={address.id} className="address-item">
              <div>
                <p className="address-item__label">{address.label}</p>
                <p>{address.address.label}</p>
                <p className="address-item__meta">Réseau d'eau (UDI)&nbsp;: {address.udiCode ?? "Non trouvé"}</p>
              </div>
              <div className="address-item__actions">
                <a className="btn btn--secondary" href={address.reportUrl}>
                  Voir le bilan<span className="sr-only"> : {address.label}</span>
                </a>
                <button type="button" className="btn btn--ghost" onClick={() => setToDelete(address)}>
                  Supprimer<span className="sr-only"> {address.label}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <h3>Ajouter une adresse</h3>
      {full ? <p className="notice" role="status">Vous avez atteint la limite de 3 adresses surveillées.</p> : null}
      <AddressSearch
        value={query}
        onValueChange={onValueChange}
        onPick={setPicked}
        onSubmit={() => void add()}
        busy={busy}
        submitDisabled={full || addresses === null}
        error={fieldError}
        inputRef={inputRef}
        labels={{ field: "Adresse à surveiller", hint: "Tapez l'adresse puis choisissez-la dans la liste.", submit: "Ajouter", busy: "Ajout…", form: "Ajouter une adresse surveillée" }}
      >
        <Field label="Nom de cette adresse" hint={`Par défaut\u00a0: «\u00a0${defaultLabel}\u00a0»`} value={label} onChange={setLabel} maxLength={60} />
      </AddressSearch>

      <ConfirmDialog
        open={toDelete !== null}
        title={"Supprimer cette adresse\u00a0?"}
        confirmLabel="Supprimer"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
        busy={deleting}
      >
        <p>
          «&nbsp;{toDelete?.label}&nbsp;» ({toDelete?.address.label}) ne sera plus surveillée et vous ne recevrez plus d'alerte pour
          elle.
        </p>
      </ConfirmDialog>
    </section>
  );
}

// ---------------------------------------------------------------- preferences

function PreferencesSection({ notify }: { notify: Notify }) {
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState(false);

  useEffect(() => {
    requestJson<{ preferences: Preferences }>("GET", "/api/account/preferences")
      .then((answer) => setPreferences(answer.preferences))
      .catch(() => setLoadError(true));
  }, []);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!preferences) return;
    setBusy(true);
    try {
      await requestJson("PUT", "/api/account/preferences", { body: preferences });
      notify("success", "Préférences enregistrées.");
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) notify("error", "Veuillez vous reconnecter pour sauvegarder vos préférences.");
      else notify("error", messageOr(error, "Impossible de sauvegarder les préférences."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account__section" aria-labelledby="preferences-titre">
      <h2 id="preferences-titre">Mes alertes par email</h2>
      {loadError ? (
        <p role="alert">Impossible de charger vos préférences. Rechargez la page.</p>
      ) : !preferences ? (
        <p role="status">Chargement…</p>
      ) : (
        <form onSubmit={(event) => void save(event)} className="form">
          <fieldset className="toggles">
            <legend>Recevoir un email quand la situation change pour&nbsp;:</legend>
            {PREFERENCE_LABELS.map(([key, name, description]) => (
              <label key={key} className="toggle">
                <input
                  type="checkbox"
                  role="switch"
                  checked={preferences[key]}
                  onChange={(event) => setPreferences({ ...preferences, [key]: event.target.checked })}
                />
                <span>
                  <strong>{name}</strong>
                  <span className="toggle__description">{description}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? "Enregistrement…" : "Enregistrer mes préférences"}
          </button>
        </form>
      )}
    </section>
  );
}

// ---------------------------------------------------------------- PDF

function PdfSection({ notify }: { notify: Notify }) {
  const [busy, setBusy] = useState(false);
  const [mailing, setMailing] = useState(false);
  async function sendByEmail() {
    setMailing(true);
    try {
      const answer = await requestJson<{ message: string }>("POST", "/api/account/report-email", { body: {} });
      notify("success", answer.message);
    } catch (error) {
      notify("error", messageOr(error, "Impossible d'envoyer votre bilan par email."));
    } finally {
      setMailing(false);
    }
  }
  async function download() {
    setBusy(true);
    try {
      const response = await fetch("/api/account/report.pdf", { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new ApiError(body?.error ?? "Impossible de générer le rapport.", response.status);
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "bilan-zone-sante.pdf";
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      notify("success", "Votre rapport PDF est téléchargé.");
    } catch (error) {
      notify("error", error instanceof ApiError && error.status === 404 ? error.message : "Impossible de générer le rapport.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="account__section" aria-labelledby="pdf-titre">
      <h2 id="pdf-titre">Mon rapport PDF</h2>
      <p>Le bilan de toutes vos adresses surveillées, à conserver ou à imprimer.</p>
      <p className="outcome__actions">
        <button type="button" className="btn btn--secondary" onClick={() => void download()} disabled={busy}>
          {busy ? "Préparation du rapport…" : "Télécharger le rapport PDF"}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => void sendByEmail()} disabled={mailing}>
          {mailing ? "Envoi du bilan…" : "Recevoir mon bilan par email"}
        </button>
      </p>
    </section>
  );
}

// ---------------------------------------------------------------- profile, password, plan

function ProfileSection({ context, notify }: { context: SessionContext; notify: Notify }) {
  const [firstName, setFirstName] = useState(context.profile?.firstName ?? "");
  const [lastName, setLastName] = useState(context.profile?.lastName ?? "");
  const [busy, setBusy] = useState(false);
  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await requestJson<{ profile: SessionContext["profile"] }>("PATCH", "/api/account/profile", { body: { firstName, lastName } });
      setSession({ ...context, profile: answer.profile });
      notify("success", "Profil enregistré.");
    } catch (error) {
      notify("error", messageOr(error, "Impossible d'enregistrer le profil."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="account__section" aria-labelledby="profil-titre">
      <h2 id="profil-titre">Mon profil</h2>
      <form onSubmit={(event) => void save(event)} className="form">
        <p>
          Adresse email&nbsp;: <strong>{context.user?.email}</strong>
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

function PasswordSection({ context, notify }: { context: SessionContext; notify: Notify }) {
  const needsCurrent = Boolean(context.hasPassword) && !context.passwordResetAllowed;
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [busy, setBusy] = useState(false);
  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await requestJson("POST", "/api/account/password", { body: { currentPassword: needsCurrent ? current : null, newPassword: next } });
      setCurrent("");
      setNext("");
      setSession({ ...context, hasPassword: true, passwordResetAllowed: false });
      notify("success", "Votre mot de passe a été modifié.");
    } catch (error) {
      notify("error", messageOr(error, "Impossible de modifier le mot de passe."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="account__section" aria-labelledby="mdp-titre">
      <h2 id="mdp-titre">{context.hasPassword ? "Changer de mot de passe" : "Choisir un mot de passe"}</h2>
      {context.passwordResetAllowed ? <p>Vous êtes connecté avec un code reçu par email&nbsp;: choisissez un nouveau mot de passe.</p> : null}
      <form onSubmit={(event) => void save(event)} className="form">
        {needsCurrent ? <Field label="Mot de passe actuel" type="password" autoComplete="current-password" value={current} onChange={setCurrent} required /> : null}
        <Field label="Nouveau mot de passe" hint={NEW_PASSWORD_HINT} type="password" autoComplete="new-password" value={next} onChange={setNext} required minLength={MIN_PASSWORD_LENGTH} />
        <button type="submit" className="btn btn--secondary" disabled={busy || next.length < MIN_PASSWORD_LENGTH}>
          Enregistrer le mot de passe
        </button>
      </form>
    </section>
  );
}

function PlanSection({ context }: { context: SessionContext }) {
  return (
    <section className="account__section" aria-labelledby="offre-titre">
      <h2 id="offre-titre">Mon offre</h2>
      <div className="plan plan--compact">
        <p className="plan__name">
          Offre {context.subscription?.tier ?? "gratuit"} <span className="badge badge--good">Active</span>
        </p>
        <p>Sans limite de durée, sans carte bancaire&nbsp;: 3 adresses surveillées, alertes par email, rapport PDF.</p>
      </div>
    </section>
  );
}

// ---------------------------------------------------------------- sign-out and deletion

function SignOutSection() {
  const [busy, setBusy] = useState(false);
  return (
    <section className="account__section" aria-labelledby="deconnexion-titre">
      <h2 id="deconnexion-titre">Déconnexion</h2>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void signOut().then(() => location.assign("/"));
        }}
      >
        Se déconnecter
      </button>
    </section>
  );
}

function DeleteSection({ notify }: { notify: Notify }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      await requestJson("DELETE", "/api/account", { body: { confirm: typed.trim() } });
      await signOut();
      location.assign("/?compte=supprime");
    } catch (error) {
      notify("error", messageOr(error, "Impossible de supprimer vos données. Veuillez réessayer."));
      setBusy(false);
    }
  }
  return (
    <section className="account__section account__section--danger" aria-labelledby="suppression-titre">
      <h2 id="suppression-titre">Supprimer mes données</h2>
      <p>
        Votre compte, votre profil, vos adresses, vos préférences et vos inscriptions aux alertes seront supprimés
        immédiatement et définitivement. Un email vous confirmera la suppression.
      </p>
      <button type="button" className="btn btn--danger" onClick={() => setOpen(true)}>
        Supprimer mes données
      </button>
      <ConfirmDialog
        open={open}
        title={"Supprimer définitivement vos données\u00a0?"}
        confirmLabel="Supprimer définitivement"
        onConfirm={() => void remove()}
        onCancel={() => {
          setOpen(false);
          setTyped("");
        }}
        confirmDisabled={typed.trim() !== "SUPPRIMER"}
        busy={busy}
      >
        <p>Cette action est irréversible. Pour confirmer, saisissez SUPPRIMER ci-dessous.</p>
        <Field label="Confirmation" value={typed} onChange={setTyped} />
      </ConfirmDialog>
    </section>
  );
}
