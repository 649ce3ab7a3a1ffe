// A fake of every upstream on one local HTTP server, fed with the recorded responses and the
// derived scenarios of tests/fixtures (see its README). Used by the integration, smoke, bench
// and e2e runs and by `npm run demo`; it only knows the addresses of tests/fixtures/scenarios.ts
// and a few recorded communes, and answers "nothing here" for the rest, like the real APIs.
//
// Run alone: `node tests/fakes/upstream-server.ts` (PORT env, default 4400).
import { readFile } from "node:fs/promises";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { demoSceneOf } from "../fixtures/scenarios.ts";
import { listenLocally } from "./listen.ts";

export type FakeSource = "ban" | "hubeau" | "vigieau" | "atmo" | "pollen" | "openmeteo" | "geo" | "baignades" | "meteofrance";
export type FakeMode = "ok" | "error500" | "error503" | "timeout" | "malformed" | "empty";

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
    POLLEN_WFS_URL: string;
    OPENMETEO_API_URL: string;
    OPENMETEO_FORECAST_URL: string;
    GEO_API_URL: string;
    BAIGNADES_URL: string;
    METEOFRANCE_VIGILANCE_URL: string;
    /** a fake key: the fake refuses a request without one (401), like the portal */
    METEOFRANCE_API_KEY: string;
  };
  setMode(source: FakeSource, mode: FakeMode): void;
  /** replace what a commune answers (null: back to its fixture); placeholders are resolved */
  setData(kind: FakeDataKind, commune: string, payload: unknown | null): void;
  /** answer HTTP 500 to the next `count` requests of `source` that `match` accepts (all when omitted) */
  failNextRequests(source: FakeSource, count: number, match?: (request: FakeRequest) => boolean): void;
  /** move the fake's clock (date placeholders), e.g. to the next day of a scripted scenario */
  setNow(now: Date): void;
  /** every source when `source` is omitted */
  setDelay(ms: number, source?: FakeSource): void;
  /**
   * Holds the answers of `sources` (every source when omitted) until `release()`: a test proves an
   * order of events — what the app asked, and what it answered, before an upstream answered — with
   * no clock (docs/tests.md, « Under load »). The requests received meanwhile wait in `held`.
   */
  hold(sources?: readonly FakeSource[]): FakeHold;
  /** all modes back to "ok", delays back to the start option, recorded requests cleared, holds released */
  reset(): void;
  /** live list of the requests received (reset() empties this same array) */
  readonly requests: FakeRequest[];
  close(): Promise<void>;
}

export interface FakeHold {
  /** the requests held, in the order they came (a live list) */
  readonly held: readonly FakeRequest[];
  /** answers the held requests (after their source's delay, in its mode) and holds no more */
  release(): void;
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
  /**
   * The demo's seasons (tests/fixtures/scenarios.ts, `demoSceneOf`): the vigilance map and Amiens'
   * indice pollen follow the season of the clock's Paris day — no canicule nor grass pollen on
   * 1 December — or of `monthDay` ("07-15") when given, so that a run does not depend on the day
   * it runs. Off by default: the tests' fixed clocks read the fixtures as they are.
   */
  seasonal?: { monthDay?: string | undefined };
  /**
   * A generated country for the bulk endpoints (ATMO by day, Hub'Eau by département, VigiEau by
   * département, API Géo's commune list, the indice pollen by day, Météo-France's vigilance map),
   * computed per request from the codes alone — nothing is
   * loaded, so 35 000 communes cost no memory. Hub'Eau's per-commune endpoints answer the same
   * generated networks and results for the country's communes; `synthetic` is implied for the
   * other per-commune endpoints.
   */
  national?: NationalOptions;
}

export interface NationalOptions {
  /** communes in all, spread over the 101 départements */
  communes: number;
  /** samples per commune per 30 days (Hub'Eau), 1 by default */
  samplesPerMonth?: number;
  /** result rows per sample (one per parameter upstream, copied from Amiens' results), 1 by default */
  rowsPerSample?: number;
}

const FAKE_MODES: readonly FakeMode[] = ["ok", "error500", "error503", "timeout", "malformed", "empty"];
const SOURCES: readonly FakeSource[] = ["ban", "hubeau", "vigieau", "atmo", "pollen", "openmeteo", "geo", "baignades", "meteofrance"];
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

/** The offset from UTC of a time zone at that instant (Open-Meteo's `utc_offset_seconds`). */
function offsetSecondsIn(timeZone: string, date: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "shortOffset" }).formatToParts(date).find((p) => p.type === "timeZoneName")?.value;
  const match = /GMT([+-]\d+)(?::(\d+))?/.exec(name ?? "");
  if (!match) return 0;
  const hours = Number(match[1]);
  return hours * 3600 + Math.sign(hours || 1) * Number(match[2] ?? 0) * 60;
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
  features: Array<{ properties: Record<string, unknown>; [key: string]: unknown }>;
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
/**
 * The indice pollen (Atmo France's national WFS, layer ind_pol:ind_national_pol) per commune:
 * Amiens today « Faible », tomorrow and the day after « Modéré » (graminées). Maraussan has none
 * (the card says nothing is published); overseas communes are never asked (no official index).
 */
