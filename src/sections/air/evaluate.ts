import { isEpciCode } from "../../core/shared/commune.ts";
import { formatNumberFr, frenchTypography } from "../../core/shared/format.ts";
import { addDaysToLocalDate, todayForCommune } from "../../core/shared/time.ts";
import { ATMO_SOURCE, CAMS_SOURCE } from "../../core/shared/sources.ts";
import type { AirPollutantCode, AirQualitySection, AtmoIndex, CamsEstimate, CommuneEpci, SourceResult } from "../../core/types.ts";
import { AIR_POLLUTANT_CODES, AIR_POLLUTANT_NAMES, ATMO_LABELS, ATMO_SUB_INDEX_SCALES, atmoCodeForConcentration, levelOfAtmoCode } from "./atmo-scale.ts";

const MICROGRAMS = "µg/m³";
const EVENT_CODE = 7;
const UNAVAILABLE_CODE = 0;
/** Pollutants as the card lists them: particles first, then the gases. */
const DISPLAY_ORDER: readonly AirPollutantCode[] = ["pm2_5", "pm10", "no2", "o3", "so2"];

/** The commune's intercommunality as the official API Géo names it. */
export type EpciRef = NonNullable<CommuneEpci["epci"]>;

/**
 * Air today, official first: the commune's ATMO index; else its intercommunality's (EPCI), which
 * many agencies publish instead of per-commune indices; else the CAMS model's day placed on the
 * ATMO sub-index scales (worst pollutant wins, as in the official index), always labelled as a
 * model estimate. « Today » is the commune's own calendar day: an overseas territory's, not Paris's.
 */
export function evaluateAirQuality(input: {
  atmo: SourceResult<AtmoIndex[]>;
  cams: SourceResult<CamsEstimate>;
  now: Date;
  /** the commune (INSEE code) whose day it is: overseas territories live on their own clock */
  citycode: string;
  /** null or absent when the EPCI is unknown (API Géo failed, or a commune outside any) */
  epci?: EpciRef | null;
}): AirQualitySection {
  const today = todayForCommune(input.now, input.citycode);
  const tomorrow = addDaysToLocalDate(today, 1);
  const epci = input.epci ?? null;
  const records = input.atmo.ok ? input.atmo.data : [];
  const indices = records.filter((index) => levelOfAtmoCode(index.code) !== null);
  const pick = (list: AtmoIndex[], date: string) =>
    list.find((index) => index.date === date && !isEpciIndex(index, epci)) ?? list.find((index) => index.date === date && isEpciIndex(index, epci));
  const todayIndex = pick(indices, today);
  const tomorrowIndex = pick(indices, tomorrow);
  // Code 0 « Indisponible »: the agency published the day without computing its index. Said as
  // such, never read as « Bon » nor as a silent absence.
  const unavailableRecords = records.filter((index) => index.code === UNAVAILABLE_CODE);
  const unavailableToday = todayIndex ? null : (pick(unavailableRecords, today) ?? null);
  const communeUnavailable = unavailableRecords.some((index) => index.date === today && !isEpciIndex(index, epci));
  // Tomorrow's official forecast is worth showing (and alerting on) whatever happens to today's index.
  const forecast = tomorrowIndex ? { code: tomorrowIndex.code, label: tomorrowIndex.label, date: tomorrowIndex.date } : null;
  // A model answer cached from another day is not today's estimate.
  const estimate = input.cams.ok && input.cams.data.day === today ? input.cams.data : null;
  const pollutants = modelPollutants(estimate);
  const common = { pollutants, tomorrow: forecast, day: today };

  if (todayIndex) {
    const onEpci = isEpciIndex(todayIndex, epci);
    const zone = todayIndex.zoneName || (onEpci ? (epci?.name ?? "") : "");
    const notes: string[] = [];
    if (onEpci) {
      const why = communeUnavailable
        ? `L'indice de la commune elle-même est publié « ${ATMO_LABELS[UNAVAILABLE_CODE]} » aujourd'hui`
        : "Aucun indice n'est publié pour la commune elle-même";
      notes.push(`${why} : voici celui de son intercommunalité${zone ? ` (${zone})` : ""}.`);
    }
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
      sub_indices: officialSubIndices(todayIndex),
      official_unavailable: null,
      message: notes.length > 0 ? frenchTypography(notes.join(" ")) : null,
      source: todayIndex.agency ? { ...ATMO_SOURCE, name: `Indice ATMO (${todayIndex.agency})` } : ATMO_SOURCE,
      ...common,
    };
  }

  const officialUnavailable = unavailableToday ? describeUnavailable(unavailableToday, epci) : null;
  const worst = estimate ? worstModelPollutant(estimate) : null;
  if (worst) {
    const why = !input.atmo.ok
      ? "L'indice ATMO officiel est momentanément indisponible"
      : officialUnavailable
        ? unavailableSentence(officialUnavailable)
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
      sub_indices: [],
      official_unavailable: officialUnavailable,
      message: frenchTypography(
        `${why} : niveau estimé « ${label} » ${after}, selon le modèle européen Copernicus CAMS. C'est une estimation modélisée, pas une mesure officielle.`,
      ),
      source: CAMS_SOURCE,
      ...common,
    };
  }

  const read = input.atmo.ok || input.cams.ok;
  return {
    success: read,
    level: "unavailable",
    index: null,
    origin: null,
    responsible_pollutant: null,
    sub_indices: [],
    official_unavailable: officialUnavailable,
    message: officialUnavailable
      ? frenchTypography(`${unavailableSentence(officialUnavailable)}, et aucune estimation du modèle n'est disponible.`)
      : read
        ? "Aucun indice de qualité de l'air n'est publié aujourd'hui pour cette commune, et aucune estimation n'est disponible."
        : "Les données de qualité de l'air sont momentanément indisponibles. Réessayez dans quelques minutes.",
    source: input.atmo.ok || !input.cams.ok ? ATMO_SOURCE : CAMS_SOURCE,
    ...common,
  };
}

