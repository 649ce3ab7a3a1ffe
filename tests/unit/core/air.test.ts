import { describe, expect, it } from "vitest";
import { atmoCodeForConcentration, atmoCodeForPm25, evaluateAirQuality, levelOfAtmoCode } from "../../../src/sections/air/index.ts";
import { airQualitySchema } from "../../../src/sources/openmeteo/schema.ts";
import { mapCamsEstimate } from "../../../src/sources/openmeteo/to-domain.ts";
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
      citycode: "80021",
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
      citycode: "80021",
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
  ])("falls back on the CAMS model (PM2.5 daily mean %s µg/m³ → %s), labelled as an estimate, when no index is published", (pm25, level, label) => {
    const section = evaluateAirQuality({ citycode: "80021", atmo: { ok: true, data: [] }, cams: { ok: true, data: camsEstimate({ pm2_5: pm25 }) }, now: NOW });
    expect(section).toMatchObject({ success: true, level, origin: "cams", index: { label, date: "2026-11-22", zone_type: "model" } });
    expect(section.message).toMatch(/estimation modélisée/);
    expect(section.message).toMatch(/Aucun indice ATMO/);
    expect(section.source.name).toMatch(/CAMS/);
  });

  it("falls back on CAMS when only yesterday's index or an « indisponible » code exists", () => {
    for (const index of [atmoIndex({ date: "2026-11-21" }), atmoIndex({ code: 0, label: "Indisponible" })]) {
      const section = evaluateAirQuality({ citycode: "80021", atmo: { ok: true, data: [index] }, cams: { ok: true, data: camsEstimate() }, now: NOW });
      expect(section.origin).toBe("cams");
    }
  });

  it("says the official index is unavailable when ATMO fails and CAMS answers", () => {
    const section = evaluateAirQuality({ citycode: "80021", atmo: { ok: false, reason: "http" }, cams: { ok: true, data: camsEstimate() }, now: NOW });
    expect(section).toMatchObject({ success: true, origin: "cams" });
    expect(section.message).toMatch(/momentanément indisponible/);
  });

  it("is unavailable when both sources fail", () => {
    const section = evaluateAirQuality({ citycode: "80021", atmo: { ok: false, reason: "timeout" }, cams: { ok: false, reason: "network" }, now: NOW });
    expect(section).toMatchObject({ success: false, level: "unavailable", index: null, origin: null, responsible_pollutant: null, pollutants: {} });
    expect(section.message).toMatch(/momentanément indisponibles/);
  });

  it("is unavailable, but not failed, when nothing is published and the model has no value", () => {
    const section = evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [] },
      cams: { ok: true, data: camsEstimate({ pm2_5: null, pm10: null, no2: null, o3: null, so2: null }) },
      now: NOW,
    });
    expect(section).toMatchObject({ success: true, level: "unavailable", index: null });
  });
});

describe("ATMO daily sub-indices (arrêté du 10 juillet 2020, annexe I), µg/m³", () => {
  it.each([
    ["pm10", 20, 1],
    ["pm10", 20.1, 2],
    ["pm10", 45, 3],
    ["pm10", 100, 4],
    ["pm10", 150, 5],
    ["pm10", 151, 6],
    ["no2", 40, 1],
    ["no2", 90, 2],
    ["no2", 120, 3],
    ["no2", 230, 4],
    ["no2", 340, 5],
    ["no2", 341, 6],
    ["o3", 50, 1],
    ["o3", 100, 2],
    ["o3", 116, 3],
    ["o3", 130, 3],
    ["o3", 240, 4],
    ["o3", 380, 5],
    ["o3", 381, 6],
    ["so2", 100, 1],
    ["so2", 200, 2],
    ["so2", 350, 3],
    ["so2", 500, 4],
    ["so2", 750, 5],
    ["so2", 751, 6],
  ] as const)("%s %s → %s", (pollutant, value, code) => {
    expect(atmoCodeForConcentration(pollutant, value)).toBe(code);
  });
});

