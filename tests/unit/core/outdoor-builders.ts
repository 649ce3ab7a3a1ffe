// DERIVED sections of issue 26 (pollen, UV, weather warnings, radon) for the tests of their
// presentation in every channel (page, PDF, e-mail): built by hand from the official scales
// (src/core/{pollen,uv,weather,radon}/scale.ts), not read from any upstream. The adapters' own
// tests use the recorded answers; these only say what each channel shows of a section.
import { levelOfPollenCode, POLLEN_COLORS, POLLEN_LABELS, POLLEN_TAXA } from "../../../src/sections/pollen/scale.ts";
import { POLLEN_SOURCE, unavailablePollen } from "../../../src/sections/pollen/source.ts";
import { RADON_CATEGORIES } from "../../../src/sections/radon/scale.ts";
import { RADON_SOURCE, unavailableRadon } from "../../../src/sections/radon/source.ts";
import type { PollenDayView, PollenSection, PollenTaxon } from "../../../src/sections/pollen/types.ts";
import type { RadonSection } from "../../../src/sections/radon/types.ts";
import type { UvDayView, UvSection } from "../../../src/sections/uv/types.ts";
import type { VigilanceColor, VigilanceDayView, VigilancePhenomenon, WeatherWarningsSection } from "../../../src/sections/weather/types.ts";
import { uvCategoryOf } from "../../../src/sections/uv/scale.ts";
import { UV_SOURCE, unavailableUv } from "../../../src/sections/uv/source.ts";
import { VIGILANCE_LABELS, VIGILANCE_LEVELS, VIGILANCE_PHENOMENON_NAMES } from "../../../src/sections/weather/scale.ts";
import { unavailableWeatherWarnings, VIGILANCE_SOURCE } from "../../../src/sections/weather/source.ts";

/** The builders' day: the Amiens report's (tests/unit/core/builders.ts NOW, 22 November 2026). */
export const OUTDOOR_DAY = "2026-11-22";

const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------- pollen

function pollenDay(date: string, taxa: Partial<Record<PollenTaxon, number>>): PollenDayView {
  const code = Math.max(0, ...Object.values(taxa));
  return {
    date,
    code,
    label: POLLEN_LABELS[code] ?? "Indisponible",
    color: POLLEN_COLORS[code]?.background ?? null,
    level: levelOfPollenCode(code),
    taxa: POLLEN_TAXA.map(({ taxon, name }) => {
      const taxonCode = taxa[taxon] ?? null;
      return { taxon, name, code: taxonCode, label: taxonCode === null ? null : (POLLEN_LABELS[taxonCode] ?? null), level: levelOfPollenCode(taxonCode) };
    }),
    responsible: POLLEN_TAXA.filter(({ taxon }) => code > 0 && taxa[taxon] === code).map(({ name }) => name),
  };
}

/** Modéré today (graminées), Élevé tomorrow (graminées), Faible the day after. */
export function pollenSection(day = OUTDOOR_DAY): PollenSection {
  const days = [
    pollenDay(day, { aulne: 1, bouleau: 2, olivier: 1, graminees: 3, armoise: 1, ambroisie: 1 }),
    pollenDay(plusDays(day, 1), { aulne: 1, bouleau: 2, olivier: 1, graminees: 4, armoise: 1, ambroisie: 1 }),
    pollenDay(plusDays(day, 2), { aulne: 1, bouleau: 1, olivier: 1, graminees: 2, armoise: 1, ambroisie: 1 }),
  ];
  return {
    success: true,
    level: days[0]!.level,
    origin: "atmo",
    zone: { code: "80021", name: "Amiens" },
    days,
    not_covered: false,
    day,
    message: null,
    source: POLLEN_SOURCE,
  };
}

export const pollenUnavailable = (day = OUTDOOR_DAY) => unavailablePollen(day, "L'indice pollen n'a pas pu être lu. Réessayez plus tard.");

/** Overseas: no official index, said so. */
export function pollenNotCovered(day = OUTDOOR_DAY): PollenSection {
  return { ...unavailablePollen(day, "Il n'existe pas d'indice pollen officiel pour ce territoire."), success: true, not_covered: true };
}

// ---------------------------------------------------------------- UV

