// Everything the service knows about one commune, loaded once: its drinking-water networks and
// results, its drought zones, its official air indices. The report page, the alert run and the
// admin panel all read a commune through here; the alert run passes its rate gates in.
import { levelOfAtmoCode, type EpciRef } from "../../sections/air/index.ts";
import { departmentCodeOf, toCommuneCode } from "../../core/shared/commune.ts";
import { addDaysToLocalDate, timeZoneOfCommune, todayForCommune } from "../../core/shared/time.ts";
import type { AtmoIndex, DroughtZone, SourceResult, Udi, WaterQualitySection, WaterResult } from "../../core/types.ts";
import { digestResults, digestSampleRanking, KEY_PARAMETER_CODES, waterWindowStart, type WaterDigest } from "../../sections/water/index.ts";
import { HUBEAU_MAX_RESULTS } from "../../sources/hubeau/client.ts";
import type { Sources } from "./sources.ts";

/** Which parts of a commune's data a caller needs; the others are not fetched (null). */
export interface CommuneNeeds {
  water: boolean;
  drought: boolean;
  air: boolean;
}

/** Called before each upstream's first call, to space the calls of a long run (no wait when absent). */
export interface CommuneGates {
  hubeau?: () => Promise<void>;
  vigieau?: () => Promise<void>;
  atmo?: () => Promise<void>;
}

export interface AirIndices {
  atmo: SourceResult<AtmoIndex[]>;
  epci: EpciRef | null;
}

/** A part asked for with `true` is always there; one that was not needed is null. */
export interface CommuneData<Needs extends CommuneNeeds = CommuneNeeds> {
  communeCode: string;
  water: Needs["water"] extends true ? CommuneWater : CommuneWater | null;
  zones: Needs["drought"] extends true ? SourceResult<DroughtZone[]> : SourceResult<DroughtZone[]> | null;
  air: Needs["air"] extends true ? AirIndices : AirIndices | null;
}

/**
 * One commune's data, every needed part asked at once. `point` (the address) lets VigiEau pick
 * the zone of that spot when a commune is split between zones; without it the commune is asked.
 */
export async function loadCommuneData<Needs extends CommuneNeeds>(
  sources: Sources,
  params: {
    citycode: string;
    now: Date;
    needs: Needs;
    point?: { latitude: number; longitude: number } | undefined;
    gates?: CommuneGates | undefined;
  },
): Promise<CommuneData<Needs>> {
  const { citycode, now, needs, point, gates = {} } = params;
  const communeCode = toCommuneCode(citycode);
  const pass = (gate: (() => Promise<void>) | undefined) => (gate ? gate() : Promise.resolve());
  const [water, zones, air] = await Promise.all([
    needs.water ? pass(gates.hubeau).then(() => loadCommuneWater(sources, { citycode, now })) : null,
    needs.drought
      ? gates.vigieau
        ? pass(gates.vigieau).then(() => sources.fetchDroughtZones(point ? { lon: point.longitude, lat: point.latitude, communeCode } : { communeCode }))
        : loadDroughtZones(sources, { communeCode, now, point })
      : null,
    needs.air ? pass(gates.atmo).then(() => loadAirIndices(sources, { communeCode, today: todayForCommune(now, communeCode) })) : null,
  ]);
  return { communeCode, water, zones, air } as CommuneData<Needs>;
}

/**
 * A visitor's drought zones (decision 088): the département's zones in force first — one answer,
 * cached the hour, for every commune of it — and, when it has none, « no restriction » for the
 * commune without asking VigiEau about it (most of the year, most départements). Only a département
 * with zones in force asks the commune (then the point, when the commune is split). The département
 * is the commune's own answer's superset: VigiEau's /zones answers only zones in force, and the
 * département's state keeps only those in force on the commune's day. If the département cannot be
 * read (failing, or refused by our budget with nothing kept), the commune is asked as before. The
 * alert run has its own département pass (alerts/ingest.ts) and asks communes through its gates.
 */