describe("issue 9 item 6: official index first (commune, then EPCI), else the worst of the model's pollutants", () => {
  const epci = { code: "243400488", name: "CC la Domitienne" };
  const epciIndex = (overrides: Parameters<typeof atmoIndex>[0] = {}) =>
    atmoIndex({ zoneCode: "243400488", zoneName: "CC la Domitienne", zoneType: "epci", agency: "Atmo Occitanie", ...overrides });

  it("Maraussan, no index for the commune nor its EPCI, ozone up to 116 µg/m³ → « Dégradé » by ozone, not « Moyen »", () => {
    // The mapped model day of the demo fixture: particles low, ozone's highest hour 116.
    const section = evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [] },
      cams: { ok: true, data: camsEstimate({ pm2_5: 9.3, pm10: 15.9, no2: 24, o3: 116, so2: 2.5 }) },
      now: NOW,
      epci,
    });
    expect(section).toMatchObject({
      level: "concerning",
      origin: "cams",
      index: { code: 3, label: "Dégradé", zone_type: "model" },
      responsible_pollutant: { code: "o3", label: "Ozone (O3)" },
      pollutants: { o3: { value: 116, unit: "µg/m³", basis: "daily_max" }, pm2_5: { value: 9.3, basis: "daily_mean" } },
    });
    expect(section.message).toBe(
      "Aucun indice ATMO n'est publié aujourd'hui pour cette commune ni pour son intercommunalité\u00A0: niveau estimé «\u00A0Dégradé\u00A0» d'après l'ozone (O3), 116\u00A0µg/m³ au plus haut de la journée, selon le modèle européen Copernicus CAMS. C'est une estimation modélisée, pas une mesure officielle.",
    );
  });

  it.each([
    ["a PM10 day (daily mean 45)", { pm2_5: 15, pm10: 45, no2: 30, o3: 60 }, "Dégradé", "pm10"],
    ["an NO2 day (highest hour 150)", { pm2_5: 8, pm10: 14, no2: 150, o3: 40 }, "Mauvais", "no2"],
    ["an SO2 day (highest hour 220)", { so2: 220 }, "Dégradé", "so2"],
    ["a PM2.5 day (daily mean 22)", { pm2_5: 22 }, "Dégradé", "pm2_5"],
  ] as const)("%s → %s by that pollutant", (_name, values, label, responsible) => {
    const section = evaluateAirQuality({ citycode: "80021", atmo: { ok: true, data: [] }, cams: { ok: true, data: camsEstimate(values) }, now: NOW });
    expect(section.index?.label).toBe(label);
    expect(section.responsible_pollutant?.code).toBe(responsible);
  });

  it("names no pollutant on a model « Bon » day", () => {
    const section = evaluateAirQuality({ citycode: "80021", atmo: { ok: true, data: [] }, cams: { ok: true, data: camsEstimate() }, now: NOW });
    expect(section).toMatchObject({ index: { label: "Bon" }, responsible_pollutant: null });
    expect(section.message).toMatch(/d'après les polluants estimés/);
  });

  it("the daily mean, not the current hour: a PM2.5 peak of 40 at the current hour on a day averaging 9,8 is « Bon », not « Mauvais »", () => {
    const time = Array.from({ length: 24 }, (_, hour) => `2026-11-22T${String(hour).padStart(2, "0")}:00`);
    const pm25 = time.map((_, hour) => (hour === 11 ? 40 : 8.5));
    const estimate = mapCamsEstimate(airQualitySchema.parse({ hourly: { time, pm2_5: pm25 } }), "2026-11-22");
    expect(estimate.pm2_5).toBeCloseTo(9.81, 2);
    // NOW is 11:00 in Paris: the current hour alone would read 40 µg/m³, « Mauvais ».
    expect(atmoCodeForPm25(40)).toBe(4);
    const section = evaluateAirQuality({ citycode: "80021", atmo: { ok: true, data: [] }, cams: { ok: true, data: estimate }, now: NOW });
    expect(section).toMatchObject({ level: "good", index: { label: "Bon" }, pollutants: { pm2_5: { value: 9.8, basis: "daily_mean" } } });
  });

  it("ignores a model answer for another day (no estimate rather than yesterday's)", () => {
    const section = evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [] },
      cams: { ok: true, data: camsEstimate({ day: "2026-11-21", o3: 200 }) },
      now: NOW,
    });
    expect(section).toMatchObject({ level: "unavailable", index: null, pollutants: {} });
  });

  it("the commune's own official index wins over its EPCI's", () => {
    const section = evaluateAirQuality({
      citycode: "80021",
      atmo: {
        ok: true,
        data: [epciIndex({ code: 3, label: "Dégradé" }), atmoIndex({ code: 2, label: "Moyen", subIndices: { no2: 1, o3: 2, pm10: 2, pm25: 1, so2: 1 } })],
      },
      cams: { ok: true, data: camsEstimate({ o3: 200 }) },
      now: NOW,
      epci,
    });
    expect(section).toMatchObject({
      level: "acceptable",
      origin: "atmo",
      index: { label: "Moyen", zone: "Amiens", zone_type: "commune" },
      responsible_pollutant: { code: "o3", label: "Ozone (O3)" },
      message: null,
    });
  });

  it("uses the EPCI's official index when the commune has none, naming the EPCI", () => {
    const section = evaluateAirQuality({
      citycode: "80021",
      atmo: {
        ok: true,
        data: [
          epciIndex({ code: 3, label: "Dégradé", subIndices: { no2: 1, o3: 2, pm10: 3, pm25: 2, so2: 1 } }),
          epciIndex({ date: "2026-11-23", code: 2, label: "Moyen" }),
        ],
      },
      cams: { ok: true, data: camsEstimate({ o3: 116 }) },
      now: NOW,
      epci,
    });
    expect(section).toMatchObject({
      level: "concerning",
      origin: "atmo",
      index: { code: 3, label: "Dégradé", zone: "CC la Domitienne", zone_type: "epci" },
      responsible_pollutant: { code: "pm10", label: "Particules (PM10)" },
      tomorrow: { label: "Moyen", date: "2026-11-23" },
    });
    expect(section.message).toBe("Aucun indice n'est publié pour la commune elle-même\u00A0: voici celui de son intercommunalité (CC la Domitienne).");
    expect(section.source.name).toMatch(/Atmo Occitanie/);
  });

  it("still works with the commune alone when the API Géo failed (no EPCI known)", () => {
    const commune = evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [atmoIndex({ code: 2, label: "Moyen" })] },
      cams: { ok: true, data: camsEstimate() },
      now: NOW,
      epci: null,
    });
    expect(commune).toMatchObject({ origin: "atmo", index: { label: "Moyen", zone_type: "commune" } });
    const model = evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [] },
      cams: { ok: true, data: camsEstimate({ o3: 116 }) },
      now: NOW,
      epci: null,
    });
    expect(model).toMatchObject({ origin: "cams", index: { label: "Dégradé" }, responsible_pollutant: { code: "o3" } });
    expect(model.message).toMatch(/^Aucun indice ATMO n'est publié aujourd'hui pour cette commune\u00A0:/);
  });

  it("code 7 « Événement » keeps its official word, concerning only for ordering, no pollutant named, nothing alarming", () => {
    const section = evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [atmoIndex({ code: 7, label: "Événement", subIndices: { no2: 1, o3: 1, pm10: 1, pm25: 1, so2: 1 } })] },
      cams: { ok: true, data: camsEstimate() },
      now: NOW,
    });
    expect(section).toMatchObject({
      level: "concerning",
      origin: "atmo",
      index: { code: 7, label: "Événement", zone_type: "commune" },
      responsible_pollutant: null,
    });
    expect(section.message).toMatch(/^«\u00A0Événement\u00A0»\u00A0: /);
    expect(section.message).not.toMatch(/dégradé|mauvais|danger/i);
  });
});
