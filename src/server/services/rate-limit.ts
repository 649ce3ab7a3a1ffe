import type { Database } from "../db/index.ts";
import { decrementRateLimitWindow, incrementRateLimitWindow, type RateLimitWindow } from "../db/repositories/rate-limits.ts";

export interface RateLimitRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitOutcome {
  allowed: boolean;
  /** requests still allowed in this window after this one (0 once refused) */
  remaining: number;
  /** seconds until the window ends and the count starts again */
  retryAfterSeconds: number;
  /** the counter this request was counted in, for releaseRateLimit */
  window: RateLimitWindow;
}

/** SHA-256 hex of a value, so raw IPs and emails never reach the database. */
export async function hashKey(value: string, secret: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${secret}:${value}`);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Fixed-window counter: one atomic upsert per request. */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, bucketKey: string, nowMs: number): Promise<RateLimitOutcome> {
  const nowSeconds = Math.floor(nowMs / 1000);
  const windowStartSeconds = nowSeconds - (nowSeconds % rule.windowSeconds);
  const window = { scope: rule.scope, bucketKey, windowStartSeconds };
  const count = await incrementRateLimitWindow(db, window);
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: windowStartSeconds + rule.windowSeconds - nowSeconds,
    window,
  };
}

/**
 * Gives back a count taken by consumeRateLimit: limits that count failures only take the count
 * before the check (parallel guesses cannot all slip under the limit) and give it back when the
 * attempt turned out not to be a failure.
 */
export async function releaseRateLimit(db: Database, window: RateLimitWindow): Promise<void> {
  await decrementRateLimitWindow(db, window);
}
