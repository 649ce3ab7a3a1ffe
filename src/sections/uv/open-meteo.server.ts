// The UV section's own read of Open-Meteo (decision 069): the forecast API's daily maximum UV
// index for a point, its payload's schema and its mapping to the section's forecast.
import * as z from "zod";
import type { SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../../sources/http.ts";
import type { UvForecast } from "./types.ts";

// Open-Meteo forecast API, `daily=uv_index_max`: one value per local day of the asked
// `timezone` ("YYYY-MM-DD"), null where the model has none. The UV index has no unit
// (`daily_units.uv_index_max` is ""). Other daily variables may come along and are ignored.
export const uvForecastSchema = z.looseObject({
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  timezone: z.string().optional(),
  daily_units: z.record(z.string(), z.string()).optional(),
  daily: z
    .looseObject({
      time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a day YYYY-MM-DD")),
      uv_index_max: z.array(z.number().nonnegative().nullable()),
    })
    .refine((daily) => daily.uv_index_max.length === daily.time.length, "one uv_index_max per day"),
});

export type UvForecastRaw = z.infer<typeof uvForecastSchema>;

/** The forecast's days as Open-Meteo dated them (the asked zone's local days), each with its maximum UV index. */
export function mapUvForecast(raw: UvForecastRaw): UvForecast {
  return { days: raw.daily.time.map((date, position) => ({ date, uvIndexMax: raw.daily.uv_index_max[position] ?? null })) };
}

/** Today, tomorrow and the day after: the days the UV section speaks of. */
export const UV_FORECAST_DAYS = 3;

/**
 * The model's maximum UV index per day (decision 069): `GET {baseUrl}/forecast?latitude=…
 * &longitude=…&daily=uv_index_max&timezone=ZONE&forecast_days=3`. ZONE is the commune's own
 * (Europe/Paris, or an overseas territory's), so that the days are the commune's days, the ones
 * the report names « aujourd'hui » and « demain ».
 */
export async function fetchUvForecast(opts: SourceOptions, params: { lat: number; lon: number; timeZone: string }): Promise<SourceResult<UvForecast>> {
  const query = new URLSearchParams({
    latitude: String(params.lat),
    longitude: String(params.lon),
    daily: "uv_index_max",
    timezone: params.timeZone,
    forecast_days: String(UV_FORECAST_DAYS),
  });
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/forecast?${query}` }, uvForecastSchema);
  return result.ok ? { ok: true, data: mapUvForecast(result.data) } : result;
}
