// The UV section through the public API (issue 26, item 2): Open-Meteo's model forecast of the
// day's maximum UV index, in the WHO categories, labelled a model forecast, with the HCSP's
// advice from index 3; a failing or changed upstream only blanks its own section.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { MAIN_SCENARIO, OVERSEAS_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

// 10:00 UTC: the 22nd in Amiens (11:00) and in Les Abymes (06:00).
const NOW = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: NOW }, { now: NOW, resetUpstreams: true, onlyKnownUpstreams: true });

async function reportOf(app: TestApp["app"], query: URLSearchParams): Promise<Report> {
  const response = await app.request(`/api/v1/report?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

const forecastRequests = () => t.upstreams.requests.filter((request) => request.source === "openmeteo" && request.path === "/forecast");

describe("UV index in /api/v1/report", () => {
  it("Les Abymes: the model's 9,6 today reads « Très élevé » and 10,55 tomorrow « Extrême », on the territory's own days, labelled a model forecast", async () => {
    const report = await reportOf(t.rebuild(), reportQueryOf(OVERSEAS_SCENARIO));
    expect(report.uv).toMatchObject({
      success: true,
      origin: "model",
      level: "critical",
      day: "2026-11-22",
      today: { date: "2026-11-22", uv_index_max: 10, category: "tres_eleve", label: "Très élevé" },
      tomorrow: { date: "2026-11-23", uv_index_max: 11, category: "extreme", label: "Extrême" },
    });
    expect(report.uv.source.name).toMatch(/modèle météorologique, Open-Meteo/);
    // One request, at the rounded point, for the commune's time zone and three days.
    expect(forecastRequests().map((request) => request.query)).toEqual([
      { latitude: "16.27", longitude: "-61.49", daily: "uv_index_max", timezone: "America/Guadeloupe", forecast_days: "3" },
    ]);
    // The HCSP's advice for « Extrême », the worse day (tomorrow, 11), with today's « Très élevé » said too.
    const advice = report.recommendations.filter((recommendation) => recommendation.category === "uv");
    expect(advice).toHaveLength(1);
    expect(advice[0]).toMatchObject({
      id: "uv-protection",
      severity: "warning",
      title: "Indice UV «\u00a0Extrême\u00a0» demain\u00a0: évitez toute exposition au soleil",
    });
    expect(advice[0]?.text).toMatch(/^Prévision d'un modèle météorologique\u00a0: indice UV maximal 10 \(«\u00a0Très élevé\u00a0»\) aujourd'hui et 11 /);
  });

  it("Amiens in November: « Faible » today and tomorrow, no UV advice; the forecast is cached (one request for two reports)", async () => {
    const app = t.rebuild();
    const report = await reportOf(app, reportQueryOf(MAIN_SCENARIO));
    expect(report.uv).toMatchObject({
      success: true,
      origin: "model",
      level: "good",
      today: { uv_index_max: 1, label: "Faible" },
      tomorrow: { label: "Faible" },
    });
    expect(report.recommendations.filter((recommendation) => recommendation.category === "uv")).toEqual([]);
    await reportOf(app, reportQueryOf(MAIN_SCENARIO));
    expect(forecastRequests()).toHaveLength(1);
  });

  it("a changed shape is refused: the UV section says it is unavailable, the rest of the report stands, and a log line says why without the address", async () => {
    // Open-Meteo answering `uv_index` (the hourly variable's name) where `uv_index_max` was.
    t.upstreams.setData("uv-forecast", "49.90,2.30", { daily: { time: ["2026-11-22", "2026-11-23", "2026-11-24"], uv_index: [1, 1, 1] } });
    const logsBefore = t.logs.length;
    const report = await reportOf(t.rebuild(), reportQueryOf(MAIN_SCENARIO));
    expect(report.uv).toMatchObject({ success: false, level: "unavailable", origin: null, today: null, tomorrow: null });
    expect(report.uv.message).toMatch(/momentanément indisponible/);
    expect(report.water_quality.success).toBe(true);
    expect(report.air_quality.success).toBe(true);
    const logged = t.logs.slice(logsBefore).filter((entry) => entry.message === "uv forecast: upstream answer rejected");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: "warn", fields: { detail: expect.stringMatching(/unexpected payload at daily\.uv_index_max/) } });
    const written = JSON.stringify(t.logs.slice(logsBefore));
    for (const personal of ["49.8985", "49.9", "2.2952", "Boulevard du Port", "80021"]) expect(written).not.toContain(personal);
  });

  it("a failing upstream (HTTP 500) blanks only the UV section, and the report is still 200", async () => {
    t.upstreams.failNextRequests("openmeteo", 5, (request) => request.path === "/forecast");
    const report = await reportOf(t.rebuild(), reportQueryOf(MAIN_SCENARIO));
    expect(report.uv).toMatchObject({ success: false, level: "unavailable" });
    expect(report.air_quality.success).toBe(true);
    expect(report.recommendations.filter((recommendation) => recommendation.category === "uv")).toEqual([]);
  });
});
