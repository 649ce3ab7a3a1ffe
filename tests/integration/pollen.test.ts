// The pollen section through the public API (issue 26, item 1): the official indice pollen read
// from Atmo France's national WFS (the fakes serve a derived Amiens scenario), overseas said as
// having no official index without any call, and a changed upstream shape made unavailable and logged.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, OVERSEAS_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { useTestApp } from "../helpers/test-app.ts";

const NOW = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: NOW }, { now: NOW, resetUpstreams: true, onlyKnownUpstreams: true });

let clientNumber = 0;
async function report(scenario: Parameters<typeof reportQueryOf>[0], app = t.app): Promise<Report> {
  clientNumber += 1;
  const response = await app.request(`/api/v1/report?${reportQueryOf(scenario)}`, { headers: { "x-test-ip": `198.51.100.${clientNumber}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

describe("GET /api/v1/report: the pollen section", () => {
  it("Amiens shows the official indice pollen of today, tomorrow and the day after, in the agency's words, with its advice in season", async () => {
    const { pollen, recommendations } = await report(MAIN_SCENARIO);
    expect(pollen).toMatchObject({
      success: true,
      level: "good",
      origin: "atmo",
      not_covered: false,
      day: "2026-11-22",
      zone: { code: "80021", name: "Amiens" },
    });
    expect(pollen.days.map((day) => [day.date, day.label, day.responsible])).toEqual([
      ["2026-11-22", "Faible", ["Graminées"]],
      ["2026-11-23", "Modéré", ["Graminées"]],
      ["2026-11-24", "Modéré", ["Graminées"]],
    ]);
    expect(pollen.days[1]?.taxa.find((taxon) => taxon.taxon === "graminees")).toMatchObject({
      name: "Graminées",
      code: 3,
      label: "Modéré",
      level: "acceptable",
    });
    expect(pollen.source.name).toBe("Indice pollen (Atmo Hauts-de-France)");
    // « Modéré » tomorrow: the ministry's advice to allergic people.
    expect(recommendations.find((recommendation) => recommendation.category === "pollen")).toMatchObject({ id: "pollen-allergy", severity: "info" });
    expect(t.upstreams.requests.filter((request) => request.source === "pollen").map((request) => request.query.CQL_FILTER)).toEqual([
      "code_zone='80021' AND date_ech>='2026-11-22'",
    ]);
  });

  it("overseas (Les Abymes) says there is no official index, and no pollen call is made", async () => {
    const { pollen, recommendations } = await report(OVERSEAS_SCENARIO);
    expect(pollen).toMatchObject({ not_covered: true, level: "unavailable", origin: null, days: [] });
    expect(pollen.message).toMatch(/^Il n'existe pas d'indice pollen officiel pour ce territoire/);
    expect(recommendations.some((recommendation) => recommendation.category === "pollen")).toBe(false);
    expect(t.upstreams.requests.filter((request) => request.source === "pollen")).toEqual([]);
  });

  it("a commune without an index (Maraussan) reads « not published », never a low level", async () => {
    const { pollen } = await report(CRISIS_SCENARIO);
    expect(pollen).toMatchObject({ success: true, level: "unavailable", days: [], message: "Aucun indice pollen n'est publié pour la commune aujourd'hui." });
  });

  it("a changed upstream shape makes the section unavailable, never a 500, and is logged without personal data", async () => {
    t.upstreams.setData("pollen", "80021", {
      type: "FeatureCollection",
      features: [{ type: "Feature", properties: { code_zone: "80021", date_ech: "{{DATE:+0}}", indice: 2 } }],
    });
    const from = t.logs.length;
    // A fresh app: the answer of an earlier test is not in its cache.
    const { pollen, water_quality } = await report(MAIN_SCENARIO, t.rebuild());
    expect(pollen).toMatchObject({ success: false, level: "unavailable", days: [] });
    expect(pollen.message).toBe("L'indice pollen n'a pas pu être lu\u00a0: la source est momentanément indisponible.");
    expect(water_quality.success).toBe(true);
    const logged = t.logs.slice(from).filter((entry) => entry.message === "pollen index unreadable");
    expect(logged).toHaveLength(1);
    expect(logged[0]?.fields).toMatchObject({ upstream: "pollen", reason: "invalid" });
    expect(JSON.stringify(logged[0])).not.toMatch(/Amiens|Boulevard|80021|49\.89/);
  });
});