async function loadDroughtZones(
  sources: Sources,
  params: { communeCode: string; now: Date; point: { latitude: number; longitude: number } | undefined },
): Promise<SourceResult<DroughtZone[]>> {
  const { communeCode, now, point } = params;
  const state = await sources.fetchDepartmentZonesState({ department: departmentCodeOf(communeCode), today: todayForCommune(now, communeCode) });
  if (state.ok && state.data.zoneCount === 0) return { ok: true, data: [], ...(state.asOf ? { asOf: state.asOf } : {}) };
  return sources.fetchDroughtZones(point ? { lon: point.longitude, lat: point.latitude, communeCode } : { communeCode });
}

/**
 * The commune's official ATMO index and, where the agency publishes per intercommunality, its
 * EPCI's. The commune's index and the API Géo (EPCI membership, cached for weeks) are asked at
 * once; only when the commune has no index for today is the EPCI's asked, so the five communes in
 * six that have their own index never wait for Géo. Without the EPCI (Géo failing, or a commune
 * outside any) the commune's answer stands alone. `today` is the commune's own day (overseas, the
 * territory's).
 */
async function loadAirIndices(sources: Sources, params: { communeCode: string; today: string }): Promise<AirIndices> {
  // The EPCI's features are the commune's territory's: its code (a SIREN) does not say which.
  const timeZone = timeZoneOfCommune(params.communeCode);
  // From the day before: a feed that stores a local midnight as a UTC instant writes today's
  // index on yesterday's UTC date (Paris 23:00Z, Réunion 20:00Z), which `date_ech>='today'` drops.
  const fromDate = addDaysToLocalDate(params.today, -1);
  const [commune, membership] = await Promise.all([
    sources.fetchAtmoIndex({ zoneCode: params.communeCode, fromDate, timeZone }),
    sources.fetchCommuneEpci({ communeCode: params.communeCode }),
  ]);
  const epci = membership.ok ? membership.data.epci : null;
  const hasToday = commune.ok && commune.data.some((index) => index.date === params.today && levelOfAtmoCode(index.code) !== null);
  if (hasToday || !epci) return { atmo: commune, epci };
  const fromEpci = await sources.fetchAtmoIndex({ zoneCode: epci.code, fromDate, timeZone });
  if (!fromEpci.ok) return { atmo: commune, epci };
  return { atmo: { ok: true, data: [...(commune.ok ? commune.data : []), ...fromEpci.data] }, epci };
}

interface WaterInput {
  results: SourceResult<WaterResult[]>;
  udi: Udi | null;
  udis: Udi[];
  udiChoice: WaterQualitySection["udi_choice"];
  otherNetworks: Array<{ udi: Udi; results: WaterResult[] }>;
  communeCode: string;
}

/** The sanitary-control data of a commune: its networks and every result of the last 12 months. */
export interface CommuneWater {
  communeCode: string;
  udis: SourceResult<Udi[]>;
  results: SourceResult<WaterResult[]>;
  /**
   * Samples per network, when `results` are not every result of the window (a digest keeps only
   * what judges the networks): the « most sampled » choice is then made from these counts.
   */
  sampleRanking?: ReadonlyMap<string, { samples: number; newest: string }>;
}

/** A commune's water as the alert run's digest knows it (decision 049): no upstream call. */
export function communeWaterFromDigest(communeCode: string, digest: WaterDigest): CommuneWater {
  return { communeCode, udis: { ok: true, data: digest.udis }, results: { ok: true, data: digestResults(digest) }, sampleRanking: digestSampleRanking(digest) };
}

/**
 * Paris, Lyon, Marseille: the sanitary control may file a network under the arrondissement or
 * under the commune. Both are asked at once (latency of one call); the arrondissement wins when
 * it has networks.
 */
