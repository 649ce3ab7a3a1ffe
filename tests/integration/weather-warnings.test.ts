// The weather-warnings section through /api/v1/report (issue 26, item 3), against the fake
// Météo-France portal: the demo map (Hérault orange canicule, Somme green), one call for every
// département, no call without a key, and a changed shape said as « indisponible » and logged
// without the key.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { FAKE_METEOFRANCE_API_KEY } from "../fakes/upstream-server.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, OVERSEAS_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { useTestApp } from "../helpers/test-app.ts";

// A summer day: canicule comes first among equal colours.
const NOW = new Date("2026-07-10T10:00:00Z");
const t = useTestApp({ now: NOW }, { now: NOW, resetUpstreams: true, onlyKnownUpstreams: true });

let clientNumber = 0;
async function reportOf(scenario: Parameters<typeof reportQueryOf>[0], app = t.app): Promise<Report> {
  clientNumber += 1;
  const response = await app.request(`/api/v1/report?${reportQueryOf(scenario)}`, { headers: { "x-test-ip": `198.51.100.${clientNumber}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

const vigilanceCalls = () => t.upstreams.requests.filter((request) => request.source === "meteofrance");

describe("GET /api/v1/report — weather warnings (Météo-France vigilance)", () => {
  it("shows the département's vigilance per phenomenon, today and tomorrow, highest colour first, with the orange advice", async () => {
    const report = await reportOf(CRISIS_SCENARIO);
    const weather = report.weather_warnings;
    expect(weather).toMatchObject({ success: true, configured: true, level: "concerning", department: { code: "34", name: "Hérault" } });
    expect(weather.days.map((day) => day.date)).toEqual(["2026-07-10", "2026-07-11"]);
    expect(weather.days[0]?.phenomena.slice(0, 2).map((entry) => [entry.phenomenon, entry.color])).toEqual([
      ["canicule", "orange"],
      ["orages", "jaune"],
    ]);
    // Tomorrow: canicule and orages both orange, canicule first in summer; the coastal strip (3410)
    // is the coast's, beside the département's phenomena, never among them (decision 078).
    expect(weather.days[1]?.phenomena.slice(0, 2).map((entry) => [entry.phenomenon, entry.color])).toEqual([
      ["canicule", "orange"],
      ["orages", "orange"],
    ]);
    expect(weather.days[1]?.phenomena.map((entry) => entry.phenomenon)).not.toContain("vagues_submersion");
    expect(weather.days[1]?.coast).toMatchObject({
      name: "Littoral de l'Hérault",
      color: "jaune",
      label: "Vigilance jaune",
      phenomena: [{ phenomenon: "vagues_submersion", color: "jaune" }],
    });
    expect(weather.days[0]?.coast).toMatchObject({ color: "vert" });
    const advice = report.recommendations.find((entry) => entry.category === "weather");
    expect(advice).toMatchObject({ id: "weather-warning", severity: "warning" });
    expect(advice?.title).toBe("Vigilance orange canicule ; vigilance orange orages demain".replace(" ;", "\u00a0;"));
  });

  it("one call of the national map serves every département (cached): the green Somme and the orange Hérault", async () => {
    const app = t.rebuild();
    const hérault = await reportOf(CRISIS_SCENARIO, app);
    const somme = await reportOf(MAIN_SCENARIO, app);
    expect(hérault.weather_warnings.level).toBe("concerning");
    expect(somme.weather_warnings).toMatchObject({ level: "good", department: { code: "80" } });
    expect(somme.weather_warnings.days[0]).toMatchObject({ color: "vert", label: "Vigilance verte" });
    expect(somme.recommendations.filter((entry) => entry.category === "weather")).toEqual([]);
    expect(vigilanceCalls()).toHaveLength(1);
  });

  it("overseas: not on the national map, said plainly, never « vert »", async () => {
    const report = await reportOf(OVERSEAS_SCENARIO);
    expect(report.weather_warnings).toMatchObject({ level: "unavailable", days: [], department: { code: "971" } });
    expect(report.weather_warnings.message).toContain("ne couvre que la métropole et la Corse");
  });

  it("without METEOFRANCE_API_KEY the section says it is not configured and Météo-France is never asked", async () => {
    const app = t.rebuild({ METEOFRANCE_API_KEY: "" });
    const report = await reportOf(CRISIS_SCENARIO, app);
    expect(report.weather_warnings).toMatchObject({ success: false, configured: false, level: "unavailable", days: [] });
    expect(vigilanceCalls()).toEqual([]);
  });

  it("a changed shape makes the section unavailable and is logged, without the key", async () => {
    t.upstreams.setData("vigilance", "FRA", {
      product: { update_time: "2026-07-10T04:00:00Z", periods: [{ echeance: "J", begin_validity_time: "2026-07-10T04:00:00Z" }] },
    });
    const app = t.rebuild();
    const report = await reportOf(CRISIS_SCENARIO, app);
    t.upstreams.setData("vigilance", "FRA", null);
    expect(report.weather_warnings).toMatchObject({ success: false, configured: true, level: "unavailable", days: [] });
    expect(report.recommendations.filter((entry) => entry.category === "weather")).toEqual([]);
    const logged = t.logs.filter((entry) => entry.message === "upstream failed" && entry.fields?.source === "meteofrance");
    expect(logged).toHaveLength(1);
    expect(logged[0]?.fields).toMatchObject({ kind: "invalid" });
    expect(JSON.stringify(t.logs)).not.toContain(FAKE_METEOFRANCE_API_KEY);
  });
});
