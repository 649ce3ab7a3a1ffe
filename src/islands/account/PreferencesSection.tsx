// /compte: which changes are worth an e-mail, topic by topic as the server lists them (the alert
// topics' registry; an opt-in topic is off until turned on, decision 073). Each topic is a switch:
// it saves as it is flipped, sends nothing, and the line under the switches says so. A topic
// narrowed to a list (its taxa, say) has its list right under its switch; switched on with nothing
// ticked yet, it waits for the first entry and is saved with it. Every outcome is said beside the
// control that caused it, in a live region that control is described by.
import { useEffect, useRef, useState } from "react";
import type { PreferencesAnswer, PreferenceTopic } from "../../server/routes/account.ts";
import { ApiError, refusalMessageOr, requestJson } from "../lib/api.ts";

type Preferences = PreferencesAnswer["preferences"];
/** A preference's value by its key (a topic's on/off, a list's ids). */
type Values = Record<string, boolean | string[]>;
type Choices = NonNullable<PreferenceTopic["choices"]>;

/** What was said, and beside which control: a topic's switch (its key) or its list (`choicesKey`). */
type SaveStatus = { at: string; kind: "saved" | "failed" | "waiting"; text: string } | null;

const choicesKey = (topic: PreferenceTopic) => `${topic.key}-choix`;
const messageId = (at: string) => `preferences-${at}-message`;

