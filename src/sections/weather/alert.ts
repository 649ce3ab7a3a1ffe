// The weather-warning topic of the alert run (opt-in, decision 073): the colours a subject was
// told of, the diff of Météo-France's vigilance against them, and the words of its e-mails. Pure.
import { NO_CHANGE, adviceOf, type AlertAdvice, type AlertEvent, type Diff } from "../../core/alerts/diff.ts";
import { renderAlertWords, type AlertTexts } from "../../core/alerts/texts.ts";
import type { AlertTopic } from "../../core/alerts/topic.ts";
import { presentWeatherWarnings } from "./present.ts";
import { formatDateFr } from "../../core/shared/format.ts";
import { addDaysToLocalDate, todayInParis } from "../../core/shared/time.ts";
import type { VigilanceColor, WeatherWarningsSection } from "./types.ts";
import { coastInSentence } from "./coast.ts";

/** The facts this topic's alerts are written from: names, values, dates, never sentences. */
export interface WeatherAlertFacts {
  "weather-warning": {
    date: string;
    /** the warning is for tomorrow (else today) */
    tomorrow: boolean;
    /** « Vigilance orange » */
    label: string;
    /** « Canicule » */
    phenomenonName: string;
    /** « Hérault (34) », or null */
    department: string | null;
    /** the report's vigilance sentence (presentWeatherWarnings' summary), quoted as is */
    summary: string;
  };
  /** the département's coastal strip in orange or red (decision 078): the coast's, never the département's */
  "weather-coast-warning": {
    date: string;
    tomorrow: boolean;
    /** « Vigilance orange » */
    label: string;
    /** « Vagues-submersion » */
    phenomenonName: string;
    /** « Littoral de la Gironde » */
    coast: string;
    /** « Gironde (33) », or null */
    department: string | null;
    /** the département's own colour that day, « Vigilance verte » */
    departmentLabel: string;
    /** the report's vigilance sentence (presentWeatherWarnings' summary), quoted as is */
    summary: string;
  };
}

/** « Vigilance orange (canicule) »: how the report's vigilance sentence (presentWeatherWarnings) names one phenomenon's colour. */
export function describeVigilance(view: { label: string; name: string }): string {
  return `${view.label} (${view.name.toLowerCase()})`;
}

/** The words of this topic's alerts, keyed by kind. */
export const WEATHER_ALERT_TEXTS: AlertTexts<WeatherAlertFacts> = {
  "weather-warning": ({ date, tomorrow, label, phenomenonName, department, summary }) => ({
    title: `${describeVigilance({ label, name: phenomenonName })} ${tomorrow ? "demain" : "aujourd'hui"}`,
    lines: [
      `Météo-France place ${department ? `le département ${department}` : "votre département"} en ${label.toLowerCase()} pour le phénomène « ${phenomenonName} » le ${formatDateFr(date)}.`,
      `Votre bilan : ${summary}`,
      "Suivez les consignes de Météo-France et des autorités.",
    ],
  }),

  // Every address of a coastal département gets it (we cannot tell who lives on the coast), so it
  // names the coast, says the département's own colour, and never calls it the département's.
  "weather-coast-warning": ({ date, tomorrow, label, phenomenonName, coast, department, departmentLabel, summary }) => ({
    title: `${describeVigilance({ label, name: phenomenonName })} sur le ${coastInSentence(coast)} ${tomorrow ? "demain" : "aujourd'hui"}`,
    lines: [
      `Météo-France place le ${coastInSentence(coast)} en ${label.toLowerCase()} pour le phénomène « ${phenomenonName} » le ${formatDateFr(date)}.`,
      `Cette vigilance concerne le bord de mer : Météo-France colore la bande côtière à part. Pour ${department ? `le département ${department}` : "votre département"}, la carte indique ce jour-là : ${departmentLabel}.`,
      `Votre bilan : ${summary}`,
      "Si vous êtes sur le littoral ou devez vous y rendre, suivez les consignes de Météo-France et des autorités.",
    ],
  }),
};

/** The topic as the registry lists it (src/sections/topics.ts). */
export const WEATHER_TOPIC = {
  key: "weather",
  label: "Vigilance météo",
  description: "Une vigilance orange ou rouge de Météo-France pour votre département, aujourd'hui ou demain.",
  // Opt-in (decision 073).
  optIn: true,
  signUp: false,
  texts: WEATHER_ALERT_TEXTS,
} as const satisfies AlertTopic<WeatherAlertFacts>;

const renderAlertText = <K extends keyof WeatherAlertFacts & string>(kind: K, facts: WeatherAlertFacts[K]) =>
  renderAlertWords(WEATHER_ALERT_TEXTS, kind, facts);

