// The air topic of the alert run: the episode a subject was told of, the diff of tomorrow's
// official ATMO forecast against it, and the words of its e-mails. Pure: no I/O, `now` passed in.
import { NO_CHANGE, type Diff } from "../../core/alerts/diff.ts";
import { renderAlertWords, type AlertTexts } from "../../core/alerts/texts.ts";
import type { AlertTopic } from "../../core/alerts/topic.ts";
import { formatDateFr } from "../../core/shared/format.ts";
import { addDaysToLocalDate, todayInParis } from "../../core/shared/time.ts";
import type { AirQualitySection } from "../../core/types.ts";

export interface AirAlertState {
  /** last day (YYYY-MM-DD) of the episode already announced */
  episodeLastDay: string | null;
  /** last day of the « Événement » already announced (absent in states stored before issue 21) */
  eventLastDay?: string | null;
}

/** The facts this topic's alerts are written from: names, values, dates, never sentences. */
export interface AirAlertFacts {
  "air-episode": { forecastDate: string; indexLabel: string };
  "air-event": { forecastDate: string };
}

/** The words of this topic's alerts, keyed by kind. */
export const AIR_ALERT_TEXTS: AlertTexts<AirAlertFacts> = {
  "air-episode": ({ forecastDate, indexLabel }) => ({
    title: `Qualité de l'air demain : ${indexLabel.toLowerCase()}`,
    lines: [
      `L'indice ATMO prévu pour le ${formatDateFr(forecastDate)} est « ${indexLabel} ».`,
      "Les personnes vulnérables (femmes enceintes, nourrissons, personnes âgées ou malades du cœur ou des poumons) réduisent leurs activités physiques à l'extérieur et évitent les grands axes routiers ; chacun limite le sport intense.",
    ],
  }),

  // « Événement » is no level of pollution: the report's own words for it (the air-event advice),
  // never the episode's advice to vulnerable people.
  "air-event": ({ forecastDate }) => ({
    title: "Qualité de l'air demain : « Événement » signalé",
    lines: [
      `L'indice ATMO prévu pour le ${formatDateFr(forecastDate)} est « Événement » : l'association agréée de surveillance de la qualité de l'air signale un incident à l'origine d'émissions inhabituelles (incendie, panache industriel…) ; l'indice habituel n'est pas calculé.`,
      "Suivez les informations de votre préfecture et de votre agence régionale de surveillance de la qualité de l'air ; en cas de gêne respiratoire, demandez conseil à un professionnel de santé.",
    ],
  }),
};

/** The topic as the registry lists it (src/sections/topics.ts). */
export const AIR_TOPIC = {
  key: "air",
  label: "Qualité de l'air",
  description: "La veille d'une journée prévue «\u00a0Dégradé\u00a0» ou pire par l'indice ATMO.",
  optIn: false,
  signUp: true,
  texts: AIR_ALERT_TEXTS,
} as const satisfies AlertTopic<AirAlertFacts>;

const renderAlertText = <K extends keyof AirAlertFacts & string>(kind: K, facts: AirAlertFacts[K]) => renderAlertWords(AIR_ALERT_TEXTS, kind, facts);

const ATMO_EVENT_CODE = 7;

/**
 * Tomorrow's official ATMO forecast Dégradé (3) to Extrêmement mauvais (6), once per episode of
 * consecutive days. « Événement » (7) is not a rank of the scale (arrêté du 10 juillet 2020): an
 * incident with unusual emissions, for which the agency computes no index. It gets its own words
 * (follow the prefecture and the agency), once per run of consecutive days, never the
 * pollution-episode advice.
 */
export function diffAir(previous: AirAlertState | null, air: AirQualitySection, now: Date): Diff<AirAlertState> {
  const forecast = air.tomorrow;
  // The commune's own day (overseas, the territory's), as the section was judged.
  const today = air.day || todayInParis(now);
  // Only the official forecast for tomorrow counts: no alert from a model estimate or another day.
  if (!forecast || forecast.date !== addDaysToLocalDate(today, 1)) return NO_CHANGE;
  const event = forecast.code === ATMO_EVENT_CODE;
  if (!event && (forecast.code < 3 || forecast.code > 6)) return NO_CHANGE;
  const announced = (event ? previous?.eventLastDay : previous?.episodeLastDay) ?? null;
  const next: AirAlertState = { ...(previous ?? { episodeLastDay: null }), [event ? "eventLastDay" : "episodeLastDay"]: forecast.date };
  if (announced && announced >= addDaysToLocalDate(forecast.date, -1)) {
    return announced >= forecast.date ? NO_CHANGE : { events: [], next };
  }
  const words = event
    ? renderAlertText("air-event", { forecastDate: forecast.date })
    : renderAlertText("air-episode", { forecastDate: forecast.date, indexLabel: forecast.label });
  return {
    events: [
      {
        source: "air",
        key: `air:${event ? "event" : "episode"}:${forecast.date}`,
        severity: !event && forecast.code >= 4 ? "critical" : "warning",
        ...words,
        dataDate: forecast.date,
        sourceRef: air.source,
      },
    ],
    next,
  };
}
