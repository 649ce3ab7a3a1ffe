// The clients end to end over real HTTP against the fake upstreams: URL shapes the real APIs
// expect, and the mapped data they return.
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { fetchAtmoIndex } from "../../../src/sources/atmo/client.ts";
import { reverseGeocode, searchAddresses } from "../../../src/sources/ban/client.ts";
import { fetchCommuneUdis, fetchWaterResults, WATER_RESULT_FIELDS } from "../../../src/sources/hubeau/client.ts";
import { fetchCamsEstimate } from "../../../src/sources/openmeteo/client.ts";
import { fetchDroughtZones } from "../../../src/sources/vigieau/client.ts";
import { startFakeUpstreams } from "../../fakes/upstream-server.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../../fixtures/scenarios.ts";
import { useFakeUpstreams } from "../../helpers/fake-upstreams.ts";

const NOW = new Date("2026-11-22T15:00:00Z");
const upstreams = useFakeUpstreams({ now: NOW });
const opts = (baseUrl: string) => ({ baseUrl, timeoutMs: 10_000 });

describe("upstream clients against the fake upstreams", () => {
  it("searchAddresses asks the Géoplateforme for autocompletion", async () => {
    const result = await searchAddresses(opts(upstreams.config.BAN_API_URL), { q: "8 bd du Port", limit: 5 });
    expect(result.ok && result.data).toHaveLength(5);
    expect(result.ok && result.data[0]?.label).toBe(MAIN_SCENARIO.label);
    expect(upstreams.requests).toEqual([{ source: "ban", path: "/search", query: { q: "8 bd du Port", limit: "5", autocomplete: "1" } }]);
  });

  it("reverseGeocode asks the Géoplateforme for the addresses nearest to a point, nearest first", async () => {
    const result = await reverseGeocode(opts(upstreams.config.BAN_API_URL), { lat: CRISIS_SCENARIO.latitude, lon: CRISIS_SCENARIO.longitude, limit: 5 });
    expect(result.ok && result.data.map((address) => [address.label, address.type])).toEqual([
      [CRISIS_SCENARIO.label, "street"],
      ["2 Avenue du 8 Mai 1945 34370 Maraussan", "housenumber"],
      ["Place de la Mairie 34370 Maraussan", "street"],
    ]);
    expect(upstreams.requests).toEqual([{ source: "ban", path: "/reverse", query: { lon: "3.157423", lat: "43.368625", limit: "5", index: "address" } }]);
  });

  it("fetchCommuneUdis and fetchWaterResults send the Hub'Eau filters", async () => {
    const udis = await fetchCommuneUdis(opts(upstreams.config.HUBEAU_API_URL), { communeCode: "80021" });
    expect(udis.ok && udis.data.map((udi) => udi.code)).toEqual(["080000512", "080000518"]);

    const results = await fetchWaterResults(opts(upstreams.config.HUBEAU_API_URL), {
      communeCode: "80021",
      since: "2026-09-01",
      parameterCodes: ["1340", "8847"],
      pageSize: 3,
      maxResults: 20_000,
    });
    // 8 matching records, 3 per page: every page is read, and Hub'Eau's 206 still counts as data.
    expect(results.ok && results.data.map((result) => [result.parameterCode, result.sampledAt.slice(0, 10)])).toEqual(
      ["2026-11-10", "2026-11-02", "2026-10-08", "2026-10-01"].flatMap((day) => [
        ["1340", day],
        ["8847", day],
      ]),
    );
    const fields = WATER_RESULT_FIELDS.join(",");
    expect(upstreams.requests.map((request) => [request.path, request.query])).toEqual([
      ["/communes_udi", { code_commune: "80021", size: "200" }],
      [
        "/resultats_dis",
        { code_commune: "80021", date_min_prelevement: "2026-09-01", sort: "desc", size: "3", page: "1", fields, code_parametre: "1340,8847" },
      ],
      [
        "/resultats_dis",
        { code_commune: "80021", date_min_prelevement: "2026-09-01", sort: "desc", size: "3", page: "2", fields, code_parametre: "1340,8847" },
      ],
      [
        "/resultats_dis",
        { code_commune: "80021", date_min_prelevement: "2026-09-01", sort: "desc", size: "3", page: "3", fields, code_parametre: "1340,8847" },
      ],
    ]);
  });

  it("fetchWaterResults stops at maxResults and fails whole when a page fails", async () => {
    const capped = await fetchWaterResults(opts(upstreams.config.HUBEAU_API_URL), { communeCode: "80021", since: "2025-01-01", pageSize: 2, maxResults: 4 });
    expect(capped.ok && capped.data).toHaveLength(4);
    expect(upstreams.requests.map((request) => request.query.page)).toEqual(["1", "2"]);

    // Half a window could hide a non-compliance: a failed page fails the read.
    const failingSecondPage: typeof fetch = (input, init) =>
      String(input).includes("page=2") ? Promise.resolve(new Response("oops", { status: 503 })) : fetch(input, init);
    const broken = await fetchWaterResults(
      { ...opts(upstreams.config.HUBEAU_API_URL), fetch: failingSecondPage },
      { communeCode: "80021", since: "2025-01-01", pageSize: 2, maxResults: 20_000 },
    );
    expect(broken).toMatchObject({ ok: false, reason: "http", status: 503 });
  });

  it("fetchWaterResults omits code_parametre when no codes are given", async () => {
    await fetchWaterResults(opts(upstreams.config.HUBEAU_API_URL), { communeCode: "34148", since: "2026-01-01", pageSize: 300, maxResults: 20_000 });
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

  it("fetchCamsEstimate asks for the local day's hourly pollutants in the commune's own time zone, European CAMS domain in Europe and global overseas", async () => {
    const paris = await fetchCamsEstimate(opts(upstreams.config.OPENMETEO_API_URL), { lat: 49.9, lon: 2.3, day: "2026-11-22", timeZone: "Europe/Paris" });
    expect(paris.ok && paris.data.day).toBe("2026-11-22");
    await fetchCamsEstimate(opts(upstreams.config.OPENMETEO_API_URL), { lat: 16.27, lon: -61.49, day: "2026-11-21", timeZone: "America/Guadeloupe" });
    expect(upstreams.requests.map((request) => request.query.domains)).toEqual(["cams_europe", "cams_global"]);
    expect(upstreams.requests[0]?.query).toMatchObject({
      latitude: "49.9",
      longitude: "2.3",
      hourly: "pm2_5,pm10,nitrogen_dioxide,ozone,sulphur_dioxide",
      timezone: "Europe/Paris",
      start_date: "2026-11-22",
      end_date: "2026-11-22",
    });
    // Overseas on its own clock: the territory's hours, so that the day's 24 values are its own day's.
    expect(upstreams.requests[1]?.query).toMatchObject({ timezone: "America/Guadeloupe", start_date: "2026-11-21", end_date: "2026-11-21" });
  });

  it("every client reports an upstream 500 as a failure, not as empty data", async () => {
    for (const source of ["ban", "hubeau", "vigieau", "atmo", "openmeteo"] as const) upstreams.setMode(source, "error500");
    const results = await Promise.all([
      searchAddresses(opts(upstreams.config.BAN_API_URL), { q: "8 bd du Port", limit: 5 }),
      fetchCommuneUdis(opts(upstreams.config.HUBEAU_API_URL), { communeCode: "80021" }),
      fetchDroughtZones(opts(upstreams.config.VIGIEAU_API_URL), { lon: 2.3, lat: 49.9, communeCode: "80021" }),
      fetchAtmoIndex(opts(upstreams.config.ATMO_WFS_URL), { zoneCode: "80021", fromDate: "2026-11-22" }),
      fetchCamsEstimate(opts(upstreams.config.OPENMETEO_API_URL), { lat: 49.9, lon: 2.3, day: "2026-11-22", timeZone: "Europe/Paris" }),
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
      const whole = await fetchDroughtZones({ baseUrl: upstreams.config.VIGIEAU_API_URL, timeoutMs: 10_000 }, { communeCode: "80021" });
      expect(whole).toMatchObject({ ok: false, reason: "http", status: 409 });
      expect(upstreams.requests.at(-1)?.query).toEqual({ commune: "80021", profil: "particulier" });
      const here = await fetchDroughtZones({ baseUrl: upstreams.config.VIGIEAU_API_URL, timeoutMs: 10_000 }, { communeCode: "80021", lon: 2.3, lat: 49.9 });
      expect(here).toEqual({ ok: true, data: [] });
    } finally {
      await upstreams.close();
    }
  });
});
