// A fake of every upstream on one local HTTP server, fed with the recorded responses and the
// derived scenarios of tests/fixtures (see its README). Used by the integration, smoke, bench
// and e2e runs and by `npm run demo`; it only knows the addresses of tests/fixtures/scenarios.ts
// and a few recorded communes, and answers "nothing here" for the rest, like the real APIs.
//
// Run alone: `node tests/fakes/upstream-server.ts` (PORT env, default 4400).
import { readFile } from "node:fs/promises";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen.ts";

export type FakeSource = "ban" | "hubeau" | "vigieau" | "atmo" | "openmeteo" | "geo" | "baignades";
export type FakeMode = "ok" | "error500" | "timeout" | "malformed" | "empty";

export interface FakeRequest {
  /** "unknown" for paths outside the five upstream prefixes */
  source: FakeSource | "unknown";
  path: string;
  query: Record<string, string>;
}

export interface FakeUpstreams {
  baseUrl: string;
  /** environment overrides pointing the app at this server */
  config: {
    BAN_API_URL: string;
    HUBEAU_API_URL: string;
    VIGIEAU_API_URL: string;
    ATMO_WFS_URL: string;
    OPENMETEO_API_URL: string;
    GEO_API_URL: string;
    BAIGNADES_URL: string;
  };
  setMode(source: FakeSource, mode: FakeMode): void;
  /** replace what a commune answers (null: back to its fixture); placeholders are resolved */
  setData(kind: FakeDataKind, commune: string, payload: unknown | null): void;
  /** move the fake's clock (date placeholders), e.g. to the next day of a scripted scenario */
  setNow(now: Date): void;
  /** every source when `source` is omitted */
  setDelay(ms: number, source?: FakeSource): void;
  /** all modes back to "ok", delays back to the start option, recorded requests cleared */
  reset(): void;
  /** live list of the requests received (reset() empties this same array) */
  readonly requests: FakeRequest[];
  close(): Promise<void>;
}

export interface FakeUpstreamsOptions {
  port?: number;
  host?: string;
  /** latency added before every answer, in ms */
  delayMs?: number;
  /** fixed clock for the date placeholders; the real time, read per request, otherwise */
  now?: Date;
  /** answer any commune with a copy of the Amiens data (benchmark of the alert run) */
  synthetic?: boolean;
}

const SOURCES: readonly FakeSource[] = ["ban", "hubeau", "vigieau", "atmo", "openmeteo", "geo", "baignades"];
const DAY_MS = 24 * 3600 * 1000;

// ---------------------------------------------------------------- placeholders

/**
 * Derived fixtures hold relative dates so that they stay "recent" whatever the day of the run:
 * `{{DATETIME:-20}}` → ISO UTC date-time at 08:30Z, 20 days before `now`;
 * `{{DATE:+1}}` → the Paris calendar day (YYYY-MM-DD) 1 day after `now`'s Paris day.
 */
export function resolvePlaceholders(text: string, now: Date): string {
  return text
    .replace(/\{\{DATETIME:([+-]?\d+)\}\}/g, (_match, days: string) => {
      const day = new Date(now.getTime() + Number(days) * DAY_MS).toISOString().slice(0, 10);
      return `${day}T08:30:00Z`;
    })
    .replace(/\{\{DATE:([+-]?\d+)\}\}/g, (_match, days: string) => addDays(parisDay(now), Number(days)));
}

