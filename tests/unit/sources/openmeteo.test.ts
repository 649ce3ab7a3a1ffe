import { describe, expect, it } from "vitest";
import { airQualitySchema } from "../../../src/sources/openmeteo/schema.ts";
import { mapCamsEstimate, MIN_HOURS_PER_DAY } from "../../../src/sources/openmeteo/to-domain.ts";
import { readFixture } from "./fixtures.ts";

const NOW = new Date("2026-07-29T10:00:00Z");
const hoursOf = (day: string) => Array.from({ length: 24 }, (_, hour) => `${day}T${String(hour).padStart(2, "0")}:00`);

describe("Open-Meteo hourly series → the CAMS model's day on the ATMO basis", () => {
  it("maps the Maraussan ozone day: particles as daily means, gases as daily maxima", () => {
    const estimate = mapCamsEstimate(airQualitySchema.parse(readFixture("openmeteo/air-quality-hourly-derived-ozone-day.json", NOW)), "2026-07-29");
    expect(estimate.day).toBe("2026-07-29");
    expect(estimate.o3).toBe(116);
    expect(estimate.no2).toBe(24);
    expect(estimate.so2).toBe(2.5);
    expect(estimate.pm2_5).toBeCloseTo(9.27, 2);
    expect(estimate.pm10).toBeCloseTo(15.91, 2);
  });

  it("takes only the asked Paris day out of a longer series", () => {
    const time = [...hoursOf("2026-11-21"), ...hoursOf("2026-11-22")];
    const raw = airQualitySchema.parse({
      hourly: { time, pm2_5: time.map((t) => (t.startsWith("2026-11-21") ? 80 : 10)), ozone: time.map((t) => (t.startsWith("2026-11-21") ? 200 : 40)) },
    });
    expect(mapCamsEstimate(raw, "2026-11-22")).toEqual({ day: "2026-11-22", pm2_5: 10, pm10: null, no2: null, o3: 40, so2: null });
  });

  it("gives no aggregate, not zero, when the model has too few hours (nulls at sea or off the domain)", () => {
    const time = hoursOf("2026-11-22");
    const sparse = time.map((_, hour) => (hour < MIN_HOURS_PER_DAY - 1 ? 12 : null));
    const raw = airQualitySchema.parse({ hourly: { time, pm2_5: sparse, pm10: time.map(() => null), ozone: time.map(() => 60) } });
    expect(mapCamsEstimate(raw, "2026-11-22")).toEqual({ day: "2026-11-22", pm2_5: null, pm10: null, no2: null, o3: 60, so2: null });
  });

  it("reads the recorded hourly capture (its variables it has, null for the others)", () => {
    const raw = airQualitySchema.parse(readFixture("openmeteo/air-quality-hourly.json"));
    // 5 hours kept by the recording's publisher: not enough for a day.
    expect(mapCamsEstimate(raw, "2023-04-25")).toEqual({ day: "2023-04-25", pm2_5: null, pm10: null, no2: null, o3: null, so2: null });
  });

  it("refuses a current-only answer (no hourly block)", () => {
    expect(airQualitySchema.safeParse(readFixture("openmeteo/air-quality-current.json")).success).toBe(false);
  });
});
