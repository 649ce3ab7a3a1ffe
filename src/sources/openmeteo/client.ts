import type { CamsEstimate, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { airQualitySchema } from "./schema.ts";
import { mapCamsEstimate } from "./to-domain.ts";

/** The five pollutants of the ATMO index, as Open-Meteo names them. */
export const OPENMETEO_HOURLY_VARIABLES = "pm2_5,pm10,nitrogen_dioxide,ozone,sulphur_dioxide";

/**
 * The model's hourly values for one local day (µg/m³), aggregated per day: the fallback when no
 * official ATMO index exists. `GET {baseUrl}/air-quality?latitude=…&longitude=…&hourly=…
 * &timezone=ZONE&start_date=DAY&end_date=DAY&domains=…`: ZONE is the commune's (Europe/Paris, or
 * an overseas territory's own, e.g. Indian/Reunion), DAY its calendar day there.
 */
export async function fetchCamsEstimate(
  opts: SourceOptions,
  params: { lat: number; lon: number; day: string; timeZone: string },
): Promise<SourceResult<CamsEstimate>> {
  const query = new URLSearchParams({
    latitude: String(params.lat),
    longitude: String(params.lon),
    hourly: OPENMETEO_HOURLY_VARIABLES,
    // Local hours of the commune's zone, so that the day's 24 values are its own day's.
    timezone: params.timeZone,
    start_date: params.day,
    end_date: params.day,
    // The European CAMS domain (0.1°) stops around 30° N: the overseas departments (Antilles,
    // Guyane, Réunion, Mayotte) only exist in the coarser global model.
    domains: params.lat > 30 ? "cams_europe" : "cams_global",
  });
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/air-quality?${query}` }, airQualitySchema);
  return result.ok ? { ok: true, data: mapCamsEstimate(result.data, params.day) } : result;
}
