import { createLogThrottle } from "../logger.ts";
import type { Address, AtmoIndex, CamsEstimate, CommuneEpci, DroughtZone, SourceResult, Udi, WaterResult } from "../../core/types.ts";
import type { PollenIndex } from "../../sections/pollen/types.ts";
import type { UvForecast } from "../../sections/uv/types.ts";
import type { VigilanceBulletin } from "../../sections/weather/types.ts";
import { parisMinutesOfDay, timeZoneOfCommune, todayInZone } from "../../core/shared/time.ts";
import { reverseGeocode, searchAddresses } from "../../sources/ban/client.ts";
import { fetchCommuneUdis, fetchDepartmentResults, fetchDepartmentSampleDates, fetchWaterResults } from "../../sources/hubeau/client.ts";
import { fetchDepartmentZonesState, fetchDroughtZones } from "../../sources/vigieau/client.ts";
import type { DepartmentZonesState } from "../../sources/vigieau/to-domain.ts";
import { fetchAtmoIndex, fetchAtmoIndicesForDays } from "../../sources/atmo/client.ts";
import type { CountedResult } from "../../sources/wfs.ts";
import type { PublishedAtmoIndex } from "../../sources/atmo/to-domain.ts";
import { fetchCamsEstimate } from "../../sources/openmeteo/client.ts";
import { fetchUvForecast } from "../../sections/uv/open-meteo.server.ts";
import { fetchPollenIndices, fetchPollenIndicesForDays } from "../../sources/pollen/client.ts";
import type { PublishedPollenIndex } from "../../sources/pollen/to-domain.ts";
import { fetchCommuneEpci, fetchCommunesEpci } from "../../sources/geo/client.ts";
import { fetchPortalSites, fetchSitePage } from "../../sources/baignades/client.ts";
import { fetchVigilanceBulletin } from "../../sections/weather/meteofrance-client.server.ts";
import type { BathingLiveStatus } from "../../sections/bathing/types.ts";
import type { Cache } from "../cache/types.ts";
import type { Config } from "../config.ts";
import type { LogEntry } from "../logger.ts";
import { createUpstreamBudgets, type CallPriority, type UpstreamBudgets, type UpstreamName } from "./upstream-budget.ts";

export type { UpstreamName } from "./upstream-budget.ts";

/** Lifetimes per source: each is about how often the upstream itself changes. */
export const TTL_SECONDS = {
  geocode: 7 * 24 * 3600,
  hubeau: 12 * 3600,
  vigieau: 3600,
  openmeteo: 3600,
  /** the meteorological models behind Open-Meteo's forecast run every 1 to 6 hours; a day's maximum UV moves little between runs */
  uvForecast: 3 * 3600,
  /** EPCI membership changes on 1 January at most (prefectoral orders take effect then) */
  geo: 30 * 24 * 3600,
  atmoMax: 3600,
  pollenMax: 3600,
  bathingPortal: 7 * 24 * 3600,
  /** Météo-France's vigilance map: produced at 06:00 and 16:00 and whenever a warning changes */
  meteofrance: 10 * 60,
  /**
   * a failed call is remembered briefly so an outage does not cost every visitor a full timeout,
   * and briefly enough that a recovered source shows again within seconds (issue 28: 30 s kept
   * water « indisponible » ~22 s after Hub'Eau was back)
   */
  failure: 5,
} as const;

/**
 * How long past its lifetime an answer may stand in while the upstream's budget is spent
 * (upstream-budget.ts): the last good answer, or « indisponible » once it is older than this.
 * Each is about what a late answer can hide: VigiEau's a decree published since (kept short);
 * Hub'Eau's, ATMO's and the model's values carry their own dates and days, judged against now.
 */
export const STALE_SECONDS: Record<UpstreamName, number> = {
  ban: 7 * 24 * 3600,
  hubeau: 36 * 3600,
  vigieau: 3 * 3600,
  atmo: 6 * 3600,
  pollen: 6 * 3600,
  openmeteo: 3 * 3600,
  geo: 30 * 24 * 3600,
  baignades: 7 * 24 * 3600,
  /** a warning raised since: kept short */
  meteofrance: 3600,
};

