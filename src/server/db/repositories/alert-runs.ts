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
