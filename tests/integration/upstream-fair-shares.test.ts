// Issue 39, item 1: one client asking reports of new communes at its full route allowance emptied
// VigiEau's and Open-Meteo's budgets (decision 058) for everyone: drought and UV « Indisponible » on
// every other visitor's new commune. Each client now has its own share of each upstream's budget
// (decision 088). Real requests against the test app and the fake upstreams, the default ceilings.
import { describe, expect, it } from "vitest";
import { presentReport } from "../../src/core/report/present.ts";
import { blocksOf } from "../../src/core/report/document.ts";
import type { Report } from "../../src/core/types.ts";
import { signAddress } from "../../src/server/services/geocoded-address.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const MINUTE_MS = 60_000;
const t = useTestApp({ now: START }, { now: START, resetUpstreams: true });

/** The ceilings of production (config.ts defaults) and its route allowance: 60 reports a minute per client. */
const PRODUCTION_CEILINGS = {
  UPSTREAM_VIGIEAU_PER_MINUTE: "10",
  UPSTREAM_OPENMETEO_PER_MINUTE: "6",
  UPSTREAM_HUBEAU_PER_MINUTE: "300",
  RATE_LIMIT_REPORT_PER_MINUTE: "60",
};

type ReportBody = Report & { address: { signature: string } };

/**
 * The département of the `index`-th made-up commune: a new one for each of 95 indices in a row, since
 * one VigiEau answer per département serves all its communes (decision 088) — the costliest spread.
 */
function departmentOf(index: number): string {
  const number = ((index - 1) % 95) + 1;
  return number === 20 ? "2A" : String(number).padStart(2, "0");
}

/** A signed pick (as the address search gives) of the `index`-th made-up commune, ~1 km apart: each a new commune for every source. */
function communeQuery(index: number): URLSearchParams {
  const citycode = `${departmentOf(index)}${String(index).padStart(3, "0")}`;
  const address = signAddress(t.deps().appSecret, {
    label: `1 Place de la Mairie ${citycode} Commune ${index}`,
    latitude: 46 + index * 0.013,
    longitude: 4.5 + (index % 7) * 0.011,
    citycode,
    postcode: `${departmentOf(index).replace("2A", "20")}000`,
    city: `Commune ${index}`,
  });
  return new URLSearchParams({
    lat: String(address.latitude),
    lon: String(address.longitude),
    citycode: address.citycode,
    label: address.label,
    postcode: address.postcode,
    city: address.city,
    signature: address.signature,
  });
}

const mainQuery = () => {
  const address = signAddress(t.deps().appSecret, { ...MAIN_SCENARIO });
  return new URLSearchParams({
    lat: String(address.latitude),
    lon: String(address.longitude),
    citycode: address.citycode,
    label: address.label,
    postcode: address.postcode,
    city: address.city,
    signature: address.signature,
  });
};

async function reportOf(client: BrowserClient, query: URLSearchParams): Promise<{ status: number; body: ReportBody }> {
  const response = await client.get(`/api/report?${query}`);
  return { status: response.status, body: response.body as unknown as ReportBody };
}

/** Whether water, drought and UV were read (not « Indisponible »). */
const readSections = (report: Report) => ({ water: report.water_quality.success, drought: report.drought.success, uv: report.uv.success });

const calls = (source: string) => t.upstreams.requests.filter((request) => request.source === source).length;

