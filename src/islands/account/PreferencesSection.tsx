// /compte: which changes are worth an e-mail (water, drought, air, bathing; pollen and weather
// warnings are opt-in, decision 073). Each toggle is a switch: it saves as it is flipped, sends
// nothing, and the line under the toggles says so. Pollen alerts are about the pollens ticked.
import { useEffect, useRef, useState } from "react";
import { POLLEN_TAXA } from "../../sections/pollen/scale.ts";
import type { PollenTaxon } from "../../core/types.ts";
import type { PreferencesAnswer } from "../../server/routes/account.ts";
import { ApiError, refusalMessageOr, requestJson } from "../lib/api.ts";

type Preferences = PreferencesAnswer["preferences"];
type Topic = Exclude<keyof Preferences, "pollenTaxa">;

const POLLEN_NEEDS_A_TAXON = "Pour recevoir l'alerte pollens, cochez au moins un pollen.";

const OPT_IN_LABELS: Array<[Topic, string, string]> = [
  ["pollen", "Pollens", "La veille d'une journée où l'indice pollen officiel prévoit «\u00a0Élevé\u00a0» ou pire pour l'un des pollens cochés."],
  ["weather", "Vigilance météo", "Une vigilance orange ou rouge de Météo-France pour votre département, aujourd'hui ou demain."],
];

const PREFERENCE_LABELS: Array<[Topic, string, string]> = [
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

  function save(next: Preferences, said: { saved: string; name: string }) {
    setPreferences(next);
    const attempt = ++latest.current;
    queue.current = queue.current.then(async () => {
      try {
        const answer = await requestJson<PreferencesAnswer>("PUT", "/api/account/preferences", { body: next });
        saved.current = answer.preferences;
        if (attempt !== latest.current) return;
        setStatus({ kind: "saved", text: `Préférence enregistrée\u00a0: ${said.saved}.` });
      } catch (error) {
        if (attempt !== latest.current) return;
        setPreferences(saved.current);
        const reason =
          error instanceof ApiError && error.status === 401
            ? "Veuillez vous reconnecter pour enregistrer vos préférences."
            : refusalMessageOr(error, "Impossible d'enregistrer cette préférence. Veuillez réessayer.");
        setStatus({ kind: "failed", text: `Préférence «\u00a0${said.name}\u00a0» non enregistrée\u00a0: ${reason}` });
      }
    });
  }

  function change(key: Topic, name: string, enabled: boolean) {
    if (!preferences) return;
    // Said at once, in words, without a request: the server would refuse it the same way.
    if (key === "pollen" && enabled && preferences.pollenTaxa.length === 0) {
      setStatus({ kind: "failed", text: `Préférence «\u00a0${name}\u00a0» non enregistrée\u00a0: ${POLLEN_NEEDS_A_TAXON}` });
      return;
    }
    // The name and the new state make each message differ, so that each one is read.
    save({ ...preferences, [key]: enabled }, { saved: `alertes «\u00a0${name}\u00a0» ${enabled ? "activées" : "désactivées"}`, name });
  }

  function changeTaxon(taxon: PollenTaxon, name: string, chosen: boolean) {
    if (!preferences) return;
    const pollenTaxa = POLLEN_TAXA.map((entry) => entry.taxon).filter((other) => (other === taxon ? chosen : preferences.pollenTaxa.includes(other)));
    if (preferences.pollen && pollenTaxa.length === 0) {
      setStatus({
        kind: "failed",
        text: `Préférence «\u00a0Pollens\u00a0: ${name}\u00a0» non enregistrée\u00a0: ${POLLEN_NEEDS_A_TAXON} Pour ne plus recevoir cette alerte, désactivez «\u00a0Pollens\u00a0».`,
      });
      return;
    }
    save({ ...preferences, pollenTaxa }, { saved: `pollen «\u00a0${name}\u00a0» ${chosen ? "coché" : "décoché"}`, name: `Pollens\u00a0: ${name}` });
  }

  const toggle = ([key, name, description]: [Topic, string, string]) =>
    preferences ? (
      <label key={key} className="toggle">
        <input type="checkbox" role="switch" checked={preferences[key]} onChange={(event) => change(key, name, event.target.checked)} />
        <span>
          <strong>{name}</strong>
          <span className="toggle__description">{description}</span>
        </span>
      </label>
    ) : null;

  return (
    <section className="account__section" aria-labelledby="preferences-titre">
      <h2 id="preferences-titre">Mes alertes par e-mail</h2>
      {loadError ? (
        <p role="alert">Impossible de charger vos préférences. Rechargez la page.</p>
      ) : !preferences ? (
        <p role="status">Chargement…</p>
      ) : (
        <>
          <fieldset className="toggles">
            <legend>Recevoir un e-mail quand la situation change pour&nbsp;:</legend>
            <p className="field__hint">Chaque choix est enregistré dès que vous le modifiez, sans envoyer d'e-mail.</p>
            {PREFERENCE_LABELS.map(toggle)}
          </fieldset>
          <fieldset className="toggles">
            <legend>Alertes à activer si vous le souhaitez&nbsp;:</legend>
            <p className="field__hint">Désactivées tant que vous ne les activez pas.</p>
            {OPT_IN_LABELS.map(toggle)}
            <fieldset className="toggles" aria-describedby="preferences-pollens-aide">
              <legend>Pollens qui vous concernent</legend>
              <p id="preferences-pollens-aide" className="field__hint">
                L'alerte pollens ne parle que des pollens cochés (au moins un).
              </p>
              {POLLEN_TAXA.map(({ taxon, name }) => (
                <label key={taxon} className="consent">
                  <input
                    type="checkbox"
                    checked={preferences.pollenTaxa.includes(taxon)}
                    onChange={(event) => changeTaxon(taxon, name, event.target.checked)}
                  />
                  <span>{name}</span>
                </label>
              ))}
            </fieldset>
          </fieldset>
        </>
      )}
      {/* Always in the page, so that a screen reader hears each new message in it. */}
      <p role="status" className={status?.kind === "failed" ? "field-error" : "field__hint"}>
        {status?.text ?? ""}
      </p>
    </section>
  );
}
