import type { CamsEstimate } from "../../core/types.ts";
import type { AirQualityRaw } from "./schema.ts";

/**
 * Fewer hours than this and the day's aggregate is not given: 75 % of the day, the share the
 * air-quality directive (2008/50/CE, annexe VII) asks of a valid daily mean.
 */
export const MIN_HOURS_PER_DAY = 18;

/**
 * The model's `day` (Paris calendar day) aggregated like the ATMO daily sub-indices (arrêté du
 * 10 juillet 2020, annexe I): PM2.5 and PM10 as the mean of the hourly values, NO2, O3 and SO2 as
 * the highest hourly value. Comparing one hour with these daily bands would misplace the day.
 */
export function mapCamsEstimate(raw: AirQualityRaw, day: string): CamsEstimate {
  const hourly = raw.hourly;
  const hoursOfDay = hourly.time.flatMap((time, position) => (time.slice(0, 10) === day ? [position] : []));
  const valuesOf = (values: Array<number | null> | undefined) =>
    hoursOfDay.map((position) => values?.[position]).filter((value): value is number => typeof value === "number" && Number.isFinite(value));
  const mean = (values: Array<number | null> | undefined) => {
    const known = valuesOf(values);
    return known.length >= MIN_HOURS_PER_DAY ? known.reduce((sum, value) => sum + value, 0) / known.length : null;
  };
  const max = (values: Array<number | null> | undefined) => {
    const known = valuesOf(values);
    return known.length >= MIN_HOURS_PER_DAY ? Math.max(...known) : null;
  };
  return {
    day,
    pm2_5: mean(hourly.pm2_5),
    pm10: mean(hourly.pm10),
    no2: max(hourly.nitrogen_dioxide),
    o3: max(hourly.ozone),
    so2: max(hourly.sulphur_dioxide),
  };
}
