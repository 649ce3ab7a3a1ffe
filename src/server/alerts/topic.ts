// The server half of an alert topic (its pure half is src/core/alerts/topic.ts): what the run's
// stages call for it. Each topic's folder defines one (src/sections/<key>/alert.server.ts) and
// src/sections/topics.server.ts lists them in the registry's order. A topic names its state's
// schema; a topic read in bulk once per run also names its snapshot (source_snapshots.source,
// schema, how a commune's view is taken from its département's row) and its bulk read; a topic
// judged commune by commune from that view names its judgement. The four original topics' reads
// are shared per commune (src/core/alerts/reads.ts): the batch (process.ts) reads and judges them.
import type * as z from "zod";
import type { Diff } from "../../core/alerts/diff.ts";
import type { AppDeps } from "../deps.ts";
import type { AlertSubject } from "./subjects.ts";

export type TopicIngestDeps = Pick<AppDeps, "db" | "sources" | "config" | "clock" | "log">;
export type TopicBatchDeps = Pick<AppDeps, "db" | "sources" | "cache" | "config" | "appSecret" | "clock" | "log">;

/** A topic's bulk read: once per run, before any batch, stored per département (decision 048). */
export interface TopicBulkRead<Snapshot, View, Summary> {
  /** source_snapshots.source; also the key of its summary in the ingest's and of its view in a commune's changes */
  source: string;
  /** its stored row, read back through this schema (an unreadable row is absent: the topic is not judged) */
  schema: z.ZodType<Snapshot>;
  /** reads the source for the watched départements and saves their rows; `departments` is empty when nobody needs it */
  ingest(deps: TopicIngestDeps, params: { day: string; departments: readonly string[]; nowMs: number }): Promise<Summary>;
  /** whether the day's read worked (the ingest's log line) */
  succeeded(summary: Summary): boolean;
  /** one commune's view of its département's row (undefined: no row, the day's read failed or none was made) */
  communeView(snapshot: Snapshot | undefined, commune: { citycode: string; communeCode: string; department: string }): View | null;
}

/** What a batch gives a topic to judge one commune. */
export interface TopicCommune<View> {
  deps: TopicBatchDeps;
  now: Date;
  citycode: string;
  /** the subjects of the commune watched for this topic */
  subjects: readonly AlertSubject[];
  /**
   * the commune's view of the day's bulk read; null when that read failed (nothing is judged, no
   * false all-clear); undefined when the batch has no snapshots (the admin panel's run): read it
   */
  view: View | null | undefined;
  /** a read shared by the batch's communes (a national map read once per batch, never per subscriber) */
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

/** Per subject of a commune, its diff against the state the last run kept (null: not judged for this one). */
export type SubjectJudgement<State> = (subject: AlertSubject, previous: State | null) => Diff<State> | null;

export interface AlertTopicServer<State = unknown, Snapshot = unknown, View = unknown, Summary = unknown> {
  key: string;
  /** the state a subject keeps between runs (alert_states), read back through this schema */
  stateSchema: z.ZodType<State>;
  bulk?: TopicBulkRead<Snapshot, View, Summary>;
  atSend?: TopicPassAtSend;
  /** judges one commune's subjects; null when the commune cannot be judged today */
  judgeCommune?(commune: TopicCommune<View>): Promise<SubjectJudgement<State> | null>;
}

/**
 * A topic judged at the send stage on Workers rather than with the plan's batches (decision 079:
 * its source publishes between the two): the plan's batches leave it out, and the 17:00 cron
 * re-reads its source once, then judges it in pages of the communes where someone has it on
 * (src/server/alerts/at-send.ts), before the day's e-mails go.
 */
export interface TopicPassAtSend<Summary = unknown> {
  /** the run summary's field that says what the pass read (shown on the status page) */
  summaryField: string;
  /**
   * Re-reads the topic's source for the day and rewrites its snapshots (on a failure the plan's
   * stay): what the summary records, and whether there is anything to judge today.
   */
  reread(deps: TopicIngestDeps, input: { runId: string; day: string }): Promise<{ summary: Summary; judge: boolean }>;
}
