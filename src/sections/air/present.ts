// The air's card for every channel: ATMO's index first, a model's estimate said as such (decision
// 027). Pure: dates come from the report.
import { AIR_POLLUTANT_NAMES, ATMO_COLORS, ATMO_LABELS, ATMO_SUB_INDEX_SCALES, levelOfAtmoCode } from "./atmo-scale.ts";
import { formatDateFr, formatNumberFr, NBSP } from "../../core/shared/format.ts";
import type { AirPollutantCode, Report } from "../../core/types.ts";
import { badge, type Badge } from "../../core/report/badge.ts";
import { sentence } from "../../core/report/days.ts";
import type { Fact, SectionPresentation } from "../../core/report/document.ts";

export const AIR_TITLE = "Qualité de l'air";
export const AIR_ANCHOR = "air";
export const AIR_LABEL = "Air aujourd'hui";

export interface AirPresentation extends SectionPresentation {
  key: "air";
  /**
   * the official index's sub-indices, pollutant by pollutant, each in ATMO's word and colours:
   * the facts behind the index (empty for a model estimate)
   */
  subIndices: Array<{ name: string; badge: Badge }>;
  /**
   * the model's values of the day, each with its basis; with the ATMO band it falls in only when
   * the model is all there is (beside an official index, numbers only: never an ATMO word)
   */
  modelValues: string[];
}

const BASIS_WORDS = { daily_mean: "moyenne du jour", daily_max: "maximum horaire du jour" } as const;

/** « « Bon » jusqu'à 10 µg/m³ »: the band of the ATMO sub-index a model value falls in. */
function bandOf(pollutant: AirPollutantCode, value: number): string {
  const bounds = ATMO_SUB_INDEX_SCALES[pollutant].upperBounds;
  const index = bounds.findIndex((bound) => value <= bound);
  if (index === -1) return `«${NBSP}${ATMO_LABELS[6]}${NBSP}» au-delà de ${formatNumberFr(bounds[4], 0)}${NBSP}µg/m³`;
  return `«${NBSP}${ATMO_LABELS[index + 1]}${NBSP}» jusqu'à ${formatNumberFr(bounds[index]!, 0)}${NBSP}µg/m³`;
}

/** An ATMO word in ATMO's colours: one word, one colour, official or estimated (atmo-scale.ts). */
function atmoBadge(word: string, code: number): Badge {
  return badge(word, levelOfAtmoCode(code) ?? "unavailable", ATMO_COLORS[code] ?? null);
}

export function airHeadline(air: Report["air_quality"]): Badge {
  if (!air.index) {
    // Code 0: ATMO's own word for a day it did not compute; otherwise nothing was published or read.
    if (air.official_unavailable) return badge(ATMO_LABELS[0]!, "unavailable");
    return badge(air.success ? "Non publié" : "Indisponible", "unavailable");
  }
  if (air.origin === "cams") return atmoBadge(`${air.index.label} (estimation)`, air.index.code);
  return atmoBadge(air.index.label, air.index.code);
}

/** « Indisponible (non calculé pour le 22 novembre 2026, intercommunalité CA X) » */
function describeOfficialUnavailable(unavailable: NonNullable<Report["air_quality"]["official_unavailable"]>): string {
  const zone = unavailable.zone_type === "epci" ? `, indice de l'intercommunalité${unavailable.zone ? ` ${unavailable.zone}` : ""}` : "";
  return `${ATMO_LABELS[0]} (non calculé pour le ${formatDateFr(unavailable.date)}${zone})`;
}

