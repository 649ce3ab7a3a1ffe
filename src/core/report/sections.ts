// The one rule of what counts as a failed section, over the sections' outlines (what the page carries): the page's
// « Réessayer » (src/islands/report/refresh.ts) and the server's caching (src/server/routes/report.ts)
// both ask here.
import { sectionOutlines as sections } from "../../sections/outline.ts";
import { answerFailed, type SectionAnswer } from "./section-module.ts";

/** A section's key in the registry (« water », « air »). */
export type SectionKey = string;

/** Every section's key, in the cards' order. */
export const sectionKeys = (): SectionKey[] => sections().map((section) => section.key);

/** Every section's field in a report, in the cards' order. */
export const sectionFields = (): string[] => sections().map((section) => section.field);

/**
 * Whether a section's source could not be read, so that asking again may bring it. A vigilance
 * without a Météo-France key (`configured: false`) is not a failure: it stays so whatever the
 * retry. A source that has nothing for a territory (no official index overseas) is a success. A report
 * stored before a section existed has no such section at all: nothing there failed.
 */
export function sectionFailed(report: object, key: SectionKey): boolean {
  const section = sections().find((entry) => entry.key === key);
  return section !== undefined && answerFailed((report as Record<string, SectionAnswer | undefined>)[section.field]);
}

/** Some section of the report could not be read. */
export function hasFailedSection(report: object): boolean {
  return sections().some((section) => answerFailed((report as Record<string, SectionAnswer | undefined>)[section.field]));
}
