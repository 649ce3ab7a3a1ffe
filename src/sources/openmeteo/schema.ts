import * as z from "zod";

// Open-Meteo air-quality API (Copernicus CAMS model), hourly series. With timezone=Europe/Paris
// the times are Paris local times without offset ("YYYY-MM-DDTHH:mm"). Values are null where
// the model has no data for the hour or the cell (sea, domain edge, overseas with cams_europe).

const series = z.array(z.number().nullable()).optional();

export const airQualitySchema = z.looseObject({
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  timezone: z.string().optional(),
  hourly_units: z.record(z.string(), z.string()).optional(),
  hourly: z.looseObject({
    time: z.array(z.string()),
    pm2_5: series,
    pm10: series,
    nitrogen_dioxide: series,
    ozone: series,
    sulphur_dioxide: series,
  }),
});

export type AirQualityRaw = z.infer<typeof airQualitySchema>;

// Open-Meteo weather forecast API, `daily=uv_index_max`: one value per local day of the asked
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
