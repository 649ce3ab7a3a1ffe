// Issue 36: the demo (scripts/demo.ts) showed « canicule » and grass pollen on 1 December. Its
// scene now follows the season of the fakes' clock (tests/fixtures/scenarios.ts, demoSceneOf):
// canicule only from 1 June to 15 September, grass pollen only from mid-April to the end of
// August. Through the real report, with the fakes in the demo's seasonal mode and fixed clocks.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { CRISIS_SCENARIO, demoSceneOf, MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const DECEMBER = new Date("2026-12-01T10:00:00Z");
const JULY = new Date("2027-07-15T10:00:00Z");

const t = useTestApp({ now: DECEMBER, seasonal: {} });

async function reportOf(app: TestApp["app"], query: URLSearchParams): Promise<Report> {
  const response = await app.request(`/api/v1/report?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

/** Every phenomenon the report's vigilance names above green, today and tomorrow. */
const warned = (report: Report) =>
  report.weather_warnings.days.flatMap((day) => day.phenomena.filter((view) => view.color !== "vert").map((view) => `${view.phenomenon} ${view.color}`));
/** The grass pollen codes of the report's days. */
const grass = (report: Report) => report.pollen.days.map((day) => day.taxa.find((view) => view.taxon === "graminees")?.code ?? null);

describe("the demo's scene follows the season of the day it runs", () => {
  it.each([
    ["12-01", { vigilance: "off-season", pollen: "off-season" }],
    ["04-14", { vigilance: "off-season", pollen: "off-season" }],
    ["04-15", { vigilance: "off-season", pollen: "grass" }],
    ["05-31", { vigilance: "off-season", pollen: "grass" }],
    ["06-01", { vigilance: "canicule", pollen: "grass" }],
    ["07-15", { vigilance: "canicule", pollen: "grass" }],
    ["08-31", { vigilance: "canicule", pollen: "grass" }],
    ["09-01", { vigilance: "canicule", pollen: "off-season" }],
    ["09-15", { vigilance: "canicule", pollen: "off-season" }],
    ["09-16", { vigilance: "off-season", pollen: "off-season" }],
  ] as const)("%s: %o", (monthDay, scene) => {
    expect(demoSceneOf(`2026-${monthDay}`)).toEqual(scene);
  });

  it("on 1 December: no canicule on the map, no grass pollen in Amiens — the Hérault's off-season episode instead", async () => {
    t.setNow(DECEMBER);
    const app = t.rebuild();
    const maraussan = await reportOf(app, reportQueryOf(CRISIS_SCENARIO));
    expect(warned(maraussan).filter((entry) => entry.startsWith("canicule"))).toEqual([]);
    expect(warned(maraussan)).toContain("pluie_inondation orange");
    expect(JSON.stringify(maraussan.weather_warnings)).not.toMatch(/canicule/i);
    const amiens = await reportOf(app, reportQueryOf(MAIN_SCENARIO));
    expect(amiens.pollen).toMatchObject({ success: true, origin: "atmo" });
    expect(amiens.pollen.days.map((day) => day.label)).toEqual(["Très faible", "Très faible", "Très faible"]);
    expect(grass(amiens).every((code) => code === null || code <= 1)).toBe(true);
    expect(amiens.pollen.days.flatMap((day) => day.responsible ?? [])).not.toContain("Graminées");
    expect(amiens.recommendations.map((advice) => advice.id)).not.toContain("pollen-allergy");
  });

  it("on 15 July: the summer scene — orange canicule in the Hérault, grass pollen « Modéré » tomorrow in Amiens", async () => {
    t.setNow(JULY);
    const app = t.rebuild();
    const maraussan = await reportOf(app, reportQueryOf(CRISIS_SCENARIO));
    expect(warned(maraussan)).toContain("canicule orange");
    const amiens = await reportOf(app, reportQueryOf(MAIN_SCENARIO));
    expect(grass(amiens)).toEqual([2, 3, 3]);
    expect(amiens.pollen.days[1]?.responsible).toContain("Graminées");
  });
});
