import type { CamsEstimate, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { airQualitySchema } from "./schema.ts";
import { mapCamsEstimate } from "./to-domain.ts";

/** The five pollutants of the ATMO index, as Open-Meteo names them. */
export const OPENMETEO_HOURLY_VARIABLES = "pm2_5,pm10,nitrogen_dioxide,ozone,sulphur_dioxide";

/**
 * The model's hourly values for one Paris day (µg/m³), aggregated per day: the fallback when no
 * official ATMO index exists. `GET {baseUrl}/air-quality?latitude=…&longitude=…&hourly=…
 * &timezone=Europe/Paris&start_date=DAY&end_date=DAY&domains=…`.
 */
export async function fetchCamsEstimate(opts: SourceOptions, params: { lat: number; lon: number; day: string }): Promise<SourceResult<CamsEstimate>> {
  const query = new URLSearchParams({
    latitude: String(params.lat),
    longitude: String(params.lon),
    hourly: OPENMETEO_HOURLY_VARIABLES,
    // Paris local hours, so that the day's 24 values are the Paris day's.
    timezone: "Europe/Paris",
    start_date: params.day,
    end_date: params.day,
    // The European CAMS domain (0.1°) stops around 30° N: the overseas departments (Antilles,
    // Guyane, Réunion, Mayotte) only exist in the coarser global model.
    domains: params.lat > 30 ? "cams_europe" : "cams_global",
  });
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/air-quality?${query}` }, airQualitySchema);
  return result.ok ? { ok: true, data: mapCamsEstimate(result.data, params.day) } : result;
}
