import { evaluateAirQuality } from "../../core/air/index.ts";
import { evaluateDrought } from "../../core/drought/index.ts";
import { assembleReport, deriveAddressInfo } from "../../core/report/index.ts";
import { evaluateWaterQuality, withWaterHistory } from "../../core/water/index.ts";
import type { Address, Report } from "../../core/types.ts";
import type { AppDeps } from "../deps.ts";
import { buildBathingSection } from "./bathing.ts";
import { loadCommuneData, selectWater } from "./commune-data.ts";

const EVERYTHING = { water: true, drought: true, air: true } as const;

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

  const [commune, cams, bathing] = await Promise.all([
    loadCommuneData(sources, { citycode: address.citycode, now, needs: EVERYTHING, point: address }),
    sources.fetchCamsEstimate({ lat: address.latitude, lon: address.longitude, citycode: address.citycode }),
    buildBathingSection(deps, { latitude: address.latitude, longitude: address.longitude, mode: "report", defer: input.defer }),
  ]);
  const { water, zones } = commune;
  const { atmo, epci } = commune.air;
  const selected = selectWater(water, input.udiCode, now);

  return assembleReport({
    address,
    addressInfo: deriveAddressInfo(address),
    water: withWaterHistory(evaluateWaterQuality({ ...selected, now }), selected.results, now),
    air: evaluateAirQuality({ atmo, cams, now, citycode: address.citycode, epci }),
    drought: evaluateDrought({ zones, now, citycode: address.citycode }),
    bathing,
    now,
  });
}
