import type { Level } from "../types.ts";

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
 * (an exceptional event such as a large fire) has no rank on the scale: shown as concerning.
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
 * PM2.5 daily sub-index of the ATMO index (arrêté du 10 juillet 2020), in µg/m³: upper bounds of
 * Bon, Moyen, Dégradé, Mauvais, Très mauvais; above the last is Extrêmement mauvais. Used to
 * place the CAMS model estimate on the same scale as the official index.
 */
const PM25_UPPER_BOUNDS = [10, 20, 25, 50, 75] as const;

export function atmoCodeForPm25(microgramsPerCubicMetre: number): number {
  const index = PM25_UPPER_BOUNDS.findIndex((bound) => microgramsPerCubicMetre <= bound);
  return index === -1 ? 6 : index + 1;
}