/** What a call refused by the upstream's budget answers: the section says the source is unavailable. */
const BUDGET_SPENT = { ok: false, reason: "budget", detail: "upstream budget spent" } as const;

type SourceFailure = Extract<SourceResult<unknown>, { ok: false }>;

/**
 * Failures of the upstream itself, logged and counted as a failed attempt (the status page, decision
 * 085); « not found » is an answer, « budget » and « not configured » are ours.
 */
const UPSTREAM_FAILURES = new Set<SourceFailure["reason"]>(["timeout", "http", "invalid", "network"]);

/** How often, at most, one source's one kind of failure is logged. */
export const FAILURE_LOG_INTERVAL_MS = 60_000;

/** What the cache keeps per key: the answer's freshness, a failure while it is fresh, and the last good answer. */
interface StoredAnswer<T> {
  freshUntilMs: number;
  failure?: SourceFailure;
  good?: { data: T; usableUntilMs: number };
}

function readStored<T>(value: unknown): StoredAnswer<T> | undefined {
  // An entry of another shape (written before this one, the Workers cache outlives deploys) is a miss.
  return typeof value === "object" && value !== null && "freshUntilMs" in value ? (value as StoredAnswer<T>) : undefined;
}

/**
 * ATMO publishes today's and tomorrow's index around 14:00 Paris time: never keep an answer
 * fetched before that across the publication.
 */
export function atmoTtlSeconds(now: Date): number {
  return ttlBeforePublication(now, 14 * 60 + 15, TTL_SECONDS.atmoMax);
}

/**
 * The indice pollen of today, tomorrow and the day after is published around midday Paris time
 * (the recorded answer's `date_dif`: 12:42 Paris): never keep an answer fetched before 13:00 across it.
 */
export function pollenTtlSeconds(now: Date): number {
  return ttlBeforePublication(now, 13 * 60, TTL_SECONDS.pollenMax);
}

/** `maxSeconds`, cut short so that an answer fetched in the hour before a daily publication (Paris time) expires at it. */
function ttlBeforePublication(now: Date, publicationMinutes: number, maxSeconds: number): number {
  const minutesOfDay = parisMinutesOfDay(now);
  if (minutesOfDay < publicationMinutes && publicationMinutes - minutesOfDay < 60) {
    return Math.max(60, (publicationMinutes - minutesOfDay) * 60);
  }
  return maxSeconds;
}

/** Reverse geocoding: enough neighbours that an address on a commune border still finds its own commune. */
const REVERSE_CANDIDATES = 5;

/** What this process or isolate has seen of an upstream (cache hits excluded). */
export interface UpstreamStatus {
  name: UpstreamName;
  calls: number;
  failures: number;
  /** the last call the upstream answered (« nothing here » and other answers that are not outages included) */
  lastSuccessAt: string | null;
  /** the last call that failed (timeout, network, HTTP error, a payload we could not read) */
  lastFailureAt: string | null;
  /** the first failure after the last success: since when the upstream fails (null while it answers) */
  failingSince: string | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  /** visitors' calls refused because the upstream's budget was spent (served from the cache or « indisponible ») */
  refusedByBudget: number;
  /** the last of those refusals: not an attempt, and no failure of the upstream (decision 085) */
  lastRefusedAt: string | null;
  /** false: the upstream needs a key this installation lacks (Météo-France without METEOFRANCE_API_KEY), never asked */
  configured: boolean;
}

