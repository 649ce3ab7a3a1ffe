// The presentation of the four sections of issue 26 (pollen, UV, weather warnings, radon), for
// every channel, as present.ts does for the others: the source's own word and colour as the
// headline, every value dated, a model's forecast labelled as such. Pure: dates come from the report.
import { POLLEN_COLORS, POLLEN_TAXA } from "../../sections/pollen/scale.ts";
import { RADON_CATEGORIES } from "../../sections/radon/scale.ts";
import { isArrondissementCode } from "../shared/arrondissement.ts";
import { formatDateFr, formatDateTimeFr, frenchTypography, NBSP } from "../shared/format.ts";
import { badge, type Badge } from "./badge.ts";
import type { PollenDayView, PollenSection, RadonSection, SourceRef, UvDayView, UvSection, WeatherWarningsSection } from "../types.ts";
import { UV_COLORS } from "../../sections/uv/scale.ts";
import { coastInSentence } from "../../sections/weather/coast.ts";
import { VIGILANCE_COLORS, VIGILANCE_PHENOMENON_NAMES } from "../../sections/weather/scale.ts";

/** Official words in a grid: a row per taxon or phenomenon, a column per day; null where nothing was published. */
export interface LevelTable {
  caption: string;
  columns: string[];
  rows: Array<{ label: string; cells: Array<Badge | null> }>;
}

export interface OutdoorPresentation {
  key: "pollen" | "uv" | "weather" | "radon";
  anchor: string;
  title: string;
  headline: Badge;
  dateLine: string | null;
  message: string | null;
  facts: Array<{ term: string; value: string }>;
  notes: string[];
  source: SourceRef;
  attribution: string | null;
  table: LevelTable | null;
  /** the sentence of « L'essentiel » and of the e-mails: « Pollens : Faible ; demain : Modéré. » */
  summary: string;
}

export const OUTDOOR_TITLES = { pollen: "Pollens", uv: "Indice UV", weather: "Vigilance météo", radon: "Radon" } as const;
export const OUTDOOR_ANCHORS = { pollen: "pollens", uv: "uv", weather: "vigilance", radon: "radon" } as const;

const sentence = (label: string, rest: string) => frenchTypography(`${label} : ${rest}`);

/** « Aujourd'hui (26 novembre) », « Demain (27 novembre) », « 28 novembre 2026 » */
function dayColumn(date: string, today: string): string {
  const offset = Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000);
  // formatDateFr joins with non-breaking spaces: \s matches them, a plain space would not.
  const short = formatDateFr(date).replace(/\s\d{4}$/, "");
  if (offset === 0) return `Aujourd'hui (${short})`;
  if (offset === 1) return `Demain (${short})`;
  if (offset === 2) return `Après-demain (${short})`;
  return formatDateFr(date);
}

const dayOffset = (date: string, today: string) => Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000);

// ---------------------------------------------------------------- pollen

function pollenBadge(day: Pick<PollenDayView, "label" | "level" | "code">): Badge {
  return badge(day.label, day.level, POLLEN_COLORS[day.code] ?? null);
}

