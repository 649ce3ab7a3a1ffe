import { formatNumberFr, frenchTypography } from "../shared/format.ts";
import { addDaysToLocalDate, todayInParis } from "../shared/time.ts";
import { ATMO_SOURCE, CAMS_SOURCE } from "../shared/sources.ts";
import type { AirPollutantCode, AirQualitySection, AtmoIndex, CamsEstimate, CommuneEpci, SourceResult } from "../types.ts";
import { AIR_POLLUTANT_CODES, AIR_POLLUTANT_NAMES, ATMO_LABELS, ATMO_SUB_INDEX_SCALES, atmoCodeForConcentration, levelOfAtmoCode } from "./atmo-scale.ts";

const MICROGRAMS = "µg/m³";
const EVENT_CODE = 7;

/** The commune's intercommunality as the official API Géo names it. */
export type EpciRef = NonNullable<CommuneEpci["epci"]>;

/**
 * Air today, official first: the commune's ATMO index; else its intercommunality's (EPCI), which
 * many agencies publish instead of per-commune indices; else the CAMS model's day placed on the
 * ATMO sub-index scales (worst pollutant wins, as in the official index), always labelled as a
 * model estimate.
 */
export function evaluateAirQuality(input: {
  atmo: SourceResult<AtmoIndex[]>;
  cams: SourceResult<CamsEstimate>;
  now: Date;
  /** null or absent when the EPCI is unknown (API Géo failed, or a commune outside any EPCI) */
  epci?: EpciRef | null;
}): AirQualitySection {
  const today = todayInParis(input.now);
  const tomorrow = addDaysToLocalDate(today, 1);
  const epci = input.epci ?? null;
  const indices = (input.atmo.ok ? input.atmo.data : []).filter((index) => levelOfAtmoCode(index.code) !== null);
  const pick = (date: string) =>
    indices.find((index) => index.date === date && !isEpciIndex(index, epci)) ?? indices.find((index) => index.date === date && isEpciIndex(index, epci));
  const todayIndex = pick(today);
  const tomorrowIndex = pick(tomorrow);
  // Tomorrow's official forecast is worth showing (and alerting on) whatever happens to today's index.
  const forecast = tomorrowIndex ? { code: tomorrowIndex.code, label: tomorrowIndex.label, date: tomorrowIndex.date } : null;
  // A model answer cached from another day is not today's estimate.
  const estimate = input.cams.ok && input.cams.data.day === today ? input.cams.data : null;
  const pollutants = modelPollutants(estimate);

  if (todayIndex) {
    const onEpci = isEpciIndex(todayIndex, epci);
    const zone = todayIndex.zoneName || (onEpci ? (epci?.name ?? "") : "");
    const notes: string[] = [];
    if (onEpci) notes.push(`Aucun indice n'est publié pour la commune elle-même : voici celui de son intercommunalité${zone ? ` (${zone})` : ""}.`);
    if (todayIndex.code === EVENT_CODE) {
      notes.push(
        "« Événement » : l'association agréée de surveillance de la qualité de l'air signale un incident à l'origine d'émissions inhabituelles ; l'indice habituel n'est pas calculé aujourd'hui.",
      );
    }
    return {
      success: true,
      level: levelOfAtmoCode(todayIndex.code) ?? "unavailable",
      index: { code: todayIndex.code, label: todayIndex.label, date: todayIndex.date, zone, zone_type: onEpci ? "epci" : "commune" },
      origin: "atmo",
      responsible_pollutant: responsibleFromSubIndices(todayIndex),
      pollutants,
      tomorrow: forecast,
      message: notes.length > 0 ? frenchTypography(notes.join(" ")) : null,
      source: todayIndex.agency ? { ...ATMO_SOURCE, name: `Indice ATMO (${todayIndex.agency})` } : ATMO_SOURCE,
    };
  }

  const worst = estimate ? worstModelPollutant(estimate) : null;
  if (worst) {
    const why = !input.atmo.ok
      ? "L'indice ATMO officiel est momentanément indisponible"
      : epci
        ? "Aucun indice ATMO n'est publié aujourd'hui pour cette commune ni pour son intercommunalité"
        : "Aucun indice ATMO n'est publié aujourd'hui pour cette commune";
    const label = ATMO_LABELS[worst.code] ?? "";
    const basis = worst.basis === "daily_max" ? "au plus haut de la journée" : "en moyenne sur la journée";
    const after =
      worst.code > 1
        ? `d'après ${AIR_POLLUTANT_NAMES[worst.pollutant].after}, ${formatNumberFr(worst.value, 0)}\u00A0${MICROGRAMS} ${basis}`
        : "d'après les polluants estimés (particules, dioxyde d'azote, ozone, dioxyde de soufre)";
    return {
      success: true,
      level: levelOfAtmoCode(worst.code) ?? "unavailable",
      index: { code: worst.code, label, date: today, zone: "Estimation modélisée (CAMS)", zone_type: "model" },
      origin: "cams",
      responsible_pollutant: worst.code > 1 ? { code: worst.pollutant, label: AIR_POLLUTANT_NAMES[worst.pollutant].label } : null,
      pollutants,
      tomorrow: forecast,
      message: frenchTypography(
        `${why} : niveau estimé « ${label} » ${after}, selon le modèle européen Copernicus CAMS. C'est une estimation modélisée, pas une mesure officielle.`,
      ),
      source: CAMS_SOURCE,
    };
  }

  return {
    success: input.atmo.ok || input.cams.ok,
    level: "unavailable",
    index: null,
    origin: null,
    responsible_pollutant: null,
    pollutants,
    tomorrow: forecast,
    message:
      input.atmo.ok || input.cams.ok
        ? "Aucun indice de qualité de l'air n'est publié aujourd'hui pour cette commune, et aucune estimation n'est disponible."
        : "Les données de qualité de l'air sont momentanément indisponibles. Réessayez dans quelques minutes.",
    source: input.atmo.ok || !input.cams.ok ? ATMO_SOURCE : CAMS_SOURCE,
  };
}

