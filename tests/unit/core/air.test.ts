import { describe, expect, it } from "vitest";
import { atmoCodeForPm25, evaluateAirQuality, levelOfAtmoCode } from "../../../src/core/air/index.ts";
import { atmoIndex, camsEstimate, NOW } from "./builders.ts";

describe("ATMO index → level", () => {
  it.each([
    [1, "good"],
    [2, "acceptable"],
    [3, "concerning"],
    [4, "critical"],
    [5, "critical"],
    [6, "critical"],
    [7, "concerning"],
    [0, null],
  ])("code %s → %s", (code, level) => {
    expect(levelOfAtmoCode(code)).toBe(level);
  });
});

describe("PM2.5 (µg/m³) → ATMO sub-index", () => {
  it.each([
    [0, 1],
    [10, 1],
    [10.1, 2],
    [20, 2],
    [24, 3],
    [25, 3],
    [30, 4],
    [50, 4],
    [60, 5],
    [75, 5],
    [80, 6],
  ])("%s → %s", (value, code) => {
    expect(atmoCodeForPm25(value)).toBe(code);
  });
});

describe("evaluateAirQuality", () => {
  it("uses today's official ATMO index, with tomorrow's forecast and the CAMS PM2.5", () => {
    const section = evaluateAirQuality({
      atmo: {
        ok: true,
        data: [
          atmoIndex({ date: "2026-11-21", code: 4, label: "Mauvais" }),
          atmoIndex({ date: "2026-11-22", code: 2, label: "Moyen" }),
          atmoIndex({ date: "2026-11-23", code: 3, label: "Dégradé" }),
        ],
      },
      cams: { ok: true, data: camsEstimate({ pm2_5: 13.7 }) },
      now: NOW,
    });
    expect(section).toMatchObject({
      success: true,
      level: "acceptable",
      origin: "atmo",
      index: { code: 2, label: "Moyen", date: "2026-11-22", zone: "Amiens" },
      tomorrow: { code: 3, label: "Dégradé", date: "2026-11-23" },
      pollutants: { pm2_5: { value: 13.7, unit: "µg/m³" } },
      message: null,
    });
    expect(section.source.name).toMatch(/ATMO.*Atmo Hauts-de-France/);
  });

  it("takes « today » in Paris time (23:30 UTC is already tomorrow in Paris)", () => {
    const section = evaluateAirQuality({
      atmo: { ok: true, data: [atmoIndex({ date: "2026-11-22", code: 1 }), atmoIndex({ date: "2026-11-23", code: 4, label: "Mauvais" })] },
      cams: { ok: true, data: camsEstimate() },
      now: new Date("2026-11-22T23:30:00Z"),
    });
    expect(section.index?.date).toBe("2026-11-23");
    expect(section.level).toBe("critical");
  });

  it.each([
    [8, "good", "Bon"],
    [15, "acceptable", "Moyen"],
    [22, "concerning", "Dégradé"],
    [30, "critical", "Mauvais"],
    [80, "critical", "Extrêmement mauvais"],
  ])("falls back on the CAMS model (PM2.5 %s µg/m³ → %s), labelled as an estimate, when no index is published", (pm25, level, label) => {
    const section = evaluateAirQuality({ atmo: { ok: true, data: [] }, cams: { ok: true, data: camsEstimate({ pm2_5: pm25 }) }, now: NOW });
    expect(section).toMatchObject({ success: true, level, origin: "cams", index: { label, date: "2026-11-22" } });
    expect(section.message).toMatch(/estimation modélisée/);
    expect(section.message).toMatch(/Aucun indice ATMO/);
    expect(section.source.name).toMatch(/CAMS/);
  });

  it("falls back on CAMS when only yesterday's index or an « indisponible » code exists", () => {
    for (const index of [atmoIndex({ date: "2026-11-21" }), atmoIndex({ code: 0, label: "Indisponible" })]) {
      const section = evaluateAirQuality({ atmo: { ok: true, data: [index] }, cams: { ok: true, data: camsEstimate() }, now: NOW });
      expect(section.origin).toBe("cams");
    }
  });

  it("says the official index is unavailable when ATMO fails and CAMS answers", () => {
    const section = evaluateAirQuality({ atmo: { ok: false, reason: "http" }, cams: { ok: true, data: camsEstimate() }, now: NOW });
    expect(section).toMatchObject({ success: true, origin: "cams" });
    expect(section.message).toMatch(/momentanément indisponible/);
  });

  it("is unavailable when both sources fail", () => {
    const section = evaluateAirQuality({ atmo: { ok: false, reason: "timeout" }, cams: { ok: false, reason: "network" }, now: NOW });
    expect(section).toMatchObject({ success: false, level: "unavailable", index: null, origin: null, pollutants: {} });
    expect(section.message).toMatch(/momentanément indisponibles/);
  });

  it("is unavailable, but not failed, when nothing is published and the model has no value", () => {
    const section = evaluateAirQuality({ atmo: { ok: true, data: [] }, cams: { ok: true, data: camsEstimate({ pm2_5: null }) }, now: NOW });
    expect(section).toMatchObject({ success: true, level: "unavailable", index: null });
  });
});