const POLLEN_FIXTURES: Record<string, string> = {
  "80021": "pollen/ind-national-pol-derived-80021.json",
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

// ---------------------------------------------------------------- Open-Meteo forecast: UV (issue 26)

/** Open-Meteo's `/forecast?daily=uv_index_max` by position ("lat,lon", 2 decimals); elsewhere a low November index. */
const UV_FORECAST_FIXTURES: Record<string, string> = {
  "43.37,3.16": "openmeteo/forecast-uv-derived-maraussan.json",
  // Les Abymes: tropical sun, « Très élevé » today and « Extrême » tomorrow (10,55 reads 11).
  "16.27,-61.49": "openmeteo/forecast-uv-derived-les-abymes.json",
};
const UV_FORECAST_DEFAULT = "openmeteo/forecast-uv-derived-low.json";

interface OpenMeteoDaily {
  daily: { time: string[]; uv_index_max: unknown[]; [variable: string]: unknown };
  [key: string]: unknown;
}

/**
 * The maximum UV index per day for the position, dated from the asked zone's today (the real API
 * answers the local days of `timezone=`), `forecast_days` days; "empty": the model's nulls.
 */
async function answerUvForecast(query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  const latitude = Number(query.latitude);
  const longitude = Number(query.longitude);
  const position = Number.isFinite(latitude) && Number.isFinite(longitude) ? `${latitude.toFixed(2)},${longitude.toFixed(2)}` : "";
  const recorded =
    (await scenarioData<OpenMeteoDaily>("uv-forecast", position, now, scenario)) ?? (await loadFixture<OpenMeteoDaily>(UV_FORECAST_DEFAULT, now));
  // A test's changed shape is served as it is.
  if (!Array.isArray(recorded.daily?.time) || !Array.isArray(recorded.daily?.uv_index_max)) return { status: 200, body: recorded };
  const timeZone = query.timezone ?? "Europe/Paris";
  const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  const days = Math.min(Number(query.forecast_days ?? 7) || 7, recorded.daily.uv_index_max.length);
  const time = Array.from({ length: days }, (_, offset) => addDays(today, offset));
  const offsetSeconds = offsetSecondsIn(timeZone, now);
  return {
    status: 200,
    body: {
      ...recorded,
      latitude: Number.isFinite(latitude) ? latitude : recorded.latitude,
      longitude: Number.isFinite(longitude) ? longitude : recorded.longitude,
      timezone: timeZone,
      utc_offset_seconds: offsetSeconds,
      daily_units: { time: "iso8601", uv_index_max: "" },
      daily: { time, uv_index_max: mode === "empty" ? time.map(() => null) : recorded.daily.uv_index_max.slice(0, days) },
    },
  };
}

// ---------------------------------------------------------------- scenarios

/**
 * What a test can change per commune: Hub'Eau networks and results, VigiEau zones, the ATMO feed
 * (per zone code: INSEE or EPCI SIREN), the API Géo commune; "air-model" is keyed by "lat,lon".
 */
export type FakeDataKind =
  "udis" | "results" | "zones" | "atmo" | "pollen" | "geo" | "air-model" | "bathing-sites" | "bathing-page" | "uv-forecast" | "vigilance";

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

/**
 * Météo-France's national vigilance map: one answer for every département, keyed "FRA"
 * (`setData("vigilance", "FRA", …)` replaces it). The demo map: Hérault (Maraussan) orange
 * canicule today, orange canicule and orages tomorrow; Somme (Amiens) green.
 */
const VIGILANCE_FIXTURES: Record<string, string> = { FRA: "meteofrance/cartevigilance-derived-demo.json" };

/**
 * The demo's off-season data (`seasonal`): outside the canicule watch (1 June – 15 September) the
 * map has no canicule, Hérault is orange for pluie-inondation; outside the grass pollen season
 * (mid-April – August), Amiens' pollens are all « Très faible ».
 */
const OFF_SEASON_FIXTURES: { vigilance: Record<string, string>; pollen: Record<string, string> } = {
  vigilance: { FRA: "meteofrance/cartevigilance-derived-demo-off-season.json" },
  pollen: { "80021": "pollen/ind-national-pol-derived-80021-off-season.json" },
};

/** The off-season fixture of a seasonal kind on a day (YYYY-MM-DD or MM-DD), or null for the usual one. */
function offSeasonFixture(kind: FakeDataKind, commune: string, day: string): string | null {
  const scene = demoSceneOf(day);
  if (kind === "vigilance" && scene.vigilance === "off-season") return OFF_SEASON_FIXTURES.vigilance[commune] ?? null;
  if (kind === "pollen" && scene.pollen === "off-season") return OFF_SEASON_FIXTURES.pollen[commune] ?? null;
  return null;
}

const FIXTURES_BY_KIND: Record<FakeDataKind, Record<string, string>> = {
  udis: UDI_FIXTURES,
  results: RESULT_FIXTURES,
  zones: DROUGHT_FIXTURES,
  atmo: ATMO_FIXTURES,
  pollen: POLLEN_FIXTURES,
  geo: GEO_FIXTURES,
  "air-model": AIR_MODEL_FIXTURES,
  "bathing-sites": BATHING_SITE_LIST_FIXTURES,
  "bathing-page": BATHING_PAGE_FIXTURES,
  "uv-forecast": UV_FORECAST_FIXTURES,
  vigilance: VIGILANCE_FIXTURES,
};

/** A VigiEau answer for a commune split between several zones of one type: 409 without a position. */
export interface SplitCommuneZones {
  split: true;
  /** the zones answered when lon/lat are given */
  zones: unknown;
  /** other zones at some points (key: the `lat,lon` query values as sent), where the commune's zones of one type meet */
  zonesAt?: Record<string, unknown>;
}

interface ScenarioState {
  overrides: Map<string, unknown>;
  /** the demo's seasons (`FakeUpstreamsOptions.seasonal`), null when off */
  seasonal: { monthDay: string | null } | null;
  /** unknown communes answer the Amiens data (codes rewritten): for the benchmark's many communes */
  synthetic: boolean;
  national: NationalCountry | null;
}

/** The communes (with a fixture or a test's data) a bulk endpoint answers for, outside national mode. */
function knownCommunes(kind: FakeDataKind, scenario: ScenarioState): string[] {
  const codes = new Set(Object.keys(FIXTURES_BY_KIND[kind]));
  for (const key of scenario.overrides.keys()) if (key.startsWith(`${kind}:`)) codes.add(key.slice(kind.length + 1));
  return [...codes].sort();
}

// ---------------------------------------------------------------- national mode

const NATIONAL_DEPARTMENTS: readonly string[] = [
  ...Array.from({ length: 95 }, (_, index) => String(index + 1).padStart(2, "0")).filter((code) => code !== "20"),
  "2A",
  "2B",
  "971",
  "972",
  "973",
  "974",
  "976",
].sort();

/** A small stable hash, so that every generated value depends only on its inputs. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return hash >>> 0;
}

interface NationalCountry {
  options: Required<NationalOptions>;
  /** commune codes per département, sorted */
  byDepartment: Map<string, string[]>;
  /** every zone that publishes an ATMO index (communes five times in six, and the EPCIs), sorted */
  atmoZones: string[];
  /** the communes with an indice pollen (metropolitan), sorted; computed on first use */
  pollenCommunes?: string[];
}

const COMMUNES_PER_EPCI = 12;

function epciOfNational(commune: string, country: NationalCountry): string {
  const department = departmentOf(commune);
  const list = country.byDepartment.get(department) ?? [];
  const group = Math.floor(list.indexOf(commune) / COMMUNES_PER_EPCI);
  return `2${String(NATIONAL_DEPARTMENTS.indexOf(department)).padStart(3, "0")}${String(group).padStart(5, "0")}`;
}

function departmentOf(commune: string): string {
  return commune.startsWith("97") ? commune.slice(0, 3) : commune.slice(0, 2);
}

function buildNationalCountry(options: NationalOptions): NationalCountry {
  const full = { samplesPerMonth: 1, rowsPerSample: 1, ...options };
  const perDepartment = Math.ceil(full.communes / NATIONAL_DEPARTMENTS.length);
  const byDepartment = new Map<string, string[]>();
  let remaining = full.communes;
  for (const department of NATIONAL_DEPARTMENTS) {
    const count = Math.min(perDepartment, remaining);
    remaining -= count;
    const width = 5 - department.length;
    byDepartment.set(
      department,
      Array.from({ length: count }, (_, index) => `${department}${String(index + 1).padStart(width, "0")}`),
    );
  }
  const country: NationalCountry = { options: full, byDepartment, atmoZones: [] };
  const zones = new Set<string>();
  for (const communes of byDepartment.values()) {
    for (const commune of communes) {
      // About one commune in six publishes no index of its own: its EPCI's stands in.
      if (hashOf(commune) % 6 === 0) zones.add(epciOfNational(commune, country));
      else zones.add(commune);
    }
  }
  country.atmoZones = [...zones].sort();
  return country;
}

/** Today's and tomorrow's index of a generated zone: mostly Bon/Moyen, some Dégradé days. */
function nationalAtmoFeature(zone: string, day: string): FeatureCollection["features"][number] {
  const code = 1 + (hashOf(`${zone}|${day}`) % 3);
  const isEpci = /^\d{9}$/.test(zone);
  return {
    properties: {
      code_zone: zone,
      lib_zone: isEpci ? `EPCI ${zone}` : `Commune ${zone}`,
      type_zone: isEpci ? "EPCI" : "commune",
      date_ech: `${day}Z`,
      date_dif: `${day}Z`,
      code_qual: code,
      lib_qual: ["", "Bon", "Moyen", "Dégradé"][code],
      coul_qual: ["", "#50F0E6", "#50CCAA", "#F0E641"][code],
      code_no2: 1,
      code_o3: code,
      code_pm10: 1,
      code_pm25: 1,
      code_so2: 1,
      source: "Atmo Synthétique",
    },
  };
}

