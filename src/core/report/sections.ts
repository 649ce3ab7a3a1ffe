// The report's sections, in the cards' order, and the one rule of what counts as a failed one:
// the page's « Réessayer » (src/islands/report/refresh.ts) and the server's caching
// (src/server/routes/report.ts) both ask here.
import type { Report } from "../types.ts";

export type SectionKey = "water" | "air" | "drought" | "bathing" | "pollen" | "uv" | "weather" | "radon";

/** Each section's field in a report, in the cards' order. */
export const SECTION_FIELDS = {
  water: "water_quality",
  air: "air_quality",
  drought: "drought",
  bathing: "bathing",
  pollen: "pollen",
  uv: "uv",
  weather: "weather_warnings",
  radon: "radon",
} as const satisfies Record<SectionKey, keyof Report>;

export const SECTION_KEYS = Object.keys(SECTION_FIELDS) as SectionKey[];

/**
 * Whether a section's source could not be read, so that asking again may bring it. A vigilance
 * without a Météo-France key (`configured: false`) is not a failure: it stays so whatever the
 * retry. Overseas (pollen `not_covered`, vigilance « Hors carte nationale ») is a success. A report
 * stored before issue 26 has no such section at all: nothing there failed.
 */
export function sectionFailed(report: Pick<Report, (typeof SECTION_FIELDS)[SectionKey]>, key: SectionKey): boolean {
  const section: { success: boolean; configured?: boolean } | undefined = report[SECTION_FIELDS[key]];
  return section !== undefined && !section.success && section.configured !== false;
}

/** Some section of the report could not be read. */
export function hasFailedSection(report: Pick<Report, (typeof SECTION_FIELDS)[SectionKey]>): boolean {
  return SECTION_KEYS.some((key) => sectionFailed(report, key));
}
