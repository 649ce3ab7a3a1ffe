// The service's global budget per upstream (issue 22): however many clients ask, the upstreams
// receive at most so many calls. One token bucket per upstream, in the process on Node (the whole
// service: one process, one outgoing IP, decision 058) and in one Durable Object on Workers, which
// hosts these same buckets for every isolate (workers/ceilings-object.ts, decision 089); each
// client has its share of each bucket (decision 088).
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
 * The service's budgets, one per upstream, shared fairly between clients (decision 088). Asynchronous
 * so that one instance may live elsewhere (the Workers' Durable Object hosts a `createUpstreamBudgets`
 * and forwards these calls to it): every rule lives in `createUpstreamBudgets`.
 */
export interface UpstreamBudgets {
  /**
   * true when the call may go to the upstream; every call allowed is counted. `client` is the hashed
   * client key of the rate limits (a visitor's report), null for calls made on nobody's behalf in
   * particular (account pages, the admin panel): those count in the global bucket only.
   */
  take(name: UpstreamName, priority: CallPriority, client: string | null): Promise<boolean>;
  /** counts calls already made (the alert run's paged bulk reads) */
  charge(name: UpstreamName, calls: number): Promise<void>;
}

/**
 * A client's own share of each upstream: its bucket refills at this fraction of the upstream's rate
 * and holds as many minutes of it as the global bucket (`BURST_MINUTES`), and never less than one
 * report's calls (`REPORT_CALLS`). Ten clients at their share use the whole rate.
 */
export const CLIENT_SHARE = 0.1;

/**
 * The part of each global bucket kept for clients' first report of the day: a client that has made
 * no report today may take from it, the others stop at its floor. Never less than one report's calls.
 */
export const FIRST_REPORT_RESERVE = 0.2;

/**
 * The most calls one report of a new commune makes to each upstream (counted on the report's reads):
 * BAN a reverse geocoding and a search; Hub'Eau the networks and two windows of results, doubled in
 * Paris, Lyon and Marseille (arrondissement and commune), plus the key parameters of a big city;
 * VigiEau the département's zones in force (an hour for all its communes), the commune when it has some, then the point when the commune is split (409); ATMO the commune's index, its
 * EPCI's; Open-Meteo the CAMS estimate and the UV forecast; the bathing portal a commune's sites and
 * a few live pages. A client's first `REPORT_CALLS[name]` calls of the day are its first report's.
 */
export const REPORT_CALLS: Readonly<Record<UpstreamName, number>> = {
  ban: 2,
  hubeau: 8,
  vigieau: 3,
  atmo: 3,
  pollen: 1,
  openmeteo: 2,
  geo: 1,
  baignades: 6,
  meteofrance: 1,
};

/**
 * How many clients' shares and first-report counts are kept (decision 066, bounded memory): the least
 * recently seen is forgotten first (a few hundred bytes each, plain numbers). A forgotten client starts
 * again with a full share and a first report: forgetting one takes this many other clients.
 */
export const MAX_TRACKED_CLIENTS = 10_000;

/** The global bucket's reserve for first reports, in calls. */
export function firstReportReserve(name: UpstreamName, perMinute: number): number {
  const capacity = Math.max(1, perMinute * BURST_MINUTES);
  return Math.min(capacity, Math.max(REPORT_CALLS[name], capacity * FIRST_REPORT_RESERVE));
}

