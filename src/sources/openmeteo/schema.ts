import { z } from "zod";

// Open-Meteo air-quality API (Copernicus CAMS model). Values are null where the model has no
// data for the hour or the cell (sea, domain edge, overseas with cams_europe).

const value = z.number().nullish();

export const airQualitySchema = z.looseObject({
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  timezone: z.string().optional(),
  current_units: z.record(z.string(), z.string()).optional(),
  current: z.looseObject({
    /** local time of the requested timezone, "YYYY-MM-DDTHH:mm" (no offset) */
    time: z.string(),
    interval: z.number().optional(),
    pm2_5: value,
    pm10: value,
    nitrogen_dioxide: value,
    ozone: value,
    european_aqi: value,
  }),
});

export type AirQualityRaw = z.infer<typeof airQualitySchema>;
