import type { CamsEstimate } from "../../core/types.ts";
import type { AirQualityRaw } from "./schema.ts";

export function mapCamsEstimate(raw: AirQualityRaw): CamsEstimate {
  const current = raw.current;
  return {
    time: current.time,
    pm2_5: current.pm2_5 ?? null,
    pm10: current.pm10 ?? null,
    no2: current.nitrogen_dioxide ?? null,
    o3: current.ozone ?? null,
    europeanAqi: current.european_aqi ?? null,
  };
}