function parisDay(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/** Calendar arithmetic on a YYYY-MM-DD day (done in UTC so DST changes cannot skip a day). */
function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

function parisOffsetSeconds(date: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Paris", timeZoneName: "shortOffset" })
    .formatToParts(date)
    .find((p) => p.type === "timeZoneName")?.value;
  const match = /GMT([+-]\d+)/.exec(name ?? "");
  return match ? Number(match[1]) * 3600 : 3600;
}

// ---------------------------------------------------------------- fixtures

const fixtureCache = new Map<string, Promise<string>>();

function readFixtureText(relativePath: string): Promise<string> {
  let text = fixtureCache.get(relativePath);
  if (!text) {
    text = readFile(new URL(`../fixtures/${relativePath}`, import.meta.url), "utf8");
    fixtureCache.set(relativePath, text);
  }
  return text;
}

/** Parsed fixture with its placeholders resolved against `now`; a fresh object each call. */
async function loadFixture<T>(relativePath: string, now: Date): Promise<T> {
  return JSON.parse(resolvePlaceholders(await readFixtureText(relativePath), now)) as T;
}

// Minimal views of the payloads the fake needs to filter; everything else passes through untouched.
interface FeatureCollection {
  type: string;
  features: Array<{ properties: Record<string, unknown> }>;
  [key: string]: unknown;
}
interface HubeauEnvelope {
  count: number;
  data: Array<Record<string, unknown>>;
  [key: string]: unknown;
}
interface OpenMeteoHourly {
  latitude: number;
  longitude: number;
  hourly: { time: string[]; [variable: string]: unknown };
  [key: string]: unknown;
}

const UDI_FIXTURES: Record<string, string> = {
  "80021": "hubeau/communes-udi-derived-80021.json",
  "34148": "hubeau/communes-udi-derived-34148.json",
  "38400": "hubeau/communes-udi-38400.json",
};
const RESULT_FIXTURES: Record<string, string> = {
  "80021": "hubeau/resultats-dis-derived-80021.json",
  "34148": "hubeau/resultats-dis-derived-nitrates-62.json",
  "59310": "hubeau/resultats-dis-59310.json",
};
const DROUGHT_FIXTURES: Record<string, string> = {
  "80021": "vigieau/zones-derived-80021-alerte.json",
  "34148": "vigieau/zones-derived-34148-crise.json",
};
const ATMO_FIXTURES: Record<string, string> = {
  "80021": "atmo/ind-atmo-derived-80021.json",
  "97101": "atmo/ind-atmo-derived-97101.json",
  // CA Amiens Métropole: an EPCI index beside Amiens' own (the commune's must win). Maraussan's
  // EPCI (CC la Domitienne, 243400488) has none here, so the demo shows the model fallback.
  "248000531": "atmo/ind-atmo-derived-epci-248000531.json",
};
/** API Géo: the scenario communes and their EPCI; any other code answers 404 like the real API. */
const GEO_FIXTURES: Record<string, string> = {
  "34148": "geo/commune-derived-34148.json",
  "80021": "geo/commune-derived-80021.json",
  "97101": "geo/commune-derived-97101.json",
};
/** Open-Meteo by the position the client sends ("lat,lon", 2 decimals); elsewhere a calm day. */
const AIR_MODEL_FIXTURES: Record<string, string> = {
  // Maraussan: ozone up to 116 µg/m³ in the afternoon (Dégradé), particles low.
  "43.37,3.16": "openmeteo/air-quality-hourly-derived-ozone-day.json",
};
const AIR_MODEL_DEFAULT = "openmeteo/air-quality-hourly-derived-calm.json";

// ---------------------------------------------------------------- scenarios

/**
 * What a test can change per commune: Hub'Eau networks and results, VigiEau zones, the ATMO feed
 * (per zone code: INSEE or EPCI SIREN), the API Géo commune; "air-model" is keyed by "lat,lon".
 */
export type FakeDataKind = "udis" | "results" | "zones" | "atmo" | "geo" | "air-model" | "bathing-sites" | "bathing-page";

/** The ministry portal: a commune's site list (INSEE code → file) and site pages (site= → file). */
const BATHING_SITE_LIST_FIXTURES: Record<string, string> = {
  "34074": "baignades/derived/sitelist-derived-34074.json",
  "34324": "baignades/derived/sitelist-derived-34324.json",
};
const BATHING_PAGE_FIXTURES: Record<string, string> = {
  "034000101": "baignades/derived/consultsite-derived-off-season.html",
  "034000102": "baignades/derived/consultsite-derived-prohibition-sanitaire.html",
  "034000201": "baignades/derived/consultsite-derived-in-season-bon.html",
};

const FIXTURES_BY_KIND: Record<FakeDataKind, Record<string, string>> = {
  udis: UDI_FIXTURES,
  results: RESULT_FIXTURES,
  zones: DROUGHT_FIXTURES,
  atmo: ATMO_FIXTURES,
  geo: GEO_FIXTURES,
  "air-model": AIR_MODEL_FIXTURES,
  "bathing-sites": BATHING_SITE_LIST_FIXTURES,
  "bathing-page": BATHING_PAGE_FIXTURES,
};

/** A VigiEau answer for a commune split between several zones of one type: 409 without a position. */
export interface SplitCommuneZones {
  split: true;
  /** the zones answered when lon/lat are given */
  zones: unknown;
}

interface ScenarioState {
  overrides: Map<string, unknown>;
  /** unknown communes answer the Amiens data (codes rewritten): for the benchmark's many communes */
  synthetic: boolean;
}

/** The payload a commune gets: a test override, its fixture, the synthetic copy of Amiens, or null. */
async function scenarioData<T>(kind: FakeDataKind, commune: string, now: Date, scenario: ScenarioState): Promise<T | null> {
  const override = scenario.overrides.get(`${kind}:${commune}`);
  if (override !== undefined) return JSON.parse(resolvePlaceholders(JSON.stringify(override), now)) as T;
  const file = FIXTURES_BY_KIND[kind][commune];
  if (file) return loadFixture<T>(file, now);
  if (!scenario.synthetic || !/^\d[0-9AB]\d{3}$/.test(commune)) return null;
  const template = FIXTURES_BY_KIND[kind]["80021"];
  if (!template) return null;
  return JSON.parse(resolvePlaceholders(await readFixtureText(template), now).replaceAll("80021", commune)) as T;
}

function banFixtureFor(q: string): string {
  const text = q.toLowerCase();
  if (text.includes("port")) return "ban/search-derived-8-bd-du-port.json";
  if (text.includes("alès") || text.includes("ales")) return "ban/search-ales-municipality.json";
  if (text.includes("einstein")) return "ban/search-toulouse-housenumber.json";
  if (text.includes("bodini")) return "ban/search-autocomplete-multi.json";
  // "agde" is accepted too: an early brief placed the crisis scenario there (34148 is Maraussan).
  if (text.includes("maraussan") || text.includes("mai 1945") || text.includes("agde")) return "ban/search-derived-maraussan.json";
  return "ban/search-empty.json";
}

function hubeauEmptyEnvelope(path: string, query: Record<string, string>): HubeauEnvelope {
  return {
    count: 0,
    // Hub'Eau links an envelope to itself; the fake links to its own path, never to the real host.
    first: `/hubeau/api/v1/qualite_eau_potable/${path}?${new URLSearchParams(query)}`,
    last: null,
    prev: null,
    next: null,
    api_version: "v1",
    data: [],
  };
}

function emptyFeatureCollection(now: Date): FeatureCollection {
  return { type: "FeatureCollection", features: [], totalFeatures: 0, numberMatched: 0, numberReturned: 0, timeStamp: now.toISOString(), crs: null };
}

// ---------------------------------------------------------------- answers

interface Answer {
  status: number;
  body: unknown;
  /** bytes sent as is (the portal's Windows-1252 pages and JSON), instead of JSON of body */
  raw?: { bytes: Buffer; contentType: string };
}

async function answerBan(path: string, query: Record<string, string>, mode: FakeMode, now: Date, _scenario: ScenarioState): Promise<Answer> {
  if (path !== "/search") return notFound();
  const q = query.q ?? "";
  const file = mode === "empty" ? "ban/search-empty.json" : banFixtureFor(q);
  const collection = await loadFixture<FeatureCollection>(file, now);
  const limit = Number(query.limit);
  if (Number.isInteger(limit) && limit > 0) collection.features = collection.features.slice(0, limit);
  collection.query = q;
  return { status: 200, body: collection };
}

async function answerHubeau(path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  const commune = query.code_commune ?? "";
  if (path === "/communes_udi") {
    const envelope = mode === "empty" ? null : await scenarioData<HubeauEnvelope>("udis", commune, now, scenario);
    if (!envelope) return { status: 200, body: hubeauEmptyEnvelope("communes_udi", query) };
    return page(envelope, envelope.data, query);
  }
  if (path === "/resultats_dis") {
    const envelope = mode === "empty" ? null : await scenarioData<HubeauEnvelope>("results", commune, now, scenario);
    if (!envelope) return { status: 200, body: hubeauEmptyEnvelope("resultats_dis", query) };
    const codes = query.code_parametre ? new Set(query.code_parametre.split(",").map((code) => code.trim())) : null;
    const since = query.date_min_prelevement ?? "";
    const network = query.code_reseau;
    const direction = query.sort === "asc" ? 1 : -1;
    const filtered = envelope.data
      .filter((item) => !codes || codes.has(String(item.code_parametre)))
      .filter((item) => String(item.date_prelevement) >= since)
      .filter((item) => !network || networkCodes(item).includes(network))
      // Stable sort (ties keep the file order, like the parameters of one sample upstream).
      .sort((a, b) => direction * String(a.date_prelevement).localeCompare(String(b.date_prelevement)));
    return page(envelope, filtered, query);
  }
  return notFound();
}

function networkCodes(item: Record<string, unknown>): string[] {
  const networks: unknown = item.reseaux;
  if (!Array.isArray(networks)) return [];
  return networks.map((network: unknown) =>
    typeof network === "object" && network !== null && "code" in network ? String(network.code) : "",
  );
}

/** Hub'Eau paging: page `page` (from 1) of `size` items, 206 Partial Content when more exist. */
function page(envelope: HubeauEnvelope, items: Array<Record<string, unknown>>, query: Record<string, string>): Answer {
  const size = Number(query.size);
  const pageSize = Number.isInteger(size) && size > 0 ? size : 5000;
  const requested = Number(query.page);
  const pageNumber = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const data = items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
  const partial = pageNumber * pageSize < items.length || pageNumber > 1;
  return { status: partial ? 206 : 200, body: { ...envelope, count: items.length, data } };
}

async function answerVigieau(path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  if (path !== "/zones") return notFound();
  const zones = mode === "empty" ? null : await scenarioData<unknown>("zones", query.commune ?? "", now, scenario);
  if (zones === null) return { status: 200, body: [] };
  if (typeof zones === "object" && zones !== null && "split" in zones) {
    // Like the real API: several zones of one type in the commune and no position → 409.
    if (query.lon === undefined || query.lat === undefined) return { status: 409, body: { message: "Plusieurs zones d'alerte de même type" } };
    return { status: 200, body: (zones as SplitCommuneZones).zones };
  }
  return { status: 200, body: zones };
}

async function answerAtmo(path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  if (path !== "/ows") return notFound();
  const filter = query.CQL_FILTER ?? "";
  // code_zone='…' or, for a commune and its EPCI at once, ECQL's code_zone IN ('…','…').
  const single = /code_zone\s*=\s*'([^']*)'/.exec(filter)?.[1];
  const list = /code_zone\s+IN\s*\(([^)]*)\)/i.exec(filter)?.[1];
  const zones = single !== undefined ? [single] : [...(list ?? "").matchAll(/'([^']*)'/g)].map((match) => match[1] ?? "");
  const fromDate = /date_ech\s*>=\s*'([^']*)'/.exec(filter)?.[1] ?? "";
  const collections = mode === "empty" ? [] : await Promise.all(zones.map((zone) => scenarioData<FeatureCollection>("atmo", zone, now, scenario)));
  const found = collections.filter((collection): collection is FeatureCollection => collection !== null);
  const collection = found[0];
  if (!collection) return { status: 200, body: emptyFeatureCollection(now) };
  // date_ech is "YYYY-MM-DDZ" in the fixtures: its first 10 characters are the day.
  collection.features = found.flatMap((each) => each.features).filter((feature) => String(feature.properties.date_ech).slice(0, 10) >= fromDate);
  collection.totalFeatures = collection.features.length;
  collection.numberMatched = collection.features.length;
  collection.numberReturned = collection.features.length;
  return { status: 200, body: collection };
}

