// The pollen topic of the alert run (opt-in, decision 073): the episode a subject was told of,
// the diff of tomorrow's official indice pollen against it, and the words of its e-mails. Pure.
import { NO_CHANGE, adviceOf, type AlertAdvice, type Diff } from "../../core/alerts/diff.ts";
import { renderAlertWords, type AlertTexts } from "../../core/alerts/texts.ts";
import type { AlertTopic } from "../../core/alerts/topic.ts";
import { presentPollen } from "./present.ts";
import { formatDateFr } from "../../core/shared/format.ts";
import { addDaysToLocalDate, todayInParis } from "../../core/shared/time.ts";
import type { PollenSection, PollenTaxon } from "./types.ts";
import { POLLEN_LABELS, POLLEN_TAXA } from "./scale.ts";

/** The facts this topic's alerts are written from: names, values, dates, never sentences. */
export interface PollenAlertFacts {
  "pollen-episode": {
    forecastDate: string;
    /** the chosen pollens at « Élevé » or worse tomorrow, with the official word (the report's table cells) */
    taxa: Array<{ name: string; label: string }>;
    /** the report's pollen sentence (presentPollen's summary), quoted as is */
    summary: string;
  };
  /** inside an episode already announced, chosen pollens whose official level rises (issue 36) */
  "pollen-rise": {
    forecastDate: string;
    /** each rising pollen, its new word and the word already announced (null: it was below « Élevé ») */
    taxa: Array<{ name: string; label: string; before: string | null }>;
    summary: string;
  };
}

/** The words of this topic's alerts, keyed by kind. */
export const POLLEN_ALERT_TEXTS: AlertTexts<PollenAlertFacts> = {
  // The official words only (the report's table cells and sentence); the report's advice travels
  // with the event (AlertEvent.advice) in its own words, never written here a second time.
  "pollen-episode": ({ forecastDate, taxa, summary }) => ({
    title: `Pollens demain : ${taxa.map((taxon) => `${taxon.name.toLowerCase()} ${taxon.label.toLowerCase()}`).join(", ")}`,
    lines: [
      `L'indice pollen officiel prévu pour le ${formatDateFr(forecastDate)} : ${taxa.map((taxon) => `${taxon.name} « ${taxon.label} »`).join(", ")}.`,
      `Votre bilan : ${summary}`,
    ],
  }),

  "pollen-rise": ({ forecastDate, taxa, summary }) => ({
    title: `Pollens demain, en hausse : ${taxa.map((taxon) => `${taxon.name.toLowerCase()} ${taxon.label.toLowerCase()}`).join(", ")}`,
    lines: [
      `L'indice pollen officiel prévu pour le ${formatDateFr(forecastDate)} monte : ${taxa
        .map((taxon) => `${taxon.name} « ${taxon.label} »${taxon.before ? ` (jusqu'ici « ${taxon.before} »)` : ""}`)
        .join(", ")}.`,
      `Votre bilan : ${summary}`,
    ],
  }),
};

/** The topic as the registry lists it (src/sections/topics.ts). */
export const POLLEN_TOPIC = {
  key: "pollen",
  label: "Pollens",
  description: "La veille d'une journée où l'indice pollen officiel prévoit «\u00a0Élevé\u00a0» ou pire pour l'un des pollens cochés.",
  // Opt-in (decision 073), about the pollens the person ticked.
  optIn: true,
  signUp: false,
  choices: {
    field: "pollenTaxa",
    legend: "Pollens qui vous concernent",
    hint: "L'alerte pollens ne parle que des pollens cochés (au moins un).",
    item: "pollen",
    required: "Pour recevoir l'alerte pollens, cochez au moins un pollen.",
    waiting: "Cochez ci-dessous le ou les pollens qui vous concernent\u00a0: l'alerte pollens sera enregistrée dès le premier coché.",
    refused: "Choisissez les pollens dans la liste proposée.",
    options: POLLEN_TAXA.map(({ taxon, name }) => ({ id: taxon, name })),
  },
  texts: POLLEN_ALERT_TEXTS,
} as const satisfies AlertTopic<PollenAlertFacts>;

const renderAlertText = <K extends keyof PollenAlertFacts & string>(kind: K, facts: PollenAlertFacts[K]) => renderAlertWords(POLLEN_ALERT_TEXTS, kind, facts);

export interface PollenAlertState {
  /** last day (YYYY-MM-DD) of the episode already announced */
  episodeLastDay: string | null;
  /**
   * the chosen pollens at « Élevé » or worse on episodeLastDay → their official code (4 to 6),
   * the highest seen for that day; absent in states stored before issue 36 (read as a baseline)
   */
  levels?: Partial<Record<PollenTaxon, number>>;
}

