// The communes' drinking-water digests (decision 049): read by the ingest (which communes have a
// newer sample, and the digests it folds new results into) and by each batch of the run.
import { inArray, sql } from "drizzle-orm";
import { WATER_DIGEST_VERSION, type WaterDigest } from "../../../core/water/index.ts";
import type { Database } from "../index.ts";
import { waterDigests } from "../schema/index.ts";

/** Statements per libSQL batch: a few hundred keeps one round trip small. */
const STATEMENTS_PER_BATCH = 200;
const CODES_PER_QUERY = 500;

/**
 * citycode → the sample codes its digest knows (the last twelve months), read from the stored JSON
 * by SQLite (json_extract) so that only that part crosses the wire. Digests of an older version
 * (before decision 052) are absent: their communes are read again.
 */
export async function listDigestSampleCodes(db: Database, citycodes: readonly string[]): Promise<Map<string, { newest: string | null; codes: Set<string> }>> {
  const known = new Map<string, { newest: string | null; codes: Set<string> }>();
  for (let start = 0; start < citycodes.length; start += CODES_PER_QUERY) {
    const rows = await db
      .select({
        citycode: waterDigests.citycode,
        newestSampleAt: waterDigests.newestSampleAt,
        version: sql<number | null>`json_extract(${waterDigests.payloadJson}, '$.version')`,
        samples: sql<string | null>`json_extract(${waterDigests.payloadJson}, '$.samples')`,
      })
      .from(waterDigests)
      .where(inArray(waterDigests.citycode, citycodes.slice(start, start + CODES_PER_QUERY)));
    for (const row of rows) {
      if (row.version !== WATER_DIGEST_VERSION) continue;
      const samples = JSON.parse(row.samples ?? "{}") as Record<string, Record<string, string>>;
      known.set(row.citycode, { newest: row.newestSampleAt, codes: new Set(Object.values(samples).flatMap((codes) => Object.keys(codes))) });
    }
  }
  return known;
}

/** The digests of these communes (absent: none yet, or stored by an older version, to be built again). */
export async function loadWaterDigests(db: Database, citycodes: readonly string[]): Promise<Map<string, WaterDigest>> {
  const digests = new Map<string, WaterDigest>();
  for (let start = 0; start < citycodes.length; start += CODES_PER_QUERY) {
    const rows = await db
      .select({ citycode: waterDigests.citycode, payloadJson: waterDigests.payloadJson })
      .from(waterDigests)
      .where(inArray(waterDigests.citycode, citycodes.slice(start, start + CODES_PER_QUERY)));
    for (const row of rows) {
      const digest = JSON.parse(row.payloadJson) as WaterDigest;
      if (digest.version === WATER_DIGEST_VERSION) digests.set(row.citycode, digest);
    }
  }
  return digests;
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