/** Days between 1970-01-01 and a YYYY-MM-DD day (NaN when it is not one). */
function dayNumberOf(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return Number.NaN;
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

function dayOfNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Sample dates of a generated commune within since…until (days, both inclusive), newest first.
 * Fixed in calendar time — commune C is sampled on day D iff (days since 1970 + hash of C) is a
 * multiple of the period — so that a window read twice gives the same samples and each new day
 * brings new samples for about one commune in `periodDays`, like the sanitary control's rounds.
 */
function nationalSampleDates(commune: string, country: NationalCountry, since: string, until: string): string[] {
  const periodDays = Math.max(1, Math.round(30 / country.options.samplesPerMonth));
  const first = dayNumberOf(since);
  const last = dayNumberOf(until);
  const dates: string[] = [];
  if (!Number.isFinite(first) || !Number.isFinite(last)) return dates;
  const newest = last - ((last + hashOf(commune)) % periodDays);
  for (let day = newest; day >= first; day -= periodDays) dates.push(`${dayOfNumber(day)}T08:30:00Z`);
  return dates;
}

/** Whether `commune` is one of the generated country's (not a code past its département's count). */
function isNationalCommune(commune: string, country: NationalCountry): boolean {
  const list = country.byDepartment.get(departmentOf(commune)) ?? [];
  const index = Number(commune.slice(departmentOf(commune).length));
  return Number.isInteger(index) && index >= 1 && list[index - 1] === commune;
}

/** The network serving a generated commune: a 9-character UDI code like SISE-Eaux's (département on 3). */
function nationalUdiOf(commune: string): { code: string; nom: string } {
  const department = departmentOf(commune);
  return { code: `${department.padStart(3, "0")}${commune.slice(department.length).padStart(6, "0")}`, nom: `Réseau ${commune}` };
}

/** How far back a read without date_min_prelevement goes (the real API has no bound; the fake must). */
const NATIONAL_HISTORY_DAYS = 3 * 365;

let nationalTemplateRows: Promise<Array<Record<string, unknown>>> | null = null;

/**
 * The Amiens results (placeholders resolved), loaded once: every generated row copies one of them.
 * Which `now` resolves the placeholders does not matter, the dates are replaced.
 */
function loadNationalTemplateRows(now: Date): Promise<Array<Record<string, unknown>>> {
  nationalTemplateRows ??= loadFixture<HubeauEnvelope>(FIXTURES_BY_KIND.results["80021"]!, now).then((envelope) => envelope.data);
  return nationalTemplateRows;
}

interface NationalSample {
  commune: string;
  /** date_prelevement, YYYY-MM-DDT08:30:00Z */
  date: string;
}

/** The samples of `communes` within since…until, commune by commune, newest first. */
function nationalSamples(communes: readonly string[], country: NationalCountry, since: string, until: string): NationalSample[] {
  return communes.flatMap((commune) => nationalSampleDates(commune, country, since, until).map((date) => ({ commune, date })));
}

/**
 * Result row `row` (0 ≤ row < rowsPerSample) of a generated sample: template rows in a stable cycle
 * from a start that depends on the commune and the day. The template lists its 8 parameters
 * sample by sample, so up to 8 rows of one sample are different parameters; past 8 they repeat.
 */
function nationalResultRow(templates: ReadonlyArray<Record<string, unknown>>, sample: NationalSample, row: number): Record<string, unknown> {
  const day = sample.date.slice(0, 10);
  const start = hashOf(`${sample.commune}|${day}`) % templates.length;
  const template = templates[(start + row) % templates.length]!;
  const department = departmentOf(sample.commune);
  const sampleCode = `${sample.commune}-${day.replaceAll("-", "")}`;
  return {
    ...template,
    code_departement: department,
    nom_departement: `Département ${department}`,
    code_prelevement: sampleCode,
    code_commune: sample.commune,
    nom_commune: `Commune ${sample.commune}`,
    date_prelevement: sample.date,
    reference_analyse: sampleCode,
    reseaux: [nationalUdiOf(sample.commune)],
  };
}

/** The rows `start`…`end` (exclusive) of the samples' results, rowsPerSample per sample: built for the page only. */
function nationalResultRows(
  templates: ReadonlyArray<Record<string, unknown>>,
  samples: readonly NationalSample[],
  rowsPerSample: number,
  start: number,
  end: number,
): Array<Record<string, unknown>> {
  const rows: Array<Record<string, unknown>> = [];
  for (let index = start; index < Math.min(end, samples.length * rowsPerSample); index += 1) {
    rows.push(nationalResultRow(templates, samples[Math.floor(index / rowsPerSample)]!, index % rowsPerSample));
  }
  return rows;
}

/** The payload a commune gets: a test override, its fixture, the synthetic copy of Amiens, or null. */
async function scenarioData<T>(kind: FakeDataKind, commune: string, now: Date, scenario: ScenarioState): Promise<T | null> {
  const override = scenario.overrides.get(`${kind}:${commune}`);
  if (override !== undefined) return JSON.parse(resolvePlaceholders(JSON.stringify(override), now)) as T;
  const offSeason = scenario.seasonal ? offSeasonFixture(kind, commune, scenario.seasonal.monthDay ?? parisDay(now)) : null;
  const file = offSeason ?? FIXTURES_BY_KIND[kind][commune];
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
  if (text.includes("abymes")) return "ban/search-derived-les-abymes.json";
  // radon by the arrêté's communes (issue 36): a commune nouvelle, two municipalities with arrondissements
  if (text.includes("couesnon")) return "ban/search-derived-val-couesnon.json";
  if (text.trim() === "paris") return "ban/search-derived-paris-municipality.json";
  if (text.trim() === "lyon") return "ban/search-derived-lyon-municipality.json";
  return "ban/search-empty.json";
}

/**
 * The addresses the fake BAN knows around the scenario points (reverse geocoding): each file is
 * the BAN's answer at one scenario point; together they are the fake's map of addresses.
 */
const BAN_REVERSE_FIXTURES = [
  "ban/reverse-derived-amiens-8-bd-du-port.json",
  "ban/reverse-derived-maraussan.json",
  "ban/reverse-derived-les-abymes.json",
  "ban/reverse-derived-paris-rue-de-rome.json",
  "ban/reverse-derived-camon-near-amiens.json",
  // radon: a category 3 commune (issue 26, item 4)
  "ban/reverse-derived-concarneau-8-rue-du-port.json",
  // radon by the arrêté's communes (issue 36): a former commune (Tremblay in Val-Couesnon), an
  // arrondissement (Lyon 9e), the file's other codes (Saint-Pierre, Saint-Martin)
  "ban/reverse-derived-val-couesnon-tremblay.json",
  "ban/reverse-derived-lyon-9e-quai-arloing.json",
  "ban/reverse-derived-saint-pierre-rue-marechal-foch.json",
  "ban/reverse-derived-saint-martin-marigot.json",
  // vigilance: a coastal département's inland and coastal communes (issue 36, decision 078)
  "ban/reverse-derived-sainte-foy-la-grande.json",
  "ban/reverse-derived-lacanau.json",
];
/** Farther than this from every known address, the fake answers no address (open country, the sea). */
const BAN_REVERSE_RADIUS_M = 1000;

/** Great-circle distance in metres (the BAN's `distance` of a reverse answer). */
function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const h = Math.sin(toRadians(lat2 - lat1) / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(toRadians(lon2 - lon1) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** The known addresses nearest to the point, nearest first, each with its distance from it. */
async function answerBanReverse(query: Record<string, string>, mode: FakeMode, now: Date): Promise<Answer> {
  const lat = Number(query.lat);
  const lon = Number(query.lon);
  if (query.lat === undefined || query.lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    return { status: 400, body: { code: 400, message: "Failed parsing query", detail: ["lat, lon: required numbers"] } };
  }
  type ReverseFeature = { geometry: { coordinates: [number, number] }; properties: Record<string, unknown> };
  const known =
    mode === "empty"
      ? []
      : (await Promise.all(BAN_REVERSE_FIXTURES.map((file) => loadFixture<{ features: ReverseFeature[] }>(file, now)))).flatMap((c) => c.features);
  const nearby = known
    .map((feature) => ({ feature, meters: distanceMeters(lat, lon, feature.geometry.coordinates[1], feature.geometry.coordinates[0]) }))
    .filter(({ meters }) => meters <= BAN_REVERSE_RADIUS_M)
    .sort((a, b) => a.meters - b.meters);
  const limit = Number(query.limit);
  const kept = Number.isInteger(limit) && limit > 0 ? nearby.slice(0, limit) : nearby.slice(0, 10);
  const features = kept.map(({ feature, meters }) => ({ ...feature, properties: { ...feature.properties, distance: Math.round(meters) } }));
  return { status: 200, body: { type: "FeatureCollection", features } };
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

/** A WFS GetFeature page as GeoServer answers it: `matched` features in all, these ones on this page. */
function featureCollection(features: FeatureCollection["features"], matched: number, now: Date): FeatureCollection {
  return {
    type: "FeatureCollection",
    features,
    totalFeatures: matched,
    numberMatched: matched,
    numberReturned: features.length,
    timeStamp: now.toISOString(),
    crs: null,
  };
}

function emptyFeatureCollection(now: Date): FeatureCollection {
  return featureCollection([], 0, now);
}

/** The properties a WFS query's `propertyName` asks for; null: all. */
function askedProperties(query: Record<string, string>): string[] | null {
  return query.propertyName ? query.propertyName.split(",").map((name) => name.trim()) : null;
}

/** Only the properties a `propertyName` asked for (all without one), as GeoServer does. */
function onlyProperties(properties: Record<string, unknown>, names: string[] | null): Record<string, unknown> {
  return names ? Object.fromEntries(Object.entries(properties).filter(([key]) => names.includes(key))) : properties;
}

// ---------------------------------------------------------------- answers

interface Answer {
  status: number;
  body: unknown;
  /** bytes sent as is (the portal's Windows-1252 pages and JSON), instead of JSON of body */
  raw?: { bytes: Buffer; contentType: string };
}

async function answerBan(path: string, query: Record<string, string>, mode: FakeMode, now: Date, _scenario: ScenarioState): Promise<Answer> {
  if (path === "/reverse") return answerBanReverse(query, mode, now);
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
    if (nationalCountryFor("udis", commune, scenario) && mode !== "empty")
      return page(hubeauEmptyEnvelope("communes_udi", query), [nationalCommuneUdi(commune, now)], query);
    const envelope = mode === "empty" ? null : await scenarioData<HubeauEnvelope>("udis", commune, now, scenario);
    if (!envelope) return { status: 200, body: hubeauEmptyEnvelope("communes_udi", query) };
    return page(envelope, envelope.data, query);
  }
  if (path === "/resultats_dis" && query.code_departement !== undefined) return answerHubeauDepartment(query, mode, now, scenario);
  const national = nationalCountryFor("results", commune, scenario);
  if (path === "/resultats_dis" && national && mode !== "empty") {
    // The same rows as the département read gives for this commune, up to the fake's day.
    const { since, until } = nationalWindow(query, now);
    const samples = nationalSamples([commune], national, since, until);
    const rowsPerSample = national.options.rowsPerSample;
    const rows = nationalResultRows(await loadNationalTemplateRows(now), samples, rowsPerSample, 0, samples.length * rowsPerSample);
    const fields = fieldsOf(query);
    return page(
      hubeauEmptyEnvelope("resultats_dis", query),
      filterCommuneResults(rows, query).map((row) => pickFields(row, fields)),
      query,
    );
  }
  if (path === "/resultats_dis") {
    const envelope = mode === "empty" ? null : await scenarioData<HubeauEnvelope>("results", commune, now, scenario);
    if (!envelope) return { status: 200, body: hubeauEmptyEnvelope("resultats_dis", query) };
    return page(envelope, filterCommuneResults(envelope.data, query), query);
  }
  return notFound();
}

/**
 * The generated country when `commune` is one of its communes and no test replaced its data;
 * null otherwise (other codes keep the fixtures and the synthetic copy of Amiens). Its Hub'Eau
 * data are generated like the département reads, not read from a fixture, so that both agree.
 */
function nationalCountryFor(kind: "udis" | "results", commune: string, scenario: ScenarioState): NationalCountry | null {
  const country = scenario.national;
  if (!country || !isNationalCommune(commune, country) || scenario.overrides.has(`${kind}:${commune}`)) return null;
  return country;
}

/** The one network of a generated commune, as communes_udi lists it. */
function nationalCommuneUdi(commune: string, now: Date): Record<string, unknown> {
  const udi = nationalUdiOf(commune);
  return {
    code_commune: commune,
    nom_commune: `Commune ${commune}`,
    nom_quartier: null,
    code_reseau: udi.code,
    nom_reseau: udi.nom,
    debut_alim: "2009-01-01",
    annee: String(now.getUTCFullYear()),
  };
}

/**
 * date_min_prelevement…date_max_prelevement (days, both inclusive) of a national read, never
 * past the fake's Paris day (no sample is published before it is taken), and
 * NATIONAL_HISTORY_DAYS back when no start is given.
 */
function nationalWindow(query: Record<string, string>, now: Date): { since: string; until: string } {
  const today = parisDay(now);
  const asked = (query.date_max_prelevement ?? "").slice(0, 10);
  const until = Number.isFinite(dayNumberOf(asked)) && asked < today ? asked : today;
  const start = (query.date_min_prelevement ?? "").slice(0, 10);
  const since = Number.isFinite(dayNumberOf(start)) ? start : addDays(until, -NATIONAL_HISTORY_DAYS);
  return { since, until };
}

/** Per-commune resultats_dis filters: code_parametre, date_min_prelevement, date_max_prelevement (its whole day), code_reseau, sort (desc by default). */
function filterCommuneResults(items: Array<Record<string, unknown>>, query: Record<string, string>): Array<Record<string, unknown>> {
  const codes = query.code_parametre ? new Set(query.code_parametre.split(",").map((code) => code.trim())) : null;
  const since = query.date_min_prelevement ?? "";
  const until = (query.date_max_prelevement ?? "9999-99-99").slice(0, 10);
  const network = query.code_reseau;
  const direction = query.sort === "asc" ? 1 : -1;
  return (
    items
      .filter((item) => !codes || codes.has(String(item.code_parametre)))
      .filter((item) => String(item.date_prelevement) >= since && String(item.date_prelevement).slice(0, 10) <= until)
      .filter((item) => !network || networkCodes(item).includes(network))
      // Stable sort (ties keep the file order, like the parameters of one sample upstream).
      .sort((a, b) => direction * String(a.date_prelevement).localeCompare(String(b.date_prelevement)))
  );
}

/** `fields=a,b,…` as a list; null (every field) without it. */
function fieldsOf(query: Record<string, string>): string[] | null {
  return query.fields ? query.fields.split(",").map((field) => field.trim()) : null;
}

function pickFields(item: Record<string, unknown>, fields: readonly string[] | null): Record<string, unknown> {
  return fields ? Object.fromEntries(Object.entries(item).filter(([key]) => fields.includes(key))) : item;
}

/**
 * resultats_dis for a whole département (`code_departement`), between date_min_prelevement and
 * date_max_prelevement (days, both inclusive), only the `fields` asked, paged with `count`. Like
 * the real API, page × size beyond 20 000 is refused (400). In national mode the rows are built
 * for the asked page only, from the samples' dates alone.
 */
async function answerHubeauDepartment(query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  const department = query.code_departement ?? "";
  const since = (query.date_min_prelevement ?? "0000-00-00").slice(0, 10);
  const until = (query.date_max_prelevement ?? "9999-99-99").slice(0, 10);
  const size = Number(query.size) || 5000;
  const pageNumber = Number(query.page) || 1;
  if (size * pageNumber > 20_000) return { status: 400, body: { code: 400, message: "Le produit page x size ne doit pas dépasser 20000" } };
  const fields = fieldsOf(query);
  const envelope = hubeauEmptyEnvelope("resultats_dis", query);
  if (mode !== "empty" && scenario.national) {
    const country = scenario.national;
    const window = nationalWindow(query, now);
    const samples = nationalSamples(country.byDepartment.get(department) ?? [], country, window.since, window.until);
    const total = samples.length * country.options.rowsPerSample;
    const bounds = pageBounds(total, query);
    const rows = nationalResultRows(await loadNationalTemplateRows(now), samples, country.options.rowsPerSample, bounds.start, bounds.end);
    return { status: bounds.partial ? 206 : 200, body: { ...envelope, count: total, data: rows.map((row) => pickFields(row, fields)) } };
  }
  const items: Array<Record<string, unknown>> = [];
  if (mode !== "empty") {
    for (const commune of knownCommunes("results", scenario).filter((code) => departmentOf(code) === department)) {
      const data = await scenarioData<HubeauEnvelope>("results", commune, now, scenario);
      for (const item of data?.data ?? []) items.push({ code_commune: commune, ...item });
    }
  }
  const filtered = items
    .filter((item) => {
      const day = String(item.date_prelevement).slice(0, 10);
      return day >= since && day <= until;
    })
    .map((item) => pickFields(item, fields));
  return page(envelope, filtered, query);
}

function networkCodes(item: Record<string, unknown>): string[] {
  const networks: unknown = item.reseaux;
  if (!Array.isArray(networks)) return [];
  return networks.map((network: unknown) => (typeof network === "object" && network !== null && "code" in network ? String(network.code) : ""));
}

/** Hub'Eau paging: page `page` (from 1) of `size` items (5000 by default); partial when more exist or past page 1. */
function pageBounds(total: number, query: Record<string, string>): { start: number; end: number; partial: boolean } {
  const size = Number(query.size);
  const pageSize = Number.isInteger(size) && size > 0 ? size : 5000;
  const requested = Number(query.page);
  const pageNumber = Number.isInteger(requested) && requested > 0 ? requested : 1;
  return { start: (pageNumber - 1) * pageSize, end: pageNumber * pageSize, partial: pageNumber * pageSize < total || pageNumber > 1 };
}

/** Hub'Eau paging of a list, 206 Partial Content when more exist. */
function page(envelope: HubeauEnvelope, items: Array<Record<string, unknown>>, query: Record<string, string>): Answer {
  const bounds = pageBounds(items.length, query);
  const data = items.slice(bounds.start, bounds.end);
  return { status: bounds.partial ? 206 : 200, body: { ...envelope, count: items.length, data } };
}

/** The zones of a département's communes, once each (VigiEau's findByDepartement); 404 when none. */
async function answerVigieauDepartment(department: string, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  const zones = new Map<number, unknown>();
  if (mode !== "empty" && scenario.national) {
    const index = NATIONAL_DEPARTMENTS.indexOf(department);
    // Two départements in three have a zone in force, at a level that does not change by itself.
    if (index >= 0 && index % 3 !== 0) {
      const level = ["vigilance", "alerte", "alerte_renforcee", "crise"][index % 4];
      zones.set(100_000 + index, {
        id: 100_000 + index,
        code: `${department}_SUP`,
        nom: `Zone ${department}`,
        type: "SUP",
        niveauGravite: level,
        departement: department,
        arrete: { id: 500_000 + index, dateDebutValidite: "2026-06-01", dateFinValidite: "2026-12-31" },
        usages: [],
      });
    }
  } else if (mode !== "empty") {
    for (const commune of knownCommunes("zones", scenario).filter((code) => departmentOf(code) === department)) {
      const data = await scenarioData<unknown>("zones", commune, now, scenario);
      const list = typeof data === "object" && data !== null && "split" in data ? (data as SplitCommuneZones).zones : data;
      for (const zone of Array.isArray(list) ? list : list ? [list] : []) {
        const id = typeof zone === "object" && zone !== null && "id" in zone ? Number(zone.id) : NaN;
        if (Number.isFinite(id)) zones.set(id, zone);
      }
    }
  }
  if (zones.size === 0) return { status: 404, body: { message: "Aucune zone d’alerte en vigueur sur ce département.", error: "Not Found", statusCode: 404 } };
  return { status: 200, body: [...zones.values()] };
}

async function answerVigieau(path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  const department = /^\/zones\/departement\/([^/]+)$/.exec(path)?.[1];
  if (department !== undefined) return answerVigieauDepartment(decodeURIComponent(department), mode, now, scenario);
  if (path !== "/zones") return notFound();
  const zones = mode === "empty" ? null : await scenarioData<unknown>("zones", query.commune ?? "", now, scenario);
  if (zones === null) return { status: 200, body: [] };
  if (typeof zones === "object" && zones !== null && "split" in zones) {
    // Like the real API: several zones of one type in the commune and no position → 409.
    if (query.lon === undefined || query.lat === undefined) return { status: 409, body: { message: "Plusieurs zones d'alerte de même type" } };
    const split = zones as SplitCommuneZones;
    return { status: 200, body: split.zonesAt?.[`${query.lat},${query.lon}`] ?? split.zones };
  }
  return { status: 200, body: zones };
}

/**
 * The WFS without a zone filter: every zone's features between `date_ech>='…'` and
 * `date_ech<'…'` (or `<='…'`), sorted by zone then day (`sortBy`), paged by `count` and
 * `startIndex` with numberMatched / numberReturned, only the `propertyName` properties.
 */
async function answerAtmoBulk(query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  const filter = query.CQL_FILTER ?? "";
  const fromDay = /date_ech\s*>=\s*'([^']*)'/.exec(filter)?.[1] ?? "0000-00-00";
  const below = /date_ech\s*<\s*'([^']*)'/.exec(filter)?.[1];
  const upTo = /date_ech\s*<=\s*'([^']*)'/.exec(filter)?.[1];
  const inRange = (day: string) => day >= fromDay && (below === undefined || day < below) && (upTo === undefined || day <= upTo);
  const count = Math.max(0, Number(query.count ?? query.maxFeatures) || 1_000_000);
  const startIndex = Math.max(0, Number(query.startIndex) || 0);
  const properties = askedProperties(query);
  let matched = 0;
  let features: FeatureCollection["features"] = [];
  if (mode !== "empty" && scenario.national) {
    // Two days per zone at most: feature n is zone n/2, day n%2 — generated for the page only.
    const days = [parisDay(now), addDays(parisDay(now), 1), addDays(parisDay(now), -1)].filter(inRange).sort();
    matched = scenario.national.atmoZones.length * days.length;
    for (let index = startIndex; index < Math.min(matched, startIndex + count); index += 1) {
      features.push(nationalAtmoFeature(scenario.national.atmoZones[Math.floor(index / days.length)]!, days[index % days.length]!));
    }
  } else if (mode !== "empty") {
    const all: FeatureCollection["features"] = [];
    for (const zone of knownCommunes("atmo", scenario)) {
      const collection = await scenarioData<FeatureCollection>("atmo", zone, now, scenario);
      all.push(...(collection?.features ?? []).filter((feature) => inRange(String(feature.properties.date_ech).slice(0, 10))));
    }
    all.sort(
      (a, b) =>
        String(a.properties.code_zone).localeCompare(String(b.properties.code_zone)) ||
        String(a.properties.date_ech).localeCompare(String(b.properties.date_ech)),
    );
    matched = all.length;
    features = all.slice(startIndex, startIndex + count);
  }
  if (properties)
    features = features.map((feature) => ({
      ...feature,
      properties: onlyProperties(feature.properties, properties),
    }));
  return { status: 200, body: featureCollection(features, matched, now) };
}