async function loadCommuneWater(sources: Sources, params: { citycode: string; now: Date }): Promise<CommuneWater> {
  const communeCode = toCommuneCode(params.citycode);
  const [first, commune] = await Promise.all([
    loadWaterForCode(sources, params.citycode, params.now),
    communeCode !== params.citycode ? loadWaterForCode(sources, communeCode, params.now) : null,
  ]);
  return commune && first.udis.ok && first.udis.data.length === 0 ? commune : first;
}

/**
 * The networks a subscriber watches (decision 052): the one chosen for the address when the
 * commune still has it; otherwise every network of the commune, each judged on its own. Results
 * that name no network (old records) are one « - » network: the commune's results as a whole.
 */
export function watchedNetworks(data: CommuneWater, udiCode: string | null | undefined): Array<{ code: string; udiCode: string | undefined }> {
  const udis = data.udis.ok ? data.udis.data : [];
  if (udiCode && udis.some((udi) => udi.code === udiCode)) return [{ code: udiCode, udiCode }];
  const attributable = data.results.ok && data.results.data.some((result) => result.networks.length > 0);
  if (udis.length === 0 || !attributable) return [{ code: udis.length === 1 ? udis[0]!.code : "-", udiCode: undefined }];
  return udis.map((udi) => ({ code: udi.code, udiCode: udi.code }));
}

/**
 * The results of the requested network, or of the network sampled most often, out of a
 * commune's data, with the other networks' results to tell when one of them has a problem.
 */
export function selectWater(data: CommuneWater, udiCode: string | undefined, now: Date): WaterInput {
  const udis = data.udis.ok ? data.udis.data : [];
  const common = { udis, communeCode: data.communeCode, otherNetworks: [] };
  if (!data.results.ok) return { ...common, results: data.results, udi: null, udiChoice: null };
  const all = data.results.data;
  const { udi, choice } = chooseUdi(udis, data.sampleRanking ?? rankNetworks(all, now), udiCode);
  const results = udi ? filterByUdi(all, udi.code) : all;
  const attributable = all.some((result) => result.networks.length > 0);
  const otherNetworks =
    udi && attributable ? udis.filter((other) => other.code !== udi.code).map((other) => ({ udi: other, results: filterByUdi(all, other.code) })) : [];
  return { ...common, results: { ok: true, data: results }, udi, udiChoice: choice, otherNetworks };
}

const DAY_MS = 24 * 3600 * 1000;
/** How far back the report looks for a parameter not measured in the last twelve months (Hub'Eau's records reach about 2016). */
export const OLDER_RESULTS_YEARS = 10;
/** The newest results before the window, one page: enough for the parameters a small network measures every few years. */
const OLDER_RESULTS_MAX = 5000;

/**
 * Every result of the last 12 months, paged: single pesticides and other limited substances are
 * measured a few times a year, so the newest few hundred results can miss a non-compliance.
 * Beyond what Hub'Eau serves for one query (20 000 results, big cities only), the key parameters
 * are read on their own so that none of them is cut off. Beside them, the newest results before
 * the window, for a parameter whose latest result is older than a year: it still counts (decision
 * 052). A failed read of either fails the water section: half the data would hide a non-compliance.
 */
async function loadWaterForCode(sources: Sources, communeCode: string, now: Date): Promise<CommuneWater> {
  const since = waterWindowStart(now).slice(0, 10);
  const olderSince = new Date(now.getTime() - OLDER_RESULTS_YEARS * 365 * DAY_MS).toISOString().slice(0, 10);
  const [udis, window, older] = await Promise.all([
    sources.fetchCommuneUdis({ communeCode }),
    sources.fetchWaterResults({ communeCode, since, pageSize: 5000, maxResults: HUBEAU_MAX_RESULTS }),
    sources.fetchWaterResults({ communeCode, since: olderSince, until: since, pageSize: OLDER_RESULTS_MAX, maxResults: OLDER_RESULTS_MAX }),
  ]);
  if (!older.ok) return { communeCode, udis, results: older };
  if (!window.ok) return { communeCode, udis, results: window };
  let recent = window.data;
  if (window.data.length >= HUBEAU_MAX_RESULTS) {
    const key = await sources.fetchWaterResults({ communeCode, since, parameterCodes: KEY_PARAMETER_CODES, pageSize: 5000, maxResults: HUBEAU_MAX_RESULTS });
    if (!key.ok) return { communeCode, udis, results: key };
    recent = mergeResults(window.data, key.data);
  }
  return { communeCode, udis, results: { ok: true, data: [...recent, ...olderNotMeasuredSince(recent, older.data)] } };
}

