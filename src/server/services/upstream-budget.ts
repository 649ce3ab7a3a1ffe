// The service's global budget per upstream (issue 22): however many clients ask, the upstreams
// receive at most so many calls. One token bucket per upstream, in the process on Node (the whole
// service: one process, one outgoing IP, decision 058) and in one Durable Object on Workers, which
// hosts these same buckets for every isolate (workers/ceilings-object.ts, decision 089).
import type { Config } from "../config.ts";
import type { LogEntry } from "../logger.ts";

export type UpstreamName = "ban" | "hubeau" | "vigieau" | "atmo" | "pollen" | "openmeteo" | "geo" | "baignades" | "meteofrance";

/** A bucket holds this many minutes of its rate: the burst a quiet service may spend at once. */
export const BURST_MINUTES = 5;

export interface TokenBucket {
  /** takes a token if one is there (false: spent) */
  tryTake(nowMs: number): boolean;
  /** takes a token whatever is left: the bucket may go below zero, and refills from there */
  charge(nowMs: number): void;
  /** tokens left (may be negative after charges) */
  level(nowMs: number): number;
}

/** Refills continuously at `perMinute`, up to `BURST_MINUTES` of it; starts full. */
export function createTokenBucket(perMinute: number): TokenBucket {
  const capacity = Math.max(1, perMinute * BURST_MINUTES);
  const perMs = perMinute / 60_000;
  let tokens = capacity;
  let lastMs: number | null = null;
  const refill = (nowMs: number) => {
    // A clock set back (tests) refills nothing rather than draining.
    if (lastMs !== null) tokens = Math.min(capacity, tokens + Math.max(0, nowMs - lastMs) * perMs);
    lastMs = lastMs === null ? nowMs : Math.max(lastMs, nowMs);
  };
  return {
    tryTake(nowMs) {
      refill(nowMs);
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    charge(nowMs) {
      refill(nowMs);
      tokens -= 1;
    },
    level(nowMs) {
      refill(nowMs);
      return tokens;
    },
  };
}

/** Who is calling: a visitor's request waits for nobody and is refused once the bucket is spent; the alert run is never refused. */
export type CallPriority = "request" | "alert-run";

/**
 * Asynchronous: on Workers the buckets live in a Durable Object, one call away (decision 089).
 * `client` names who asks (a hashed key), or null when no client is known (the alert run, a
 * caller that does not say).
 */
export interface UpstreamBudgets {
  /** true when the call may go to the upstream; every call allowed is counted */
  take(name: UpstreamName, priority: CallPriority, client: string | null): Promise<boolean>;
  /** counts calls already made (the alert run's paged bulk reads) */
  charge(name: UpstreamName, calls: number): Promise<void>;
}

export type UpstreamBudgetConfig = Pick<
  Config,
  | "UPSTREAM_BAN_PER_MINUTE"
  | "UPSTREAM_HUBEAU_PER_MINUTE"
  | "UPSTREAM_VIGIEAU_PER_MINUTE"
  | "UPSTREAM_ATMO_PER_MINUTE"
  | "UPSTREAM_POLLEN_PER_MINUTE"
  | "UPSTREAM_OPENMETEO_PER_MINUTE"
  | "UPSTREAM_GEO_PER_MINUTE"
  | "UPSTREAM_BAIGNADES_PER_MINUTE"
  | "UPSTREAM_METEOFRANCE_PER_MINUTE"
>;

export function upstreamRatesPerMinute(config: UpstreamBudgetConfig): Record<UpstreamName, number> {
  return {
    ban: config.UPSTREAM_BAN_PER_MINUTE,
    hubeau: config.UPSTREAM_HUBEAU_PER_MINUTE,
    vigieau: config.UPSTREAM_VIGIEAU_PER_MINUTE,
    atmo: config.UPSTREAM_ATMO_PER_MINUTE,
    pollen: config.UPSTREAM_POLLEN_PER_MINUTE,
    openmeteo: config.UPSTREAM_OPENMETEO_PER_MINUTE,
    geo: config.UPSTREAM_GEO_PER_MINUTE,
    baignades: config.UPSTREAM_BAIGNADES_PER_MINUTE,
    meteofrance: config.UPSTREAM_METEOFRANCE_PER_MINUTE,
  };
}

/**
 * One bucket per upstream. The alert run's calls are charged to the same bucket as the visitors'
 * (it is the same allowance upstream) but never refused: the run keeps its own pace
 * (ALERT_*_PER_SECOND) and is the service's promise to its subscribers; while it spends, visitors'
 * calls get the last good answer or « indisponible ». Visitors can therefore never starve the run.
 * Reaching the ceiling is logged once each time the bucket runs dry (no personal data: the upstream's name).
 */
export function createUpstreamBudgets(deps: {
  config: UpstreamBudgetConfig;
  nowMs: () => number;
  log?: ((entry: LogEntry) => void) | undefined;
}): UpstreamBudgets {
  const rates = upstreamRatesPerMinute(deps.config);
  const buckets = new Map<UpstreamName, TokenBucket>();
  const dry = new Set<UpstreamName>();
  const bucketOf = (name: UpstreamName) => {
    let bucket = buckets.get(name);
    if (!bucket) {
      bucket = createTokenBucket(rates[name]);
      buckets.set(name, bucket);
    }
    return bucket;
  };
  return {
    // async: the buckets themselves are synchronous, so no call interleaves with another's count.
    async take(name, priority) {
      const bucket = bucketOf(name);
      const nowMs = deps.nowMs();
      if (priority === "alert-run") {
        bucket.charge(nowMs);
        return true;
      }
      if (bucket.tryTake(nowMs)) {
        dry.delete(name);
        return true;
      }
      if (!dry.has(name)) {
        dry.add(name);
        deps.log?.({
          level: "warn",
          message: "upstream budget reached: cached or unavailable answers until it refills",
          fields: { upstream: name, perMinute: rates[name], burst: Math.max(1, rates[name] * BURST_MINUTES) },
        });
      }
      return false;
    },
    async charge(name, calls) {
      const bucket = bucketOf(name);
      const nowMs = deps.nowMs();
      for (let call = 0; call < calls; call++) bucket.charge(nowMs);
    },
  };
}
