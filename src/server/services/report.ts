import { evaluateAirQuality } from "../../sections/air/index.ts";
import { evaluateDrought } from "../../sections/drought/index.ts";
import { assembleReport, deriveAddressInfo, reportHead, type ReportPart } from "../../core/report/index.ts";
import { evaluateWaterQuality, withWaterHistory } from "../../sections/water/index.ts";
import type { Address, Report } from "../../core/types.ts";
import type { AppDeps } from "../deps.ts";
import { buildBathingSection } from "./bathing.ts";
import { buildPollenSection } from "./pollen.ts";
import { evaluateUv } from "../../sections/uv/evaluate.ts";
import { evaluateWeatherWarnings } from "../../sections/weather/evaluate.ts";
import { buildRadonSection } from "./radon.ts";

import { loadCommuneData, selectWater } from "./commune-data.ts";

const WATER_ONLY = { water: true, drought: false, air: false } as const;
const DROUGHT_ONLY = { water: false, drought: true, air: false } as const;
const AIR_ONLY = { water: false, drought: false, air: true } as const;

export type ReportAddress = Pick<Address, "label" | "latitude" | "longitude" | "citycode"> &
  Partial<Pick<Address, "postcode" | "city" | "context" | "type" | "score" | "oldcitycode" | "oldcity">>;

/**
 * Builds the report for one address. Every upstream call starts at once and fails soft: a
 * failed source only marks its own section unavailable. Each section is evaluated as soon as its
 * own sources have answered, and handed to `onPart` then (the head first: address, commune,
 * date), so that a streamed answer shows each card at the speed of its source (decision 067); the
 * whole report, with its recommendations (built from every section), is the promise's value.
 */
export async function buildReport(
  deps: Pick<AppDeps, "sources" | "cache" | "config" | "clock" | "log">,
  input: {
    address: ReportAddress;
    udiCode?: string | undefined;
    now: Date;
    defer?: ((task: Promise<unknown>) => void) | undefined;
    onPart?: ((part: ReportPart) => void) | undefined;
  },
): Promise<Report> {
  const { sources } = deps;
  const { now, onPart } = input;
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
  const addressInfo = deriveAddressInfo(address);
  onPart?.(reportHead({ address, addressInfo, now }));
  /** A section, handed on as soon as it is known. */
  const settled = <Key extends "water_quality" | "air_quality" | "drought" | "bathing" | "pollen" | "uv" | "weather_warnings" | "radon">(
    key: Key,
    section: Promise<Report[Key]>,
  ): Promise<Report[Key]> =>
    section.then((value) => {
      onPart?.({ [key]: value } as ReportPart);
      return value;
    });
  const commune = { citycode: address.citycode, now, point: address };

  const [water, air, drought, bathing, pollen, uv, weatherWarnings, radon] = await Promise.all([
    settled(
      "water_quality",
      loadCommuneData(sources, { ...commune, needs: WATER_ONLY }).then(({ water: data }) => {
        const selected = selectWater(data, input.udiCode, now);
        return withWaterHistory(evaluateWaterQuality({ ...selected, now }), selected.results, now);
      }),
    ),
    settled(
      "air_quality",
      Promise.all([
        loadCommuneData(sources, { ...commune, needs: AIR_ONLY }),
        sources.fetchCamsEstimate({ lat: address.latitude, lon: address.longitude, citycode: address.citycode }),
      ]).then(([{ air: indices }, cams]) => evaluateAirQuality({ atmo: indices.atmo, cams, now, citycode: address.citycode, epci: indices.epci })),
    ),
    settled(
      "drought",
      loadCommuneData(sources, { ...commune, needs: DROUGHT_ONLY }).then(({ zones }) => evaluateDrought({ zones, now, citycode: address.citycode })),
    ),
    settled("bathing", buildBathingSection(deps, { latitude: address.latitude, longitude: address.longitude, mode: "report", defer: input.defer })),
    settled("pollen", buildPollenSection(deps, { citycode: address.citycode, now })),
    settled(
      "uv",
      sources
        .fetchUvForecast({ lat: address.latitude, lon: address.longitude, citycode: address.citycode })
        .then((forecast) => evaluateUv({ forecast, now, citycode: address.citycode })),
    ),
    settled(
      "weather_warnings",
      sources.fetchVigilance().then((bulletin) => evaluateWeatherWarnings({ bulletin, now, citycode: address.citycode })),
    ),
    settled(
      "radon",
      buildRadonSection(deps, {
        citycode: address.citycode,
        cityName: address.city,
        oldcitycode: input.address.oldcitycode,
        oldcity: input.address.oldcity,
        latitude: address.latitude,
        longitude: address.longitude,
      }),
    ),
  ]);

  return assembleReport({ address, addressInfo, water, air, drought, bathing, pollen, uv, weatherWarnings, radon, now });
}