function uvDay(date: string, uvIndexMax: number): UvDayView {
  const category = uvCategoryOf(uvIndexMax);
  return { date, uv_index_max: Math.round(uvIndexMax), category: category.category, label: category.label, level: category.level };
}

/** « Élevé (prévision) » today (6,4 → 6), Modéré tomorrow. */
export function uvSection(day = OUTDOOR_DAY): UvSection {
  const today = uvDay(day, 6.4);
  return { success: true, level: today.level, origin: "model", today, tomorrow: uvDay(plusDays(day, 1), 4.2), day, message: null, source: UV_SOURCE };
}

/** « Faible (prévision) » today and tomorrow: nothing to protect from. */
export function uvLow(day = OUTDOOR_DAY): UvSection {
  const today = uvDay(day, 1.2);
  return { success: true, level: today.level, origin: "model", today, tomorrow: uvDay(plusDays(day, 1), 1.4), day, message: null, source: UV_SOURCE };
}

export const uvUnavailable = (day = OUTDOOR_DAY) => unavailableUv(day, "La prévision de l'indice UV n'a pas pu être lue. Réessayez plus tard.");

// ---------------------------------------------------------------- weather warnings

function vigilanceDay(date: string, colors: Partial<Record<VigilancePhenomenon, VigilanceColor>>): VigilanceDayView {
  const order: VigilanceColor[] = ["vert", "jaune", "orange", "rouge"];
  const phenomena = (Object.keys(VIGILANCE_PHENOMENON_NAMES) as VigilancePhenomenon[])
    .map((phenomenon) => {
      const color = colors[phenomenon] ?? "vert";
      return { phenomenon, name: VIGILANCE_PHENOMENON_NAMES[phenomenon], color, label: VIGILANCE_LABELS[color], level: VIGILANCE_LEVELS[color] };
    })
    .sort((a, b) => order.indexOf(b.color) - order.indexOf(a.color));
  const color = phenomena[0]!.color;
  return { date, color, label: VIGILANCE_LABELS[color], level: VIGILANCE_LEVELS[color], phenomena, coast: null };
}

/** Orange canicule today, jaune orages tomorrow, in the Somme. */
export function weatherSection(day = OUTDOOR_DAY): WeatherWarningsSection {
  const days = [vigilanceDay(day, { canicule: "orange" }), vigilanceDay(plusDays(day, 1), { orages: "jaune" })];
  return {
    success: true,
    level: days[0]!.level,
    configured: true,
    department: { code: "80", name: "Somme" },
    days,
    updated_at: `${day}T04:00:00.000Z`,
    day,
    message: null,
    source: VIGILANCE_SOURCE,
  };
}

/** Vigilance verte today and tomorrow. */
export function weatherGreen(day = OUTDOOR_DAY): WeatherWarningsSection {
  return { ...weatherSection(day), level: "good", days: [vigilanceDay(day, {}), vigilanceDay(plusDays(day, 1), {})] };
}

export const weatherUnavailable = (day = OUTDOOR_DAY) => unavailableWeatherWarnings(day, "La carte de vigilance n'a pas pu être lue. Réessayez plus tard.");

/** No METEOFRANCE_API_KEY on this installation. */
export const weatherNotConfigured = (day = OUTDOOR_DAY) =>
  unavailableWeatherWarnings(day, "La vigilance météo n'est pas disponible sur ce service (clé d'accès de Météo-France non configurée).", false);

// ---------------------------------------------------------------- radon

/** Category 3: potentiel radon significatif. */
export function radonSection(category: 1 | 2 | 3 = 3): RadonSection {
  const official = RADON_CATEGORIES[category];
  return {
    success: true,
    level: official.level,
    category,
    label: official.label,
    commune: { code: "80021", name: "Amiens" },
    message: null,
    source: RADON_SOURCE,
  };
}

export const radonUnavailable = () => unavailableRadon("Le classement de la commune n'a pas pu être lu.");

/** A commune the classification does not list (read, but absent). */
export const radonNotClassified = (): RadonSection => ({
  ...unavailableRadon("Cette commune ne figure pas dans la classification officielle."),
  success: true,
});

/** The four derived sections, as assembleReport takes them. */
export const outdoorSections = (day = OUTDOOR_DAY) => ({
  pollen: pollenSection(day),
  uv: uvSection(day),
  weatherWarnings: weatherSection(day),
  radon: radonSection(),
});
