// Day columns and offsets of the sections read by day: « Aujourd'hui (26 novembre) ».
import { formatDateFr, frenchTypography } from "../shared/format.ts";

/** « Titre : le reste. » with French typography: a summary line's sentence. */
export const sentence = (label: string, rest: string) => frenchTypography(`${label} : ${rest}`);

/** How many days `date` is after `today` (both YYYY-MM-DD). */
export const dayOffset = (date: string, today: string) => Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000);

/** « Aujourd'hui (26 novembre) », « Demain (27 novembre) », « 28 novembre 2026 » */
export function dayColumn(date: string, today: string): string {
  const offset = dayOffset(date, today);
  // formatDateFr joins with non-breaking spaces: \s matches them, a plain space would not.
  const short = formatDateFr(date).replace(/\s\d{4}$/, "");
  if (offset === 0) return `Aujourd'hui (${short})`;
  if (offset === 1) return `Demain (${short})`;
  if (offset === 2) return `Après-demain (${short})`;
  return formatDateFr(date);
}
