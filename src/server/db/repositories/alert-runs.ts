// One row per alert run: the lock that keeps two runs apart, and the summary the admin panel shows.
import { and, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../index.ts";
import { alertRuns } from "../schema/index.ts";

export type AlertRunRow = typeof alertRuns.$inferSelect;

/** A run is alive while its newest beat (its start before the first beat) is younger than `deadAfterMs`. */
const lastSign = sql`coalesce(${alertRuns.heartbeatAtMs}, ${alertRuns.startedAtMs})`;

/** The same rule as `lastSign`'s, on a row read: an unfinished run that stopped beating `deadAfterMs` ago or more is dead. */
export function isDeadRun(row: Pick<AlertRunRow, "finishedAtMs" | "heartbeatAtMs" | "startedAtMs">, input: { nowMs: number; deadAfterMs: number }): boolean {
  return row.finishedAtMs === null && (row.heartbeatAtMs ?? row.startedAtMs) <= input.nowMs - input.deadAfterMs;
}

/**
 * Starts a run unless another unfinished one beat less than `deadAfterMs` ago (one statement, so
 * two starts never both win). A run whose process died stops beating: its lock is free soon after.
 */
export async function acquireAlertRun(db: Database, input: { runId: string; nowMs: number; deadAfterMs: number }): Promise<boolean> {
  const result = await db.run(sql`
    insert into ${alertRuns} (id, started_at_ms, heartbeat_at_ms)
    select ${input.runId}, ${input.nowMs}, ${input.nowMs}
    where not exists (select 1 from ${alertRuns} where finished_at_ms is null and ${lastSign} > ${input.nowMs - input.deadAfterMs})
  `);
  return result.rowsAffected === 1;
}

/** The running run's sign of life (lifecycle.ts beats every few seconds). */
export async function beatAlertRun(db: Database, input: { runId: string; nowMs: number }): Promise<void> {
  await db
    .update(alertRuns)
    .set({ heartbeatAtMs: input.nowMs })
    .where(and(eq(alertRuns.id, input.runId), isNull(alertRuns.finishedAtMs)));
}

/**
 * Marks finished, with `summaryJson` (an « abandoned » error), the unfinished runs other than
 * `exceptRunId` whose beat stopped `deadAfterMs` ago or more (or all of `runIds` when given: a
 * shutdown leaving its own run), so that the status page and the admin panel never show a dead
 * run as running. Returns how many were marked.
 */
export async function markAbandonedRuns(
  db: Database,
  input: { nowMs: number; summaryJson: string } & ({ exceptRunId: string; deadAfterMs: number } | { runIds: string[] }),
): Promise<number> {
  const which =
    "runIds" in input ? inArray(alertRuns.id, input.runIds) : and(ne(alertRuns.id, input.exceptRunId), sql`${lastSign} <= ${input.nowMs - input.deadAfterMs}`);
  if ("runIds" in input && input.runIds.length === 0) return 0;
  const result = await db
    .update(alertRuns)
    .set({ finishedAtMs: input.nowMs, summaryJson: input.summaryJson })
    .where(and(isNull(alertRuns.finishedAtMs), which));
  return result.rowsAffected;
}

/** The same condition as acquireAlertRun's, read only: an unfinished run beat less than `deadAfterMs` ago. */
export async function hasUnfinishedRun(db: Database, input: { nowMs: number; deadAfterMs: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: alertRuns.id })
    .from(alertRuns)
    .where(and(isNull(alertRuns.finishedAtMs), sql`${lastSign} > ${input.nowMs - input.deadAfterMs}`))
    .limit(1);
  return row !== undefined;
}

/** The runs started at or after `sinceMs` (the scheduler's catch-up: the runs of today's 17:00), newest first. */
export async function listRunsSince(db: Database, input: { sinceMs: number }): Promise<AlertRunRow[]> {
  return db.select().from(alertRuns).where(gte(alertRuns.startedAtMs, input.sinceMs)).orderBy(desc(alertRuns.startedAtMs));
}

export async function finishAlertRun(db: Database, input: { runId: string; finishedAtMs: number; summaryJson: string }): Promise<void> {
  await db.update(alertRuns).set({ finishedAtMs: input.finishedAtMs, summaryJson: input.summaryJson }).where(eq(alertRuns.id, input.runId));
}

export async function findLastFinishedRun(db: Database): Promise<AlertRunRow | undefined> {
  const [row] = await db.select().from(alertRuns).where(isNotNull(alertRuns.finishedAtMs)).orderBy(desc(alertRuns.startedAtMs)).limit(1);
  return row;
}

/** The newest runs, finished or not, newest first (the status page). */
export async function listRecentRuns(db: Database, input: { limit: number }): Promise<AlertRunRow[]> {
  return db.select().from(alertRuns).orderBy(desc(alertRuns.startedAtMs)).limit(input.limit);
}

/** What one message of a run adds to the run's row (decision 064). */
export interface RunTally {
  subjectsChecked?: number;
  emailsSent?: number;
  emailFailures?: number;
  deadLetters?: number;
}

/**
 * Adds to a run's tallies in one statement (never read-modify-write: messages of one run end in
 * several invocations): the run named `runId`, or with `newestSince` the newest run started at or
 * after that instant (a send page counts on its day's run, whatever stage enqueued it). False when
 * no row matched (a send stage with no run that day).
 */
export async function addToRunTally(db: Database, input: { runId: string; newestSince?: number; tally: RunTally }): Promise<boolean> {
  const { subjectsChecked = 0, emailsSent = 0, emailFailures = 0, deadLetters = 0 } = input.tally;
  const target =
    input.newestSince === undefined
      ? eq(alertRuns.id, input.runId)
      : sql`${alertRuns.id} = (select ${alertRuns.id} from ${alertRuns} where ${alertRuns.startedAtMs} >= ${input.newestSince} order by ${alertRuns.startedAtMs} desc limit 1)`;
  const result = await db
    .update(alertRuns)
    .set({
      subjectsChecked: sql`${alertRuns.subjectsChecked} + ${subjectsChecked}`,
      emailsSent: sql`${alertRuns.emailsSent} + ${emailsSent}`,
      emailFailures: sql`${alertRuns.emailFailures} + ${emailFailures}`,
      deadLetters: sql`${alertRuns.deadLetters} + ${deadLetters}`,
    })
    .where(target);
  return result.rowsAffected === 1;
}

/**
 * Writes one field into the summary of the newest run started at or after `newestSince` (the
 * day's run, as addToRunTally finds it), in one statement: the Worker's 17:00 send stage says there
 * what each topic's pass at send read (decision 079). False when no run matched.
 */
export async function setRunSummaryField(db: Database, input: { newestSince: number; field: string; valueJson: string }): Promise<boolean> {
  const path = `$.${input.field}`;
  const result = await db.run(sql`
    update ${alertRuns} set summary_json = json_set(coalesce(summary_json, '{}'), ${path}, json(${input.valueJson}))
    where ${alertRuns.id} = (select ${alertRuns.id} from ${alertRuns} where ${alertRuns.startedAtMs} >= ${input.newestSince} order by ${alertRuns.startedAtMs} desc limit 1)
  `);
  return result.rowsAffected === 1;
}