export function presentPollen(pollen: PollenSection): OutdoorPresentation {
  const today = pollen.days.find((day) => day.date === pollen.day) ?? null;
  const tomorrow = pollen.days.find((day) => dayOffset(day.date, pollen.day) === 1) ?? null;
  const shown = pollen.days.filter((day) => dayOffset(day.date, pollen.day) >= 0);
  const headline = pollen.not_covered
    ? badge("Pas d'indice officiel", "unavailable")
    : today
      ? pollenBadge(today)
      : badge(pollen.success ? "Non publié" : "Indisponible", "unavailable");
  const facts: OutdoorPresentation["facts"] = [];
  if (today && today.responsible.length > 0) facts.push({ term: "Pollens responsables", value: today.responsible.join(", ") });
  if (pollen.success && !pollen.not_covered) facts.push({ term: "Demain", value: tomorrow ? tomorrow.label : "Prévision non publiée" });
  if (pollen.zone) facts.push({ term: "Zone de l'indice", value: pollen.zone.name });
  const table: LevelTable | null =
    shown.length > 0
      ? {
          caption: "Indice pollen par taxon",
          columns: shown.map((day) => dayColumn(day.date, pollen.day)),
          rows: POLLEN_TAXA.map(({ taxon, name }) => ({
            label: name,
            cells: shown.map((day) => {
              const view = day.taxa.find((entry) => entry.taxon === taxon);
              return view && view.code !== null && view.label !== null ? pollenBadge({ label: view.label, level: view.level, code: view.code }) : null;
            }),
          })),
        }
      : null;
  const summary = pollen.not_covered
    ? sentence(OUTDOOR_TITLES.pollen, "pas d'indice pollen officiel pour ce territoire.")
    : today
      ? sentence(
          OUTDOOR_TITLES.pollen,
          `${today.label}${today.responsible.length > 0 ? ` (${today.responsible.join(", ")})` : ""}${tomorrow ? ` ; demain${NBSP}: ${tomorrow.label}` : ""}.`,
        )
      : sentence(OUTDOOR_TITLES.pollen, pollen.success ? "indice non publié aujourd'hui." : "données momentanément indisponibles.");
  return {
    key: "pollen",
    anchor: OUTDOOR_ANCHORS.pollen,
    title: OUTDOOR_TITLES.pollen,
    headline,
    dateLine: today ? `Indice pollen officiel du ${formatDateFr(today.date)}` : null,
    message: pollen.message,
    facts,
    notes: [],
    source: pollen.source,
    attribution: null,
    table,
    summary,
  };
}

// ---------------------------------------------------------------- UV

function uvBadge(day: UvDayView): Badge {
  return badge(`${day.label} (prévision)`, day.level, UV_COLORS[day.category]);
}

const uvValue = (day: UvDayView) => `${day.uv_index_max} (catégorie de l'OMS «${NBSP}${day.label}${NBSP}»)`;

export function presentUv(uv: UvSection): OutdoorPresentation {
  const facts: OutdoorPresentation["facts"] = [];
  if (uv.today) facts.push({ term: "Maximum prévu", value: uvValue(uv.today) });
  if (uv.success) facts.push({ term: "Demain", value: uv.tomorrow ? uvValue(uv.tomorrow) : "Prévision non disponible" });
  const summary = uv.today
    ? sentence(
        OUTDOOR_TITLES.uv,
        `${uv.today.label}, indice maximal ${uv.today.uv_index_max} (prévision de modèle)${uv.tomorrow ? ` ; demain${NBSP}: ${uv.tomorrow.label}` : ""}.`,
      )
    : sentence(OUTDOOR_TITLES.uv, uv.success ? "aucune prévision pour aujourd'hui." : "prévision momentanément indisponible.");
  return {
    key: "uv",
    anchor: OUTDOOR_ANCHORS.uv,
    title: OUTDOOR_TITLES.uv,
    headline: uv.today ? uvBadge(uv.today) : badge(uv.success ? "Non prévu" : "Indisponible", "unavailable"),
    dateLine: uv.today ? `Prévision pour le ${formatDateFr(uv.today.date)}, maximum de la journée` : null,
    message: uv.message,
    facts,
    notes:
      uv.origin === "model"
        ? ["Prévision d'un modèle météorologique, pas une mesure : l'indice réel dépend des nuages, de l'altitude et de la réverbération."]
        : [],
    source: uv.source,
    attribution: uv.origin === "model" ? "Prévision Open-Meteo.com (CC BY 4.0)" : null,
    table: null,
    summary,
  };
}

// ---------------------------------------------------------------- weather warnings

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

