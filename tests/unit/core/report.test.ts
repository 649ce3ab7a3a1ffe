import { describe, expect, it } from "vitest";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { deriveAddressInfo } from "../../../src/core/report/index.ts";
import { isValidInseeCode, toCommuneCode } from "../../../src/core/shared/commune.ts";
import { formatDateFr, formatNumberFr, frenchTypography } from "../../../src/core/shared/format.ts";
import { isInFrance } from "../../../src/core/shared/geo.ts";
import { addDaysToLocalDate, localDateParis, nextParisHour, parisHour, parisHourToUtc } from "../../../src/core/shared/time.ts";
import { worstLevel } from "../../../src/core/shared/levels.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { NOW, noBathing } from "./builders.ts";
import { unreadSections } from "../../helpers/unread-sections.ts";
import { assembleNamed } from "../../helpers/assemble.ts";

describe("commune codes", () => {
  it.each([
    ["75108", "75056"],
    ["75101", "75056"],
    ["75120", "75056"],
    ["69381", "69123"],
    ["69389", "69123"],
    ["13201", "13055"],
    ["13216", "13055"],
    ["80021", "80021"],
    ["75056", "75056"],
    ["13217", "13217"],
    ["2A004", "2A004"],
  ])("%s → %s", (citycode, commune) => {
    expect(toCommuneCode(citycode)).toBe(commune);
  });

  it.each([
    ["80021", true],
    ["2A004", true],
    ["2b033", true],
    ["97101", true],
    ["7505", false],
    ["750566", false],
    ["ABCDE", false],
    ["", false],
  ])("INSEE code %j valid: %s", (code, valid) => {
    expect(isValidInseeCode(code)).toBe(valid);
  });
});

describe("deriveAddressInfo", () => {
  it.each([
    [
      { citycode: "80021", city: "Amiens" },
      { commune_code: "80021", department_code: "80", department_name: "Somme" },
    ],
    [
      { citycode: "75108", city: "Paris" },
      { commune_code: "75056", department_code: "75", department_name: "Paris" },
    ],
    [
      { citycode: "2A004", city: "Ajaccio" },
      { commune_code: "2A004", department_code: "2A", department_name: "Corse-du-Sud" },
    ],
    [
      { citycode: "97101", city: "Les Abymes" },
      { commune_code: "97101", department_code: "971", department_name: "Guadeloupe" },
    ],
    [
      { citycode: "97611", city: "Mamoudzou" },
      { commune_code: "97611", department_code: "976", department_name: "Mayotte" },
    ],
  ])("%j", (address, expected) => {
    expect(deriveAddressInfo(address)).toEqual({ commune_name: address.city, ...expected });
  });
});

describe("isInFrance", () => {
  it.each([
    ["Amiens", 49.8985, 2.2952, true],
    ["Brest", 48.39, -4.49, true],
    ["Bonifacio", 41.39, 9.16, true],
    ["Strasbourg", 48.57, 7.75, true],
    ["Les Abymes (Guadeloupe)", 16.27, -61.49, true],
    ["Fort-de-France", 14.6, -61.07, true],
    ["Cayenne", 4.93, -52.33, true],
    ["Saint-Denis (La Réunion)", -20.88, 55.45, true],
    ["Mamoudzou", -12.78, 45.23, true],
    ["London", 51.5, -0.12, false],
    ["Madrid", 40.42, -3.7, false],
    ["Atlantic", 45, -20, false],
    ["Null Island", 0, 0, false],
    ["NaN", Number.NaN, 2, false],
  ])("%s", (_name, lat, lon, expected) => {
    expect(isInFrance(lat, lon)).toBe(expected);
  });
});

