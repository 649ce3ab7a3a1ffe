// /compte: which changes are worth an e-mail (water, drought, air, bathing). Each toggle is a
// switch: it saves as it is flipped, sends nothing, and the line under the toggles says so.
import { useEffect, useRef, useState } from "react";
import type { PreferencesAnswer } from "../../server/routes/account.ts";
import { ApiError, refusalMessageOr, requestJson } from "../lib/api.ts";

type Preferences = PreferencesAnswer["preferences"];

const PREFERENCE_LABELS: Array<[keyof Preferences, string, string]> = [
  ["water", "Eau du robinet", "Un prélèvement non conforme ou au-dessus d'une référence de qualité, puis le retour à la conformité."],
  ["drought", "Sécheresse", "Chaque changement du niveau de restriction de votre zone."],
  ["air", "Qualité de l'air", "La veille d'une journée prévue «\u00a0Dégradé\u00a0» ou pire par l'indice ATMO."],
  ["bathing", "Eaux de baignade", "Les interdictions et résultats des sites de baignade proches."],
];

type SaveStatus = { kind: "saved" | "failed"; text: string } | null;

/** `notify` is accepted like every section's; this one speaks beside its toggles instead. */
export default function PreferencesSection() {
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [status, setStatus] = useState<SaveStatus>(null);
  // What the server last confirmed: a failed save puts the toggles back to it.
  const saved = useRef<Preferences | null>(null);
  // Saves go one after the other, so that the last flip is the one the server keeps.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef(0);

  useEffect(() => {
    requestJson<PreferencesAnswer>("GET", "/api/account/preferences")
      .then((answer) => {
        saved.current = answer.preferences;
        setPreferences(answer.preferences);
      })
      .catch(() => setLoadError(true));
  }, []);

  function change(key: keyof Preferences, name: string, enabled: boolean) {
    if (!preferences) return;
    const next = { ...preferences, [key]: enabled };
    setPreferences(next);
    const attempt = ++latest.current;
    queue.current = queue.current.then(async () => {
      try {
        const answer = await requestJson<PreferencesAnswer>("PUT", "/api/account/preferences", { body: next });
        saved.current = answer.preferences;
        if (attempt !== latest.current) return;
        // The name and the new state make each message differ, so that each one is read.
        setStatus({ kind: "saved", text: `Préférence enregistrée\u00a0: alertes «\u00a0${name}\u00a0» ${enabled ? "activées" : "désactivées"}.` });
      } catch (error) {
        if (attempt !== latest.current) return;
        setPreferences(saved.current);
        const reason =
          error instanceof ApiError && error.status === 401
            ? "Veuillez vous reconnecter pour enregistrer vos préférences."
            : refusalMessageOr(error, "Impossible d'enregistrer cette préférence. Veuillez réessayer.");
        setStatus({ kind: "failed", text: `Préférence «\u00a0${name}\u00a0» non enregistrée\u00a0: ${reason}` });
      }
    });
  }

  return (
    <section className="account__section" aria-labelledby="preferences-titre">
      <h2 id="preferences-titre">Mes alertes par e-mail</h2>
      {loadError ? (
        <p role="alert">Impossible de charger vos préférences. Rechargez la page.</p>
      ) : !preferences ? (
        <p role="status">Chargement…</p>
      ) : (
        <fieldset className="toggles">
          <legend>Recevoir un e-mail quand la situation change pour&nbsp;:</legend>
          <p className="field__hint">Chaque choix est enregistré dès que vous le modifiez, sans envoyer d'e-mail.</p>
          {PREFERENCE_LABELS.map(([key, name, description]) => (
            <label key={key} className="toggle">
              <input type="checkbox" role="switch" checked={preferences[key]} onChange={(event) => change(key, name, event.target.checked)} />
              <span>
                <strong>{name}</strong>
                <span className="toggle__description">{description}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {/* Always in the page, so that a screen reader hears each new message in it. */}
      <p role="status" className={status?.kind === "failed" ? "field-error" : "field__hint"}>
        {status?.text ?? ""}
      </p>
    </section>
  );
}
