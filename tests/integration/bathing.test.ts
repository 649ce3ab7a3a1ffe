// The bathing-water section of the report against a fake ministry portal: snapshots refreshed in
// the background, a strict page parser, the last good snapshot kept, failures that never block.
import type { ExecutionContext } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, OVERSEAS_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";
import { BATHING_SOURCE } from "../../src/sections/bathing/evaluate.ts";

const NOW = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: NOW }, { resetUpstreams: true });

type Scenario = typeof CRISIS_SCENARIO | typeof MAIN_SCENARIO | typeof OVERSEAS_SCENARIO;

/**
 * The background reads a report defers (`waitUntil`, as on Workers) are kept here, so that a test
 * awaits them instead of guessing how long they take on a busy machine.
 */
const deferred: Promise<unknown>[] = [];
const executionCtx: ExecutionContext = {
  waitUntil: (task) => void deferred.push(task),
  passThroughOnException: () => undefined,
  props: {},
};

async function report(app: TestApp["app"], scenario: Scenario = CRISIS_SCENARIO): Promise<Report> {
  const response = await app.request(`/api/report?${reportQueryOf(scenario)}`, undefined, undefined, executionCtx);
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

async function settleBackgroundReads() {
  while (deferred.length > 0) await Promise.allSettled(deferred.splice(0));
}

// A test's background reads end within it: none lands in the next test's request log.
afterEach(settleBackgroundReads);

/** Waits for the background reads the reports so far started, then checks that `count` pages were read. */
async function waitForPageReads(count: number) {
  await settleBackgroundReads();
  const pageReads = t.upstreams.requests.filter((request) => request.source === "baignades" && request.path === "/consultSite.do").length;
  if (pageReads < count) throw new Error(`the background refresh read ${pageReads} pages, not ${count}`);
}

describe("bathing water in the report", () => {
  it("answers at once from the official record, then shows the ministry's live status once read in the background", async () => {
    const app = t.rebuild();
    const first = await report(app);
    expect(first.bathing.sites.map((site) => [site.name, site.commune, site.water_type])).toEqual([
      ["ORB-REALS", "CESSENON-SUR-ORB", "Rivière"],
      ["ORB-CAMPING MUNICIPAL", "CESSENON-SUR-ORB", "Rivière"],
      ["LE CASINO", "VALRAS-PLAGE", "Eau côtière"],
    ]);
    expect(first.bathing.sites.map((site) => site.distance_km)).toEqual([8.7, 12.9, 17.6]);
    expect(first.bathing.sites.every((site) => site.live_read_at === null && site.in_season === false)).toBe(true);
    // Out of season the live page not read yet is not news (issue 23): no technical message.
    expect(first.bathing.message).toBeNull();
    expect(first.bathing.source.url).toBe(BATHING_SOURCE.url);

    await waitForPageReads(3);
    const second = await report(app);
    const [reals, camping, casino] = second.bathing.sites;
    expect(reals).toMatchObject({ status_label: "Hors saison – Bonne", level: "good", classement: { year: 2026, label: "Bonne" } });
    // Issue 9: the banner of 18/07/2026 read in November, after the season, is not a ban in force:
    // it is information about the 2026 season, and the level comes from the classement.
    expect(camping).toMatchObject({
      level: "good",
      status_label: "Hors saison – Bonne",
      prohibition: { reason: "sanitaire", current: false, season: 2026, since: "2026-07-18" },
      latest_sample: { verdict: "Mauvais" },
    });
    expect(camping?.official_url).toMatch(/\/baignades\/consultSite\.do\?site=034000102&annee=2026$/);
    expect(casino).toMatchObject({ in_season: false, classement: { year: 2025, label: "Excellente" } });
    expect(second.bathing).toMatchObject({ level: "good", message: null });
    expect(second.recommendations.map((recommendation) => recommendation.id)).not.toContain("bathing-prohibited");
  });

  it("in season, a banner read live is a ban in force: critical, with its advice", async () => {
    t.setNow(new Date("2026-07-20T10:00:00Z"));
    try {
      const app = t.rebuild();
      await report(app);
      await waitForPageReads(3);
      const inSeason = await report(app);
      const camping = inSeason.bathing.sites[1];
      expect(camping).toMatchObject({
        name: "ORB-CAMPING MUNICIPAL",
        in_season: true,
        level: "critical",
        status_label: "Baignade interdite",
        prohibition: { current: true, season: 2026, since: "2026-07-18" },
      });
      expect(camping?.live_read_at).toBe("2026-07-20T10:00:00.000Z");
      expect(inSeason.bathing.level).toBe("critical");
      const advice = inSeason.recommendations.find((recommendation) => recommendation.id === "bathing-prohibited");
      expect(advice).toMatchObject({ link: "/blog/impact-baignade-sante", source: { url: BATHING_SOURCE.url } });
    } finally {
      t.setNow(NOW);
    }
  });

  it("keeps the last good snapshot when the portal fails, and never waits for it", async () => {
    // Waiting for the portal would cost its 5 s timeout; the answer comes well before.
    const app = t.rebuild({ UPSTREAM_TIMEOUT_MS: "5000" });
    await report(app);
    await waitForPageReads(3);
    t.upstreams.setMode("baignades", "timeout");
    const started = performance.now();
    const again = await report(app);
    expect(performance.now() - started).toBeLessThan(2000);
    // The last good snapshot is still shown: its banner, with the date it was read.
    expect(again.bathing.sites[1]).toMatchObject({ name: "ORB-CAMPING MUNICIPAL", prohibition: { since: "2026-07-18" }, live_read_at: NOW.toISOString() });
  });

  it("does not read a failing page again on every report: one background attempt per site at a time", async () => {
    const app = t.rebuild();
    t.upstreams.setData("bathing-page", "034000201", "baignades/derived/consultsite-derived-maintenance.html");
    const pageReads = () => t.upstreams.requests.filter((request) => request.source === "baignades" && request.path === "/consultSite.do").length;
    await report(app);
    await waitForPageReads(3);
    await report(app);
    const again = await report(app);
    await settleBackgroundReads();
    expect(pageReads()).toBe(3);
    expect(again.bathing.sites[2]).toMatchObject({ name: "LE CASINO", live_read_at: null });
  });

  it("refuses a page that does not match the known structure: the site keeps its official record only", async () => {
    const app = t.rebuild();
    t.upstreams.setData("bathing-page", "034000201", "baignades/derived/consultsite-derived-maintenance.html");
    await report(app);
    await waitForPageReads(3);
    const again = await report(app);
    expect(again.bathing.sites[2]).toMatchObject({ name: "LE CASINO", live_read_at: null, official_url: BATHING_SOURCE.url });
    expect(again.bathing.sites[1]?.live_read_at).not.toBeNull();
    expect(t.logs.some((entry) => entry.message === "bathing page unreadable")).toBe(true);
  });

  it("is neutral where no site is monitored within 20 km", async () => {
    const amiens = await report(t.rebuild(), MAIN_SCENARIO);
    expect(amiens.bathing).toMatchObject({
      success: true,
      level: "unavailable",
      sites: [],
      message: "Aucun site de baignade surveillé à proximité (moins de 20\u00a0km).",
    });
    // Nothing to ask the portal about (earlier tests' background reads may still land: ignore them).
    expect(t.upstreams.requests.filter((request) => request.source === "baignades" && request.query.insee_com?.startsWith("80"))).toHaveLength(0);
  });

  it("asks an overseas page for the season as the ministry numbers it: in November, the season ending next September (annee=2027)", async () => {
    // The official 2024 record runs every overseas season from 1 October to 30 September and names it after the
    // year it ends in (01/10/2023 → 30/09/2024 is « 2024 »). Asked with the calendar year, the page would be the
    // season that ended: its September ban and sample would read as today's.
    t.setNow(new Date("2026-11-10T14:00:00Z"));
    try {
      const app = t.rebuild();
      t.upstreams.setData("bathing-sites", "97113", { sites: [{ isite: "000140", nom: "BAS DU FORT" }] });
      t.upstreams.setData("bathing-page", "971000140@2026", "baignades/derived/consultsite-derived-overseas-season-2026.html");
      t.upstreams.setData("bathing-page", "971000140@2027", "baignades/derived/consultsite-derived-overseas-season-2027.html");
      await report(app, OVERSEAS_SCENARIO);
      await waitForPageReads(1);
      const pageRead = t.upstreams.requests.find((request) => request.source === "baignades" && request.path === "/consultSite.do");
      expect(pageRead?.query).toMatchObject({ site: "971000140", annee: "2027" });
      const again = await report(app, OVERSEAS_SCENARIO);
      const basDuFort = again.bathing.sites.find((candidate) => candidate.name === "BAS DU FORT");
      expect(basDuFort).toMatchObject({
        in_season: true,
        level: "good",
        status_label: "Bon",
        prohibition: null,
        latest_sample: { date: "2026-11-03", verdict: "Bon", current: true },
        season: { start: "2026-10-01", end: "2027-09-30", year: 2027, current: true },
      });
      expect(basDuFort?.official_url).toMatch(/consultSite\.do\?site=971000140&annee=2027$/);
      expect(again.recommendations.map((recommendation) => recommendation.id)).not.toContain("bathing-prohibited");
    } finally {
      t.setNow(NOW);
    }
  });

  it("a snapshot kept from before pages carried their season counts as the page it was asked for: the calendar year's", async () => {
    const july = new Date("2026-07-20T10:00:00Z");
    t.setNow(july);
    try {
      const app = t.rebuild();
      // Cached by the previous version (no `season`), read an hour ago: too fresh to be read again.
      await t.deps().cache.set(
        "baignades:snapshot:FRJ1334074D034540",
        {
          url: "https://baignades.sante.gouv.fr/baignades/consultSite.do?site=034000102&annee=2026",
          status: {
            fetchedAt: "2026-07-20T09:00:00.000Z",
            seasonStart: "2026-06-15",
            seasonEnd: "2026-09-15",
            lastSample: { date: "2026-07-17", verdict: "Mauvais" },
            prohibition: { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" },
            classement: { year: 2025, label: "Bonne" },
          },
        },
        30 * 24 * 3600,
      );
      const camping = (await report(app)).bathing.sites.find((candidate) => candidate.name === "ORB-CAMPING MUNICIPAL");
      expect(camping).toMatchObject({ level: "critical", status_label: "Baignade interdite", prohibition: { state: "in_force", season: 2026 } });
    } finally {
      t.setNow(NOW);
    }
  });

  it("finds the overseas sites too (Guadeloupe), from the record when the portal does not list them", async () => {
    const abymes = await report(t.rebuild(), OVERSEAS_SCENARIO);
    expect(abymes.bathing.sites.map((site) => site.commune)).toEqual(["GOSIER (LE)", "GOSIER (LE)", "GOSIER (LE)"]);
    await settleBackgroundReads();
    const siteList = t.upstreams.requests.find((request) => request.source === "baignades" && request.path === "/siteList.do");
    expect(siteList?.query).toMatchObject({ idCarte: "gua", insee_com: "97113", f: "json" });
  });
});
