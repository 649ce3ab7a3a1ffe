// The communes' drinking-water digests (decision 049): read by the ingest (which communes have a
// newer sample, and the digests it folds new results into) and by each batch of the run.
import { inArray, sql } from "drizzle-orm";
import type { WaterDigest } from "../../../sections/water/index.ts";
import type { Database } from "../index.ts";
import { waterDigests } from "../schema/index.ts";

/** Statements per libSQL batch: a few hundred keeps one round trip small. */
const STATEMENTS_PER_BATCH = 200;
const CODES_PER_QUERY = 500;

/**
 * The part of these communes' digests that tells a new or late sample: the digest's version and its
 * samples (the last twelve months), cut out of the stored JSON by SQLite (json_extract) so that
 * only that part crosses the wire; src/server/alerts/snapshots.ts reads them.
 */
export async function listDigestSampleRows(
  db: Database,
  citycodes: readonly string[],
): Promise<Array<{ citycode: string; newestSampleAt: string | null; version: number | null; samplesJson: string | null }>> {
  const rows: Array<{ citycode: string; newestSampleAt: string | null; version: number | null; samplesJson: string | null }> = [];
  for (let start = 0; start < citycodes.length; start += CODES_PER_QUERY) {
    rows.push(
      ...(await db
        .select({
          citycode: waterDigests.citycode,
          newestSampleAt: waterDigests.newestSampleAt,
          version: sql<number | null>`json_extract(${waterDigests.payloadJson}, '$.version')`,
          samplesJson: sql<string | null>`json_extract(${waterDigests.payloadJson}, '$.samples')`,
        })
        .from(waterDigests)
        .where(inArray(waterDigests.citycode, citycodes.slice(start, start + CODES_PER_QUERY)))),
    );
  }
  return rows;
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
