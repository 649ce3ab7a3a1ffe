// The public read routes' per-client counters (report, geocode, v1), kept out of the database
// (decision 094): on Node in this process's memory, on Workers in a Durable Object per client
// (workers/ceilings-object.ts), each hosting the table below. Fixed windows, the same rules and the
// same outcomes as the database's counters (services/rate-limit.ts), which the auth routes keep.
import type { RateLimitRule } from "./rate-limit.ts";

/** What one counted request learns: the same fields the RateLimit headers and Retry-After say. */
export interface RequestCountOutcome {
  allowed: boolean;
  /** requests still allowed in this window after this one (0 once refused) */
  remaining: number;
  /** seconds until the window ends and the count starts again */
  retryAfterSeconds: number;
}

/** Counts requests per rule and client key; asynchronous, as a remote host of the table is. */
export interface RequestCounters {
  consume(rule: RateLimitRule, bucketKey: string, nowMs: number): Promise<RequestCountOutcome>;
}

/** The synchronous table a process or a Durable Object keeps. */
export interface RequestCounterTable {
  consume(rule: RateLimitRule, bucketKey: string, nowMs: number): RequestCountOutcome;
  /** counters held (for tests and the bound) */
  size(): number;
}

/** A window's count and the second it ends. */
interface Counter {
  count: number;
  endsAtSeconds: number;
}

/**
 * Far more clients than a minute brings to one process (each counter is ~200 bytes: ~10 MB at
 * the bound); past it the oldest counters go first.
 */
export const DEFAULT_MAX_COUNTERS = 50_000;

/**
 * Fixed-window counters in a Map, bounded: a counter whose window has ended is dropped when met,
 * and each new counter sweeps ended ones from the Map's oldest end (insertion order, nearly window
 * order); before a new counter would pass `maxCounters` while every counter is still live, the oldest is
 * dropped — its client starts a new count, which a public read limit can afford (it only paces)
 * and which keeps memory bounded whatever the number of addresses a flood comes from.
 */
export function createRequestCounterTable(options: { maxCounters?: number } = {}): RequestCounterTable {
  const maxCounters = Math.max(1, options.maxCounters ?? DEFAULT_MAX_COUNTERS);
  const counters = new Map<string, Counter>();

  const makeRoom = (nowSeconds: number) => {
    // A couple of ended counters from the oldest end per new one: the Map follows the live counters.
    for (let swept = 0; swept < 2; swept++) {
      const oldest = counters.entries().next();
      if (oldest.done || oldest.value[1].endsAtSeconds > nowSeconds) break;
      counters.delete(oldest.value[0]);
    }
    // Still full of live counters: the oldest goes.
    while (counters.size >= maxCounters) {
      const oldest = counters.keys().next();
      if (oldest.done) break;
      counters.delete(oldest.value);
    }
  };

  return {
    size: () => counters.size,
    consume(rule, bucketKey, nowMs) {
      const nowSeconds = Math.floor(nowMs / 1000);
      const windowStartSeconds = nowSeconds - (nowSeconds % rule.windowSeconds);
      const endsAtSeconds = windowStartSeconds + rule.windowSeconds;
      const key = `${rule.scope}\n${bucketKey}`;
      let counter = counters.get(key);
      if (counter && counter.endsAtSeconds !== endsAtSeconds) {
        // Another window (the clock moved on, or back): its count starts again, at the Map's young end.
        counters.delete(key);
        counter = undefined;
      }
      if (!counter) {
        makeRoom(nowSeconds);
        counter = { count: 0, endsAtSeconds };
        counters.set(key, counter);
      }
      counter.count++;
      return {
        allowed: counter.count <= rule.limit,
        remaining: Math.max(0, rule.limit - counter.count),
        retryAfterSeconds: endsAtSeconds - nowSeconds,
      };
    },
  };
}

/** This process's counters (Node, and a Worker isolate's fall-back). */
export function createMemoryRequestCounters(options: { maxCounters?: number } = {}): RequestCounters {
  const table = createRequestCounterTable(options);
  return { consume: async (rule, bucketKey, nowMs) => table.consume(rule, bucketKey, nowMs) };
}
