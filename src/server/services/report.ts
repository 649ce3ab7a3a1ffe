import { evaluateAirQuality, levelOfAtmoCode, type EpciRef } from "../../core/air/index.ts";
import { evaluateDrought } from "../../core/drought/index.ts";
import { assembleReport, deriveAddressInfo } from "../../core/report/index.ts";
import { localDateParis } from "../../core/shared/format.ts";
import { toCommuneCode } from "../../core/shared/commune.ts";
import { evaluateWaterQuality, KEY_PARAMETER_CODES } from "../../core/water/index.ts";
import type { Address, AtmoIndex, Report, SourceResult, Udi, WaterQualitySection, WaterResult } from "../../core/types.ts";
import { HUBEAU_MAX_RESULTS } from "../../sources/hubeau/client.ts";
import type { AppDeps } from "../deps.ts";
import { buildBathingSection } from "./bathing.ts";
import type { Sources } from "./sources.ts";

export type ReportAddress = Pick<Address, "label" | "latitude" | "longitude" | "citycode"> &
  Partial<Pick<Address, "postcode" | "city" | "context" | "type" | "score">>;

/**
 * Builds the report for one address. Every upstream call starts at once and fails soft: a
 * failed source only marks its own section unavailable.
 */
export async function buildReport(
  deps: Pick<AppDeps, "sources" | "cache" | "config" | "clock" | "log">,
  input: { address: ReportAddress; udiCode?: string | undefined; now: Date; defer?: ((task: Promise<unknown>) => void) | undefined },
): Promise<Report> {
  const { sources } = deps;
  const { now } = input;
  const address: Address = {
    label: input.address.label,
    latitude: input.address.latitude,
    longitude: input.address.longitude,
    citycode: input.address.citycode,
    postcode: input.address.postcode ?? "",
    city: input.address.city ?? "",
    context: input.address.context ?? "",
    type: input.address.type ?? "housenumber",
    score: input.address.score ?? 1,
  };
  const communeCode = toCommuneCode(address.citycode);
  const today = localDateParis(now.toISOString()) ?? now.toISOString().slice(0, 10);

  const [water, { atmo, epci }, cams, zones, bathing] = await Promise.all([
    loadCommuneWater(sources, { citycode: address.citycode, now }),
    loadAirIndices(sources, { communeCode, today }),
    sources.fetchCamsEstimate({ lat: address.latitude, lon: address.longitude }),
    sources.fetchDroughtZones({ lon: address.longitude, lat: address.latitude, communeCode }),
    buildBathingSection(deps, { latitude: address.latitude, longitude: address.longitude, mode: "report", defer: input.defer }),
  ]);

  return assembleReport({
    address,
    addressInfo: deriveAddressInfo(address),
    water: evaluateWaterQuality({ ...selectWater(water, input.udiCode), now }),
    air: evaluateAirQuality({ atmo, cams, now, epci }),
    drought: evaluateDrought({ zones, now }),
    bathing,
    now,
  });
}

/**
 * The commune's official ATMO index and, where the agency publishes per intercommunality, its
 * EPCI's. The commune's index and the API Géo (EPCI membership, cached for weeks) are asked at
 * once; only when the commune has no index for today is the EPCI's asked, so the five communes in
 * six that have their own index never wait for Géo. Without the EPCI (Géo failing, or a commune
 * outside any) the commune's answer stands alone.
 */
export async function loadAirIndices(
  sources: Sources,
  params: { communeCode: string; today: string },
): Promise<{ atmo: SourceResult<AtmoIndex[]>; epci: EpciRef | null }> {
  const [commune, membership] = await Promise.all([
    sources.fetchAtmoIndex({ zoneCode: params.communeCode, fromDate: params.today }),
    sources.fetchCommuneEpci({ communeCode: params.communeCode }),
  ]);
  const epci = membership.ok ? membership.data.epci : null;
  const hasToday = commune.ok && commune.data.some((index) => index.date === params.today && levelOfAtmoCode(index.code) !== null);
  if (hasToday || !epci) return { atmo: commune, epci };
  const fromEpci = await sources.fetchAtmoIndex({ zoneCode: epci.code, fromDate: params.today });
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
}