function describeUnavailable(index: AtmoIndex, epci: EpciRef | null): NonNullable<AirQualitySection["official_unavailable"]> {
  const onEpci = isEpciIndex(index, epci);
  return { date: index.date, zone: index.zoneName || (onEpci ? (epci?.name ?? "") : ""), zone_type: onEpci ? "epci" : "commune" };
}

/** « L'indice ATMO officiel d'aujourd'hui est « Indisponible » pour cette commune (l'agence … ne l'a pas calculé) » */
function unavailableSentence(unavailable: NonNullable<AirQualitySection["official_unavailable"]>): string {
  const where = unavailable.zone_type === "epci" ? `pour son intercommunalité${unavailable.zone ? ` (${unavailable.zone})` : ""}` : "pour cette commune";
  return `L'indice ATMO officiel d'aujourd'hui est « ${ATMO_LABELS[UNAVAILABLE_CODE]} » ${where} (l'agence de surveillance de la qualité de l'air ne l'a pas calculé)`;
}

/**
 * An EPCI's feature: `type_zone` says so (casing varies), or its code is the EPCI's SIREN (9
 * digits, where a commune's INSEE code has 5 characters).
 */
function isEpciIndex(index: AtmoIndex, epci: EpciRef | null): boolean {
  return index.zoneType === "epci" || (epci !== null && index.zoneCode === epci.code) || isEpciCode(index.zoneCode);
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

/**
 * The sub-indices the agency published with the index, in the order of the scale's pollutants:
 * the official facts behind the index word (a value outside 1…6 is not a sub-index and is left out).
 */
function officialSubIndices(index: AtmoIndex): AirQualitySection["sub_indices"] {
  return DISPLAY_ORDER.flatMap((code) => {
    const value = index.subIndices[SUB_INDEX_KEYS[code]];
    const label = value !== null && value >= 1 && value <= 6 ? ATMO_LABELS[value] : undefined;
    return value !== null && label ? [{ code, label: AIR_POLLUTANT_NAMES[code].label, index_code: value, index_label: label }] : [];
  });
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
  for (const pollutant of DISPLAY_ORDER) {
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