describe("French formatting", () => {
  it("writes dates as « 20 août 2024 », in Paris time, with no-break spaces", () => {
    expect(formatDateFr("2024-08-20")).toBe("20\u00a0août\u00a02024");
    expect(formatDateFr("2024-08-01")).toBe("1er\u00a0août\u00a02024");
    expect(formatDateFr("2026-11-22T23:30:00Z")).toBe("23\u00a0novembre\u00a02026");
    expect(localDateParis("2026-07-14T22:30:00Z")).toBe("2026-07-15");
  });

  it("writes numbers with a decimal comma", () => {
    expect(formatNumberFr(12.5)).toBe("12,5");
    expect(formatNumberFr(1234.5)).toBe("1\u00a0234,5");
    expect(formatNumberFr(0.0123, 3)).toBe("0,012");
  });

  it("adds calendar days across a daylight-saving change", () => {
    expect(addDaysToLocalDate("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDaysToLocalDate("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDaysToLocalDate("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("puts no-break spaces before : ; ! ? and inside « »", () => {
    expect(frenchTypography("Attention : « eau » ; bon ! vrai ?")).toBe("Attention\u00a0: «\u00a0eau\u00a0»\u00a0; bon\u00a0! vrai\u00a0?");
    expect(frenchTypography("https://exemple.fr")).toBe("https://exemple.fr");
  });
});

describe("levels", () => {
  it("the worst level ignores unavailable sections", () => {
    expect(worstLevel(["good", "unavailable", "concerning"])).toBe("concerning");
    expect(worstLevel(["unavailable"])).toBe("unavailable");
    expect(worstLevel([])).toBe("unavailable");
  });
});

describe("assembleReport", () => {
  it("produces the report contract", () => {
    const address = {
      label: "8 Boulevard du Port 80000 Amiens",
      latitude: 49.8985,
      longitude: 2.2952,
      citycode: "80021",
      postcode: "80000",
      city: "Amiens",
      context: "80, Somme, Hauts-de-France",
      type: "housenumber",
      score: 0.97,
    };
    const report = assembleNamed({
      ...unreadSections(NOW, "80021"),
      address,
      addressInfo: deriveAddressInfo(address),
      water: evaluateWaterQuality({ results: { ok: true, data: [] }, udi: null, udis: [], now: NOW }),
      air: evaluateAirQuality({ citycode: "80021", atmo: { ok: true, data: [] }, cams: { ok: false, reason: "timeout" }, now: NOW }),
      drought: evaluateDrought({ zones: { ok: true, data: [] }, now: NOW, citycode: "80021" }),
      bathing: noBathing(),
      now: NOW,
    });
    expect(Object.keys(report).sort()).toEqual([
      "address",
      "address_info",
      "air_quality",
      "bathing",
      "drought",
      "generated_at",
      "pollen",
      "radon",
      "recommendations",
      "uv",
      "water_quality",
      "weather_warnings",
    ]);
    expect(report.address).toEqual({ label: address.label, latitude: 49.8985, longitude: 2.2952, citycode: "80021", postcode: "80000", city: "Amiens" });
    expect(report.generated_at).toBe(NOW.toISOString());
    for (const section of [report.water_quality, report.air_quality, report.drought, report.pollen, report.uv, report.weather_warnings, report.radon]) {
      expect(Object.keys(section)).toEqual(expect.arrayContaining(["success", "level", "source"]));
    }
    expect(report.recommendations.length).toBeGreaterThan(0);
  });
});

describe("Paris time for the daily run", () => {
  it.each([
    ["winter (CET): 17:00 Paris is 16:00 UTC", "2026-11-22T10:00:00Z", "2026-11-22T16:00:00.000Z"],
    ["summer (CEST): 17:00 Paris is 15:00 UTC", "2026-07-14T10:00:00Z", "2026-07-14T15:00:00.000Z"],
    ["the spring change day (29 March 2026) is already CEST at 17:00", "2026-03-29T10:00:00Z", "2026-03-29T15:00:00.000Z"],
    ["the autumn change day (25 October 2026) is CET again at 17:00", "2026-10-25T10:00:00Z", "2026-10-25T16:00:00.000Z"],
  ])("%s", (_name, now, expected) => {
    expect(parisHourToUtc(new Date(now), 17).toISOString()).toBe(expected);
  });

  it("gives the next 17:00 strictly after now", () => {
    expect(nextParisHour(new Date("2026-11-22T16:00:00Z"), 17).toISOString()).toBe("2026-11-23T16:00:00.000Z");
    expect(nextParisHour(new Date("2026-11-22T15:59:00Z"), 17).toISOString()).toBe("2026-11-22T16:00:00.000Z");
    expect(parisHour(new Date("2026-07-14T15:00:00Z"))).toBe(17);
    expect(parisHour(new Date("2026-07-14T16:00:00Z"))).toBe(18);
  });
});
