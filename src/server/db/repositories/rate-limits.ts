// Fixed-window counters (services/rate-limit.ts holds the rules).
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../index.ts";
import { rateLimits } from "../schema/index.ts";

/** One counter: a scope, a hashed key and the start of its window. */
export interface RateLimitWindow {
  scope: string;
  bucketKey: string;
  windowStartSeconds: number;
}

/** One atomic upsert: the window's count after this request. */
export async function incrementRateLimitWindow(db: Database, input: RateLimitWindow): Promise<number> {
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

/** Gives one count back to the window it was taken from (never below zero). */
export async function decrementRateLimitWindow(db: Database, input: RateLimitWindow): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.scope, input.scope),
        eq(rateLimits.bucketKey, input.bucketKey),
        eq(rateLimits.windowStartSeconds, input.windowStartSeconds),
        gt(rateLimits.count, 0),
      ),
    );
}