/** The older results of a network and parameter that the recent ones do not measure again (the rest would never count). */
function olderNotMeasuredSince(recent: readonly WaterResult[], older: readonly WaterResult[]): WaterResult[] {
  const keyOf = (network: string, result: WaterResult) => `${network}|${result.parameterCode}`;
  const networksOf = (result: WaterResult) => (result.networks.length > 0 ? result.networks.map((network) => network.code) : ["-"]);
  const measured = new Set(recent.flatMap((result) => networksOf(result).map((network) => keyOf(network, result))));
  return older.filter((result) => networksOf(result).some((network) => !measured.has(keyOf(network, result))));
}

function mergeResults(...lists: WaterResult[][]): WaterResult[] {
  const seen = new Map<string, WaterResult>();
  for (const list of lists) {
    for (const result of list) seen.set(`${result.sampleCode}|${result.parameterCode}`, result);
  }
  return [...seen.values()].sort((a, b) => b.sampledAt.localeCompare(a.sampledAt));
}

/**
 * The requested UDI when the commune has it. Otherwise the one sampled most often over the
 * window: the sanitary control's sampling frequency grows with the volume a network distributes
 * and the population it serves (arrêté du 11 janvier 2007, annexe II), and open data give no
 * population per network. Ties go to the most recently sampled.
 */
/** Network → how many samples of the last twelve months name it and its newest sample (as the digest ranks them). */
function rankNetworks(results: readonly WaterResult[], now: Date): Map<string, { samples: number; newest: string }> {
  const samples = new Map<string, Set<string>>();
  const newest = new Map<string, string>();
  const since = waterWindowStart(now);
  for (const result of results) {
    if (result.sampledAt < since) continue;
    for (const network of result.networks) {
      if (!samples.has(network.code)) samples.set(network.code, new Set());
      samples.get(network.code)!.add(result.sampleCode);
      if ((newest.get(network.code) ?? "") < result.sampledAt) newest.set(network.code, result.sampledAt);
    }
  }
  return new Map([...samples].map(([code, set]) => [code, { samples: set.size, newest: newest.get(code) ?? "" }]));
}

function chooseUdi(
  udis: Udi[],
  ranking: ReadonlyMap<string, { samples: number; newest: string }>,
  requested: string | undefined,
): { udi: Udi | null; choice: WaterQualitySection["udi_choice"] } {
  if (udis.length === 0) return { udi: null, choice: null };
  const wanted = requested ? udis.find((udi) => udi.code === requested) : undefined;
  if (wanted) return { udi: wanted, choice: "requested" };
  if (udis.length === 1) return { udi: udis[0]!, choice: "only" };
  const ranked = udis
    .filter((udi) => ranking.has(udi.code))
    .sort((a, b) => ranking.get(b.code)!.samples - ranking.get(a.code)!.samples || ranking.get(b.code)!.newest.localeCompare(ranking.get(a.code)!.newest));
  const best = ranked[0];
  return best ? { udi: best, choice: "most-sampled" } : { udi: udis[0]!, choice: "first-listed" };
}

function filterByUdi(results: WaterResult[], udiCode: string): WaterResult[] {
  // Some records carry no network list: then they cannot be attributed and are kept out,
  // unless no record carries one (old data), where the commune's results are all we have.
  const attributable = results.some((result) => result.networks.length > 0);
  if (!attributable) return results;
  return results.filter((result) => result.networks.some((network) => network.code === udiCode));
}
