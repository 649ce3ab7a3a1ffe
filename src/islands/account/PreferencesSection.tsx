// /compte: which changes are worth an e-mail, topic by topic as the server lists them (the alert
// topics' registry; an opt-in topic is off until turned on, decision 073). Each toggle is a
// switch: it saves as it is flipped, sends nothing, and the line under the toggles says so. A
// topic narrowed to a list is about the entries ticked.
import { useEffect, useRef, useState } from "react";
import type { PreferencesAnswer, PreferenceTopic } from "../../server/routes/account.ts";
import { ApiError, refusalMessageOr, requestJson } from "../lib/api.ts";

type Preferences = PreferencesAnswer["preferences"];
/** A preference's value by its key (a topic's on/off, a list's ids). */
type Values = Record<string, boolean | string[]>;

type SaveStatus = { kind: "saved" | "failed"; text: string } | null;

/** `notify` is accepted like every section's; this one speaks beside its toggles instead. */
export default function PreferencesSection() {
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [topics, setTopics] = useState<PreferenceTopic[]>([]);
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
        setTopics(answer.topics);
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

  const valueOf = (key: string) => (preferences as unknown as Values | null)?.[key];
  const listOf = (field: string) => {
    const value = valueOf(field);
    return Array.isArray(value) ? value : [];
  };

  function change(topic: PreferenceTopic, enabled: boolean) {
    if (!preferences) return;
    // Said at once, in words, without a request: the server would refuse it the same way.
    if (topic.choices && enabled && listOf(topic.choices.field).length === 0) {
      setStatus({ kind: "failed", text: `Préférence «\u00a0${topic.label}\u00a0» non enregistrée\u00a0: ${topic.choices.required}` });
      return;
    }
    // The name and the new state make each message differ, so that each one is read.
    save(
      { ...preferences, [topic.key]: enabled },
      { saved: `alertes «\u00a0${topic.label}\u00a0» ${enabled ? "activées" : "désactivées"}`, name: topic.label },
    );
  }

  function changeChoice(topic: PreferenceTopic, choices: NonNullable<PreferenceTopic["choices"]>, id: string, name: string, chosen: boolean) {
    if (!preferences) return;
    const ticked = choices.options.map((option) => option.id).filter((other) => (other === id ? chosen : listOf(choices.field).includes(other)));
    if (valueOf(topic.key) === true && ticked.length === 0) {
      setStatus({
        kind: "failed",
        text: `Préférence «\u00a0${topic.label}\u00a0: ${name}\u00a0» non enregistrée\u00a0: ${choices.required} Pour ne plus recevoir cette alerte, désactivez «\u00a0${topic.label}\u00a0».`,
      });
      return;
    }
    save(
      { ...preferences, [choices.field]: ticked },
      { saved: `${choices.item} «\u00a0${name}\u00a0» ${chosen ? "coché" : "décoché"}`, name: `${topic.label}\u00a0: ${name}` },
    );
  }

  const toggle = (topic: PreferenceTopic) =>
    preferences ? (
      <label key={topic.key} className="toggle">
        <input type="checkbox" role="switch" checked={valueOf(topic.key) === true} onChange={(event) => change(topic, event.target.checked)} />
        <span>
          <strong>{topic.label}</strong>
          <span className="toggle__description">{topic.description}</span>
        </span>
      </label>
    ) : null;

  const choicesOf = (topic: PreferenceTopic) =>
    topic.choices ? (
      <fieldset key={`${topic.key}-choix`} className="toggles" aria-describedby={`preferences-${topic.key}-aide`}>
        <legend>{topic.choices.legend}</legend>
        <p id={`preferences-${topic.key}-aide`} className="field__hint">
          {topic.choices.hint}
        </p>
        {topic.choices.options.map(({ id, name }) => (
          <label key={id} className="consent">
            <input
              type="checkbox"
              checked={listOf(topic.choices!.field).includes(id)}
              onChange={(event) => changeChoice(topic, topic.choices!, id, name, event.target.checked)}
            />
            <span>{name}</span>
          </label>
        ))}
      </fieldset>
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
            {topics.filter((topic) => !topic.optIn).map(toggle)}
          </fieldset>
          <fieldset className="toggles">
            <legend>Alertes à activer si vous le souhaitez&nbsp;:</legend>
            <p className="field__hint">Désactivées tant que vous ne les activez pas.</p>
            {topics.filter((topic) => topic.optIn).map(toggle)}
            {topics.filter((topic) => topic.optIn).map(choicesOf)}
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
