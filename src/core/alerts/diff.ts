// Alert decisions, the shape every topic's diff returns (src/sections/<key>/alert.ts): from what
// we knew at the last run and what the sources say now, the events to email and the state to
// keep. Pure: no I/O, `now` passed in. A failed read never produces an event and never moves the
// state, so an outage cannot fake a change.
import type { SourceRef } from "../types.ts";
import type { AlertGroup } from "./texts.ts";

/** What an email says about one event: plain language, with its data date and source. */
export interface AlertEvent<Source extends string = string, Kind extends string = string> {
  /** the alert topic (its section's key) */
  source: Source;
  /** unique per subject and source: the same event is never recorded (nor sent) twice */
  key: string;
  severity: "critical" | "warning" | "info";
  /** which entry of its topic's texts wrote the title and lines */
  kind: Kind;
  title: string;
  lines: string[];
  /** blocks under their own heading, after the lines (a drought alert's zones) */
  groups?: AlertGroup[];
  /** the day the data are about (sample, decree, forecast), YYYY-MM-DD */
  dataDate: string | null;
  sourceRef: SourceRef;
  /**
   * The report's own advice for this section that day (its title and full text, as
   * selectRecommendations words it), quoted by the e-mail as it is; absent when the report gives
   * none (and in events stored before the e-mail quoted it).
   */
  advice?: AlertAdvice[];
}

/** One advice of the report, in its words: what an alert e-mail quotes, never re-worded. */
export interface AlertAdvice {
  title: string;
  text: string;
  source: { name: string; url: string };
}

export interface Diff<S> {
  events: readonly AlertEvent[];
  /** null: keep the previous state untouched */
  next: S | null;
}

export const NO_CHANGE: Diff<never> = { events: [], next: null };

/** The event's `advice` field: absent when the report gives none. */
export const adviceOf = (advice: readonly AlertAdvice[]): Pick<AlertEvent, "advice"> =>
  advice.length > 0 ? { advice: advice.map((entry) => ({ title: entry.title, text: entry.text, source: { ...entry.source } })) } : {};

/** A short stable fingerprint of the facts an alert is about (its key: the same facts never alert twice). */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash.toString(36);
}
