import { evaluateAirQuality } from "../../core/air/index.ts";
import { evaluateDrought } from "../../core/drought/index.ts";
import { assembleReport, deriveAddressInfo } from "../../core/report/index.ts";
import { localDateParis } from "../../core/shared/format.ts";
import { toCommuneCode } from "../../core/shared/commune.ts";
import { evaluateWaterQuality, KEY_PARAMETER_CODES } from "../../core/water/index.ts";
import type { Address, Report, SourceResult, Udi, WaterResult } from "../../core/types.ts";
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

  const [water, atmo, cams, zones, bathing] = await Promise.all([
    loadCommuneWater(sources, { citycode: address.citycode, now }),
    sources.fetchAtmoIndex({ zoneCode: communeCode, fromDate: today }),
    sources.fetchCamsEstimate({ lat: address.latitude, lon: address.longitude }),
    sources.fetchDroughtZones({ lon: address.longitude, lat: address.latitude, communeCode }),
    buildBathingSection(deps, { latitude: address.latitude, longitude: address.longitude, mode: "report", defer: input.defer }),
  ]);

  return assembleReport({
    address,
    addressInfo: deriveAddressInfo(address),
    water: evaluateWaterQuality({ ...selectWater(water, input.udiCode), now }),
    air: evaluateAirQuality({ atmo, cams, now }),
    drought: evaluateDrought({ zones, now }),
    bathing,
    now,
  });
}

interface WaterInput {
  results: SourceResult<WaterResult[]>;
  udi: Udi | null;
  udis: Udi[];
}

/** The sanitary-control data of a commune: its networks, key-parameter results and latest samples. */
export interface CommuneWater {
  udis: SourceResult<Udi[]>;
  key: SourceResult<WaterResult[]>;
  latest: SourceResult<WaterResult[]>;
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

/** The results of the requested network (or the most recently sampled one) out of a commune's data. */
export function selectWater(data: CommuneWater, udiCode: string | undefined): WaterInput {
  const udis = data.udis.ok ? data.udis.data : [];
  if (!data.key.ok) return { results: data.key, udi: null, udis };
  if (!data.latest.ok) return { results: data.latest, udi: null, udis };
  const all = mergeResults(data.key.data, data.latest.data);
  const udi = chooseUdi(udis, all, udiCode);
  const results = udi ? filterByUdi(all, udi.code) : all;
  return { results: { ok: true, data: results }, udi, udis };
}

async function loadWaterForCode(sources: Sources, communeCode: string, now: Date): Promise<CommuneWater> {
  const since = new Date(now.getTime() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const [udis, key, latest] = await Promise.all([
    sources.fetchCommuneUdis({ communeCode }),
    sources.fetchWaterResults({ communeCode, since, parameterCodes: KEY_PARAMETER_CODES, size: 2000 }),
    // The latest samples, whatever they measured, carry the official verdict of the sample.
    sources.fetchWaterResults({ communeCode, since, size: 300 }),
  ]);
  return { udis, key, latest };
}

function mergeResults(...lists: WaterResult[][]): WaterResult[] {
  const seen = new Map<string, WaterResult>();
  for (const list of lists) {
    for (const result of list) seen.set(`${result.sampleCode}|${result.parameterCode}`, result);
  }
  return [...seen.values()].sort((a, b) => b.sampledAt.localeCompare(a.sampledAt));
}

/** The requested UDI when the commune has it; otherwise the one with the most recent sample. */
function chooseUdi(udis: Udi[], results: WaterResult[], requested: string | undefined): Udi | null {
  if (udis.length === 0) return null;
  const wanted = requested ? udis.find((udi) => udi.code === requested) : undefined;
  if (wanted) return wanted;
  for (const result of results) {
    const match = udis.find((udi) => result.networks.some((network) => network.code === udi.code));
    if (match) return match;
  }
  return udis[0] ?? null;
}

function filterByUdi(results: WaterResult[], udiCode: string): WaterResult[] {
  // Some records carry no network list: then they cannot be attributed and are kept out,
  // unless no record carries one (old data), where the commune's results are all we have.
  const attributable = results.some((result) => result.networks.length > 0);
  if (!attributable) return results;
  return results.filter((result) => result.networks.some((network) => network.code === udiCode));
}