async function answerAtmo(path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  if (path !== "/ows") return notFound();
  const filter = query.CQL_FILTER ?? "";
  if (!/code_zone/.test(filter)) return answerAtmoBulk(query, mode, now, scenario);
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

// ---------------------------------------------------------------- pollen (issue 26)

/**
 * The indice pollen's WFS: `code_zone='…' AND date_ech>='…'` answers that commune's features from
 * that day; without a zone, every known commune's features between `date_ech>='…'` and
 * `date_ech<'…'`, sorted by zone and day and paged by `count` / `startIndex` (the bulk read).
 * Only the `propertyName` properties are kept, and the geometry is dropped, as GeoServer does.
 */
async function answerPollen(path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  if (path !== "/ows") return notFound();
  const filter = query.CQL_FILTER ?? "";
  const fromDay = /date_ech\s*>=\s*'([^']*)'/.exec(filter)?.[1] ?? "0000-00-00";
  const below = /date_ech\s*<\s*'([^']*)'/.exec(filter)?.[1];
  const inRange = (day: string) => day >= fromDay && (below === undefined || day < below);
  const zone = /code_zone\s*=\s*'([^']*)'/.exec(filter)?.[1];
  if (zone === undefined && mode !== "empty" && scenario.national) return answerPollenNational(query, inRange, now, scenario.national);
  const zones = zone !== undefined ? [zone] : knownCommunes("pollen", scenario);
  const all: FeatureCollection["features"] = [];
  if (mode !== "empty") {
    for (const code of zones) {
      const collection = await scenarioData<FeatureCollection>("pollen", code, now, scenario);
      all.push(...(collection?.features ?? []).filter((feature) => inRange(String(feature.properties.date_ech).slice(0, 10))));
    }
  }
  all.sort(
    (a, b) =>
      String(a.properties.code_zone).localeCompare(String(b.properties.code_zone)) ||
      String(a.properties.date_ech).localeCompare(String(b.properties.date_ech)),
  );
  const count = Math.max(0, Number(query.count) || 1_000_000);
  const startIndex = Math.max(0, Number(query.startIndex) || 0);
  const properties = askedProperties(query);
  const features = all.slice(startIndex, startIndex + count).map((feature) => ({
    ...feature,
    geometry: null,
    properties: onlyProperties(feature.properties, properties),
  }));
  return { status: 200, body: featureCollection(features, all.length, now) };
}

