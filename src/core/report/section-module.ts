// What a section of the report is to every channel: one module per section (src/sections/<key>/),
// listed in its place by the registry (src/sections/registry.ts). The page, the stream, the PDF, the
// e-mails and the API iterate the registry; none names a section of its own. Pure.
import type { StatusSource } from "../status/freshness.ts";
import type { SectionDocument, StatusLink } from "./document.ts";

/** What a section's presentation may read besides its own answer: the report's time and place. */
export interface PresentContext {
  /** when the report was read (ISO) */
  generatedAt: string;
  /** the commune's time zone (overseas, the territory's) */
  timeZone: string;
  /** the commune's day, YYYY-MM-DD */
  today: string;
}

/** A section's answer as every answer has it: whether its source was read, and what it says when not. */
export interface SectionAnswer {
  success: boolean;
  /** false: the service is not set up for this source (no key); not a failure, a retry changes nothing */
  configured?: boolean;
}

/**
 * What the page carries of a section (decision 095): its place and names, never its presentation.
 * The server presents each section and sends its document with its answer.
 */
export interface SectionOutline {
  /** its key in the registry and in the page's requests (« water », « air ») */
  key: string;
  /** its field in a report (« water_quality ») */
  field: string;
  title: string;
  /** fragment id of its card on the page (« eau ») */
  anchor: string;
  /** the label of its line in « L'essentiel » (« Air aujourd'hui ») */
  label: string;
  /** the official source whose row on /etat its card links to when it could not be read (none: read from no upstream) */
  statusSource?: StatusSource;
}

export interface SectionModule<Answer extends SectionAnswer = SectionAnswer, Rich = never> extends SectionOutline {
  /**
   * The channel-free document of an answer. A section with a richer card of its own on the page and
   * in the PDF (the water's table and charts) also returns that richer presentation as `rich`.
   */
  present(answer: Answer, context: PresentContext): SectionDocument & { rich?: Rich };
  /** an answer stored before fields were added, with their empty values */
  withDefaults?(answer: Answer, context: PresentContext): Answer;
  /** a report stored before the section existed: the answer that says so */
  missing?(context: PresentContext): Answer;
}

/** The text of a section whose answer has not arrived yet (a streamed report on its way). */
export const SECTION_PENDING = "en cours de lecture…";

/** Whether a section's source could not be read, so that asking again may bring it. */
export function answerFailed(answer: SectionAnswer | undefined): boolean {
  return answer !== undefined && !answer.success && answer.configured !== false;
}

/**
 * « État des sources », to the row of the source that could not be read (decision 085). The row's
 * id is statusRowId's (core/status/freshness.ts), spelled here so that the home page does not load
 * the status page's module; a unit test holds the two equal.
 */
export function statusLinkOf(source: StatusSource): StatusLink {
  return { text: "État des sources", href: `/etat#source-${source}` };
}

/** Said by a section a report stored before it existed (a cache, an alert's snapshot) does not have. */
export const STORED_BEFORE = "Cette information n'était pas encore donnée quand ce bilan a été établi.";
