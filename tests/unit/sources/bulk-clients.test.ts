// The alert run's bulk reads (decision 048) over real HTTP against the fake upstreams: WFS paging,
// Hub'Eau by département with its window split past 20 000 results, VigiEau by département
// (404 = no zone), the API Géo's whole commune list.
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { fetchAtmoIndicesForDays } from "../../../src/sources/atmo/client.ts";
import { fetchCommunesEpci } from "../../../src/sources/geo/client.ts";
import { fetchDepartmentSampleDates } from "../../../src/sources/hubeau/client.ts";
import { fetchDepartmentZonesState } from "../../../src/sources/vigieau/client.ts";
import { mapDepartmentZonesState } from "../../../src/sources/vigieau/to-domain.ts";
import { startFakeUpstreams } from "../../fakes/upstream-server.ts";
import { useFakeUpstreams } from "../../helpers/fake-upstreams.ts";

const NOW = new Date("2026-11-22T15:00:00Z");
const upstreams = useFakeUpstreams({ now: NOW });
const opts = (baseUrl: string) => ({ baseUrl, timeoutMs: 10_000 });

describe("ATMO: every zone for two days, paged", () => {
  it("reads page after page, sorted by zone and day, until a short page", async () => {
    const pages: string[][] = [];
    const read = await fetchAtmoIndicesForDays(opts(upstreams.config.ATMO_WFS_URL), {
      fromDay: "2026-11-22",
      toDay: "2026-11-23",
      pageSize: 4,
      onPage: (page) => pages.push(page.map(({ index }) => `${index.zoneCode}:${index.date}`)),
    });
    expect(read.requests).toBe(2);
    expect(read.result.ok).toBe(true);
    // Each page goes to onPage as it arrives: 4 features, then the short page of 2.
    expect(pages.map((page) => page.length)).toEqual([4, 2]);
    expect(pages.flat().sort()).toEqual([
      "248000531:2026-11-22",
      "248000531:2026-11-23",
      "80021:2026-11-22",
      "80021:2026-11-23",
      "97101:2026-11-22",
      "97101:2026-11-23",
    ]);
    expect(upstreams.requests.map((request) => [request.query.startIndex, request.query.count, request.query.sortBy])).toEqual([
      ["0", "4", "code_zone,date_ech"],
      ["4", "4", "code_zone,date_ech"],
    ]);
  });

  it("fails whole when one page fails: half a day would read as « no index »", async () => {
    upstreams.failNextRequests("atmo", 1, (request) => request.query.startIndex === "2");
    const read = await fetchAtmoIndicesForDays(opts(upstreams.config.ATMO_WFS_URL), {
      fromDay: "2026-11-22",
      toDay: "2026-11-23",
      pageSize: 2,
      onPage: () => {},
    });
    expect(read).toMatchObject({ requests: 2, result: { ok: false, reason: "http", status: 500 } });
  });

  it("covers a generated country without a gap or a duplicate", async () => {
    const national = await startFakeUpstreams({ now: NOW, national: { communes: 2000 } });
    try {
      const keys: string[] = [];
      const read = await fetchAtmoIndicesForDays(opts(national.config.ATMO_WFS_URL), {
        fromDay: "2026-11-22",
        toDay: "2026-11-23",
        pageSize: 500,
        onPage: (page) => keys.push(...page.map(({ index }) => `${index.zoneCode}:${index.date}`)),
      });
      expect(read.result.ok).toBe(true);
      expect(new Set(keys).size).toBe(keys.length);
      expect(read.requests).toBe(Math.ceil(keys.length / 500) + (keys.length % 500 === 0 ? 1 : 0));
      // Five communes in six have their own index; the others fall to their EPCI's.
      expect(keys.length).toBeGreaterThan(2 * 1500);
    } finally {
      await national.close();
    }
  });
});