// ---------------------------------------------------------------- pollen and vigilance, national mode (issue 26)

/** The indice pollen's taxa codes in the layer, in the agencies' order, and their `pollen_resp` names. */
const NATIONAL_POLLEN_TAXA: ReadonlyArray<{ property: string; resp: string }> = [
  { property: "code_aul", resp: "AULNE" },
  { property: "code_boul", resp: "BOULEAU" },
  { property: "code_oliv", resp: "OLIVIER" },
  { property: "code_gram", resp: "GRAMINEE" },
  { property: "code_arm", resp: "ARMOISE" },
  { property: "code_ambr", resp: "AMBROISIE" },
];
const NATIONAL_POLLEN_WORDS = ["Indisponible", "Très faible", "Faible", "Modéré", "Élevé", "Très élevé", "Extrêmement élevé"];

/**
 * A generated commune's indice pollen for a day: each taxon mostly 1–2, sometimes 3–4, rarely 5–6
 * (stable per commune and day); the overall level is the highest taxon's, `pollen_resp` names the
 * taxa at that level, as the agencies publish it.
 */
function nationalPollenFeature(commune: string, day: string, now: Date): FeatureCollection["features"][number] {
  const levels = NATIONAL_POLLEN_TAXA.map(({ property }) => {
    const draw = hashOf(`${commune}|${day}|${property}`) % 100;
    return draw < 60 ? 1 : draw < 85 ? 2 : draw < 94 ? 3 : draw < 98 ? 4 : draw < 99 ? 5 : 6;
  });
  const overall = Math.max(...levels);
  const published = parisDay(now);
  return {
    properties: {
      code_zone: commune,
      lib_zone: `Commune ${commune}`,
      type_zone: "commune",
      date_ech: day,
      date_dif: `${published}T10:41:07Z`,
      code_qual: overall,
      lib_qual: NATIONAL_POLLEN_WORDS[overall],
      ...Object.fromEntries(NATIONAL_POLLEN_TAXA.map(({ property }, index) => [property, levels[index]])),
      pollen_resp: NATIONAL_POLLEN_TAXA.filter((_, index) => levels[index] === overall)
        .map(({ resp }) => resp)
        .join(" "),
      alerte: overall >= 4,
      source: "Atmo Synthétique",
    },
  };
}

