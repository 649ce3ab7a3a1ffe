// Each official source's last successful and failed read (source_reads), and the admins' notices
// per cause and day (admin_notices): what the status page and its notices read and claim.
import { sql } from "drizzle-orm";
import type { Database } from "../index.ts";
import { adminNotices, sourceReads, type SourceReadRow } from "../schema/index.ts";

/**
 * Records what a process saw of a source. Several isolates write the same row: each instant only
 * moves forward (max), so an isolate that saw less never takes a newer read back.
 */
export async function saveSourceRead(
  db: Database,
  input: { source: string; lastSuccessAtMs: number | null; lastFailureAtMs: number | null; nowMs: number },
): Promise<void> {
  await db
    .insert(sourceReads)
    .values({ source: input.source, lastSuccessAtMs: input.lastSuccessAtMs, lastFailureAtMs: input.lastFailureAtMs, updatedAtMs: input.nowMs })
    .onConflictDoUpdate({
      target: sourceReads.source,
      set: {
        lastSuccessAtMs: sql`nullif(max(coalesce(${sourceReads.lastSuccessAtMs}, 0), coalesce(excluded.last_success_at_ms, 0)), 0)`,
        lastFailureAtMs: sql`nullif(max(coalesce(${sourceReads.lastFailureAtMs}, 0), coalesce(excluded.last_failure_at_ms, 0)), 0)`,
        updatedAtMs: input.nowMs,
      },
    });
}

export async function listSourceReads(db: Database): Promise<SourceReadRow[]> {
  return db.select().from(sourceReads);
}

/**
 * Claims today's notice for `cause`, atomically (one upsert): true for the first caller of the
 * Paris day, false for every other process, isolate or later call that day.
 */
export async function claimAdminNotice(db: Database, input: { cause: string; day: string; nowMs: number }): Promise<boolean> {
  const rows = await db
    .insert(adminNotices)
    .values({ cause: input.cause, day: input.day, sentAtMs: input.nowMs })
    .onConflictDoUpdate({
      target: adminNotices.cause,
      set: { day: input.day, sentAtMs: input.nowMs },
      setWhere: sql`${adminNotices.day} <> ${input.day}`,
    })
    .returning({ cause: adminNotices.cause });
  return rows.length === 1;
}