export function presentAir(air: Report["air_quality"]): AirPresentation {
  const facts: Fact[] = [];
  if (air.official_unavailable) facts.push({ term: "Indice ATMO", value: describeOfficialUnavailable(air.official_unavailable) });
  if (air.index) {
    facts.push({ term: air.origin === "cams" ? "Niveau estimé (modèle CAMS)" : "Indice ATMO", value: air.index.label });
    if (air.origin === "atmo" && air.index.zone) {
      facts.push({ term: air.index.zone_type === "epci" ? "Zone de l'indice (intercommunalité)" : "Zone de l'indice (commune)", value: air.index.zone });
    }
    if (air.origin === "cams") facts.push({ term: "Zone", value: "Estimation modélisée pour l'adresse, pas une mesure officielle" });
  }
  if (air.responsible_pollutant) facts.push({ term: "Polluant déterminant", value: air.responsible_pollutant.label });
  if (air.success) facts.push({ term: "Demain", value: air.tomorrow ? `${air.tomorrow.label} (indice ATMO prévu)` : "Prévision non publiée" });
  const official = air.origin === "atmo";
  const subIndices = official ? air.sub_indices.map((sub) => ({ name: sub.label, badge: atmoBadge(sub.index_label, sub.index_code) })) : [];
  const modelValues = Object.entries(air.pollutants).map(([code, pollutant]) => {
    const known = code in AIR_POLLUTANT_NAMES ? (code as AirPollutantCode) : null;
    const basis = pollutant.basis ? BASIS_WORDS[pollutant.basis] : "estimation";
    // Beside an official index the model's values are numbers only: its band would be an ATMO
    // word that can contradict the official sub-index (Amiens: ozone « Moyen » officially).
    const band = known && !official ? ` ; ${bandOf(known, pollutant.value)}` : "";
    return `${pollutant.label ?? code}${NBSP}: ${formatNumberFr(pollutant.value, 1)}${NBSP}${pollutant.unit} (${basis}${band})`;
  });
  const dateLine = air.index
    ? air.origin === "cams"
      ? `Estimation pour la journée du ${formatDateFr(air.index.date)}, calculée sur les valeurs horaires du modèle`
      : `Indice du ${formatDateFr(air.index.date)}`
    : null;
  const modelNote = official
    ? `Estimation du modèle CAMS pour aujourd'hui, en valeurs calculées (pas des mesures, ni l'indice officiel, qui fait foi)${NBSP}:`
    : `Estimations du modèle Copernicus CAMS pour aujourd'hui (pas des mesures)${NBSP}:`;
  return {
    key: "air",
    anchor: AIR_ANCHOR,
    title: AIR_TITLE,
    headline: airHeadline(air),
    dateLine,
    message: air.message,
    facts,
    notes: modelValues.length > 0 ? [modelNote] : [],
    source: air.source,
    attribution: modelValues.length > 0 && air.origin !== "cams" ? "Estimations Copernicus CAMS via Open-Meteo.com (CC BY 4.0)" : null,
    subIndices,
    modelValues,
  };
}

export function summarizeAir(air: Report["air_quality"]): string {
  const unavailable = air.official_unavailable ? `indice ATMO officiel «${NBSP}${ATMO_LABELS[0]}${NBSP}» (non calculé)` : null;
  if (!air.index) {
    if (unavailable) return sentence(AIR_LABEL, `${unavailable}, aucune estimation disponible.`);
    return sentence(AIR_LABEL, air.success ? "aucun indice publié ni estimation disponible." : "données momentanément indisponibles.");
  }
  const tomorrow = air.tomorrow ? ` ; demain${NBSP}: ${air.tomorrow.label}` : "";
  if (air.origin === "cams") {
    const pollutant = air.responsible_pollutant ? ` d'après ${AIR_POLLUTANT_NAMES[air.responsible_pollutant.code].after}` : "";
    const why = unavailable ?? "pas d'indice officiel publié";
    return sentence(AIR_LABEL, `${air.index.label}${pollutant} (estimation modélisée, ${why})${tomorrow}.`);
  }
  const zone = air.index.zone ? `, ${air.index.zone}` : "";
  return sentence(AIR_LABEL, `${air.index.label} (indice ATMO${zone})${tomorrow}.`);
}

export function airWithDefaults(air: Report["air_quality"], generatedAt: string): Report["air_quality"] {
  return {
    ...air,
    pollutants: air.pollutants ?? {},
    responsible_pollutant: air.responsible_pollutant ?? null,
    sub_indices: air.sub_indices ?? [],
    official_unavailable: air.official_unavailable ?? null,
    day: air.day ?? air.index?.date ?? generatedAt.slice(0, 10),
  };
}