/**
 * Paris, Lyon, Marseille: the sanitary control may file a network under the arrondissement or
 * under the commune. Both are asked at once (latency of one call); the arrondissement wins when
 * it has networks.
 */
export async function loadCommuneWater(sources: Sources, params: { citycode: string; now: Date }): Promise<CommuneWater> {
  const communeCode = toCommuneCode(params.citycode);
  const [first, commune] = await Promise.all([
    loadWaterForCode(sources, params.citycode, params.now),
    communeCode !== params.citycode ? loadWaterForCode(sources, communeCode, params.now) : null,
  ]);
  return commune && first.udis.ok && first.udis.data.length === 0 ? commune : first;
}

/**
 * The results of the requested network, or of the network sampled most often, out of a
 * commune's data, with the other networks' results to tell when one of them has a problem.
 */
export function selectWater(data: CommuneWater, udiCode: string | undefined): WaterInput {
  const udis = data.udis.ok ? data.udis.data : [];
  const common = { udis, communeCode: data.communeCode, otherNetworks: [] };
  if (!data.results.ok) return { ...common, results: data.results, udi: null, udiChoice: null };
  const all = data.results.data;
  const { udi, choice } = chooseUdi(udis, all, udiCode);
  const results = udi ? filterByUdi(all, udi.code) : all;
  const attributable = all.some((result) => result.networks.length > 0);
  const otherNetworks = udi && attributable
    ? udis.filter((other) => other.code !== udi.code).map((other) => ({ udi: other, results: filterByUdi(all, other.code) }))
    : [];
  return { ...common, results: { ok: true, data: results }, udi, udiChoice: choice, otherNetworks };
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Every result of the last 12 months, paged: single pesticides and other limited substances are
 * measured a few times a year, so the newest few hundred results can miss a non-compliance.
 * Beyond what Hub'Eau serves for one query (20 000 results, big cities only), the key parameters
 * are read on their own so that none of them is cut off.
 */
async function loadWaterForCode(sources: Sources, communeCode: string, now: Date): Promise<CommuneWater> {
  const since = new Date(now.getTime() - YEAR_MS).toISOString().slice(0, 10);
  const [udis, window] = await Promise.all([
    sources.fetchCommuneUdis({ communeCode }),
    sources.fetchWaterResults({ communeCode, since, pageSize: 5000, maxResults: HUBEAU_MAX_RESULTS }),
  ]);
  if (!window.ok || window.data.length < HUBEAU_MAX_RESULTS) return { communeCode, udis, results: window };
  const key = await sources.fetchWaterResults({ communeCode, since, parameterCodes: KEY_PARAMETER_CODES, pageSize: 5000, maxResults: HUBEAU_MAX_RESULTS });
  return { communeCode, udis, results: key.ok ? { ok: true, data: mergeResults(window.data, key.data) } : key };
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
function chooseUdi(udis: Udi[], results: WaterResult[], requested: string | undefined): { udi: Udi | null; choice: WaterQualitySection["udi_choice"] } {
  if (udis.length === 0) return { udi: null, choice: null };
  const wanted = requested ? udis.find((udi) => udi.code === requested) : undefined;
  if (wanted) return { udi: wanted, choice: "requested" };
  if (udis.length === 1) return { udi: udis[0]!, choice: "only" };
  const samples = new Map<string, Set<string>>();
  const newest = new Map<string, string>();
  for (const result of results) {
    for (const network of result.networks) {
      if (!samples.has(network.code)) samples.set(network.code, new Set());
      samples.get(network.code)!.add(result.sampleCode);
      if ((newest.get(network.code) ?? "") < result.sampledAt) newest.set(network.code, result.sampledAt);
    }
  }
  const ranked = udis
    .filter((udi) => samples.has(udi.code))
    .sort((a, b) => samples.get(b.code)!.size - samples.get(a.code)!.size || (newest.get(b.code) ?? "").localeCompare(newest.get(a.code) ?? ""));
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
