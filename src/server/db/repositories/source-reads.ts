// Each official source's last successful and failed read, the start of its outage and our budget's
// last refusal (source_reads), and the admins' notices per cause and day (admin_notices): what the
// status page and its notices read and claim.
import { sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../index.ts";
import { adminNotices, sourceReads, type SourceReadRow } from "../schema/index.ts";

/** What a process has seen of a source (ms since the epoch), as saveSourceRead writes it. */
export interface SourceReadInput {
  source: string;
  lastSuccessAtMs: number | null;
  lastFailureAtMs: number | null;
  failingSinceMs: number | null;
  lastRefusedAtMs: number | null;
  nowMs: number;
}

const latest = (column: SQLiteColumn, excluded: string) => sql`max(coalesce(${column}, 0), coalesce(excluded.${sql.raw(excluded)}, 0))`;

/**
 * Records what a process saw of a source. Several isolates write the same row: each instant only
 * moves forward (max), so an isolate that saw less never takes a newer read back. While the merged
 * last attempt failed, the outage started at the earliest failure either side knows after the
 * merged last success (the merged last failure when neither knows one); once it answered, none.
 * SQLite reads every column of the old row in SET, before any is updated.
 */
export async function saveSourceRead(db: Database, input: SourceReadInput): Promise<void> {
  const success = latest(sourceReads.lastSuccessAtMs, "last_success_at_ms");
  const failure = latest(sourceReads.lastFailureAtMs, "last_failure_at_ms");
  const stored = sql`case when ${sourceReads.failingSinceMs} > ${success} then ${sourceReads.failingSinceMs} end`;
  const seen = sql`case when excluded.failing_since_ms > ${success} then excluded.failing_since_ms end`;
  await db
    .insert(sourceReads)
    .values({
      source: input.source,
      lastSuccessAtMs: input.lastSuccessAtMs,
      lastFailureAtMs: input.lastFailureAtMs,
      failingSinceMs: input.failingSinceMs,
      lastRefusedAtMs: input.lastRefusedAtMs,
      updatedAtMs: input.nowMs,
    })
    .onConflictDoUpdate({
      target: sourceReads.source,
      set: {
        lastSuccessAtMs: sql`nullif(${success}, 0)`,
        lastFailureAtMs: sql`nullif(${failure}, 0)`,
        // min(coalesce(a, b), coalesce(b, a)): the smaller of the two, or the one there is.
        failingSinceMs: sql`case when ${failure} > ${success} then coalesce(min(coalesce(${stored}, ${seen}), coalesce(${seen}, ${stored})), ${failure}) end`,
        lastRefusedAtMs: sql`nullif(${latest(sourceReads.lastRefusedAtMs, "last_refused_at_ms")}, 0)`,
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
