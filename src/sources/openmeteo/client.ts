import type { CamsEstimate, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { airQualitySchema } from "./schema.ts";
import { mapCamsEstimate } from "./to-domain.ts";

/**
 * Model estimate of the current air (µg/m³), the fallback when no ATMO index exists:
 * `GET {baseUrl}/air-quality?latitude=…&longitude=…&current=…&timezone=Europe/Paris&domains=…`.
 */
export async function fetchCamsEstimate(
  opts: SourceOptions,
  params: { lat: number; lon: number },
): Promise<SourceResult<CamsEstimate>> {
  const query = new URLSearchParams({
    latitude: String(params.lat),
    longitude: String(params.lon),
    current: "pm2_5,pm10,nitrogen_dioxide,ozone,european_aqi",
    timezone: "Europe/Paris",
    // The European CAMS domain (0.1°) stops around 30° N: the overseas departments (Antilles,
    // Guyane, Réunion, Mayotte) only exist in the coarser global model.
    domains: params.lat > 30 ? "cams_europe" : "cams_global",
  });
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/air-quality?${query}` }, airQualitySchema);
  return result.ok ? { ok: true, data: mapCamsEstimate(result.data) } : result;
}