describe("a fair share of each upstream's budget per client (issue 39: one client at ~15 reports a minute kept drought and UV « Indisponible » for everyone)", () => {
  it("client A spending its whole route allowance on new communes leaves client B's first report of a new commune whole", async () => {
    const app = t.rebuild(PRODUCTION_CEILINGS);
    const clientA = new BrowserClient(() => app, { ip: "203.0.113.10" });
    const clientB = new BrowserClient(() => app, { ip: "198.51.100.20" });

    // A: its 60 reports of the minute, each of a new commune.
    const statuses: number[] = [];
    const outcomes: Array<ReturnType<typeof readSections>> = [];
    for (let index = 1; index <= 60; index++) {
      const { status, body } = await reportOf(clientA, communeQuery(index));
      statuses.push(status);
      if (status === 200) outcomes.push(readSections(body));
    }
    // Never an error page: every answer is a report.
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(outcomes[0]).toEqual({ water: true, drought: true, uv: true });

    // B, the same minute: its first report of a new commune is whole.
    const first = await reportOf(clientB, mainQuery());
    expect(first.status).toBe(200);
    expect(readSections(first.body)).toEqual({ water: true, drought: true, uv: true });
    expect(first.body.drought).toMatchObject({ gravity: "alerte" });
    expect(first.body.drought.data_as_of).toBeUndefined();
    // A past its share: drought and UV « indisponible » on its own new communes (nothing cached for them), never an error page.
    expect(outcomes.filter((outcome) => !outcome.drought).length).toBeGreaterThan(40);
    expect(outcomes.filter((outcome) => !outcome.uv).length).toBeGreaterThan(40);
    // A had its share, not the service's budget: 5 VigiEau calls (a tenth of the burst of 50: five départements'
    // zones) and 3 Open-Meteo calls; B two (its département's zones, then its commune, since Hérault has zones in force) and two.
    expect(calls("vigieau")).toBe(5 + 2);
    expect(calls("openmeteo")).toBe(3 + 2);
  });

  it("one answer of a département with no zone in force serves every commune of it: VigiEau is asked once, no commune asked (decision 088)", async () => {
    const app = t.rebuild(PRODUCTION_CEILINGS);
    const visitor = (index: number) => new BrowserClient(() => app, { ip: `192.0.2.${index}` });
    // Indices 1, 96 and 191: three communes of département 01, each asked by a different visitor.
    for (const [order, index] of [1, 96, 191].entries()) {
      const { status, body } = await reportOf(visitor(order + 1), communeQuery(index));
      expect(status).toBe(200);
      expect(body.drought).toMatchObject({ success: true, gravity: null });
    }
    const vigieau = t.upstreams.requests.filter((request) => request.source === "vigieau");
    expect(vigieau.map((request) => request.path)).toEqual(["/zones/departement/01"]);
  });

  it("A past its share still gets the cached answers of communes already read, and later refused sections say « Données du … » where a last good answer exists", async () => {
    const app = t.rebuild(PRODUCTION_CEILINGS);
    const clientA = new BrowserClient(() => app, { ip: "203.0.113.11" });

    // A's first commune is read whole, then A spends its share on new communes.
    const read = await reportOf(clientA, communeQuery(100));
    expect(readSections(read.body)).toEqual({ water: true, drought: true, uv: true });
    for (let index = 101; index <= 130; index++) await reportOf(clientA, communeQuery(index));
    const refused = await reportOf(clientA, communeQuery(131));
    expect(readSections(refused.body)).toMatchObject({ drought: false, uv: false });

    // Past its share, the commune already read is still whole, from the cache: no call, no date of its own.
    const vigieauBefore = calls("vigieau");
    const again = await reportOf(clientA, communeQuery(100));
    expect(readSections(again.body)).toEqual({ water: true, drought: true, uv: true });
    expect(again.body.drought.data_as_of).toBeUndefined();
    expect(calls("vigieau")).toBe(vigieauBefore);

    // 61 minutes later VigiEau's answer is past its hour. A spends its (refilled) share on new communes again…
    const later = new Date(START.getTime() + 61 * MINUTE_MS);
    t.setNow(later);
    for (let index = 140; index <= 170; index++) await reportOf(clientA, communeQuery(index));
    // …and its first commune's drought is then VigiEau's last good answer, with its date, never « Indisponible ».
    const dated = await reportOf(clientA, communeQuery(100));
    expect(dated.body.drought).toMatchObject({ success: true, gravity: read.body.drought.gravity, data_as_of: START.toISOString() });
    const document = presentReport(dated.body).sections.find((section) => section.key === "drought");
    expect(document && blocksOf(document, "date")[0]?.text).toBe("Données du 22\u00A0novembre\u00A02026 (dernière lecture de la source)");

    // A commune never read has no last good answer: « indisponible » stays, never a guess.
    // (index 190: département 95, which nobody asked in this test)
    const never = await reportOf(clientA, communeQuery(190));
    expect(never.body.drought).toMatchObject({ success: false, level: "unavailable" });
    expect(never.body.drought.data_as_of).toBeUndefined();
  });
});