/** The communes with an indice pollen in the generated country: metropolitan ones (overseas has no official index), sorted. */
function nationalPollenCommunes(country: NationalCountry): string[] {
  country.pollenCommunes ??= [...country.byDepartment.entries()]
    .filter(([department]) => !department.startsWith("97"))
    .flatMap(([, communes]) => communes)
    .sort();
  return country.pollenCommunes;
}

/**
 * The bulk read in national mode: every metropolitan commune's features for the asked days among
 * yesterday … the day after tomorrow (Paris days of `now`), sorted by zone then day, paged by
 * `count` / `startIndex` — feature n is commune n/days, day n%days, generated for the page only.
 */
function answerPollenNational(query: Record<string, string>, inRange: (day: string) => boolean, now: Date, country: NationalCountry): Answer {
  const today = parisDay(now);
  const days = [addDays(today, -1), today, addDays(today, 1), addDays(today, 2)].filter(inRange).sort();
  const communes = nationalPollenCommunes(country);
  const matched = communes.length * days.length;
  const count = Math.max(0, Number(query.count) || 1_000_000);
  const startIndex = Math.max(0, Number(query.startIndex) || 0);
  const properties = askedProperties(query);
  const features: FeatureCollection["features"] = [];
  for (let index = startIndex; index < Math.min(matched, startIndex + count); index += 1) {
    const feature = nationalPollenFeature(communes[Math.floor(index / days.length)]!, days[index % days.length]!, now);
    features.push({
      type: "Feature",
      geometry: null,
      properties: onlyProperties(feature.properties, properties),
    });
  }
  return { status: 200, body: featureCollection(features, matched, now) };
}

/** A phenomenon's colour on a generated day: green mostly, yellow one time in 12, orange one in 150, red one in 1 000. */
function nationalVigilanceColour(domain: string, day: string, phenomenon: number): number {
  const draw = hashOf(`${domain}|${day}|${phenomenon}`) % 1000;
  return draw < 1 ? 4 : draw < 8 ? 3 : draw < 90 ? 2 : 1;
}

/** Départements with a coast (and so a « vagues-submersion » strip, domain "<dép>10"), one in three of the generated ones. */
function hasNationalCoast(department: string): boolean {
  return hashOf(`coast|${department}`) % 3 === 0;
}

/**
 * Météo-France's map for the generated country: today (J) and tomorrow (J1), every metropolitan
 * département (overseas is not on the national map) with phenomena 1–6 (and 8, avalanches, in
 * the mountain ones), a coastal strip with phenomenon 9 where there is a coast, and the "FRA"
 * roll-up — the recorded answer's shape (tests/fixtures/meteofrance/), generated from the day alone.
 */