/**
 * Open-Meteo's hourly series for the asked day (`start_date`, else the Paris day of `now`): the
 * fixture for the position, its times moved onto that day, and only the asked variables.
 */
async function answerOpenMeteo(path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  if (path !== "/air-quality") return notFound();
  const latitude = Number(query.latitude);
  const longitude = Number(query.longitude);
  const position = Number.isFinite(latitude) && Number.isFinite(longitude) ? `${latitude.toFixed(2)},${longitude.toFixed(2)}` : "";
  const recorded =
    (await scenarioData<OpenMeteoHourly>("air-model", position, now, scenario)) ?? (await loadFixture<OpenMeteoHourly>(AIR_MODEL_DEFAULT, now));
  const day = query.start_date ?? parisDay(now);
  const variables = (query.hourly ?? "").split(",").map((name) => name.trim()).filter(Boolean);
  const hourly: OpenMeteoHourly["hourly"] = { time: recorded.hourly.time.map((time) => `${day}${time.slice(10)}`) };
  const units: Record<string, string> = { time: "iso8601" };
  for (const variable of variables) {
    const values = recorded.hourly[variable];
    // The real API answers null for a variable the model has no value for, never omits it.
    hourly[variable] = mode === "empty" || !Array.isArray(values) ? recorded.hourly.time.map(() => null) : values;
    units[variable] = "μg/m³";
  }
  const offsetSeconds = parisOffsetSeconds(now);
  return {
    status: 200,
    body: {
      ...recorded,
      latitude: Number.isFinite(latitude) ? latitude : recorded.latitude,
      longitude: Number.isFinite(longitude) ? longitude : recorded.longitude,
      timezone: "Europe/Paris",
      timezone_abbreviation: offsetSeconds === 7200 ? "CEST" : "CET",
      utc_offset_seconds: offsetSeconds,
      hourly_units: units,
      hourly,
    },
  };
}

