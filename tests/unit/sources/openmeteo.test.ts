import { describe, expect, it } from "vitest";
import { airQualitySchema } from "../../../src/sources/openmeteo/schema.ts";
import { mapCamsEstimate } from "../../../src/sources/openmeteo/to-domain.ts";
import { readFixture } from "./fixtures.ts";

describe("Open-Meteo air-quality → CAMS estimate", () => {
  it("maps the recorded current values", () => {
    expect(mapCamsEstimate(airQualitySchema.parse(readFixture("openmeteo/air-quality-current.json")))).toEqual({
      time: "2026-07-29T18:00",
      pm2_5: 13.7,
      pm10: 25.3,
      no2: 5.7,
      o3: 116,
      europeanAqi: 51,
    });
  });

  it("keeps null values as unknown, not zero", () => {
    const raw = airQualitySchema.parse({
      current: { time: "2026-11-22T15:00", interval: 3600, pm2_5: null, pm10: null, nitrogen_dioxide: null, ozone: null, european_aqi: null },
    });
    expect(mapCamsEstimate(raw)).toEqual({ time: "2026-11-22T15:00", pm2_5: null, pm10: null, no2: null, o3: null, europeanAqi: null });
  });

  it("refuses an hourly-only answer (no current block)", () => {
    expect(airQualitySchema.safeParse(readFixture("openmeteo/air-quality-hourly.json")).success).toBe(false);
  });
});
