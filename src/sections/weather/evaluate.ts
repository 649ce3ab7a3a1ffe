// Météo-France's vigilance for the report: the département's colour per phenomenon, today and
// tomorrow, as the national map printed it, and its coastal strip's apart. Pure: the bulletin and
// the time are passed in.
import { departmentCodeOf, departmentNameOf } from "../../core/shared/commune.ts";
import { todayForCommune } from "../../core/shared/time.ts";
import type { SourceRef, SourceResult } from "../../core/types.ts";
import type {
  VigilanceBulletin,
  VigilanceColor,
  VigilanceDayView,
  VigilancePhenomenonColor,
  VigilancePhenomenonView,
  WeatherWarningsSection,
} from "./types.ts";
import { coastNameOf } from "./coast.ts";
import { VIGILANCE_COLOR_OF_ID, VIGILANCE_LABELS, VIGILANCE_LEVELS, VIGILANCE_PHENOMENA } from "./scale.ts";
import { unavailableWeatherWarnings, VIGILANCE_SOURCE } from "./source.ts";

export const WEATHER_MESSAGES = {
  notConfigured: "La vigilance météo n'est pas configurée sur ce service : la clé de l'API de Météo-France n'est pas renseignée.",
  unavailable: "La carte de vigilance de Météo-France est momentanément indisponible.",
  notOnMap: "La carte de vigilance de Météo-France du jour ne mentionne pas ce département.",
} as const;

/**
 * The overseas départements are not on the national map: Météo-France publishes their vigilance
 * on each territory's own site (its own colours and phenomena, e.g. cyclones).
 */
export const OVERSEAS_VIGILANCE: Record<string, SourceRef> = {
  "971": { name: "Vigilance météorologique – Météo-France Guadeloupe", url: "https://meteofrance.gp/fr/vigilance", publisher: "Météo-France" },
  "972": { name: "Vigilance météorologique – Météo-France Martinique", url: "https://meteofrance.mq/fr/vigilance", publisher: "Météo-France" },
  "973": { name: "Vigilance météorologique – Météo-France Guyane", url: "https://meteofrance.gf/fr/vigilance", publisher: "Météo-France" },
  "974": { name: "Vigilance météorologique – Météo-France La Réunion", url: "https://meteofrance.re/fr/vigilance", publisher: "Météo-France" },
  "976": { name: "Vigilance météorologique – Météo-France Mayotte", url: "https://meteofrance.yt/fr/vigilance", publisher: "Météo-France" },
  // Météo-France's own menu names meteofrance.gp « Guadeloupe, Saint Martin, Saint Barthélemy »:
  // the Îles du Nord's vigilance is published on the Guadeloupe site.
  "977": {
    name: "Vigilance météorologique – Météo-France Guadeloupe, Saint-Martin et Saint-Barthélemy",
    url: "https://meteofrance.gp/fr/vigilance",
    publisher: "Météo-France",
  },
  "978": {
    name: "Vigilance météorologique – Météo-France Guadeloupe, Saint-Martin et Saint-Barthélemy",
    url: "https://meteofrance.gp/fr/vigilance",
    publisher: "Météo-France",
  },
  // The same menu links Saint-Pierre-et-Miquelon to its site's home (meteofrance.pm); no vigilance
  // page address of that site could be confirmed, so the link is the home, where it is published.
  "975": { name: "Vigilance météorologique – Météo-France Saint-Pierre-et-Miquelon", url: "https://meteofrance.pm/", publisher: "Météo-France" },
};

/** Météo-France's canicule watch runs from 1 June to 15 September: then canicule comes first among equal colours. */
function isCaniculeSeason(day: string): boolean {
  const [, month, date] = day.split("-").map(Number) as [number, number, number];
  return (month >= 6 && month <= 8) || (month === 9 && date <= 15);
}

const PHENOMENON_ORDER = new Map(VIGILANCE_PHENOMENA.map((entry, index) => [entry.phenomenon, index]));
const NAME_OF = new Map(VIGILANCE_PHENOMENA.map((entry) => [entry.phenomenon, entry.name]));

type Listed = ReadonlyArray<VigilancePhenomenonColor>;