/** `notify` is accepted like every section's; this one speaks beside its switches instead. */
export default function PreferencesSection() {
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [topics, setTopics] = useState<PreferenceTopic[]>([]);
  const [loadError, setLoadError] = useState(false);
  const [status, setStatus] = useState<SaveStatus>(null);
  // A topic narrowed to a list, switched on before anything was ticked: on screen, not yet saved.
  const [waiting, setWaiting] = useState<string | null>(null);
  // What the server last confirmed: a failed save puts the switches back to it.
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

  function save(next: Preferences, at: string, said: { saved: string; name: string }) {
    setPreferences(next);
    const attempt = ++latest.current;
    queue.current = queue.current.then(async () => {
      try {
        const answer = await requestJson<PreferencesAnswer>("PUT", "/api/account/preferences", { body: next });
        saved.current = answer.preferences;
        if (attempt !== latest.current) return;
        setStatus({ at, kind: "saved", text: `Préférence enregistrée\u00a0: ${said.saved}.` });
      } catch (error) {
        if (attempt !== latest.current) return;
        setPreferences(saved.current);
        const reason =
          error instanceof ApiError && error.status === 401
            ? "Veuillez vous reconnecter pour enregistrer vos préférences."
            : refusalMessageOr(error, "Impossible d'enregistrer cette préférence. Veuillez réessayer.");
        setStatus({ at, kind: "failed", text: `Préférence «\u00a0${said.name}\u00a0» non enregistrée\u00a0: ${reason}` });
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
    if (topic.choices && listOf(topic.choices.field).length === 0) {
      // Nothing to save yet (the server refuses a list topic on with nothing ticked): the switch
      // shows the intent and its list asks for the first entry, which saves both.
      setWaiting(enabled ? topic.key : null);
      setStatus(
        enabled
          ? { at: topic.key, kind: "waiting", text: topic.choices.waiting }
          : { at: topic.key, kind: "saved", text: `Alertes «\u00a0${topic.label}\u00a0» désactivées.` },
      );
      return;
    }
    // The name and the new state make each message differ, so that each one is read.
    save({ ...preferences, [topic.key]: enabled }, topic.key, {
      saved: `alertes «\u00a0${topic.label}\u00a0» ${enabled ? "activées" : "désactivées"}`,
      name: topic.label,
    });
  }

  function changeChoice(topic: PreferenceTopic, choices: Choices, id: string, name: string, chosen: boolean) {
    if (!preferences) return;
    const ticked = choices.options.map((option) => option.id).filter((other) => (other === id ? chosen : listOf(choices.field).includes(other)));
    const at = choicesKey(topic);
    if (valueOf(topic.key) === true && ticked.length === 0) {
      setStatus({
        at,
        kind: "failed",
        text: `Préférence «\u00a0${topic.label}\u00a0: ${name}\u00a0» non enregistrée\u00a0: ${choices.required} Pour ne plus recevoir cette alerte, désactivez «\u00a0${topic.label}\u00a0».`,
      });
      return;
    }
    if (waiting === topic.key && ticked.length > 0) {
      setWaiting(null);
      const names = choices.options.filter((option) => ticked.includes(option.id)).map((option) => option.name);
      save({ ...preferences, [topic.key]: true, [choices.field]: ticked }, at, {
        saved: `alertes «\u00a0${topic.label}\u00a0» activées pour ${names.join(", ")}`,
        name: topic.label,
      });
      return;
    }
    save({ ...preferences, [choices.field]: ticked }, at, {
      saved: `${choices.item} «\u00a0${name}\u00a0» ${chosen ? "coché" : "décoché"}`,
      name: `${topic.label}\u00a0: ${name}`,
    });
  }

  /** The live region beside a control: always in the page, so that each new message in it is heard. */
  const message = (at: string) => (
    <p id={messageId(at)} role="status" className={status?.at === at ? `preference__message preference__message--${status.kind}` : "preference__message"}>
      {status?.at === at ? status.text : ""}
    </p>
  );

  const row = (topic: PreferenceTopic) => {
    const on = valueOf(topic.key) === true || waiting === topic.key;
    const id = `preferences-${topic.key}`;
    return (
      <div key={topic.key} className="preference">
        <div className="preference__text">
          <label htmlFor={id} id={`${id}-nom`} className="preference__label">
            {topic.label}
          </label>
          <span id={`${id}-description`} className="preference__description">
            {topic.description}
          </span>
          {message(topic.key)}
        </div>
        <Switch
          id={id}
          checked={on}
          state={waiting === topic.key ? "À compléter" : undefined}
          labelledBy={`${id}-nom`}
          describedBy={`${id}-description ${messageId(topic.key)}`}
          onChange={(checked) => change(topic, checked)}
        />
      </div>
    );
  };

  const choicesOf = (topic: PreferenceTopic, choices: Choices) => (
    <fieldset key={choicesKey(topic)} className="preference__choices" aria-describedby={`preferences-${topic.key}-aide ${messageId(choicesKey(topic))}`}>
      <legend>{choices.legend}</legend>
      <p id={`preferences-${topic.key}-aide`} className="field__hint">
        {choices.hint}
      </p>
      <div className="preference__options">
        {choices.options.map(({ id, name }) => (
          <label key={id} className="consent">
            <input
              type="checkbox"
              checked={listOf(choices.field).includes(id)}
              onChange={(event) => changeChoice(topic, choices, id, name, event.target.checked)}
            />
            <span>{name}</span>
          </label>
        ))}
      </div>
      {message(choicesKey(topic))}
    </fieldset>
  );

  const rows = (shown: PreferenceTopic[]) => shown.flatMap((topic) => [row(topic), ...(topic.choices ? [choicesOf(topic, topic.choices)] : [])]);

  return (
    <section className="account__section" aria-labelledby="preferences-titre">
      <h2 id="preferences-titre">Mes alertes par e-mail</h2>
      {loadError ? (
        <p role="alert">Impossible de charger vos préférences. Rechargez la page.</p>
      ) : !preferences ? (
        <p role="status">Chargement…</p>
      ) : (
        <>
          <fieldset className="preferences">
            <legend>Recevoir un e-mail quand la situation change pour&nbsp;:</legend>
            <p className="field__hint">Chaque choix est enregistré dès que vous le modifiez, sans envoyer d'e-mail.</p>
            {rows(topics.filter((topic) => !topic.optIn))}
          </fieldset>
          <fieldset className="preferences">
            <legend>Alertes à activer si vous le souhaitez&nbsp;:</legend>
            <p className="field__hint">Désactivées tant que vous ne les activez pas.</p>
            {rows(topics.filter((topic) => topic.optIn))}
          </fieldset>
        </>
      )}
    </section>
  );
}

/**
 * An on/off preference (WAI-ARIA switch pattern): a button, so Space and Enter flip it; its state
 * in words beside the track (« Activé » / « Désactivé »), not by colour or position alone. The
 * words are hidden from assistive technologies, which read aria-checked instead.
 */
function Switch(props: { id: string; checked: boolean; state?: string; labelledBy: string; describedBy: string; onChange: (checked: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      id={props.id}
      className="switch"
      aria-checked={props.checked}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      onClick={() => props.onChange(!props.checked)}
    >
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span className="switch__state" aria-hidden="true">
        {props.state ?? (props.checked ? "Activé" : "Désactivé")}
      </span>
    </button>
  );
}