/** API Géo, `/communes/{code}`: the fields asked for, 404 for a code it does not know. */
async function answerGeo(path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  const code = /^\/communes\/([^/]+)$/.exec(path)?.[1];
  if (!code) return notFound();
  const commune = mode === "empty" ? null : await scenarioData<Record<string, unknown>>("geo", decodeURIComponent(code), now, scenario);
  if (!commune) return notFound();
  const fields = (query.fields ?? "code,nom,codeEpci").split(",").map((field) => field.trim());
  return { status: 200, body: Object.fromEntries(Object.entries(commune).filter(([key]) => fields.includes(key) || key === "code" || key === "nom")) };
}

/** The ministry portal answers in Windows-1252: Latin-1 bytes cover every character our fixtures use. */
async function answerBaignades(path: string, query: Record<string, string>, mode: FakeMode, _now: Date, scenario: ScenarioState): Promise<Answer> {
  if (path === "/siteList.do") {
    const commune = (query.insee_com ?? "").padStart(5, "0");
    const override = scenario.overrides.get(`bathing-sites:${commune}`);
    const file = BATHING_SITE_LIST_FIXTURES[commune];
    const list = mode === "empty" ? { sites: [] } : override ?? (file ? JSON.parse(await readFixtureText(file)) : { sites: [] });
    return { status: 200, body: null, raw: { bytes: Buffer.from(JSON.stringify(list), "latin1"), contentType: "application/json;charset=windows-1252" } };
  }
  if (path === "/consultSite.do") {
    const site = query.site ?? "";
    const override = scenario.overrides.get(`bathing-page:${site}`);
    const file = typeof override === "string" ? override : BATHING_PAGE_FIXTURES[site];
    if (mode === "empty" || !file) return { status: 200, body: null, raw: { bytes: Buffer.from("<html><body>Site inconnu</body></html>", "latin1"), contentType: "text/html;charset=windows-1252" } };
    const bytes = await readFile(new URL(`../fixtures/${file}`, import.meta.url));
    return { status: 200, body: null, raw: { bytes, contentType: "text/html;charset=windows-1252" } };
  }
  return notFound();
}