/** Phenomena, the highest colour first (canicule first among equals in summer), in the map's words. */
function phenomenonViews(phenomena: Listed, reportDay: string): VigilancePhenomenonView[] {
  const summer = isCaniculeSeason(reportDay);
  return [...phenomena]
    .sort(
      (a, b) =>
        b.color - a.color ||
        (summer ? Number(b.phenomenon === "canicule") - Number(a.phenomenon === "canicule") : 0) ||
        (PHENOMENON_ORDER.get(a.phenomenon) ?? 99) - (PHENOMENON_ORDER.get(b.phenomenon) ?? 99),
    )
    .map(({ phenomenon, color }) => {
      const name = VIGILANCE_COLOR_OF_ID[color];
      return { phenomenon, name: NAME_OF.get(phenomenon) ?? phenomenon, color: name, label: VIGILANCE_LABELS[name], level: VIGILANCE_LEVELS[name] };
    });
}

// A domain listed with no phenomenon above green is green: the map printed it so.
const highestColor = (phenomena: Listed): VigilanceColor => VIGILANCE_COLOR_OF_ID[Math.max(1, ...phenomena.map((entry) => entry.color)) as 1 | 2 | 3 | 4];

/**
 * One day of the département: its own phenomena and colour; its coastal strip beside it, never
 * in it (decision 078): the strip's vagues-submersion is the coast's, and a commune 100 km inland
 * must not read it as its own.
 */
export function vigilanceDayView(
  date: string,
  own: { phenomena: Listed; coast: { name: string; phenomena: Listed } | null },
  reportDay: string,
): VigilanceDayView {
  const highest = highestColor(own.phenomena);
  const coast = own.coast
    ? (() => {
        const color = highestColor(own.coast.phenomena);
        return { name: own.coast.name, color, label: VIGILANCE_LABELS[color], phenomena: phenomenonViews(own.coast.phenomena, reportDay) };
      })()
    : null;
  return {
    date,
    color: highest,
    label: VIGILANCE_LABELS[highest],
    level: VIGILANCE_LEVELS[highest],
    phenomena: phenomenonViews(own.phenomena, reportDay),
    coast,
  };
}

/**
 * The weather-warnings section for a commune. Without a key: « not configured », nothing read.
 * Overseas: not on this map, said plainly with the territory's own page, never « vert ». A day
 * the map does not list the département is not shown (never a green we did not read).
 */
export function evaluateWeatherWarnings(input: { bulletin: SourceResult<VigilanceBulletin>; now: Date; citycode: string }): WeatherWarningsSection {
  const day = todayForCommune(input.now, input.citycode);
  const code = departmentCodeOf(input.citycode);
  const department = { code, name: departmentNameOf(code) };
  if (code.startsWith("97") || code.startsWith("98")) {
    const territory = OVERSEAS_VIGILANCE[code];
    return {
      ...unavailableWeatherWarnings(day, overseasMessage(code, department.name, territory)),
      success: true,
      department,
      source: territory ?? VIGILANCE_SOURCE,
    };
  }
  const { bulletin } = input;
  if (!bulletin.ok) {
    if (bulletin.reason === "not_configured") return unavailableWeatherWarnings(day, WEATHER_MESSAGES.notConfigured, false);
    return { ...unavailableWeatherWarnings(day, WEATHER_MESSAGES.unavailable), department };
  }
  const coastName = coastNameOf(department);
  const days = bulletin.data.days
    .filter((entry) => entry.date >= day && entry.departments[code] !== undefined)
    .map((entry) => {
      const coast = entry.coasts[code];
      return vigilanceDayView(entry.date, { phenomena: entry.departments[code] ?? [], coast: coast ? { name: coastName, phenomena: coast } : null }, day);
    });
  const today = days.find((entry) => entry.date === day) ?? null;
  return {
    success: true,
    level: today ? today.level : "unavailable",
    configured: true,
    department,
    days,
    updated_at: bulletin.data.updatedAt,
    day,
    message: today ? null : WEATHER_MESSAGES.notOnMap,
    source: VIGILANCE_SOURCE,
  };
}

/** Saint-Pierre-et-Miquelon, Saint-Barthélemy and Saint-Martin are collectivities, not départements. */
const OVERSEAS_COLLECTIVITIES = new Set(["975", "977", "978"]);

function overseasMessage(code: string, name: string, territory: SourceRef | undefined): string {
  const where = name ? ` (${name})` : "";
  const which = OVERSEAS_COLLECTIVITIES.has(code) ? "ce territoire" : "ce département";
  return territory
    ? `La carte de vigilance nationale de Météo-France ne couvre que la métropole et la Corse. La vigilance de ${which}${where} est publiée séparément par Météo-France : ${territory.url}`
    : `La carte de vigilance nationale de Météo-France ne couvre que la métropole et la Corse : ce territoire${where} n'y figure pas.`;
}
