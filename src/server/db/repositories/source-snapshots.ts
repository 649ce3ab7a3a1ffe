// The alert run's bulk reads (source_snapshots) and the sources' watermarks that outlive a day
// (source_watermarks): written once per run by the ingest, read by each batch (decision 048). The
// run's own budgets and stage marks are in alert_run_marks (alert-run-marks.ts).
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../index.ts";
import { sourceSnapshots, sourceWatermarks, type SourceSnapshotRow } from "../schema/index.ts";

/** A bulk read's name: the run's own ("atmo", "hubeau", "vigieau") or an alert topic's (its `bulk.source`). */
export type SnapshotSource = string;

export interface NewSnapshot {
  department: string;
  payloadJson: string;
}

/** Writes (or replaces, on a re-run of the same day) one source's rows, 200 statements per batch. */
export async function saveSnapshots(db: Database, input: { day: string; source: SnapshotSource; rows: readonly NewSnapshot[]; nowMs: number }): Promise<void> {
  for (let start = 0; start < input.rows.length; start += 200) {
    const statements = input.rows.slice(start, start + 200).map((row) =>
      db
        .insert(sourceSnapshots)
        .values({ day: input.day, source: input.source, department: row.department, payloadJson: row.payloadJson, createdAtMs: input.nowMs })
        .onConflictDoUpdate({
          target: [sourceSnapshots.day, sourceSnapshots.source, sourceSnapshots.department],
          set: { payloadJson: row.payloadJson, createdAtMs: input.nowMs },
        }),
    );
    const [first, ...rest] = statements;
    if (first) await db.batch([first, ...rest]);
  }
}

/** The rows of one day for these départements, every source (one query per batch of the run). */
export async function listSnapshotsOfDay(db: Database, input: { day: string; departments: readonly string[] }): Promise<SourceSnapshotRow[]> {
  if (input.departments.length === 0) return [];
  return db
    .select()
    .from(sourceSnapshots)
    .where(and(eq(sourceSnapshots.day, input.day), inArray(sourceSnapshots.department, [...input.departments])));
}

/** The départements that have a row of `source` for `day` (the 17:00 vigilance re-read rewrites those, decision 079). */
export async function listSnapshotDepartments(db: Database, input: { day: string; source: SnapshotSource }): Promise<string[]> {
  const rows = await db
    .select({ department: sourceSnapshots.department })
    .from(sourceSnapshots)
    .where(and(eq(sourceSnapshots.day, input.day), eq(sourceSnapshots.source, input.source)));
  return rows.map((row) => row.department);
}

/** One row of `source` for `day`, any département (the map's update time is the same in each). */
export async function findSnapshotOfDay(db: Database, input: { day: string; source: SnapshotSource }): Promise<SourceSnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(sourceSnapshots)
    .where(and(eq(sourceSnapshots.day, input.day), eq(sourceSnapshots.source, input.source)))
    .limit(1);
  return row;
}

/**
 * Per département, the latest row of `source` from a day before `day`: what the last run knew.
 * A re-run of the same day compares with the same baseline, so it finds the same changes.
 */
export async function listBaselineSnapshots(db: Database, input: { day: string; source: SnapshotSource }): Promise<SourceSnapshotRow[]> {
  const latest = db
    .select({ department: sourceSnapshots.department, day: sql<string>`max(${sourceSnapshots.day})`.as("latest_day") })
    .from(sourceSnapshots)
    .where(and(eq(sourceSnapshots.source, input.source), lt(sourceSnapshots.day, input.day)))
    .groupBy(sourceSnapshots.department)
    .as("latest");
  const rows = await db
    .select({ row: sourceSnapshots })
    .from(sourceSnapshots)
    .innerJoin(latest, and(eq(sourceSnapshots.department, latest.department), eq(sourceSnapshots.day, latest.day)))
    .where(eq(sourceSnapshots.source, input.source));
  return rows.map((entry) => entry.row);
}

/** Snapshots of `source` older than `beforeDay` are no longer anyone's baseline. */
export async function deleteSnapshotsBefore(db: Database, input: { source: SnapshotSource; beforeDay: string }): Promise<void> {
  await db.delete(sourceSnapshots).where(and(eq(sourceSnapshots.source, input.source), lt(sourceSnapshots.day, input.beforeDay)));
}

export async function readWatermark(db: Database, source: string): Promise<string | null> {
  const [row] = await db.select().from(sourceWatermarks).where(eq(sourceWatermarks.source, source));
  return row?.value ?? null;
}

export async function saveWatermark(db: Database, input: { source: string; value: string; nowMs: number }): Promise<void> {
  await db
    .insert(sourceWatermarks)
    .values({ source: input.source, value: input.value, updatedAtMs: input.nowMs })
    .onConflictDoUpdate({ target: sourceWatermarks.source, set: { value: input.value, updatedAtMs: input.nowMs } });
}
