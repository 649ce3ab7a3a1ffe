// The alert run's per-day budgets and stage marks (alert_run_marks), kept apart from the sources'
// watermarks (source_watermarks): a budget is a counter the batches take from, a stage mark says
// that a stage of that day has begun.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../index.ts";
import { alertRunMarks } from "../schema/index.ts";

/** The day's budget of VigiEau first reads (process.ts, ALERT_VIGIEAU_FIRST_READS_PER_RUN). */
export type RunBudget = "vigieau-first-reads";
/** The day whose 17:00 send stage has begun on Workers (pipeline.ts, queue.ts). */
export type StageMark = "send-stage";

/**
 * Takes one unit of the day's `budget`, atomically (one upsert): true while fewer than `max` were
 * taken. Several queue consumers share it through the database.
 */
export async function takeFromDayBudget(db: Database, input: { budget: RunBudget; day: string; max: number; nowMs: number }): Promise<boolean> {
  if (input.max <= 0) return false;
  const [row] = await db
    .insert(alertRunMarks)
    .values({ name: input.budget, day: input.day, count: 1, updatedAtMs: input.nowMs })
    .onConflictDoUpdate({ target: [alertRunMarks.name, alertRunMarks.day], set: { count: sql`${alertRunMarks.count} + 1`, updatedAtMs: input.nowMs } })
    .returning({ count: alertRunMarks.count });
  return (row?.count ?? Infinity) <= input.max;
}

export async function markStageBegun(db: Database, input: { stage: StageMark; day: string; nowMs: number }): Promise<void> {
  await db
    .insert(alertRunMarks)
    .values({ name: input.stage, day: input.day, count: 1, updatedAtMs: input.nowMs })
    .onConflictDoUpdate({ target: [alertRunMarks.name, alertRunMarks.day], set: { updatedAtMs: input.nowMs } });
}

export async function hasStageBegun(db: Database, input: { stage: StageMark; day: string }): Promise<boolean> {
  const [row] = await db
    .select({ count: alertRunMarks.count })
    .from(alertRunMarks)
    .where(and(eq(alertRunMarks.name, input.stage), eq(alertRunMarks.day, input.day)));
  return row !== undefined;
}

/** Budgets and marks of days before `beforeDay` are no longer read. */
export async function deleteRunMarksBefore(db: Database, input: { beforeDay: string }): Promise<void> {
  await db.delete(alertRunMarks).where(lt(alertRunMarks.day, input.beforeDay));
}
