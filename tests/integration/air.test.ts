// Air through the API (issue 9, item 6): the official index of the commune, else of its
// intercommunality (EPCI, found with the API Géo, cached), else the model's worst pollutant.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const t = useTestApp({}, { resetUpstreams: true, onlyKnownUpstreams: true });

async function reportOf(app: TestApp["app"], query: URLSearchParams): Promise<Report> {
  const response = await app.request(`/api/report?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

/** The derived CC la Domitienne index (raw, placeholders resolved by the fake). */
const domitienneIndex = () => JSON.parse(readFileSync(new URL("../fixtures/atmo/ind-atmo-derived-epci-243400488.json", import.meta.url), "utf8")) as unknown;

describe("air quality in the report", () => {
  it("Maraussan, no index for the commune nor its EPCI: the model's ozone sets « Dégradé », said to be an estimate", async () => {
    const report = await reportOf(t.rebuild(), reportQueryOf(CRISIS_SCENARIO));
    expect(report.air_quality).toMatchObject({
      success: true,
      level: "concerning",
      origin: "cams",
      index: { label: "Dégradé", zone_type: "model" },
      responsible_pollutant: { code: "o3", label: "Ozone (O3)" },
      pollutants: { o3: { value: 116, unit: "µg/m³", basis: "daily_max" } },
    });
    expect(report.air_quality.message).toMatch(
      /ni pour son intercommunalité.*l'ozone \(O3\), 116\u00A0µg\/m³ au plus haut de la journée.*estimation modélisée/,
    );
    // The commune first (asked at once with the API Géo), then its EPCI since the commune has no
    // index today; the model asked for today's hours.
    const atmo = t.upstreams.requests.filter((request) => request.source === "atmo");
    expect(atmo.map((request) => request.query.CQL_FILTER)).toEqual([
      expect.stringMatching(/^code_zone='34148' AND date_ech>=/),
      expect.stringMatching(/^code_zone='243400488' AND date_ech>=/),
    ]);
    const model = t.upstreams.requests.find((request) => request.source === "openmeteo" && request.path === "/air-quality");
    expect(model?.query).toMatchObject({ hourly: "pm2_5,pm10,nitrogen_dioxide,ozone,sulphur_dioxide", timezone: "Europe/Paris" });
  });

  it("uses the EPCI's official index when the commune has none, names the EPCI, and asks the API Géo once per commune", async () => {
    t.upstreams.setData("atmo", "243400488", domitienneIndex());
    const app = t.rebuild();
    const report = await reportOf(app, reportQueryOf(CRISIS_SCENARIO));
    expect(report.air_quality).toMatchObject({
      origin: "atmo",
      level: "acceptable",
      index: { label: "Moyen", zone: "CC la Domitienne", zone_type: "epci" },
      responsible_pollutant: { code: "o3" },
      tomorrow: { label: "Dégradé" },
    });
    expect(report.air_quality.message).toMatch(/intercommunalité \(CC la Domitienne\)/);

    // Another address of the same commune: the EPCI comes from the cache, no second Géo call.
    const neighbour = reportQueryOf({ ...CRISIS_SCENARIO, label: "Place de la Mairie 34370 Maraussan", latitude: 43.3702, longitude: 3.1561 });
    expect((await reportOf(app, neighbour)).air_quality.index?.zone_type).toBe("epci");
    const geo = t.upstreams.requests.filter((request) => request.source === "geo");
    expect(geo).toEqual([{ source: "geo", path: "/communes/34148", query: { fields: "code,nom,codeEpci,epci" } }]);
  });

  it("the commune's own index wins over its EPCI's (Amiens « Moyen », CA Amiens Métropole « Dégradé »)", async () => {
    const report = await reportOf(t.rebuild(), reportQueryOf(MAIN_SCENARIO));
    expect(report.air_quality).toMatchObject({ origin: "atmo", level: "acceptable", index: { label: "Moyen", zone: "Amiens", zone_type: "commune" } });
    // The commune has today's index: its EPCI is never asked.
    const atmo = t.upstreams.requests.filter((request) => request.source === "atmo");
    expect(atmo.map((request) => request.query.CQL_FILTER)).toEqual([expect.stringMatching(/^code_zone='80021' AND/)]);
  });

  it.each(["error500", "timeout"] as const)("with the API Géo failing (%s), still reads the commune's index alone", async (mode) => {
    t.upstreams.setMode("geo", mode);
    // 3 s: the API Géo's timeout, which the other sources beat even on a busy machine (docs/tests.md, « Under load »).
    const report = await reportOf(t.rebuild({ UPSTREAM_TIMEOUT_MS: "3000" }), reportQueryOf(MAIN_SCENARIO));
    expect(report.air_quality).toMatchObject({ success: true, origin: "atmo", index: { label: "Moyen", zone_type: "commune" } });
    expect(t.upstreams.requests.find((request) => request.source === "atmo")?.query.CQL_FILTER).toMatch(/^code_zone='80021' AND/);
  });
});