/** « Élevé » on the indice pollen scale (Atmo France, 2024): 4 Élevé, 5 Très élevé, 6 Extrêmement élevé. */
const POLLEN_HIGH_CODE = 4;
const POLLEN_HIGHEST_CODE = 6;

/**
 * Tomorrow's official indice pollen (the section's own day + 1) at « Élevé » or worse for one of
 * the pollens the person chose, once per episode of consecutive days (like diffAir). Inside an
 * episode, a rise is told as a vigilance orange turning red is: a chosen pollen whose
 * code is higher than the day before's and than what was already seen for that day (« Élevé »
 * turning « Extrêmement élevé », or a second pollen reaching « Élevé »), once per rise; a level
 * that holds or falls is not told again. Only the official index of Atmo France and the AASQA
 * counts: no alert from a model, another day, a pollen the person did not choose, or a territory
 * without an index. `advice`: the report's allergy advice for this section (reportAdviceFor),
 * carried by the event and quoted by the e-mail as it is.
 */
export function diffPollen(
  previous: PollenAlertState | null,
  section: PollenSection,
  taxa: readonly PollenTaxon[],
  now: Date,
  advice: readonly AlertAdvice[] = [],
): Diff<PollenAlertState> {
  if (!section.success || section.origin !== "atmo" || section.not_covered) return NO_CHANGE;
  const today = section.day || todayInParis(now);
  const tomorrow = section.days.find((day) => day.date === addDaysToLocalDate(today, 1));
  if (!tomorrow) return NO_CHANGE;
  const high = tomorrow.taxa.flatMap((view) =>
    taxa.includes(view.taxon) && view.code !== null && view.label !== null && view.code >= POLLEN_HIGH_CODE && view.code <= POLLEN_HIGHEST_CODE
      ? [{ taxon: view.taxon, name: view.name, code: view.code, label: view.label }]
      : [],
  );
  if (high.length === 0) return NO_CHANGE;
  const levelsOf = (views: typeof high): Partial<Record<PollenTaxon, number>> => Object.fromEntries(views.map((view) => [view.taxon, view.code]));
  const summary = presentPollen(section).summary;
  const severity = high.some((view) => view.code >= 5) ? "critical" : "warning";
  const announced = previous?.episodeLastDay ?? null;
  if (!announced || announced < addDaysToLocalDate(tomorrow.date, -1)) {
    return {
      events: [
        {
          source: "pollen",
          key: `pollen:episode:${tomorrow.date}`,
          severity,
          ...renderAlertText("pollen-episode", {
            forecastDate: tomorrow.date,
            taxa: high.map((view) => ({ name: view.name, label: view.label })),
            summary,
          }),
          dataDate: tomorrow.date,
          sourceRef: section.source,
          ...adviceOf(advice),
        },
      ],
      next: { episodeLastDay: tomorrow.date, levels: levelsOf(high) },
    };
  }
  // An older forecast than the one already judged says nothing new.
  if (announced > tomorrow.date) return NO_CHANGE;
  const known = previous?.levels;
  // Stored before rises were told: today's levels are the baseline, nothing is announced.
  if (!known) return { events: [], next: { episodeLastDay: tomorrow.date, levels: levelsOf(high) } };
  const sameDay = announced === tomorrow.date;
  const rising = high.filter((view) => view.code > (known[view.taxon] ?? 0));
  // The same day seen again keeps its highest codes (a rise, a fall, then the rise again is one
  // e-mail); a new day of the episode is compared with the day before, as a vigilance's days are.
  const levels = sameDay ? { ...known, ...levelsOf(high.filter((view) => view.code > (known[view.taxon] ?? 0))) } : levelsOf(high);
  const next: PollenAlertState = { episodeLastDay: tomorrow.date, levels };
  const unchanged = JSON.stringify(next) === JSON.stringify(previous);
  if (rising.length === 0) return { events: [], next: unchanged ? null : next };
  return {
    events: [
      {
        source: "pollen",
        key: `pollen:rise:${tomorrow.date}:${rising.map((view) => `${view.taxon}-${view.code}`).join(",")}`,
        severity,
        ...renderAlertText("pollen-rise", {
          forecastDate: tomorrow.date,
          taxa: rising.map((view) => {
            const before = known[view.taxon];
            return { name: view.name, label: view.label, before: before === undefined ? null : (POLLEN_LABELS[before] ?? null) };
          }),
          summary,
        }),
        dataDate: tomorrow.date,
        sourceRef: section.source,
        ...adviceOf(advice),
      },
    ],
    next,
  };
}