export interface Sources {
  upstreamStatus(): UpstreamStatus[];
  /**
   * The same sources (cache, budgets, counters) for the alert run: its calls are counted in each
   * upstream's budget but never refused (it keeps its own pace); visitors' calls are refused once
   * the budget is spent.
   */
  forAlertRun(): Sources;
  searchAddresses(params: { q: string; limit: number }): Promise<SourceResult<Address[]>>;
  /** the BAN addresses nearest to a point, nearest first (decision 055) */
  reverseGeocode(params: { lat: number; lon: number }): Promise<SourceResult<Address[]>>;
  fetchCommuneUdis(params: { communeCode: string }): Promise<SourceResult<Udi[]>>;
  fetchWaterResults(params: {
    communeCode: string;
    since: string;
    /** the last day read (YYYY-MM-DD, inclusive); today when absent */
    until?: string;
    parameterCodes?: readonly string[];
    /** results per page, and the most read in all (pages are fetched until the window is read) */
    pageSize: number;
    maxResults: number;
  }): Promise<SourceResult<WaterResult[]>>;
  /** without lon/lat: the zones of the whole commune (409 when it has several zones of one type) */
  fetchDroughtZones(params: { lon?: number; lat?: number; communeCode: string }): Promise<SourceResult<DroughtZone[]>>;
  /** the commune's indices, and its EPCI's when `epciCode` is given (one WFS request) */
  fetchAtmoIndex(params: {
    zoneCode: string;
    epciCode?: string | null | undefined;
    fromDate: string;
    /** the territory of the zones (the commune's), whose day each date_ech designates; Paris by default */
    timeZone?: string | undefined;
  }): Promise<SourceResult<AtmoIndex[]>>;
  /** the indice pollen of a commune (INSEE code of the commune, 75056 for Paris) from `fromDate` on, as published (decision 070) */
  fetchPollenIndices(params: { zoneCode: string; fromDate: string; timeZone?: string | undefined }): Promise<SourceResult<PollenIndex[]>>;
  /** the CAMS model's today (the commune's own day of the clock: overseas, the territory's), aggregated per day */
  fetchCamsEstimate(params: { lat: number; lon: number; citycode: string }): Promise<SourceResult<CamsEstimate>>;
  /** the meteorological model's maximum UV index for the commune's own today, tomorrow and the day after (Open-Meteo, decision 069) */
  fetchUvForecast(params: { lat: number; lon: number; citycode: string }): Promise<SourceResult<UvForecast>>;
  /** the intercommunality (EPCI) of a commune, from the API Géo */
  fetchCommuneEpci(params: { communeCode: string }): Promise<SourceResult<CommuneEpci>>;
  /**
   * The alert run's bulk reads (decision 048). `beforeRequest` is the run's rate gate, passed
   * before each request of a paged read; `requests` counts what reached the upstream.
   */
  /** every zone's ATMO index for the days fromDay…toDay, page by page to `onPage` (never cached: once per run, large) */
  fetchAtmoIndicesForDays(params: {
    fromDay: string;
    toDay: string;
    pageSize: number;
    beforeRequest?: () => Promise<void>;
    onPage: (indices: PublishedAtmoIndex[]) => void;
  }): Promise<CountedResult<null>>;
  /** every zone's indice pollen for the days fromDay…toDay, page by page to `onPage` (never cached: once per run, large) */
  fetchPollenIndicesForDays(params: {
    fromDay: string;
    toDay: string;
    pageSize: number;
    beforeRequest?: () => Promise<void>;
    onPage: (indices: PublishedPollenIndex[]) => void;
  }): Promise<CountedResult<null>>;
  /**
   * every commune's EPCI (INSEE → SIREN or null), one API Géo request; never cached: once per run,
   * and a national list kept in the in-process cache would stay in memory for 30 days (decision 062)
   */
  fetchCommunesEpci(): Promise<SourceResult<Array<[string, string | null]>>>;
  /** commune → newest sample date and its sample codes, for the samples of a département in since…until */
  fetchDepartmentSampleDates(params: {
    department: string;
    since: string;
    until: string;
    pageSize: number;
    beforeRequest?: () => Promise<void>;
  }): Promise<CountedResult<Array<[string, string, string[]]>>>;
  /** every result of a département in since…until, page by page to `onResults` (never cached: it is read once per run) */
  fetchDepartmentResults(params: {
    department: string;
    since: string;
    until: string;
    pageSize: number;
    beforeRequest?: () => Promise<void>;
    onResults: (results: Array<{ commune: string; result: WaterResult }>) => void;
  }): Promise<CountedResult<null>>;
  /** what VigiEau has in force in a département (no communes listed), to compare between runs */
  fetchDepartmentZonesState(params: { department: string; today: string }): Promise<SourceResult<DepartmentZonesState>>;
  /** the ministry portal's ids of a commune's bathing sites */
  fetchBathingPortalSites(params: { communeCode: string; department: string }): Promise<SourceResult<Array<{ portalId: string; name: string }>>>;
  /** one site's live page, read strictly; never cached here (the bathing service keeps snapshots) */
  fetchBathingSitePage(params: { department: string; portalId: string; year: number }): Promise<SourceResult<BathingLiveStatus>>;
  /** Météo-France's national vigilance map (one call for every département); `not_configured` without METEOFRANCE_API_KEY */
  fetchVigilance(): Promise<SourceResult<VigilanceBulletin>>;
}

