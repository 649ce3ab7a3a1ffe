// Fixed-window counters (services/rate-limit.ts holds the rules).
import { sql } from "drizzle-orm";
import type { Database } from "../index.ts";
import { rateLimits } from "../schema/index.ts";

/** One atomic upsert: the window's count after this request. */
export async function incrementRateLimitWindow(db: Database, input: { scope: string; bucketKey: string; windowStartSeconds: number }): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ ...input, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.scope, rateLimits.bucketKey, rateLimits.windowStartSeconds],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}