describe("Hub'Eau: newest sample per commune of a département", () => {
  it("asks by département and window, with only the three fields it needs", async () => {
    const read = await fetchDepartmentSampleDates(opts(upstreams.config.HUBEAU_API_URL), {
      department: "80",
      since: "2026-08-01",
      until: "2026-11-22",
      pageSize: 20_000,
    });
    expect(read.requests).toBe(1);
    // The newest date, and the codes of the samples in the window: one the digest lacks is news, even an older one.
    expect(read.result.ok && read.result.data).toEqual([["80021", "2026-11-10T08:30:00Z", ["08000186903", "08000186977", "08000187412", "08000187530"]]]);
    expect(upstreams.requests[0]?.query).toEqual({
      code_departement: "80",
      date_min_prelevement: "2026-08-01",
      date_max_prelevement: "2026-11-22",
      fields: "code_commune,code_prelevement,date_prelevement",
      size: "20000",
      page: "1",
    });
  });

  it("splits a window past 20 000 results into halves that share their middle day", async () => {
    const national = await startFakeUpstreams({ now: NOW, national: { communes: 1010, samplesPerMonth: 30, rowsPerSample: 30 } });
    try {
      const read = await fetchDepartmentSampleDates(opts(national.config.HUBEAU_API_URL), {
        department: "34",
        since: "2026-08-14",
        until: "2026-11-22",
        pageSize: 20_000,
      });
      expect(read.result.ok && read.result.data.length).toBe(10);
      // Every commune was sampled on the last day of the window.
      expect(read.result.ok && read.result.data.every(([, date]) => date.startsWith("2026-11-22"))).toBe(true);
      const windows = national.requests.map((request) => `${request.query.date_min_prelevement}…${request.query.date_max_prelevement}`);
      expect(windows).toEqual(["2026-08-14…2026-11-22", "2026-08-14…2026-10-03", "2026-10-03…2026-11-22"]);
    } finally {
      await national.close();
    }
  });

  it("fails when even a two-day window holds more than Hub'Eau serves", async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ count: 50_000, data: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const read = await fetchDepartmentSampleDates(opts(`http://127.0.0.1:${port}`), {
        department: "59",
        since: "2026-11-14",
        until: "2026-11-22",
        pageSize: 20_000,
      });
      expect(read.result).toMatchObject({ ok: false, reason: "invalid" });
      expect(read.requests).toBeLessThan(10);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("VigiEau: the zones in force per département", () => {
  it("reads 404 as no zone in force, and fingerprints a département's zones", async () => {
    const none = await fetchDepartmentZonesState(opts(upstreams.config.VIGIEAU_API_URL), { department: "01", today: "2026-11-22" });
    expect(none).toEqual({ ok: true, data: { zoneCount: 0, fingerprint: "[]" } });
    const somme = await fetchDepartmentZonesState(opts(upstreams.config.VIGIEAU_API_URL), { department: "80", today: "2026-11-22" });
    expect(somme.ok && somme.data.zoneCount).toBeGreaterThan(0);
    expect(upstreams.requests.map((request) => request.path)).toEqual(["/zones/departement/01", "/zones/departement/80"]);
    const invalid = await fetchDepartmentZonesState(opts(upstreams.config.VIGIEAU_API_URL), { department: "80/../x", today: "2026-11-22" });
    expect(invalid).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("changes the fingerprint with a level or a decree, not with the usages or the order", () => {
    const zone = (id: number, level: string, decree: number, usages: Array<{ nom: string }> = []) => ({
      id,
      type: "SUP",
      niveauGravite: level,
      arrete: { id: decree, dateDebutValidite: "2026-07-01", dateFinValidite: "2026-09-30" },
      usages,
    });
    const SUMMER_DAY = "2026-08-15";
    const base = mapDepartmentZonesState([zone(2, "alerte", 10), zone(1, "crise", 11)], SUMMER_DAY).fingerprint;
    expect(mapDepartmentZonesState([zone(1, "crise", 11, [{ nom: "Arrosage" }]), zone(2, "alerte", 10)], SUMMER_DAY).fingerprint).toBe(base);
    expect(mapDepartmentZonesState([zone(1, "crise", 11), zone(2, "alerte_renforcee", 10)], SUMMER_DAY).fingerprint).not.toBe(base);
    expect(mapDepartmentZonesState([zone(1, "crise", 11), zone(2, "alerte", 12)], SUMMER_DAY).fingerprint).not.toBe(base);
  });

  it("a decree counts only between its own dates: the day it ends (or starts) changes the fingerprint, so its communes are read again", () => {
    // Same VigiEau answer on both days: decree 10 runs from 1 July to 30 September 2026 (arrete.dateDebutValidite / dateFinValidite).
    const answer = [
      { id: 1, type: "SUP", niveauGravite: "crise", arrete: { id: 10, dateDebutValidite: "2026-07-01", dateFinValidite: "2026-09-30" } },
      { id: 2, type: "AEP", niveauGravite: "alerte", arrete: { id: 11, dateDebutValidite: "2026-10-02", dateFinValidite: null } },
    ];
    const lastDay = mapDepartmentZonesState(answer, "2026-09-30");
    const nextDay = mapDepartmentZonesState(answer, "2026-10-01");
    const started = mapDepartmentZonesState(answer, "2026-10-02");
    expect([lastDay.zoneCount, nextDay.zoneCount, started.zoneCount]).toEqual([1, 0, 1]);
    expect(nextDay.fingerprint).not.toBe(lastDay.fingerprint);
    expect(started.fingerprint).not.toBe(nextDay.fingerprint);
    // A département whose only decree has ended is judged as one without zones.
    expect(nextDay).toEqual(mapDepartmentZonesState(null, "2026-10-01"));
  });
});

describe("API Géo: every commune's EPCI in one request", () => {
  it("maps the list, null for a commune outside any EPCI", async () => {
    const result = await fetchCommunesEpci(opts(upstreams.config.GEO_API_URL));
    expect(result.ok && new Map(result.data)).toEqual(
      new Map([
        ["34148", "243400488"],
        ["80021", "248000531"],
        ["97101", expect.anything()],
      ]),
    );
    expect(upstreams.requests[0]).toEqual({ source: "geo", path: "/communes", query: { fields: "code,codeEpci", format: "json" } });
  });
});
