import type { AirPollutantCode, Level } from "../../core/types.ts";

/** Official wording of the ATMO index (arrêté du 10 juillet 2020). */
export const ATMO_LABELS: Record<number, string> = {
  0: "Indisponible",
  1: "Bon",
  2: "Moyen",
  3: "Dégradé",
  4: "Mauvais",
  5: "Très mauvais",
  6: "Extrêmement mauvais",
  7: "Événement",
};

/**
 * Bon → good, Moyen → acceptable, Dégradé → concerning, Mauvais and worse → critical. Code 7
 * « Événement » (an exceptional emission such as a large fire) is not a rank on the scale: it
 * keeps its official word, and "concerning" only orders it among the sections.
 * Code 0 means no index was computed: null.
 */
export function levelOfAtmoCode(code: number): Exclude<Level, "unavailable" | "excellent"> | null {
  if (code === 1) return "good";
  if (code === 2) return "acceptable";
  if (code === 3 || code === 7) return "concerning";
  if (code >= 4 && code <= 6) return "critical";
  return null;
}

/**
 * The daily sub-indices of the ATMO index (arrêté du 10 juillet 2020, annexe I), in µg/m³: upper
 * bounds of Bon, Moyen, Dégradé, Mauvais, Très mauvais; above the last is Extrêmement mauvais.
 * Particles are judged on the day's mean, gases on the day's highest hourly value. Used to place
 * the CAMS model estimate on the same scale as the official index.
 */
export const ATMO_SUB_INDEX_SCALES: Record<
  AirPollutantCode,
  { upperBounds: readonly [number, number, number, number, number]; basis: "daily_mean" | "daily_max" }
> = {
  pm2_5: { upperBounds: [10, 20, 25, 50, 75], basis: "daily_mean" },
  pm10: { upperBounds: [20, 40, 50, 100, 150], basis: "daily_mean" },
  no2: { upperBounds: [40, 90, 120, 230, 340], basis: "daily_max" },
  o3: { upperBounds: [50, 100, 130, 240, 380], basis: "daily_max" },
  so2: { upperBounds: [100, 200, 350, 500, 750], basis: "daily_max" },
};

/** The pollutants in the order used to break a tie between equal sub-indices. */
export const AIR_POLLUTANT_CODES: readonly AirPollutantCode[] = ["o3", "pm10", "pm2_5", "no2", "so2"];

/** Names shown to people: `label` on its own, `after` in « niveau … d'après … ». */
export const AIR_POLLUTANT_NAMES: Record<AirPollutantCode, { label: string; after: string }> = {
  pm2_5: { label: "Particules fines (PM2,5)", after: "les particules fines (PM2,5)" },
  pm10: { label: "Particules (PM10)", after: "les particules (PM10)" },
  no2: { label: "Dioxyde d'azote (NO2)", after: "le dioxyde d'azote (NO2)" },
  o3: { label: "Ozone (O3)", after: "l'ozone (O3)" },
  so2: { label: "Dioxyde de soufre (SO2)", after: "le dioxyde de soufre (SO2)" },
};

/** The ATMO sub-index (1 Bon … 6 Extrêmement mauvais) of a daily concentration. */
export function atmoCodeForConcentration(pollutant: AirPollutantCode, microgramsPerCubicMetre: number): number {
  const index = ATMO_SUB_INDEX_SCALES[pollutant].upperBounds.findIndex((bound) => microgramsPerCubicMetre <= bound);
  return index === -1 ? 6 : index + 1;
}

export function atmoCodeForPm25(microgramsPerCubicMetre: number): number {
  return atmoCodeForConcentration("pm2_5", microgramsPerCubicMetre);
}

/** ATMO's own colours (arrêté du 10 juillet 2020, as `coul_qual` publishes them), text for contrast. */
export const ATMO_COLORS: Record<number, { background: string; text: string }> = {
  1: { background: "#50F0E6", text: "#10302e" },
  2: { background: "#50CCAA", text: "#10302a" },
  3: { background: "#F0E641", text: "#302e0d" },
  4: { background: "#FF5050", text: "#2b0707" },
  5: { background: "#960032", text: "#ffffff" },
  6: { background: "#872181", text: "#ffffff" },
  7: { background: "#888888", text: "#000000" },
};
