// The vigilance's card for every channel: Météo-France's colour of the département, its phenomena
// by day, the coast apart (decision 078). Pure: dates come from the report.
import { badge } from "../../core/report/badge.ts";
import { dayColumn, dayOffset, sentence } from "../../core/report/days.ts";
import { standardBlocks, type Fact, type LevelTable, type SectionDocument } from "../../core/report/document.ts";
import { formatDateFr, formatDateTimeFr, frenchTypography, NBSP } from "../../core/shared/format.ts";
import type { WeatherWarningsSection } from "./types.ts";
import { coastInSentence } from "./coast.ts";
import { VIGILANCE_COLORS, VIGILANCE_PHENOMENON_NAMES } from "./scale.ts";

export const TITLE = "Vigilance météo";
export const ANCHOR = "vigilance";

/**
 * The one line on the département's coastal strip, when the map colours it above green: « Le
 * littoral de la Gironde est en vigilance orange vagues-submersion demain. » Never the section's
 * headline, level or advice (decision 078): we cannot tell which addresses are on the coast, so
 * every address of the département reads the coast's colour as the coast's, and only that.
 */
export function describeCoast(weather: Pick<WeatherWarningsSection, "days" | "day">): string | null {
  const raised = weather.days.flatMap((day) =>
    day.coast && day.coast.color !== "vert" && dayOffset(day.date, weather.day) >= 0 ? [{ ...day, coast: day.coast }] : [],
  );
  const first = raised[0];
  if (!first) return null;
  const phrase = (coast: (typeof raised)[number]["coast"]) =>
    `vigilance ${coast.color} ${coast.phenomena
      .filter((entry) => entry.color === coast.color)
      .map((entry) => entry.name.toLowerCase())
      .join(", ")}`.trim();
  const when = (date: string) => {
    const offset = dayOffset(date, weather.day);
    return offset === 0 ? "aujourd'hui" : offset === 1 ? "demain" : `le ${formatDateFr(date)}`;
  };
  const parts = raised.map((day) => ({ phrase: phrase(day.coast), when: when(day.date) }));
  const same = parts.every((part) => part.phrase === parts[0]!.phrase);
  const body = same
    ? `${parts[0]!.phrase} ${parts.map((part) => part.when).join(" et ")}`
    : parts.map((part) => `${part.phrase} ${part.when}`).join(", puis en ");
  const verb = dayOffset(first.date, weather.day) === 0 ? "est" : "sera";
  return frenchTypography(`Le ${coastInSentence(first.coast.name)} ${verb} en ${body}.`);
}

export function presentWeatherWarnings(weather: WeatherWarningsSection): SectionDocument {
  const today = weather.days.find((day) => day.date === weather.day) ?? null;
  const tomorrow = weather.days.find((day) => dayOffset(day.date, weather.day) === 1) ?? null;
  const shown = weather.days.filter((day) => dayOffset(day.date, weather.day) >= 0);
  // Overseas: not on the national map (Météo-France publishes it on each territory's site), said as such.
  const offTheMap = weather.success && weather.days.length === 0 && (weather.department?.code.startsWith("97") ?? false);
  const named = (day: NonNullable<typeof today>) => {
    const above = day.phenomena.filter((entry) => entry.color === day.color && entry.color !== "vert").map((entry) => entry.name.toLowerCase());
    return above.length > 0 ? `${day.label} (${above.join(", ")})` : day.label;
  };
  // The map's word for the day with the phenomena at that colour: « Vigilance orange (canicule) ».
  const headline = !weather.configured
    ? badge("Non configurée", "unavailable")
    : today
      ? badge(named(today), today.level, VIGILANCE_COLORS[today.color])
      : offTheMap
        ? badge("Hors carte nationale", "unavailable")
        : badge(weather.success ? "Non publiée" : "Indisponible", "unavailable");
  const phenomena = [...new Set(shown.flatMap((day) => day.phenomena.filter((entry) => entry.color !== "vert").map((entry) => entry.phenomenon)))];
  const table: LevelTable | null =
    phenomena.length > 0
      ? {
          caption: "Vigilance par phénomène",
          columns: shown.map((day) => dayColumn(day.date, weather.day)),
          rows: phenomena.map((phenomenon) => ({
            label: VIGILANCE_PHENOMENON_NAMES[phenomenon],
            cells: shown.map((day) => {
              const view = day.phenomena.find((entry) => entry.phenomenon === phenomenon);
              return view ? badge(view.label, view.level, VIGILANCE_COLORS[view.color]) : null;
            }),
          })),
        }
      : null;
  const facts: Fact[] = [];
  if (weather.department) facts.push({ term: "Département", value: `${weather.department.name} (${weather.department.code})` });
  if (weather.success && weather.configured && !offTheMap) facts.push({ term: "Demain", value: tomorrow ? named(tomorrow) : "Carte non publiée" });
  // The coast's colour after the département's, as a sentence of its own, never in the headline.
  const coast = describeCoast(weather);
  const summary = !weather.configured
    ? sentence(TITLE, "non disponible sur ce service (clé de Météo-France non configurée).")
    : today
      ? sentence(TITLE, `${named(today)}${tomorrow ? ` ; demain${NBSP}: ${named(tomorrow)}` : ""}.${coast ? ` ${coast}` : ""}`)
      : offTheMap
        ? sentence(TITLE, "ce territoire n'est pas sur la carte nationale ; Météo-France publie sa vigilance séparément.")
        : sentence(TITLE, weather.success ? "carte du jour non publiée." : "données momentanément indisponibles.");
  return {
    key: "weather",
    anchor: ANCHOR,
    title: TITLE,
    headline: headline,
    summary,
    blocks: standardBlocks({
      dateLine: today
        ? `Carte de vigilance du ${formatDateFr(today.date)}${weather.updated_at ? `, mise à jour le ${formatDateTimeFr(weather.updated_at)}` : ""}`
        : null,
      message: weather.message,
      facts,
      table: table,
      notes: coast ? [coast] : [],
    }),
    source: weather.source,
    attribution: null,
    // The coast's colour above green is read in « L'essentiel » even under a green département.
    ...(coast ? { attention: true as const } : {}),
  };
}
