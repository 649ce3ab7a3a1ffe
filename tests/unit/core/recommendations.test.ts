import { describe, expect, it } from "vitest";
import { evaluateAirQuality } from "../../../src/core/air/index.ts";
import { evaluateDrought } from "../../../src/core/drought/index.ts";
import { selectRecommendations } from "../../../src/core/recommendations/index.ts";
import type { AirQualitySection, DroughtSection, DroughtZone, WaterQualitySection, WaterResult } from "../../../src/core/types.ts";
import { evaluateWaterQuality } from "../../../src/core/water/index.ts";
import { atmoIndex, camsEstimate, droughtZone, NOW, waterResult } from "./builders.ts";

const water = (results: WaterResult[] = [waterResult({ rawValue: "20", numericValue: 20 })]): WaterQualitySection =>
  evaluateWaterQuality({ results: { ok: true, data: results }, udi: null, udis: [], now: NOW });
const air = (code = 1, pm25 = 8): AirQualitySection =>
  evaluateAirQuality({ atmo: { ok: true, data: [atmoIndex({ code, label: ["", "Bon", "Moyen", "Dégradé", "Mauvais"][code] ?? "" })] }, cams: { ok: true, data: camsEstimate({ pm2_5: pm25 }) }, now: NOW });
const drought = (zones: DroughtZone[] = []): DroughtSection => evaluateDrought({ zones: { ok: true, data: zones }, now: NOW });

const ids = (input: Partial<{ water: WaterQualitySection; air: AirQualitySection; drought: DroughtSection }>) =>
  selectRecommendations({ water: water(), air: air(), drought: drought(), ...input }).map((recommendation) => recommendation.id);

describe("selectRecommendations", () => {
  it("says « Bonne nouvelle ! » when nothing applies", () => {
    const [only, ...rest] = selectRecommendations({ water: water(), air: air(), drought: drought() });
    expect(rest).toHaveLength(0);
    expect(only).toMatchObject({ id: "all-clear", severity: "success", title: "Bonne nouvelle\u00a0!" });
  });

  it("does not claim good news when no data could be obtained", () => {
    const [only] = selectRecommendations({
      water: evaluateWaterQuality({ results: { ok: false, reason: "timeout" }, udi: null, udis: [], now: NOW }),
      air: evaluateAirQuality({ atmo: { ok: false, reason: "timeout" }, cams: { ok: false, reason: "timeout" }, now: NOW }),
      drought: evaluateDrought({ zones: { ok: false, reason: "timeout" }, now: NOW }),
    });
    expect(only?.id).toBe("no-data");
  });

  it.each([
    ["40", []],
    ["41", ["water-nitrates"]],
    ["48", ["water-nitrates"]],
  ])("nitrates at %s mg/L", (raw, expected) => {
    expect(ids({ water: water([waterResult({ rawValue: raw, numericValue: Number(raw) })]) }).filter((id) => id.startsWith("water"))).toEqual(expected);
  });

  it("above 50 mg/L: the non-compliance and the advice for pregnant women and infants, critical first", () => {
    const list = selectRecommendations({ water: water([waterResult({ rawValue: "62", numericValue: 62 })]), air: air(2), drought: drought() });
    expect(list.map((recommendation) => recommendation.id)).toEqual(["water-non-compliant", "water-nitrates", "air-moderate"]);
    expect(list[1]?.text).toMatch(/femmes enceintes et les nourrissons/);
    expect(list[1]?.severity).toBe("critical");
  });

  it.each([
    ["0,1", false],
    ["0,15", true],
  ])("total pesticides at %s µg/L", (raw, expected) => {
    const result = waterResult({ parameterCode: "6276", parameterLabel: "Total des pesticides analysés", rawValue: raw, numericValue: Number(raw.replace(",", ".")), unit: "µg/L", qualityLimit: "<=0,5 µg/L" });
    expect(ids({ water: water([result]) }).includes("water-pesticides")).toBe(expected);
  });

  it("PFAS above 0,1 µg/L and lead above 5 µg/L get their own advice", () => {
    const results = [
      waterResult({ parameterCode: "8847", parameterLabel: "Somme des 20 PFAS", rawValue: "0,12", numericValue: 0.12, unit: "µg/L", qualityLimit: "<=0,1 µg/L" }),
      waterResult({ parameterCode: "1382", parameterLabel: "Plomb", rawValue: "7", numericValue: 7, unit: "µg/L", qualityLimit: "<=10 µg/L" }),
    ];
    const list = ids({ water: water(results) });
    expect(list).toContain("water-pfas");
    expect(list).toContain("water-lead");
  });

  it.each([
    [1, 8, []],
    [2, 8, ["air-moderate"]],
    [3, 8, ["air-poor"]],
    [4, 8, ["air-poor"]],
    // PM2.5 above 25 µg/m³ even on a « Bon » day
    [1, 26, ["air-poor"]],
  ])("ATMO code %s with PM2.5 %s µg/m³", (code, pm25, expected) => {
    expect(ids({ air: air(code, pm25) }).filter((id) => id.startsWith("air"))).toEqual(expected);
  });

  it("air « Mauvais » is critical and addresses vulnerable people", () => {
    const [first] = selectRecommendations({ water: water(), air: air(4), drought: drought() });
    expect(first?.severity).toBe("critical");
    expect(first?.text).toMatch(/personnes vulnérables/);
    expect(first?.source.url).toMatch(/legifrance/);
  });

  it.each([
    ["vigilance", []],
    ["alerte", ["drought-alert"]],
    ["alerte_renforcee", ["drought-severe"]],
    ["crise", ["drought-severe"]],
  ] as const)("drought %s", (gravity, expected) => {
    expect(ids({ drought: drought([droughtZone({ gravity })]) }).filter((id) => id.startsWith("drought"))).toEqual(expected);
  });

  it("a drought crisis lists the first two restrictions for individuals", () => {
    const [first] = selectRecommendations({ water: water(), air: air(), drought: drought([droughtZone({ gravity: "crise" })]) });
    expect(first?.text).toContain("«\u00a0Arrosage des pelouses, massifs fleuris\u00a0»");
    expect(first?.text).toContain("«\u00a0Lavage de véhicules par des particuliers\u00a0»");
    expect(first?.text).not.toContain("Irrigation agricole");
  });

  it("each recommendation has a title, a text, an article link and a public source, in French typography", () => {
    const list = selectRecommendations({
      water: water([waterResult({ rawValue: "62", numericValue: 62 })]),
      air: air(3, 30),
      drought: drought([droughtZone({ gravity: "crise" })]),
    });
    expect(list.length).toBeGreaterThanOrEqual(4);
    for (const recommendation of list) {
      expect(recommendation.title.length).toBeGreaterThan(5);
      expect(recommendation.text.length).toBeGreaterThan(40);
      expect(recommendation.link).toMatch(/^\/blog\/impact-(eau|air|secheresse)-sante$/);
      expect(recommendation.source.url).toMatch(/^https:\/\//);
      // No ordinary space before a high punctuation mark or inside guillemets.
      expect(`${recommendation.title} ${recommendation.text}`).not.toMatch(/ [:;!?»]|« /);
      // General advice, never a diagnosis.
      expect(recommendation.text).not.toMatch(/diagnostic|vous êtes malade/i);
    }
  });
});