/**
 * An EPCI's feature: `type_zone` says so (casing varies), or its code is the EPCI's SIREN (9
 * digits, where a commune's INSEE code has 5 characters).
 */
function isEpciIndex(index: AtmoIndex, epci: EpciRef | null): boolean {
  return index.zoneType === "epci" || (epci !== null && index.zoneCode === epci.code) || /^\d{9}$/.test(index.zoneCode);
}

const SUB_INDEX_KEYS: Record<AirPollutantCode, keyof AtmoIndex["subIndices"]> = { pm2_5: "pm25", pm10: "pm10", no2: "no2", o3: "o3", so2: "so2" };

/**
 * The index is the worst of its sub-indices (arrêté du 10 juillet 2020, art. 3): the pollutant
 * whose sub-index equals it sets the level. Nothing to name on a « Bon » day, for « Événement »
 * or when the agency gives no sub-indices.
 */
function responsibleFromSubIndices(index: AtmoIndex): AirQualitySection["responsible_pollutant"] {
  if (index.code < 2 || index.code > 6) return null;
  const pollutant = AIR_POLLUTANT_CODES.find((code) => index.subIndices[SUB_INDEX_KEYS[code]] === index.code);
  return pollutant ? { code: pollutant, label: AIR_POLLUTANT_NAMES[pollutant].label } : null;
}

function worstModelPollutant(estimate: CamsEstimate): { pollutant: AirPollutantCode; code: number; value: number; basis: "daily_mean" | "daily_max" } | null {
  let worst: { pollutant: AirPollutantCode; code: number; value: number; basis: "daily_mean" | "daily_max" } | null = null;
  for (const pollutant of AIR_POLLUTANT_CODES) {
    const value = estimate[pollutant];
    if (value === null) continue;
    const code = atmoCodeForConcentration(pollutant, value);
    if (!worst || code > worst.code) worst = { pollutant, code, value, basis: ATMO_SUB_INDEX_SCALES[pollutant].basis };
  }
  return worst;
}

function modelPollutants(estimate: CamsEstimate | null): AirQualitySection["pollutants"] {
  const pollutants: AirQualitySection["pollutants"] = {};
  if (!estimate) return pollutants;
  for (const pollutant of ["pm2_5", "pm10", "no2", "o3", "so2"] as const) {
    const value = estimate[pollutant];
    if (value === null) continue;
    pollutants[pollutant] = {
      value: Math.round(value * 10) / 10,
      unit: MICROGRAMS,
      basis: ATMO_SUB_INDEX_SCALES[pollutant].basis,
      label: AIR_POLLUTANT_NAMES[pollutant].label,
    };
  }
  return pollutants;
}
