// The clients end to end over real HTTP against the fake upstreams: URL shapes the real APIs
// expect, and the mapped data they return.
import { createServer } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchAtmoIndex } from "../../../src/sources/atmo/client.ts";
import { searchAddresses } from "../../../src/sources/ban/client.ts";
import { fetchCommuneUdis, fetchWaterResults } from "../../../src/sources/hubeau/client.ts";
import { fetchCamsEstimate } from "../../../src/sources/openmeteo/client.ts";
import { fetchDroughtZones } from "../../../src/sources/vigieau/client.ts";
import { startFakeUpstreams, type FakeUpstreams } from "../../fakes/upstream-server.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../../fixtures/scenarios.ts";

const NOW = new Date("2026-11-22T15:00:00Z");
let upstreams: FakeUpstreams;
const opts = (baseUrl: string) => ({ baseUrl, timeoutMs: 1000 });

beforeAll(async () => {
  upstreams = await startFakeUpstreams({ now: NOW });
});
afterAll(async () => {
  await upstreams.close();
});
beforeEach(() => upstreams.reset());

describe("upstream clients against the fake upstreams", () => {
  it("searchAddresses asks the Géoplateforme for autocompletion", async () => {
    const result = await searchAddresses(opts(upstreams.config.BAN_API_URL), { q: "8 bd du Port", limit: 5 });
    expect(result.ok && result.data).toHaveLength(5);
    expect(result.ok && result.data[0]?.label).toBe(MAIN_SCENARIO.label);
    expect(upstreams.requests).toEqual([{ source: "ban", path: "/search", query: { q: "8 bd du Port", limit: "5", autocomplete: "1" } }]);
  });

  it("fetchCommuneUdis and fetchWaterResults send the Hub'Eau filters", async () => {
    const udis = await fetchCommuneUdis(opts(upstreams.config.HUBEAU_API_URL), { communeCode: "80021" });
    expect(udis.ok && udis.data.map((udi) => udi.code)).toEqual(["080000512", "080000518"]);

    const results = await fetchWaterResults(opts(upstreams.config.HUBEAU_API_URL), {
      communeCode: "80021",
      since: "2026-09-01",
      parameterCodes: ["1340", "8847"],
      size: 3,
    });
    // 4 matching records, 3 per page: Hub'Eau's 206 still counts as data.
    expect(results.ok && results.data.map((result) => [result.parameterCode, result.sampledAt])).toEqual([
      ["1340", "2026-11-10T08:30:00Z"],
      ["8847", "2026-11-10T08:30:00Z"],
      ["1340", "2026-11-02T08:30:00Z"],
    ]);
    expect(upstreams.requests.map((request) => [request.path, request.query])).toEqual([
      ["/communes_udi", { code_commune: "80021", size: "200" }],
      ["/resultats_dis", { code_commune: "80021", date_min_prelevement: "2026-09-01", sort: "desc", size: "3", code_parametre: "1340,8847" }],
    ]);
  });

  it("fetchWaterResults omits code_parametre when no codes are given", async () => {
    await fetchWaterResults(opts(upstreams.config.HUBEAU_API_URL), { communeCode: "34148", since: "2026-01-01", size: 300 });
    expect(upstreams.requests[0]?.query).not.toHaveProperty("code_parametre");
  });

  it("fetchDroughtZones locates the address within the commune, as a private person", async () => {
    const zones = await fetchDroughtZones(opts(upstreams.config.VIGIEAU_API_URL), {
      lon: CRISIS_SCENARIO.longitude,
      lat: CRISIS_SCENARIO.latitude,
      communeCode: CRISIS_SCENARIO.citycode,
    });
    expect(zones.ok && zones.data.map((zone) => zone.gravity)).toEqual(["crise", "alerte"]);
    expect(upstreams.requests[0]?.query).toEqual({ lon: "3.157423", lat: "43.368625", commune: "34148", profil: "particulier" });
  });

  it("fetchDroughtZones reads a 404 as « no restriction »", async () => {
    // The fake answers 404 for any unknown path: a base URL one level off gets one.
    const zones = await fetchDroughtZones(opts(`${upstreams.config.VIGIEAU_API_URL}/nothing-here`), { lon: 2.3, lat: 49.9, communeCode: "80021" });
    expect(zones).toEqual({ ok: true, data: [] });
  });

  it("fetchAtmoIndex sends a WFS GetFeature with an encoded CQL filter", async () => {
    const indices = await fetchAtmoIndex(opts(upstreams.config.ATMO_WFS_URL), { zoneCode: "80021", fromDate: "2026-11-22" });
    expect(indices.ok && indices.data.map((index) => [index.date, index.label])).toEqual([
      ["2026-11-22", "Moyen"],
      ["2026-11-23", "Dégradé"],
    ]);
    expect(upstreams.requests[0]).toEqual({
      source: "atmo",
      path: "/ows",
      query: {
        service: "WFS",
        version: "2.0.0",
        request: "GetFeature",
        typeNames: "ind:ind_atmo_2021",
        outputFormat: "application/json",
        CQL_FILTER: "code_zone='80021' AND date_ech>='2026-11-22'",
      },
    });
  });

  it("fetchCamsEstimate picks the European CAMS domain in Europe and the global one overseas", async () => {
    const paris = await fetchCamsEstimate(opts(upstreams.config.OPENMETEO_API_URL), { lat: 49.9, lon: 2.3 });
    expect(paris.ok && paris.data.time).toBe("2026-11-22T16:00");
    await fetchCamsEstimate(opts(upstreams.config.OPENMETEO_API_URL), { lat: 16.27, lon: -61.49 });
    expect(upstreams.requests.map((request) => request.query.domains)).toEqual(["cams_europe", "cams_global"]);
    expect(upstreams.requests[0]?.query).toMatchObject({
      latitude: "49.9",
      longitude: "2.3",
      current: "pm2_5,pm10,nitrogen_dioxide,ozone,european_aqi",
      timezone: "Europe/Paris",
    });
  });

  it("every client reports an upstream 500 as a failure, not as empty data", async () => {
    for (const source of ["ban", "hubeau", "vigieau", "atmo", "openmeteo"] as const) upstreams.setMode(source, "error500");
    const results = await Promise.all([
      searchAddresses(opts(upstreams.config.BAN_API_URL), { q: "8 bd du Port", limit: 5 }),
      fetchCommuneUdis(opts(upstreams.config.HUBEAU_API_URL), { communeCode: "80021" }),
      fetchDroughtZones(opts(upstreams.config.VIGIEAU_API_URL), { lon: 2.3, lat: 49.9, communeCode: "80021" }),
      fetchAtmoIndex(opts(upstreams.config.ATMO_WFS_URL), { zoneCode: "80021", fromDate: "2026-11-22" }),
      fetchCamsEstimate(opts(upstreams.config.OPENMETEO_API_URL), { lat: 49.9, lon: 2.3 }),
    ]);
    for (const result of results) expect(result).toEqual({ ok: false, reason: "http", detail: "HTTP 500", status: 500 });
  });
});

describe("fetchDroughtZones against a VigiEau answering with an empty body", () => {
  it("reads it as « no restriction »", async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      expect(await fetchDroughtZones(opts(`http://127.0.0.1:${port}/api`), { lon: 2.3, lat: 49.9, communeCode: "80021" })).toEqual({
        ok: true,
        data: [],
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("fetchDroughtZones for a whole commune", () => {
  it("asks without a position and reports a commune split between zones as HTTP 409", async () => {
    const upstreams = await startFakeUpstreams();
    try {
      upstreams.setData("zones", "80021", { split: true, zones: [] });
      const whole = await fetchDroughtZones({ baseUrl: upstreams.config.VIGIEAU_API_URL, timeoutMs: 2000 }, { communeCode: "80021" });
      expect(whole).toMatchObject({ ok: false, reason: "http", status: 409 });
      expect(upstreams.requests.at(-1)?.query).toEqual({ commune: "80021", profil: "particulier" });
      const here = await fetchDroughtZones({ baseUrl: upstreams.config.VIGIEAU_API_URL, timeoutMs: 2000 }, { communeCode: "80021", lon: 2.3, lat: 49.9 });
      expect(here).toEqual({ ok: true, data: [] });
    } finally {
      await upstreams.close();
    }
  });
});
