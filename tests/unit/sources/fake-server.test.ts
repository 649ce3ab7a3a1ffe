// The fake upstreams are what every integration, smoke and e2e test stands on: check that they
// answer like the real APIs for the scenarios, and that their failure modes really fail.
import { describe, expect, it } from "vitest";
import { FAKE_METEOFRANCE_API_KEY, resolvePlaceholders, startFakeUpstreams } from "../../fakes/upstream-server.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../../fixtures/scenarios.ts";
import { useFakeUpstreams } from "../../helpers/fake-upstreams.ts";

const NOW = new Date("2026-03-29T00:30:00Z"); // the night Paris switches to summer time
const upstreams = useFakeUpstreams({ now: NOW });

async function getJson(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${upstreams.baseUrl}${path}`);
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as unknown };
}

describe("resolvePlaceholders", () => {
  it("resolves sample date-times in UTC and decree days in Paris time", () => {
    const text = '["{{DATETIME:-20}}", "{{DATE:+0}}", "{{DATE:+1}}", "{{DATE:-10}}"]';
    // 00:30Z is already 01:30 in Paris, same day; DATE arithmetic is by calendar day.
    expect(JSON.parse(resolvePlaceholders(text, NOW))).toEqual(["2026-03-09T08:30:00Z", "2026-03-29", "2026-03-30", "2026-03-19"]);
    expect(resolvePlaceholders('"{{DATE:+0}}"', new Date("2026-12-31T23:30:00Z"))).toBe('"2027-01-01"');
  });
});

describe("fake upstreams", () => {
  it("exposes one base URL per upstream", () => {
    expect(upstreams.config).toEqual({
      BAN_API_URL: `${upstreams.baseUrl}/ban`,
      HUBEAU_API_URL: `${upstreams.baseUrl}/hubeau`,
      VIGIEAU_API_URL: `${upstreams.baseUrl}/vigieau`,
      ATMO_WFS_URL: `${upstreams.baseUrl}/atmo/ows`,
      POLLEN_WFS_URL: `${upstreams.baseUrl}/pollen/ows`,
      OPENMETEO_API_URL: `${upstreams.baseUrl}/openmeteo`,
      // the forecast host (UV) under the same prefix: its path, /forecast, tells it apart
      OPENMETEO_FORECAST_URL: `${upstreams.baseUrl}/openmeteo`,
      GEO_API_URL: `${upstreams.baseUrl}/geo`,
      BAIGNADES_URL: `${upstreams.baseUrl}/baignades`,
      METEOFRANCE_VIGILANCE_URL: `${upstreams.baseUrl}/meteofrance`,
      METEOFRANCE_API_KEY: FAKE_METEOFRANCE_API_KEY,
    });
    expect(upstreams.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("answers the BAN by query, honouring limit", async () => {
    const port = await getJson("/ban/search?q=8%20bd%20du%20Port&limit=2");
    const features = (port.body as { features: Array<{ properties: { label: string } }> }).features;
    expect(features.map((feature) => feature.properties.label)).toEqual([MAIN_SCENARIO.label, "8 Boulevard du Port 62200 Boulogne-sur-Mer"]);
    const crisis = await getJson("/ban/search?q=maraussan");
    expect((crisis.body as { features: Array<{ properties: { citycode: string } }> }).features[0]?.properties.citycode).toBe(CRISIS_SCENARIO.citycode);
    const nothing = await getJson("/ban/search?q=zzzz");
    expect(nothing.body).toMatchObject({ type: "FeatureCollection", features: [] });
  });

  it("answers the BAN's reverse geocoding with the known addresses nearest to the point, nearest first, each with its distance", async () => {
    type Reverse = { features: Array<{ properties: { label: string; citycode: string; distance: number } }> };
    const near = (await getJson(`/ban/reverse?lon=${MAIN_SCENARIO.longitude}&lat=${MAIN_SCENARIO.latitude}&limit=2&index=address`)).body as Reverse;
    expect(near.features.map((feature) => [feature.properties.label, feature.properties.distance])).toEqual([
      [MAIN_SCENARIO.label, 0],
      ["6 Boulevard du Port 80000 Amiens", 13],
    ]);
    // Camon, 3,5 km east of it: only Camon's addresses.
    const camon = (await getJson("/ban/reverse?lon=2.342&lat=49.8905")).body as Reverse;
    expect(new Set(camon.features.map((feature) => feature.properties.citycode))).toEqual(new Set(["80164"]));
    // Open sea off Brittany: no address.
    expect((await getJson("/ban/reverse?lon=-5.5&lat=47.5")).body).toEqual({ type: "FeatureCollection", features: [] });
    expect((await getJson("/ban/reverse?lon=2.3")).status).toBe(400);
  });

  it("filters Hub'Eau results like the API and pages with 206", async () => {
    const { status, body } = await getJson("/hubeau/resultats_dis?code_commune=80021&code_parametre=1340&date_min_prelevement=2026-01-01&sort=desc&size=2");
    expect(status).toBe(206);
    const envelope = body as { count: number; data: Array<{ code_parametre: string; date_prelevement: string }> };
    expect(envelope.count).toBe(4);
    expect(envelope.data.map((item) => [item.code_parametre, item.date_prelevement])).toEqual([
      ["1340", "2026-03-17T08:30:00Z"],
      ["1340", "2026-03-09T08:30:00Z"],
    ]);
    const unknown = await getJson("/hubeau/communes_udi?code_commune=01001");
    expect(unknown).toEqual({ status: 200, body: expect.objectContaining({ count: 0, data: [] }) });
  });

  it("keeps only ATMO days from the requested one", async () => {
    const filter = encodeURIComponent("code_zone='80021' AND date_ech>='2026-03-29'");
    const { body } = await getJson(`/atmo/ows?service=WFS&request=GetFeature&CQL_FILTER=${filter}`);
    const features = (body as { features: Array<{ properties: { date_ech: string; code_qual: number } }> }).features;
    expect(features.map((feature) => [feature.properties.date_ech, feature.properties.code_qual])).toEqual([
      ["2026-03-29Z", 2],
      ["2026-03-30Z", 3],
    ]);
  });

  it("answers VigiEau with [] where no decree is in force", async () => {
    expect((await getJson("/vigieau/zones?commune=75056&profil=particulier")).body).toEqual([]);
  });

  it("echoes the position and serves the asked variables for the Paris day from Open-Meteo", async () => {
    const { body } = await getJson("/openmeteo/air-quality?latitude=49.9&longitude=2.3&hourly=pm2_5,ozone&timezone=Europe/Paris");
    const hourly = (body as { hourly: { time: string[]; pm2_5: number[]; ozone: number[] } }).hourly;
    expect(body).toMatchObject({ latitude: 49.9, longitude: 2.3, timezone: "Europe/Paris" });
    expect(Object.keys(hourly)).toEqual(["time", "pm2_5", "ozone"]);
    expect([hourly.time[0], hourly.time[23], hourly.time.length]).toEqual(["2026-03-29T00:00", "2026-03-29T23:00", 24]);
    const maraussan = await getJson("/openmeteo/air-quality?latitude=43.37&longitude=3.16&hourly=ozone&start_date=2026-03-30&end_date=2026-03-30");
    const ozone = (maraussan.body as { hourly: { time: string[]; ozone: number[] } }).hourly;
    expect([ozone.time[0], Math.max(...ozone.ozone)]).toEqual(["2026-03-30T00:00", 116]);
  });

  it("answers the API Géo for the scenario communes and 404 for the others", async () => {
    expect((await getJson("/geo/communes/34148?fields=code,nom,codeEpci,epci")).body).toEqual({
      code: "34148",
      nom: "Maraussan",
      codeEpci: "243400488",
      epci: { code: "243400488", nom: "CC la Domitienne" },
    });
    expect((await getJson("/geo/communes/75056?fields=code,nom,codeEpci,epci")).status).toBe(404);
  });

  it("answers a commune and its EPCI asked together with ECQL's IN", async () => {
    const filter = encodeURIComponent("code_zone IN ('80021','248000531') AND date_ech>='2026-03-29'");
    const { body } = await getJson(`/atmo/ows?service=WFS&request=GetFeature&CQL_FILTER=${filter}`);
    const features = (body as { features: Array<{ properties: { code_zone: string; date_ech: string } }> }).features;
    expect(features.map((feature) => [feature.properties.code_zone, feature.properties.date_ech])).toEqual([
      ["80021", "2026-03-29Z"],
      ["80021", "2026-03-30Z"],
      ["248000531", "2026-03-29Z"],
      ["248000531", "2026-03-30Z"],
    ]);
  });

  it("serves each failure mode, for the chosen source only", async () => {
    upstreams.setMode("hubeau", "error500");
    upstreams.setMode("vigieau", "malformed");
    upstreams.setMode("openmeteo", "empty");
    expect((await fetch(`${upstreams.baseUrl}/hubeau/communes_udi?code_commune=80021`)).status).toBe(500);
    const malformed = await fetch(`${upstreams.baseUrl}/vigieau/zones?commune=80021`);
    expect(malformed.status).toBe(200);
    expect(await malformed.text()).toBe('{"data": [');
    expect((await getJson("/openmeteo/air-quality?latitude=49.9&longitude=2.3&hourly=pm2_5")).body).toMatchObject({
      hourly: { pm2_5: expect.arrayContaining([null]) },
    });
    expect((await getJson("/hubeau/communes_udi?code_commune=80021")).status).toBe(500);
    expect((await getJson("/ban/search?q=port")).status).toBe(200);
  });

  it("holds a request open in timeout mode", async () => {
    upstreams.setMode("atmo", "timeout");
    const outcome = await fetch(`${upstreams.baseUrl}/atmo/ows`, { signal: AbortSignal.timeout(200) }).then(
      () => "answered",
      (error: unknown) => (error instanceof Error ? error.name : "failed"),
    );
    expect(outcome).toBe("TimeoutError");
  });

  it("delays answers, and reset() restores the start settings", async () => {
    // A delay far above what an answer takes (1 ms on a quiet machine, docs/tests.md « Under load »).
    upstreams.setDelay(1000, "ban");
    let started = performance.now();
    await getJson("/ban/search?q=port");
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    upstreams.reset();
    started = performance.now();
    await getJson("/ban/search?q=port");
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("records every request in a live list, unknown paths included, and answers those 404", async () => {
    const live = upstreams.requests;
    expect((await getJson("/ban/completion?text=port")).status).toBe(404);
    expect((await getJson("/somewhere/else")).status).toBe(404);
    expect(live).toEqual([
      { source: "ban", path: "/completion", query: { text: "port" } },
      { source: "unknown", path: "/somewhere/else", query: {} },
    ]);
    upstreams.reset();
    expect(live).toHaveLength(0);
    expect(upstreams.requests).toBe(live);
  });

  it("closes even with requests held open", async () => {
    const other = await startFakeUpstreams();
    other.setMode("hubeau", "timeout");
    const pending = fetch(`${other.baseUrl}/hubeau/communes_udi?code_commune=80021`).catch(() => "closed");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBe("closed");
  });
});
