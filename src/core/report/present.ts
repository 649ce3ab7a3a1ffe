// One presentation of a report for every channel: the page island, the PDF and the e-mails only
// lay out what this returns. Each section presents itself (its module in src/sections/, listed by
// the registry) into its document; compose.ts puts them together: the head, « L'essentiel », the
// sections in the cards' order, the advice. The server presents the documents the page lays out
// and sends them with the answers (decision 095), so that the page loads none of this module.
// Each headline is its source's own word with the source's colour where it publishes one; our five
// levels only order and colour our own elements (tones) and never print a word of their own.
// Pure: no I/O, no clock (dates come from the report).
import { sections } from "../../sections/registry.ts";
import { formatDateFr } from "../shared/format.ts";
import { timeZoneOfCommune, todayForCommune } from "../shared/time.ts";
import type { Report } from "../types.ts";
import {
  answerOf,
  composeReport,
  isPending,
  type PartialReport,
  type PartialReportPresentation,
  type ReportPresentation,
  type SectionDocuments,
} from "./compose.ts";
import type { SectionDocument } from "./document.ts";
import { answerFailed, statusLinkOf, type PresentContext, type SectionAnswer, type SectionModule } from "./section-module.ts";

export type { Badge, Tone } from "./badge.ts";
export * from "./compose.ts";
export * from "./document.ts";
export { SECTION_PENDING } from "./section-module.ts";
// Each section's presentation lives in its folder; channels and tests may take it from here.
export * from "../../sections/water/present.ts";
export * from "../../sections/air/present.ts";
export * from "../../sections/drought/present.ts";
export * from "../../sections/bathing/present.ts";

/** The document of one section of a presentation, by its key. */
export function sectionOf(presentation: Pick<ReportPresentation, "sections">, key: string): SectionDocument {
  const found = presentation.sections.find((section) => section.key === key);
  if (!found) throw new Error(`no section ${key} in this presentation`);
  return found;
}

// The official words and colours live with their domain; channels may take them from here.
export { ATMO_COLORS } from "../../sections/air/atmo-scale.ts";
export { describeDecreePeriod, describeRestrictionCount, NO_DROUGHT_RESTRICTION, VIGIEAU_COLORS } from "../../sections/drought/notes.ts";

/**
 * « Données du 2 décembre 2026 (dernière lecture de la source) »: a section served from its last good
 * answer because our budget refused a new read (decision 088) says that answer's date, in every
 * channel, in place of its own date line (« Situation au … » would say today).
 */
export function dataAsOfLine(asOf: string, timeZone?: string): string {
  return `Données du ${formatDateFr(asOf, timeZone)} (dernière lecture de la source)`;
}

function datedDocument<Document extends SectionDocument & { rich?: unknown }>(document: Document, answer: SectionAnswer, timeZone: string): Document {
  const asOf = (answer as { data_as_of?: unknown }).data_as_of;
  if (typeof asOf !== "string") return document;
  const line = dataAsOfLine(asOf, timeZone);
  const blocks = [{ kind: "date" as const, text: line }, ...(document.blocks[0]?.kind === "date" ? document.blocks.slice(1) : document.blocks)];
  const rich = typeof document.rich === "object" && document.rich !== null && "dateLine" in document.rich ? { rich: { ...document.rich, dateLine: line } } : {};
  return { ...document, blocks, ...rich };
}

/** What a section's presentation reads of its report: the report's time and the commune's day. */
export function presentContextOf(report: Pick<Report, "address" | "generated_at">): PresentContext {
  const generatedAt = report.generated_at;
  // Every date of the report's own reading is the commune's day: overseas, the territory's.
  const timeZone = timeZoneOfCommune(report.address.citycode);
  return { generatedAt, timeZone, today: todayForCommune(new Date(generatedAt), report.address.citycode) };
}

/**
 * One section's document in every channel: its module's presentation of its answer (an answer stored
 * before fields were added, with their defaults), dated by its last good read when it is one
 * (decision 088), and linked to its source's row on /etat when its source could not be read (decision 085).
 */
export function presentSection(section: SectionModule<SectionAnswer, unknown>, answer: SectionAnswer, context: PresentContext): SectionDocument {
  const document = datedDocument(section.present(section.withDefaults ? section.withDefaults(answer, context) : answer, context), answer, context.timeZone);
  if (!section.statusSource || !answerFailed(answer)) return document;
  // A source that could not be read: its card, in every channel, links to the source's row on /etat.
  const statusLink = statusLinkOf(section.statusSource);
  return { ...document, statusLink, ...(document.rich ? { rich: { ...(document.rich as object), statusLink } } : {}) };
}

/**
 * Each arrived section's document by its key: what the server sends the page with the answers
 * (decision 095), a streamed line's sections or a whole report's. `report` gives the time and
 * place; `part`, the sections to present (the report itself when whole).
 */
export function presentDocuments(report: Pick<Report, "address" | "generated_at">, part: object = report): SectionDocuments {
  const context = presentContextOf(report);
  const documents: SectionDocuments = {};
  for (const section of sections()) {
    const answer = answerOf(part, section);
    if (answer) documents[section.key] = presentSection(section, answer, context);
  }
  return documents;
}

/**
 * The presentation of a report on its way (decision 067), for the server's channels and the tests:
 * each arrived section presented here, composed as the page composes the documents it is sent.
 */
export function presentPartialReport(partial: PartialReport): PartialReportPresentation {
  const documents = presentDocuments(partial);
  return composeReport(partial, (section) => documents[section.key] ?? null);
}

/** The one presentation of a report, for the page, the PDF and the emails: a whole report, every section there. */
export function presentReport(cached: Report): ReportPresentation {
  const presentation = presentPartialReport({ ...withMissingSections(cached), recommendations: cached.recommendations ?? [] });
  const { water, air, drought, bathing, advice } = presentation;
  const documents = presentation.sections.filter((section): section is SectionDocument => !isPending(section));
  if (!water || !air || !drought || !bathing || !advice || documents.length !== presentation.sections.length)
    throw new Error("presentReport needs a whole report");
  return { ...presentation, sections: documents, water, air, drought, bathing, advice };
}

/** A report stored before a section existed (a cache, an alert's snapshot) says that section unavailable. */
export function withMissingSections(report: Report): Report {
  const context = presentContextOf(report);
  const filled: Record<string, unknown> = { ...report };
  for (const section of sections()) if (filled[section.field] === undefined && section.missing) filled[section.field] = section.missing(context);
  return filled as unknown as Report;
}
