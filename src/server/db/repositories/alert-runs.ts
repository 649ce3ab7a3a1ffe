// One row per alert run: the lock that keeps two runs apart, and the summary the admin panel shows.
import { and, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../index.ts";
import { alertRuns } from "../schema/index.ts";

export type AlertRunRow = typeof alertRuns.$inferSelect;

/** Starts a run unless another one started less than `staleAfterMs` ago and has not finished (one statement). */
export async function acquireAlertRun(db: Database, input: { runId: string; nowMs: number; staleAfterMs: number }): Promise<boolean> {
  const result = await db.run(sql`
    insert into ${alertRuns} (id, started_at_ms)
    select ${input.runId}, ${input.nowMs}
    where not exists (select 1 from ${alertRuns} where finished_at_ms is null and started_at_ms > ${input.nowMs - input.staleAfterMs})
  `);
  return result.rowsAffected === 1;
}

/** The same condition as acquireAlertRun's, read only: a run started less than `staleAfterMs` ago has not finished. */
export async function hasUnfinishedRun(db: Database, input: { nowMs: number; staleAfterMs: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: alertRuns.id })
    .from(alertRuns)
    .where(and(isNull(alertRuns.finishedAtMs), gt(alertRuns.startedAtMs, input.nowMs - input.staleAfterMs)))
    .limit(1);
  return row !== undefined;
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
