// /compte: which changes are worth an email (water, drought, air, bathing).
import { useEffect, useState, type SubmitEvent } from "react";
import type { PreferencesAnswer } from "../../server/routes/account.ts";
import { ApiError, refusalMessageOr, requestJson } from "../lib/api.ts";
import { useAction } from "../lib/use-action.ts";
import type { Notify } from "../ui/Toasts.tsx";
import { SubmitButton } from "../ui/FormActions.tsx";

type Preferences = PreferencesAnswer["preferences"];

const PREFERENCE_LABELS: Array<[keyof Preferences, string, string]> = [
  ["water", "Eau du robinet", "Un prélèvement non conforme ou proche d'une limite, puis le retour à la normale."],
  ["drought", "Sécheresse", "Chaque changement du niveau de restriction de votre zone."],
  ["air", "Qualité de l'air", "La veille d'un épisode de pollution «\u00a0dégradé\u00a0» ou pire."],
  ["bathing", "Eaux de baignade", "Les interdictions et résultats des sites de baignade proches."],
];

export default function PreferencesSection({ notify }: { notify: Notify }) {
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const { busy, run } = useAction(notify);
  const [loadError, setLoadError] = useState(false);

  useEffect(() => {
    requestJson<PreferencesAnswer>("GET", "/api/account/preferences")
      .then((answer) => setPreferences(answer.preferences))
      .catch(() => setLoadError(true));
  }, []);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!preferences) return;
    await run(() => requestJson<PreferencesAnswer>("PUT", "/api/account/preferences", { body: preferences }), {
      success: "Préférences enregistrées.",
      failure: (error) =>
        error instanceof ApiError && error.status === 401
          ? "Veuillez vous reconnecter pour sauvegarder vos préférences."
          : refusalMessageOr(error, "Impossible de sauvegarder les préférences."),
    });
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
          <SubmitButton busy={busy} busyLabel="Enregistrement…">
            Enregistrer mes préférences
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
