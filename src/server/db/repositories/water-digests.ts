// The communes' drinking-water digests (decision 049): read by the ingest (which communes have a
// newer sample, and the digests it folds new results into) and by each batch of the run.
import { inArray } from "drizzle-orm";
import type { WaterDigest } from "../../../core/water/index.ts";
import type { Database } from "../index.ts";
import { waterDigests } from "../schema/index.ts";

/** Statements per libSQL batch: a few hundred keeps one round trip small. */
const STATEMENTS_PER_BATCH = 200;
const CODES_PER_QUERY = 500;

/** citycode → newest sample the digest knows (null: none in the window); communes without a digest are absent. */
export async function listDigestNewestSamples(db: Database, citycodes: readonly string[]): Promise<Map<string, string | null>> {
  const newest = new Map<string, string | null>();
  for (let start = 0; start < citycodes.length; start += CODES_PER_QUERY) {
    const rows = await db
      .select({ citycode: waterDigests.citycode, newestSampleAt: waterDigests.newestSampleAt })
      .from(waterDigests)
      .where(inArray(waterDigests.citycode, citycodes.slice(start, start + CODES_PER_QUERY)));
    for (const row of rows) newest.set(row.citycode, row.newestSampleAt);
  }
  return newest;
}

/** The stored digests of these communes, as rows (src/server/alerts/snapshots.ts reads them). */
export async function listWaterDigestRows(db: Database, citycodes: readonly string[]): Promise<Array<{ citycode: string; payloadJson: string }>> {
  const rows: Array<{ citycode: string; payloadJson: string }> = [];
  for (let start = 0; start < citycodes.length; start += CODES_PER_QUERY) {
    rows.push(
      ...(await db
        .select({ citycode: waterDigests.citycode, payloadJson: waterDigests.payloadJson })
        .from(waterDigests)
        .where(inArray(waterDigests.citycode, citycodes.slice(start, start + CODES_PER_QUERY)))),
    );
  }
  return rows;
}

export interface DigestWrite {
  citycode: string;
  department: string;
  newestSampleAt: string | null;
  digest: WaterDigest;
}

function upsertDigest(db: Database, write: DigestWrite, nowMs: number) {
  const values = { department: write.department, newestSampleAt: write.newestSampleAt, payloadJson: JSON.stringify(write.digest), updatedAtMs: nowMs };
  return db
    .insert(waterDigests)
    .values({ citycode: write.citycode, ...values })
    .onConflictDoUpdate({ target: waterDigests.citycode, set: values });
}

/**
 * Upserts digests, 200 per batch. The ingest writes a département's snapshot (which names the
 * communes to judge) before their digests: a run that dies in between finds the same communes
 * newer on its re-run, since their digests did not move.
 */
export async function saveWaterDigests(db: Database, writes: readonly DigestWrite[], nowMs: number): Promise<void> {
  for (let start = 0; start < writes.length; start += STATEMENTS_PER_BATCH) {
    const [first, ...rest] = writes.slice(start, start + STATEMENTS_PER_BATCH).map((write) => upsertDigest(db, write, nowMs));
    if (first) await db.batch([first, ...rest]);
  }
}