export function presentWeatherWarnings(weather: WeatherWarningsSection): OutdoorPresentation {
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
  const facts: OutdoorPresentation["facts"] = [];
  if (weather.department) facts.push({ term: "Département", value: `${weather.department.name} (${weather.department.code})` });
  if (weather.success && weather.configured && !offTheMap) facts.push({ term: "Demain", value: tomorrow ? named(tomorrow) : "Carte non publiée" });
  // The coast's colour after the département's, as a sentence of its own, never in the headline.
  const coast = describeCoast(weather);
  const summary = !weather.configured
    ? sentence(OUTDOOR_TITLES.weather, "non disponible sur ce service (clé de Météo-France non configurée).")
    : today
      ? sentence(OUTDOOR_TITLES.weather, `${named(today)}${tomorrow ? ` ; demain${NBSP}: ${named(tomorrow)}` : ""}.${coast ? ` ${coast}` : ""}`)
      : offTheMap
        ? sentence(OUTDOOR_TITLES.weather, "ce territoire n'est pas sur la carte nationale ; Météo-France publie sa vigilance séparément.")
        : sentence(OUTDOOR_TITLES.weather, weather.success ? "carte du jour non publiée." : "données momentanément indisponibles.");
  return {
    key: "weather",
    anchor: OUTDOOR_ANCHORS.weather,
    title: OUTDOOR_TITLES.weather,
    headline,
    dateLine: today
      ? `Carte de vigilance du ${formatDateFr(today.date)}${weather.updated_at ? `, mise à jour le ${formatDateTimeFr(weather.updated_at)}` : ""}`
      : null,
    message: weather.message,
    facts,
    notes: coast ? [coast] : [],
    source: weather.source,
    attribution: null,
    table,
    summary,
  };
}

// ---------------------------------------------------------------- radon

export function presentRadon(radon: RadonSection): OutdoorPresentation {
  const category = radon.category ? RADON_CATEGORIES[radon.category] : null;
  const parts = radon.parts ?? [];
  const byArrondissement = parts.some((part) => isArrondissementCode(part.code));
  const facts: OutdoorPresentation["facts"] = [];
  if (category) facts.push({ term: "Potentiel radon", value: category.meaning });
  if (radon.commune) {
    // The place the arrêté classes, by its own name: a former commune with its commune of today.
    const today = radon.basis === "former_commune" && radon.current_commune ? ` (ancienne commune, aujourd'hui ${radon.current_commune.name})` : "";
    facts.push({ term: "Commune", value: `${radon.commune.name}${today}` });
  }
  if (radon.basis === "parts" && parts.length > 0) {
    if (category) {
      facts.push({
        term: "Classement",
        value: byArrondissement
          ? `ses ${parts.length} arrondissements sont en ${category.label.toLowerCase()}`
          : `ses ${parts.length} anciennes communes (${parts.map((part) => part.name).join(", ")}) sont en ${category.label.toLowerCase()}`,
      });
    } else {
      for (const level of [3, 2, 1] as const) {
        const names = parts.filter((part) => part.category === level).map((part) => part.name);
        if (names.length > 0) facts.push({ term: RADON_CATEGORIES[level].label, value: names.join(", ") });
      }
    }
  }
  const where =
    radon.basis === "former_commune"
      ? ` (ancienne commune de ${radon.commune?.name ?? ""})`
      : radon.basis === "arrondissement"
        ? ` (${radon.commune?.name ?? ""})`
        : "";
  // « catégories 1 et 3 »: the parts themselves are in the card's facts and message.
  const categories = [...new Set(parts.map((part) => part.category))].sort();
  const range = `catégories ${categories.slice(0, -1).join(", ")} et ${categories.at(-1) ?? ""}`;
  const summary = category
    ? sentence(OUTDOOR_TITLES.radon, `${category.label}, ${category.meaning}${where}.`)
    : radon.basis === "parts"
      ? sentence(OUTDOOR_TITLES.radon, `${radon.label.charAt(0).toLowerCase()}${radon.label.slice(1)} (${range}).`)
      : sentence(OUTDOOR_TITLES.radon, radon.success ? "commune absente de la classification officielle." : "classement momentanément indisponible.");
  return {
    key: "radon",
    anchor: OUTDOOR_ANCHORS.radon,
    title: OUTDOOR_TITLES.radon,
    headline:
      category && radon.category ? badge(category.label, category.level, category.colors) : badge(radon.success ? radon.label : "Indisponible", "unavailable"),
    dateLine: category || radon.basis === "parts" ? "Classement officiel des communes (arrêté du 27 juin 2018)" : null,
    message: radon.message,
    facts,
    notes: [],
    source: radon.source,
    attribution: null,
    table: null,
    summary,
  };
}