function nationalVigilanceMap(country: NationalCountry, now: Date): unknown {
  const today = parisDay(now);
  const departments = [...country.byDepartment.keys()].filter((department) => !department.startsWith("97"));
  const periods = (["J", "J1"] as const).map((echeance, offset) => {
    const day = addDays(today, offset);
    const item = (domain: string, phenomenon: number) => ({
      phenomenon_id: String(phenomenon),
      phenomenon_max_color_id: nationalVigilanceColour(domain, day, phenomenon),
      timelaps_items: [],
    });
    const domains = departments.flatMap((department) => {
      const phenomena = [1, 2, 3, 4, 5, 6, ...(hashOf(`mountain|${department}`) % 5 === 0 ? [8] : [])];
      const items = phenomena.map((phenomenon) => item(department, phenomenon));
      const own = { domain_id: department, max_color_id: Math.max(...items.map((entry) => entry.phenomenon_max_color_id)), phenomenon_items: items };
      if (!hasNationalCoast(department)) return [own];
      const strip = [item(`${department}10`, 9)];
      return [own, { domain_id: `${department}10`, max_color_id: strip[0]!.phenomenon_max_color_id, phenomenon_items: strip }];
    });
    const national = new Map<string, number>();
    for (const domain of domains)
      for (const entry of domain.phenomenon_items)
        national.set(entry.phenomenon_id, Math.max(national.get(entry.phenomenon_id) ?? 1, entry.phenomenon_max_color_id));
    const fra = {
      domain_id: "FRA",
      max_color_id: Math.max(1, ...national.values()),
      phenomenon_items: [...national.entries()]
        .filter(([, colour]) => colour > 1)
        .map(([phenomenon, colour]) => ({ phenomenon_id: phenomenon, phenomenon_max_color_id: colour, timelaps_items: [] })),
    };
    return {
      echeance,
      begin_validity_time: `${day}T${offset === 0 ? "04" : "00"}:00:00Z`,
      end_validity_time: `${day}T22:00:00Z`,
      timelaps: { domain_ids: [fra, ...domains] },
    };
  });
  return vigilanceProduct(`${today}T04:00:00Z`, periods);
}

/** One period (J, J1) of Météo-France's map: its domains with their colours (1 green … 4 red). */
export interface VigilanceMapPeriod {
  echeance: string;
  begin_validity_time: string;
  end_validity_time: string;
  timelaps: { domain_ids: { domain_id: string; max_color_id: number; phenomenon_items: unknown[] }[] };
}

/** Météo-France's `cartevigilance/encours` envelope (the recorded shape) around its periods; the map's colour is their highest. */
export function vigilanceProduct(updateTime: string | null, periods: VigilanceMapPeriod[]): unknown {
  const colours = periods.flatMap((period) => period.timelaps.domain_ids.map((domain) => domain.max_color_id));
  return {
    product: {
      warning_type: "vigilance",
      type_cdp: "cdp_carte_externe",
      version_vigilance: "V6",
      version_cdp: "1.0.0",
      update_time: updateTime,
      domain_id: "FRA",
      global_max_color_id: String(Math.max(1, ...colours)),
      periods,
    },
  };
}

/**
 * The map of a derived bulletin (canicule and storms, today « J » and tomorrow « J1 »), in the recorded
 * shape: each département's phenomena with their colours, the département's colour their highest.
 */
export function vigilanceMapOf(bulletin: {
  updatedAt: string | null;
  days: Array<{ date: string; departments: Record<string, Array<{ phenomenon: string; color: number }>> }>;
}): unknown {
  const ids: Record<string, string> = { canicule: "6", orages: "3" };
  return vigilanceProduct(
    bulletin.updatedAt,
    bulletin.days.map((day, offset) => ({
      echeance: offset === 0 ? "J" : "J1",
      begin_validity_time: `${day.date}T00:00:00Z`,
      end_validity_time: `${day.date}T22:00:00Z`,
      timelaps: {
        domain_ids: Object.entries(day.departments).map(([department, phenomena]) => ({
          domain_id: department,
          max_color_id: Math.max(...phenomena.map((entry) => entry.color)),
          phenomenon_items: phenomena.map((entry) => ({ phenomenon_id: ids[entry.phenomenon], phenomenon_max_color_id: entry.color, timelaps_items: [] })),
        })),
      },
    })),
  );
}

/**
 * Open-Meteo's hourly series for the asked day (`start_date`, else the Paris day of `now`): the
 * fixture for the position, its times moved onto that day, and only the asked variables.
 */
async function answerOpenMeteo(path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  // The forecast host (OPENMETEO_FORECAST_URL) is served under the same prefix: its path differs.
  if (path === "/forecast") return answerUvForecast(query, mode, now, scenario);
  if (path !== "/air-quality") return notFound();
  const latitude = Number(query.latitude);
  const longitude = Number(query.longitude);
  const position = Number.isFinite(latitude) && Number.isFinite(longitude) ? `${latitude.toFixed(2)},${longitude.toFixed(2)}` : "";
  const recorded = (await scenarioData<OpenMeteoHourly>("air-model", position, now, scenario)) ?? (await loadFixture<OpenMeteoHourly>(AIR_MODEL_DEFAULT, now));
  const day = query.start_date ?? parisDay(now);
  const variables = (query.hourly ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const hourly: OpenMeteoHourly["hourly"] = { time: recorded.hourly.time.map((time) => `${day}${time.slice(10)}`) };
  const units: Record<string, string> = { time: "iso8601" };
  for (const variable of variables) {
    const values = recorded.hourly[variable];
    // The real API answers null for a variable the model has no value for, never omits it.
    hourly[variable] = mode === "empty" || !Array.isArray(values) ? recorded.hourly.time.map(() => null) : values;
    units[variable] = "μg/m³";
  }
  // The hours are the asked zone's local hours, as the real API answers with `timezone=`.
  const timeZone = query.timezone ?? "Europe/Paris";
  const offsetSeconds = offsetSecondsIn(timeZone, now);
  const paris = timeZone === "Europe/Paris";
  return {
    status: 200,
    body: {
      ...recorded,
      latitude: Number.isFinite(latitude) ? latitude : recorded.latitude,
      longitude: Number.isFinite(longitude) ? longitude : recorded.longitude,
      timezone: timeZone,
      timezone_abbreviation: paris ? (offsetSeconds === 7200 ? "CEST" : "CET") : `GMT${offsetSeconds >= 0 ? "+" : "-"}${Math.abs(offsetSeconds) / 3600}`,
      utc_offset_seconds: offsetSeconds,
      hourly_units: units,
      hourly,
    },
  };
}

/** API Géo, `/communes/{code}`: the fields asked for, 404 for a code it does not know. */
async function answerGeo(path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  if (path === "/communes") {
    // The whole list: every commune the fake knows (or the generated country), the fields asked.
    const fields = (query.fields ?? "code,nom").split(",").map((field) => field.trim());
    const pick = (commune: Record<string, unknown>) => Object.fromEntries(Object.entries(commune).filter(([key]) => fields.includes(key)));
    if (mode === "empty") return { status: 200, body: [] };
    if (scenario.national) {
      const country = scenario.national;
      return {
        status: 200,
        body: [...country.byDepartment.values()].flat().map((code) => pick({ code, nom: `Commune ${code}`, codeEpci: epciOfNational(code, country) })),
      };
    }
    const communes = await Promise.all(knownCommunes("geo", scenario).map((code) => scenarioData<Record<string, unknown>>("geo", code, now, scenario)));
    return { status: 200, body: communes.filter((commune): commune is Record<string, unknown> => commune !== null).map(pick) };
  }
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
    const list = mode === "empty" ? { sites: [] } : (override ?? (file ? JSON.parse(await readFixtureText(file)) : { sites: [] }));
    return { status: 200, body: null, raw: { bytes: Buffer.from(JSON.stringify(list), "latin1"), contentType: "application/json;charset=windows-1252" } };
  }
  if (path === "/consultSite.do") {
    const site = query.site ?? "";
    // A test may serve one page per season asked (`setData("bathing-page", "<site>@<annee>", …)`).
    const override = scenario.overrides.get(`bathing-page:${site}@${query.annee ?? ""}`) ?? scenario.overrides.get(`bathing-page:${site}`);
    const file = typeof override === "string" ? override : BATHING_PAGE_FIXTURES[site];
    if (mode === "empty" || !file)
      return {
        status: 200,
        body: null,
        raw: { bytes: Buffer.from("<html><body>Site inconnu</body></html>", "latin1"), contentType: "text/html;charset=windows-1252" },
      };
    const bytes = await readFile(new URL(`../fixtures/${file}`, import.meta.url));
    return { status: 200, body: null, raw: { bytes, contentType: "text/html;charset=windows-1252" } };
  }
  return notFound();
}