/** A client's share: its rate per minute and what its bucket holds. */
export function clientShareOf(name: UpstreamName, perMinute: number): { perMinute: number; capacity: number } {
  const share = perMinute * CLIENT_SHARE;
  return { perMinute: share, capacity: Math.max(REPORT_CALLS[name], share * BURST_MINUTES) };
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

/** A client's bucket as plain data (thousands are kept): tokens left at `atMs`. */
interface ShareState {
  tokens: number;
  atMs: number;
}

interface ClientState {
  /** the Paris day the counts below are of */
  day: string;
  /** calls taken today per upstream: under REPORT_CALLS, the client is still on its first report */
  takenToday: Partial<Record<UpstreamName, number>>;
  shares: Partial<Record<UpstreamName, ShareState>>;
}

const parisDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" });

/**
 * One bucket per upstream, shared fairly (decision 088). A visitor's call needs a token from its own
 * share and from the global bucket; the last `firstReportReserve` tokens of the global bucket go only
 * to a client still on its first report of the day, so that however much others ask, a newcomer's
 * first report is read whole. Calls on nobody's behalf (client null) need the global bucket only.
 * The alert run's calls are charged to the same bucket as the visitors' (it is the same allowance
 * upstream) but never refused: the run keeps its own pace (ALERT_*_PER_SECOND) and is the service's
 * promise to its subscribers; while it spends, visitors' calls get the last good answer or
 * « indisponible ». Visitors can therefore never starve the run.
 * Reaching the ceiling is logged once each time the bucket runs dry (no personal data: the upstream's
 * name); a client past its own share is not logged (it would be a line per client).
 */
export function createUpstreamBudgets(deps: {
  config: UpstreamBudgetConfig;
  nowMs: () => number;
  log?: ((entry: LogEntry) => void) | undefined;
}): UpstreamBudgets {
  const rates = upstreamRatesPerMinute(deps.config);
  const buckets = new Map<UpstreamName, TokenBucket>();
  const dry = new Set<UpstreamName>();
  /** least recently seen first (a Map keeps insertion order: a client seen again is moved last) */
  const clients = new Map<string, ClientState>();
  const bucketOf = (name: UpstreamName) => {
    let bucket = buckets.get(name);
    if (!bucket) {
      bucket = createTokenBucket(rates[name]);
      buckets.set(name, bucket);
    }
    return bucket;
  };
  const clientOf = (client: string, nowMs: number): ClientState => {
    const day = parisDay.format(nowMs);
    let state = clients.get(client);
    if (state) clients.delete(client);
    else {
      state = { day, takenToday: {}, shares: {} };
      if (clients.size >= MAX_TRACKED_CLIENTS) clients.delete(clients.keys().next().value as string);
    }
    // A new day: a new first report (the shares carry on, they refill by themselves).
    if (state.day !== day) state = { ...state, day, takenToday: {} };
    clients.set(client, state);
    return state;
  };
  /** The client's share of `name` refilled to now (created full). */
  const shareOf = (state: ClientState, name: UpstreamName, nowMs: number): ShareState => {
    const { perMinute, capacity } = clientShareOf(name, rates[name]);
    let share = state.shares[name];
    if (!share) {
      share = { tokens: capacity, atMs: nowMs };
      state.shares[name] = share;
    }
    // A clock set back (tests) refills nothing rather than draining.
    share.tokens = Math.min(capacity, share.tokens + (Math.max(0, nowMs - share.atMs) * perMinute) / 60_000);
    share.atMs = Math.max(share.atMs, nowMs);
    return share;
  };
  const sayDry = (name: UpstreamName) => {
    if (dry.has(name)) return;
    dry.add(name);
    deps.log?.({
      level: "warn",
      message: "upstream budget reached: cached or unavailable answers until it refills",
      fields: { upstream: name, perMinute: rates[name], burst: Math.max(1, rates[name] * BURST_MINUTES) },
    });
  };
  const take = (name: UpstreamName, priority: CallPriority, client: string | null): boolean => {
    const bucket = bucketOf(name);
    const nowMs = deps.nowMs();
    if (priority === "alert-run") {
      bucket.charge(nowMs);
      return true;
    }
    const level = bucket.level(nowMs);
    const reserve = firstReportReserve(name, rates[name]);
    if (client === null) {
      if (level < 1) {
        sayDry(name);
        return false;
      }
      if (level >= reserve + 1) dry.delete(name);
      return bucket.tryTake(nowMs);
    }
    const state = clientOf(client, nowMs);
    const share = shareOf(state, name, nowMs);
    // Its own share first: a client past it gets what is cached, and spends nothing of the others'.
    if (share.tokens < 1) return false;
    const taken = state.takenToday[name] ?? 0;
    const firstReport = taken < REPORT_CALLS[name];
    // The reserve's floor for anyone but a newcomer's first report.
    if (level < (firstReport ? 1 : reserve + 1)) {
      sayDry(name);
      return false;
    }
    if (level >= reserve + 1) dry.delete(name);
    if (!bucket.tryTake(nowMs)) return false;
    share.tokens -= 1;
    state.takenToday[name] = taken + 1;
    return true;
  };
  return {
    take: (name, priority, client) => Promise.resolve(take(name, priority, client)),
    charge(name, calls) {
      const bucket = bucketOf(name);
      const nowMs = deps.nowMs();
      for (let call = 0; call < calls; call++) bucket.charge(nowMs);
      return Promise.resolve();
    },
  };
}
