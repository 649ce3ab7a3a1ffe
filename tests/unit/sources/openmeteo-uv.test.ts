// Open-Meteo's weather forecast, `daily=uv_index_max` (issue 26, item 2): the recorded answer is
// read as it is, and a changed shape is refused (the section then says it is unavailable).
import { describe, expect, it } from "vitest";
import { mapUvForecast, uvForecastSchema } from "../../../src/sections/uv/open-meteo.server.ts";
import { readFixture } from "./fixtures.ts";

const NOW = new Date("2026-11-22T10:00:00Z");

describe("Open-Meteo daily uv_index_max → the forecast's days", () => {
  it("reads the recorded forecast: its own days, the model's decimals kept (rounding is the WHO scale's, in core)", () => {
    const forecast = mapUvForecast(uvForecastSchema.parse(readFixture("openmeteo/forecast-daily-uv-index-max.json")));
    expect(forecast.days).toHaveLength(7);
    expect(forecast.days[0]).toEqual({ date: "2025-07-28", uvIndexMax: 7.25 });
    expect(forecast.days[6]).toEqual({ date: "2025-08-03", uvIndexMax: 5.95 });
  });

  it("reads the derived demo scenarios (Les Abymes: 9,6 then 10,55)", () => {
    const forecast = mapUvForecast(uvForecastSchema.parse(readFixture("openmeteo/forecast-uv-derived-les-abymes.json", NOW)));
    expect(forecast.days.map((day) => day.uvIndexMax)).toEqual([9.6, 10.55, 8.9]);
    expect(forecast.days[0]?.date).toBe("2026-11-22");
  });

  it("keeps a day the model left empty as null, never 0", () => {
    const raw = uvForecastSchema.parse({ daily: { time: ["2026-11-22", "2026-11-23"], uv_index_max: [null, 2.1] } });
    expect(mapUvForecast(raw).days).toEqual([
      { date: "2026-11-22", uvIndexMax: null },
      { date: "2026-11-23", uvIndexMax: 2.1 },
    ]);
  });

  it.each([
    ["the variable renamed", { daily: { time: ["2026-11-22"], uv_index: [3] } }],
    ["values as strings", { daily: { time: ["2026-11-22"], uv_index_max: ["3"] } }],
    ["no daily block (only hourly)", { hourly: { time: ["2026-11-22T12:00"], uv_index: [3] } }],
    ["fewer values than days", { daily: { time: ["2026-11-22", "2026-11-23"], uv_index_max: [3] } }],
    ["days as epoch seconds (timeformat=unixtime)", { daily: { time: [1795392000], uv_index_max: [3] } }],
    ["a negative index", { daily: { time: ["2026-11-22"], uv_index_max: [-1] } }],
  ])("refuses a changed shape: %s", (_name, payload) => {
    expect(uvForecastSchema.safeParse(payload).success).toBe(false);
  });
});