function notFound(): Answer {
  return { status: 404, body: { error: "Not Found" } };
}

const ANSWERS: Record<FakeSource, (path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState) => Promise<Answer>> = {
  ban: answerBan,
  hubeau: answerHubeau,
  vigieau: answerVigieau,
  atmo: answerAtmo,
  openmeteo: answerOpenMeteo,
  geo: answerGeo,
  baignades: answerBaignades,
};

// ---------------------------------------------------------------- server

/** The app's upstream settings pointing at fake upstreams served at `baseUrl` (here or in another process). */
export function upstreamConfigFor(baseUrl: string): FakeUpstreams["config"] {
  return {
    BAN_API_URL: `${baseUrl}/ban`,
    HUBEAU_API_URL: `${baseUrl}/hubeau`,
    VIGIEAU_API_URL: `${baseUrl}/vigieau`,
    ATMO_WFS_URL: `${baseUrl}/atmo/ows`,
    OPENMETEO_API_URL: `${baseUrl}/openmeteo`,
    GEO_API_URL: `${baseUrl}/geo`,
    BAIGNADES_URL: `${baseUrl}/baignades`,
  };
}

export async function startFakeUpstreams(options: FakeUpstreamsOptions = {}): Promise<FakeUpstreams> {
  const startDelayMs = options.delayMs ?? 0;
  let fixedNow = options.now ?? null;
  const clock = () => fixedNow ?? new Date();
  const scenario: ScenarioState = { overrides: new Map(), synthetic: options.synthetic ?? false };
  const modes = new Map<FakeSource, FakeMode>();
  const delays = new Map<FakeSource, number>();
  const requests: FakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;

  const modeOf = (source: FakeSource) => modes.get(source) ?? "ok";
  const delayOf = (source: FakeSource) => delays.get(source) ?? startDelayMs;

  const send = (response: ServerResponse, status: number, body: string) => {
    if (response.destroyed || response.writableEnded) return;
    response.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
    response.end(body);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://fake.local");
    if (url.pathname === "/_test/stats") {
      // Counts per upstream, for a benchmark that runs this fake in another process.
      const counts: Record<string, number> = {};
      for (const entry of requests) counts[entry.source] = (counts[entry.source] ?? 0) + 1;
      send(response, 200, JSON.stringify(counts));
      return;
    }
    const [, prefix = "", ...rest] = url.pathname.split("/");
    const source = SOURCES.find((candidate) => candidate === prefix);
    const path = source ? `/${rest.join("/")}` : url.pathname;
    requests.push({ source: source ?? "unknown", path, query: Object.fromEntries(url.searchParams) });

    if (!source || request.method !== "GET") {
      send(response, source ? 405 : 404, JSON.stringify({ error: source ? "Method Not Allowed" : "Not Found" }));
      return;
    }
    const mode = modeOf(source);
    // "timeout": never answer; the socket is destroyed by close().
    if (mode === "timeout") return;

    const delayMs = delayOf(source);
    if (delayMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, delayMs);
        timers.add(timer);
      });
    }
    if (closing) return;

    if (mode === "error500") {
      send(response, 500, JSON.stringify({ error: "Internal Server Error", status: 500 }));
      return;
    }
    if (mode === "malformed") {
      send(response, 200, '{"data": [');
      return;
    }
    const now = clock();
    const answer = await ANSWERS[source](path, Object.fromEntries(url.searchParams), mode, now, scenario);
    if (answer.raw) {
      if (!response.writableEnded) {
        response.writeHead(answer.status, { "content-type": answer.raw.contentType, "content-length": answer.raw.bytes.length });
        response.end(answer.raw.bytes);
      }
      return;
    }
    send(response, answer.status, JSON.stringify(answer.body));
  };

  const local = await listenLocally(
    handle,
    (response, error) => {
      // A broken fixture is a bug of the test set-up: say it loudly in the answer and the log.
      console.error("fake upstream failed:", error);
      send(response, 500, JSON.stringify({ error: "fake upstream failure", detail: String(error) }));
    },
    options,
  );
  const baseUrl = local.baseUrl;

  return {
    baseUrl,
    config: upstreamConfigFor(baseUrl),
    setMode(source, mode) {
      modes.set(source, mode);
    },
    setData(kind, commune, payload) {
      if (payload === null) scenario.overrides.delete(`${kind}:${commune}`);
      else scenario.overrides.set(`${kind}:${commune}`, payload);
    },
    setNow(now) {
      fixedNow = now;
    },
    setDelay(ms, source) {
      for (const target of source ? [source] : SOURCES) delays.set(target, ms);
    },
    reset() {
      modes.clear();
      delays.clear();
      requests.length = 0;
      scenario.overrides.clear();
    },
    requests,
    async close() {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await local.close();
    },
  };
}

if (import.meta.main) {
  const upstreams = await startFakeUpstreams({
    port: Number(process.env.PORT ?? 4400),
    delayMs: Number(process.env.DELAY_MS ?? 0),
    synthetic: process.env.SYNTHETIC === "1",
  });
  console.log(`Fake upstreams listening on ${upstreams.baseUrl}`);
  for (const [key, value] of Object.entries(upstreams.config)) console.log(`${key}=${value}`);
  const stop = () => void upstreams.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
