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