// ---------------------------------------------------------------- Météo-France vigilance (issue 26)

/** The API portal, `GET /cartevigilance/encours` (the `apikey` header is checked before, in the handler). */
async function answerMeteoFrance(path: string, _query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState): Promise<Answer> {
  if (path !== "/cartevigilance/encours") return notFound();
  if (mode === "empty") return { status: 200, body: { product: { periods: [] } } };
  // National mode: every département's map, unless a test gave its own.
  if (scenario.national && !scenario.overrides.has("vigilance:FRA")) return { status: 200, body: nationalVigilanceMap(scenario.national, now) };
  const map = await scenarioData<unknown>("vigilance", "FRA", now, scenario);
  return map ? { status: 200, body: map } : notFound();
}

function notFound(): Answer {
  return { status: 404, body: { error: "Not Found" } };
}

const ANSWERS: Record<FakeSource, (path: string, query: Record<string, string>, mode: FakeMode, now: Date, scenario: ScenarioState) => Promise<Answer>> = {
  ban: answerBan,
  hubeau: answerHubeau,
  vigieau: answerVigieau,
  atmo: answerAtmo,
  pollen: answerPollen,
  openmeteo: answerOpenMeteo,
  geo: answerGeo,
  baignades: answerBaignades,
  meteofrance: answerMeteoFrance,
};

// ---------------------------------------------------------------- server

/** The app's upstream settings pointing at fake upstreams served at `baseUrl` (here or in another process). */
export function upstreamConfigFor(baseUrl: string): FakeUpstreams["config"] {
  return {
    BAN_API_URL: `${baseUrl}/ban`,
    HUBEAU_API_URL: `${baseUrl}/hubeau`,
    VIGIEAU_API_URL: `${baseUrl}/vigieau`,
    ATMO_WFS_URL: `${baseUrl}/atmo/ows`,
    POLLEN_WFS_URL: `${baseUrl}/pollen/ows`,
    OPENMETEO_API_URL: `${baseUrl}/openmeteo`,
    OPENMETEO_FORECAST_URL: `${baseUrl}/openmeteo`,
    GEO_API_URL: `${baseUrl}/geo`,
    BAIGNADES_URL: `${baseUrl}/baignades`,
    METEOFRANCE_VIGILANCE_URL: `${baseUrl}/meteofrance`,
    METEOFRANCE_API_KEY: FAKE_METEOFRANCE_API_KEY,
  };
}

/** The key the app is given in tests and the demo; the fake answers 401 to any other. */
export const FAKE_METEOFRANCE_API_KEY = "fake-meteofrance-key-for-tests";

export async function startFakeUpstreams(options: FakeUpstreamsOptions = {}): Promise<FakeUpstreams> {
  const startDelayMs = options.delayMs ?? 0;
  let fixedNow = options.now ?? null;
  const clock = () => fixedNow ?? new Date();
  const scenario: ScenarioState = {
    overrides: new Map(),
    seasonal: options.seasonal ? { monthDay: options.seasonal.monthDay ?? null } : null,
    synthetic: (options.synthetic ?? false) || options.national !== undefined,
    national: options.national ? buildNationalCountry(options.national) : null,
  };
  const failures: Array<{ source: FakeSource; remaining: number; match: ((request: FakeRequest) => boolean) | undefined }> = [];
  const modes = new Map<FakeSource, FakeMode>();
  const delays = new Map<FakeSource, number>();
  const requests: FakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const holds = new Set<{ sources: ReadonlySet<FakeSource>; held: FakeRequest[]; released: Promise<void>; release(): void }>();
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
    if (url.pathname === "/_test/delay" && request.method === "POST") {
      // One upstream slowed down (or back to the start option with ms=reset), for an e2e run
      // whose fakes live in the demo server's process (the progressive report, decision 067).
      const target = SOURCES.find((candidate) => candidate === url.searchParams.get("source"));
      const ms = url.searchParams.get("ms");
      if (!target || !ms) return send(response, 400, JSON.stringify({ error: "source and ms" }));
      if (ms === "reset") delays.delete(target);
      else delays.set(target, Number(ms));
      send(response, 200, JSON.stringify({ source: target, ms }));
      return;
    }
    if (url.pathname === "/_test/mode" && request.method === "POST") {
      // One upstream's fault mode switched (ok, error500, timeout, malformed, empty), for a bench
      // whose fakes run in another process (the soak, issue 28).
      const target = SOURCES.find((candidate) => candidate === url.searchParams.get("source"));
      const mode = FAKE_MODES.find((candidate) => candidate === url.searchParams.get("mode"));
      if (!target || !mode) return send(response, 400, JSON.stringify({ error: "source and mode" }));
      modes.set(target, mode);
      send(response, 200, JSON.stringify({ source: target, mode }));
      return;
    }
    const [, prefix = "", ...rest] = url.pathname.split("/");
    const source = SOURCES.find((candidate) => candidate === prefix);
    const path = source ? `/${rest.join("/")}` : url.pathname;
    const received: FakeRequest = { source: source ?? "unknown", path, query: Object.fromEntries(url.searchParams) };
    requests.push(received);

    if (!source || request.method !== "GET") {
      send(response, source ? 405 : 404, JSON.stringify({ error: source ? "Method Not Allowed" : "Not Found" }));
      return;
    }
    if (source === "meteofrance" && request.headers.apikey !== FAKE_METEOFRANCE_API_KEY) {
      send(response, 401, JSON.stringify({ code: "900901", message: "Invalid Credentials" }));
      return;
    }
    const hold = [...holds].find((candidate) => candidate.sources.has(source));
    if (hold) {
      hold.held.push(received);
      await hold.released;
      if (closing) return;
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

    const failure = failures.find((entry) => entry.source === source && entry.remaining > 0 && (!entry.match || entry.match(received)));
    if (failure) failure.remaining -= 1;
    if (mode === "error500" || failure) {
      send(response, 500, JSON.stringify({ error: "Internal Server Error", status: 500 }));
      return;
    }
    if (mode === "error503") {
      // An upstream down for maintenance or overloaded (Météo-France's portal answers so).
      send(response, 503, JSON.stringify({ error: "Service Unavailable", status: 503 }));
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
    failNextRequests(source, count, match) {
      failures.push({ source, remaining: count, match });
    },
    setNow(now) {
      fixedNow = now;
    },
    setDelay(ms, source) {
      for (const target of source ? [source] : SOURCES) delays.set(target, ms);
    },
    hold(sources) {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const entry = {
        sources: new Set(sources ?? SOURCES),
        held: [] as FakeRequest[],
        released,
        release() {
          holds.delete(entry);
          release();
        },
      };
      holds.add(entry);
      return entry;
    },
    reset() {
      for (const hold of holds) hold.release();
      modes.clear();
      delays.clear();
      requests.length = 0;
      scenario.overrides.clear();
      failures.length = 0;
    },
    requests,
    async close() {
      closing = true;
      for (const hold of holds) hold.release();
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
    ...(process.env.NATIONAL_COMMUNES ? { national: { communes: Number(process.env.NATIONAL_COMMUNES) } } : {}),
  });
  console.log(`Fake upstreams listening on ${upstreams.baseUrl}`);
  for (const [key, value] of Object.entries(upstreams.config)) console.log(`${key}=${value}`);
  const stop = () => void upstreams.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