/**
 * Binds every upstream client to its configured base URL and timeout, and puts a cache in front
 * of each. Concurrent identical calls share one request, and every call is counted in its
 * upstream's budget (upstream-budget.ts): per process on Node; on Workers, where
 * workers/cloudflare.ts builds these clients once per isolate, the budgets are given (`budgets`,
 * a Durable Object's, decision 089) so that every isolate spends the same ones.
 */
export function createSources(deps: {
  config: Config;
  cache: Cache;
  clock: () => Date;
  fetch?: typeof fetch;
  /** where reaching an upstream's budget is said (no personal data) */
  log?: (entry: LogEntry) => void;
  /** the upstreams' budgets, when they live elsewhere than this process (Workers: a Durable Object); else in memory here */
  budgets?: UpstreamBudgets;
}): Sources {
  const { config, cache, clock } = deps;
  const options = (baseUrl: string) => ({
    baseUrl,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  const inFlight = new Map<string, Promise<SourceResult<unknown>>>();
  const failureLogThrottle = createLogThrottle(FAILURE_LOG_INTERVAL_MS);
  const names: UpstreamName[] = ["ban", "hubeau", "vigieau", "atmo", "pollen", "openmeteo", "geo", "baignades", "meteofrance"];
  const statuses = new Map<UpstreamName, UpstreamStatus>(
    names.map((name) => [
      name,
      {
        name,
        calls: 0,
        failures: 0,
        lastSuccessAt: null,
        lastFailureAt: null,
        failingSince: null,
        lastError: null,
        lastLatencyMs: null,
        refusedByBudget: 0,
        lastRefusedAt: null,
        configured: name !== "meteofrance" || Boolean(config.METEOFRANCE_API_KEY),
      },
    ]),
  );
  const budgets = deps.budgets ?? createUpstreamBudgets({ config, nowMs: () => clock().getTime(), log: deps.log });

  /**
   * Every call that reached an upstream ends here: the one place its attempts are counted (the
   * admin panel, and the status page through services/status.ts, decision 085). An answer that is
   * not an outage (« nothing here », or what `isAnswer` accepts, like VigiEau's 409) is a success.
   */
  function record(name: UpstreamName, result: SourceResult<unknown>, latencyMs: number, calls = 1, isAnswer?: (failure: SourceFailure) => boolean) {
    const status = statuses.get(name);
    if (!status) return;
    status.calls += calls;
    status.lastLatencyMs = Math.round(latencyMs);
    const at = clock().toISOString();
    if (result.ok || !UPSTREAM_FAILURES.has(result.reason) || isAnswer?.(result)) {
      status.lastSuccessAt = at;
      status.failingSince = null;
    } else {
      status.failures += 1;
      status.lastFailureAt = at;
      status.failingSince ??= at;
      status.lastError = `${result.reason}${result.detail ? ` (${result.detail})` : ""}`;
      logFailure(name, result, latencyMs);
    }
  }

  /** A visitor's call our own budget kept from the upstream: counted apart, never as its failure. */
  function refuse(name: UpstreamName) {
    const status = statuses.get(name);
    if (!status) return;
    status.refusedByBudget += 1;
    status.lastRefusedAt = clock().toISOString();
  }

  /**
   * An outage is said in the logs, not only on the admin panel (issue 28): a warn line per source
   * and kind of failure, at most once a minute, with how many were kept quiet meanwhile. Never
   * the URL (it carries the address's coordinates or commune) nor a key.
   */
  function logFailure(name: UpstreamName, failure: SourceFailure, latencyMs: number) {
    if (!UPSTREAM_FAILURES.has(failure.reason)) return;
    const quiet = failureLogThrottle(`${name}:${failure.reason}`);
    if (quiet === null) return;
    deps.log?.({
      level: "warn",
      message: "upstream failed",
      fields: { source: name, kind: failure.reason, detail: failure.detail ?? null, status: failure.status ?? null, ms: Math.round(latencyMs), quiet },
    });
  }

  /**
   * A fresh answer from the cache; else one request shared by concurrent callers, if the
   * upstream's budget allows it; else the last good answer while it is usable (STALE_SECONDS);
   * else « budget spent » (the section says the source is unavailable). A failure is kept
   * TTL_SECONDS.failure, unless `isAnswer` says it is the upstream's answer (VigiEau's 409): kept
   * as long as a success, and no failure of the upstream.
   */
  async function cached<T>(
    priority: CallPriority,
    key: string,
    ttlSeconds: number,
    load: () => Promise<SourceResult<T>>,
    isAnswer?: (failure: SourceFailure) => boolean,
  ): Promise<SourceResult<T>> {
    const name = key.split(":")[0] as UpstreamName;
    const stored = readStored<T>(await cache.get<unknown>(key));
    const nowMs = clock().getTime();
    if (stored && stored.freshUntilMs > nowMs) {
      if (stored.failure) return stored.failure;
      if (stored.good) return { ok: true, data: stored.good.data };
    }
    const pending = inFlight.get(key) as Promise<SourceResult<T>> | undefined;
    if (pending) return pending;
    // Registered before the budget is asked (an await): concurrent identical calls still share one.
    const request = (async (): Promise<SourceResult<T>> => {
      if (!(await budgets.take(name, priority, null))) {
        refuse(name);
        if (stored?.good && stored.good.usableUntilMs > nowMs) return { ok: true, data: stored.good.data };
        return BUDGET_SPENT;
      }
      const started = performance.now();
      const result = await load();
      record(name, result, performance.now() - started, 1, isAnswer);
      const atMs = clock().getTime();
      const good = result.ok
        ? { data: result.data, usableUntilMs: atMs + (ttlSeconds + STALE_SECONDS[name]) * 1000 }
        : stored?.good && stored.good.usableUntilMs > atMs
          ? stored.good
          : undefined;
      const freshSeconds = result.ok || isAnswer?.(result) ? ttlSeconds : TTL_SECONDS.failure;
      const entry: StoredAnswer<T> = { freshUntilMs: atMs + freshSeconds * 1000, ...(result.ok ? {} : { failure: result }), ...(good ? { good } : {}) };
      await cache.set(key, entry, Math.max(freshSeconds, good ? (good.usableUntilMs - atMs) / 1000 : 0));
      return result;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  }

  const bathingOptions = () => ({ baseUrl: config.BAIGNADES_URL, timeoutMs: config.BAIGNADES_TIMEOUT_MS, ...(deps.fetch ? { fetch: deps.fetch } : {}) });

  /** The alert run's bulk reads: counted in their upstream's budget page by page, never refused. */
  async function recordBulk(name: UpstreamName, read: CountedResult<unknown>, latencyMs: number) {
    record(name, read.result, latencyMs, read.requests);
    await budgets.charge(name, read.requests);
  }

  const view = (priority: CallPriority): Sources => ({
    upstreamStatus: () => [...statuses.values()].map((status) => ({ ...status })),
    forAlertRun: () => runView,
    fetchBathingPortalSites: ({ communeCode, department }) =>
      // The portal's ids of a commune's sites hardly ever change.
      cached(priority, `baignades:sites:${communeCode}`, TTL_SECONDS.bathingPortal, () => fetchPortalSites(bathingOptions(), { communeCode, department })),
    fetchBathingSitePage: async ({ department, portalId, year }) => {
      // Not cached here (the bathing service keeps snapshots, which stand in when this is refused).
      if (!(await budgets.take("baignades", priority, null))) {
        refuse("baignades");
        return BUDGET_SPENT;
      }
      const started = performance.now();
      const result = await fetchSitePage(bathingOptions(), { department, portalId, year, now: clock() });
      record("baignades", result, performance.now() - started);
      return result;
    },
    searchAddresses: ({ q, limit }) =>
      cached(priority, `ban:${limit}:${q.trim().toLowerCase()}`, TTL_SECONDS.geocode, () => searchAddresses(options(config.BAN_API_URL), { q, limit })),
    reverseGeocode: ({ lat, lon }) => {
      // Rounded to ~1 m, and asked at the rounded point, so that the key and the answer agree:
      // a shared link asks again for the very same point, and addresses move rarely.
      const roundedLat = Math.round(lat * 1e5) / 1e5;
      const roundedLon = Math.round(lon * 1e5) / 1e5;
      return cached(priority, `ban:reverse:${roundedLat}:${roundedLon}`, TTL_SECONDS.geocode, () =>
        reverseGeocode(options(config.BAN_API_URL), { lat: roundedLat, lon: roundedLon, limit: REVERSE_CANDIDATES }),
      );
    },
    fetchCommuneUdis: ({ communeCode }) =>
      cached(priority, `hubeau:udis:${communeCode}`, TTL_SECONDS.hubeau, () => fetchCommuneUdis(options(config.HUBEAU_API_URL), { communeCode })),
    fetchWaterResults: (params) =>
      cached(
        priority,
        `hubeau:results:${params.communeCode}:${params.since}:${params.until ?? ""}:${params.parameterCodes?.join(",") ?? "all"}:${params.pageSize}:${params.maxResults}`,
        TTL_SECONDS.hubeau,
        () => fetchWaterResults(options(config.HUBEAU_API_URL), params),
      ),
    fetchDroughtZones: async ({ lon, lat, communeCode }) => {
      // The key is what the answer depends on. A commune with at most one zone of each type
      // answers the same zones for every address in it: one answer per commune, whoever asks
      // first. A commune split between zones of one type answers 409 (kept an hour: it is an
      // answer, not an outage); then the zone depends on the exact point, which is the key.
      const commune = await cached(
        priority,
        `vigieau:${communeCode}:commune`,
        TTL_SECONDS.vigieau,
        () => fetchDroughtZones(options(config.VIGIEAU_API_URL), { communeCode }),
        (failure) => failure.status === 409,
      );
      if (commune.ok || commune.status !== 409 || lat === undefined || lon === undefined) return commune;
      return cached(priority, `vigieau:${communeCode}:${lat}:${lon}`, TTL_SECONDS.vigieau, () =>
        fetchDroughtZones(options(config.VIGIEAU_API_URL), { lon, lat, communeCode }),
      );
    },
    fetchAtmoIndex: ({ zoneCode, epciCode, fromDate, timeZone }) =>
      cached(priority, `atmo:${zoneCode}${epciCode ? `+${epciCode}` : ""}:${fromDate}${timeZone ? `:${timeZone}` : ""}`, atmoTtlSeconds(clock()), () =>
        fetchAtmoIndex(options(config.ATMO_WFS_URL), { zoneCode, epciCode, fromDate, timeZone }),
      ),
    fetchPollenIndices: ({ zoneCode, fromDate, timeZone }) =>
      cached(priority, `pollen:${zoneCode}:${fromDate}${timeZone ? `:${timeZone}` : ""}`, pollenTtlSeconds(clock()), () =>
        fetchPollenIndices(options(config.POLLEN_WFS_URL), { zoneCode, fromDate, timeZone }),
      ),
    fetchCamsEstimate: ({ lat, lon, citycode }) => {
      // CAMS cells are ~10 km wide: 2 decimals (~1 km) share answers between neighbours. The
      // commune's day and time zone are part of the key: a new day is a new set of hours to aggregate.
      const roundedLat = Math.round(lat * 100) / 100;
      const roundedLon = Math.round(lon * 100) / 100;
      const timeZone = timeZoneOfCommune(citycode);
      const day = todayInZone(clock(), timeZone);
      return cached(priority, `openmeteo:${roundedLat}:${roundedLon}:${timeZone}:${day}`, TTL_SECONDS.openmeteo, () =>
        fetchCamsEstimate(options(config.OPENMETEO_API_URL), { lat: roundedLat, lon: roundedLon, day, timeZone }),
      );
    },
    fetchUvForecast: ({ lat, lon, citycode }) => {
      // Rounded like the CAMS estimate (~1 km), and asked at the rounded point so that key and
      // answer agree. Open-Meteo's forecast and air-quality hosts are one service with one fair-use
      // limit: both count in the "openmeteo" budget. The day is in the key: a new day, new days.
      const roundedLat = Math.round(lat * 100) / 100;
      const roundedLon = Math.round(lon * 100) / 100;
      const timeZone = timeZoneOfCommune(citycode);
      const day = todayInZone(clock(), timeZone);
      return cached(priority, `openmeteo:uv:${roundedLat}:${roundedLon}:${timeZone}:${day}`, TTL_SECONDS.uvForecast, async () => {
        const result = await fetchUvForecast(options(config.OPENMETEO_FORECAST_URL), { lat: roundedLat, lon: roundedLon, timeZone });
        // A changed shape is said once per request made (never the position: only what failed).
        if (!result.ok && result.reason === "invalid")
          deps.log?.({ level: "warn", message: "uv forecast: upstream answer rejected", fields: { detail: result.detail ?? null } });
        return result;
      });
    },
    fetchAtmoIndicesForDays: async ({ fromDay, toDay, pageSize, beforeRequest, onPage }) => {
      const started = performance.now();
      const read = await fetchAtmoIndicesForDays(options(config.ATMO_WFS_URL), {
        fromDay,
        toDay,
        pageSize,
        onPage,
        ...(beforeRequest ? { beforePage: beforeRequest } : {}),
      });
      await recordBulk("atmo", read, performance.now() - started);
      return read;
    },
    fetchPollenIndicesForDays: async ({ fromDay, toDay, pageSize, beforeRequest, onPage }) => {
      const started = performance.now();
      const read = await fetchPollenIndicesForDays(options(config.POLLEN_WFS_URL), {
        fromDay,
        toDay,
        pageSize,
        onPage,
        ...(beforeRequest ? { beforePage: beforeRequest } : {}),
      });
      await recordBulk("pollen", read, performance.now() - started);
      return read;
    },
    fetchCommunesEpci: async () => {
      const started = performance.now();
      const result = await fetchCommunesEpci(options(config.GEO_API_URL));
      await recordBulk("geo", { result, requests: 1 }, performance.now() - started);
      return result;
    },
    fetchDepartmentSampleDates: async ({ department, since, until, pageSize, beforeRequest }) => {
      const started = performance.now();
      const read = await fetchDepartmentSampleDates(options(config.HUBEAU_API_URL), {
        department,
        since,
        until,
        pageSize,
        ...(beforeRequest ? { beforeRequest } : {}),
      });
      await recordBulk("hubeau", read, performance.now() - started);
      return read;
    },
    fetchDepartmentResults: async (params) => {
      const started = performance.now();
      const read = await fetchDepartmentResults(options(config.HUBEAU_API_URL), params);
      await recordBulk("hubeau", read, performance.now() - started);
      return read;
    },
    fetchDepartmentZonesState: ({ department, today }) =>
      // The state depends on the day (a decree counts only between its dates): the day is in the key.
      cached(priority, `vigieau:departement:${department}:${today}`, TTL_SECONDS.vigieau, () =>
        fetchDepartmentZonesState(options(config.VIGIEAU_API_URL), { department, today }),
      ),
    fetchCommuneEpci: ({ communeCode }) =>
      cached(priority, `geo:epci:${communeCode}`, TTL_SECONDS.geo, () => fetchCommuneEpci(options(config.GEO_API_URL), { communeCode })),
    fetchVigilance: async () => {
      // No key: nothing is asked, nothing is counted (the section says it is not configured).
      if (!config.METEOFRANCE_API_KEY) return fetchVigilanceBulletin({ ...options(config.METEOFRANCE_VIGILANCE_URL), apiKey: undefined });
      // One national map for the report and the alert run alike.
      // Its failures are logged as every upstream's (record); the key and the URL are never in the fields.
      return cached(priority, "meteofrance:vigilance", TTL_SECONDS.meteofrance, () =>
        fetchVigilanceBulletin({ ...options(config.METEOFRANCE_VIGILANCE_URL), apiKey: config.METEOFRANCE_API_KEY }),
      );
    },
  });
  const runView = view("alert-run");
  return view("request");
}