export interface WeatherAlertState {
  /**
   * `${day}|${phenomenon}` (the département) or `${day}|littoral:${phenomenon}` (its coastal strip)
   * → the colour already announced for that day and phenomenon (days before yesterday are dropped)
   */
  announced: Record<string, VigilanceColor>;
}

const VIGILANCE_RANK: Record<VigilanceColor, number> = { vert: 1, jaune: 2, orange: 3, rouge: 4 };

/**
 * Météo-France's vigilance orange or red for the département, today or tomorrow: one event per
 * (day, phenomenon, colour) that rises — a colour higher than the one already announced for that
 * day and phenomenon, and than the day before's (a canicule orange that goes on is not told again
 * each day; orange turning red is). A section that is not configured or could not be read never
 * alerts and keeps the state. `advice`: the report's advice for this section (reportAdviceFor),
 * carried by the département's events and quoted by the e-mail as it is.
 */
export function diffWeather(
  previous: WeatherAlertState | null,
  section: WeatherWarningsSection,
  now: Date,
  advice: readonly AlertAdvice[] = [],
): Diff<WeatherAlertState> {
  if (!section.configured || !section.success) return NO_CHANGE;
  const today = section.day || todayInParis(now);
  const tomorrow = addDaysToLocalDate(today, 1);
  const yesterday = addDaysToLocalDate(today, -1);
  const known = previous?.announced ?? {};
  const announced: WeatherAlertState["announced"] = {};
  for (const [key, color] of Object.entries(known)) if ((key.split("|")[0] ?? "") >= yesterday) announced[key] = color;
  const events: AlertEvent[] = [];
  const summary = presentWeatherWarnings(section).summary;
  const rank = (key: string) => (announced[key] ? VIGILANCE_RANK[announced[key]] : 0);
  for (const day of section.days.filter((entry) => entry.date === today || entry.date === tomorrow).sort((a, b) => a.date.localeCompare(b.date))) {
    for (const view of day.phenomena) {
      if (view.color !== "orange" && view.color !== "rouge") continue;
      const key = `${day.date}|${view.phenomenon}`;
      const dayBefore = `${addDaysToLocalDate(day.date, -1)}|${view.phenomenon}`;
      const rising = VIGILANCE_RANK[view.color] > rank(key) && VIGILANCE_RANK[view.color] > rank(dayBefore);
      if (VIGILANCE_RANK[view.color] > rank(key)) announced[key] = view.color;
      if (!rising) continue;
      events.push({
        source: "weather",
        key: `weather:${day.date}:${view.phenomenon}:${view.color}`,
        severity: view.color === "rouge" ? "critical" : "warning",
        ...renderAlertText("weather-warning", {
          date: day.date,
          tomorrow: day.date === tomorrow,
          label: view.label,
          phenomenonName: view.name,
          department: section.department ? `${section.department.name} (${section.department.code})` : null,
          summary,
        }),
        dataDate: day.date,
        sourceRef: section.source,
        ...adviceOf(advice),
      });
    }
  }
  // The coastal strip apart (decision 078): its orange or red is told as the coast's, under its
  // own state key, never as the département's colour; the report gives it no advice, so none here.
  for (const day of section.days.filter((entry) => entry.date === today || entry.date === tomorrow).sort((a, b) => a.date.localeCompare(b.date))) {
    if (!day.coast) continue;
    for (const view of day.coast.phenomena) {
      if (view.color !== "orange" && view.color !== "rouge") continue;
      const key = `${day.date}|${COAST_KEY}${view.phenomenon}`;
      const dayBefore = `${addDaysToLocalDate(day.date, -1)}|${COAST_KEY}${view.phenomenon}`;
      const rising = VIGILANCE_RANK[view.color] > rank(key) && VIGILANCE_RANK[view.color] > rank(dayBefore);
      if (VIGILANCE_RANK[view.color] > rank(key)) announced[key] = view.color;
      if (!rising) continue;
      events.push({
        source: "weather",
        key: `weather:${day.date}:${COAST_KEY}${view.phenomenon}:${view.color}`,
        severity: view.color === "rouge" ? "critical" : "warning",
        ...renderAlertText("weather-coast-warning", {
          date: day.date,
          tomorrow: day.date === tomorrow,
          label: view.label,
          phenomenonName: view.name,
          coast: day.coast.name,
          department: section.department ? `${section.department.name} (${section.department.code})` : null,
          departmentLabel: day.label,
          summary,
        }),
        dataDate: day.date,
        sourceRef: section.source,
      });
    }
  }
  const next: WeatherAlertState = { announced };
  return { events, next: JSON.stringify(next) === JSON.stringify(previous) ? null : next };
}

/** The coastal strip's part of the state and of the event keys: « 2026-04-15|littoral:vagues_submersion ». */
const COAST_KEY = "littoral:";
