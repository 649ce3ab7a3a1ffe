// The run's bulk reads (decisions 048, 049) over scripted days against the fake upstreams: the
// ingest stores one snapshot per source and département and keeps each commune's water digest; a
// batch evaluates air and water from them, and reads drought per commune only where the snapshot
// says something changed.
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestSources } from "../../src/server/alerts/ingest.ts";
import type { AlertSubject } from "../../src/server/alerts/subjects.ts";
import { processAlertBatch } from "../../src/server/alerts/process.ts";
import type { RunGates } from "../../src/server/alerts/rate-gate.ts";
import { loadRunChanges } from "../../src/server/alerts/snapshots.ts";
import { alertEvents, alertStates, sourceSnapshots, waterDigests } from "../../src/server/db/schema/index.ts";
import { addDaysToLocalDate, todayInParis } from "../../src/core/shared/time.ts";
import { resolvePlaceholders, startFakeUpstreams, type FakeRequest } from "../fakes/upstream-server.ts";
import { fetchAtmoIndicesForDays } from "../../src/sources/atmo/client.ts";
import { fetchCommunesEpci } from "../../src/sources/geo/client.ts";
import type { AtmoIndex } from "../../src/core/types.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const DAY_MS = 24 * 3600 * 1000;
const DAY1 = new Date("2026-11-22T16:00:00Z"); // 17:00 in Paris
const day = (n: number) => new Date(DAY1.getTime() + (n - 1) * DAY_MS);
const COMMUNES = [MAIN_SCENARIO.citycode, CRISIS_SCENARIO.citycode];
/** One watched commune per département here: build their digests from the département reads. */
const SEED_ALL = { ALERT_HUBEAU_SEED_MIN_COMMUNES: "1" };
const NO_WAIT: RunGates = { hubeau: async () => {}, vigieau: async () => {}, atmo: async () => {}, baignades: async () => {} };

let t: TestApp;

function frozen(file: string, at: Date): { data: Array<Record<string, unknown>> } {
  return JSON.parse(resolvePlaceholders(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8"), at)) as { data: Array<Record<string, unknown>> };
}

function frozenList(file: string, at: Date): Array<Record<string, unknown>> {
  return JSON.parse(resolvePlaceholders(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8"), at)) as Array<Record<string, unknown>>;
}

/** Subjects built directly (no sign-up): one per scenario address, water, drought and air. */
function subjectsOf(prefix: string): AlertSubject[] {
  return [MAIN_SCENARIO, CRISIS_SCENARIO].map((address) => ({
    subjectKey: `sub:${prefix}${address.citycode}`,
    recipientKey: `s_${prefix}${address.citycode}`,
    address: { ...address },
    udiCode: null,
    sources: ["water", "drought", "air"],
  }));
}

/** A new day on a fresh app (empty cache), with the requests it makes from here on. */
function startDay(n: number, overrides: Record<string, string> = {}) {
  t.setNow(day(n));
  t.rebuild(overrides);
  const from = t.upstreams.requests.length;
  return { deps: t.deps(), day: todayInParis(day(n)), requests: () => t.upstreams.requests.slice(from) };
}

/** Per-commune reads (the report's path), as opposed to the bulk ones. */
const perCommune = (requests: FakeRequest[]) => ({
  water: requests.filter((request) => request.source === "hubeau" && request.query.code_commune !== undefined).map((request) => request.query.code_commune),
  drought: requests.filter((request) => request.source === "vigieau" && request.path === "/zones").map((request) => request.query.commune),
  air: requests.filter((request) => request.source === "atmo" && /code_zone/.test(request.query.CQL_FILTER ?? "")),
});

async function eventsOf(prefix: string) {
  const rows = await t.db
    .select()
    .from(alertEvents)
    .where(sql`${alertEvents.subjectKey} like ${`sub:${prefix}%`}`);
  return rows
    .map((row) => {
      const payload = JSON.parse(row.payloadJson) as { event: { title: string } };
      return `${row.subjectKey.slice(-5)} ${row.source} ${row.eventKey} ${payload.event.title}`;
    })
    .sort();
}

async function stateOf(subjectKey: string, source: string): Promise<unknown> {
  const [row] = await t.db
    .select()
    .from(alertStates)
    .where(sql`${alertStates.subjectKey} = ${subjectKey} and ${alertStates.source} = ${source}`);
  return row ? (JSON.parse(row.stateJson) as unknown) : null;
}

beforeAll(async () => {
  t = await createTestApp({ now: DAY1 });
  // Water samples fixed at day 1: later days see no new sample unless a test adds one.
  t.upstreams.setData("results", MAIN_SCENARIO.citycode, frozen("hubeau/resultats-dis-derived-80021.json", DAY1));
  t.upstreams.setData("results", CRISIS_SCENARIO.citycode, frozen("hubeau/resultats-dis-derived-nitrates-62.json", DAY1));
  // Decrees fixed at day 1 too (the fixtures' dates are relative to the fake's clock).
  t.upstreams.setData("zones", MAIN_SCENARIO.citycode, frozenList("vigieau/zones-derived-80021-alerte.json", DAY1));
  t.upstreams.setData("zones", CRISIS_SCENARIO.citycode, frozenList("vigieau/zones-derived-34148-crise.json", DAY1));
});
afterAll(async () => {
  await t.close();
});

describe("bulk reads per run", () => {
  it("day 1: the ingest reads each source once per département and stores one snapshot each", async () => {
    const {
      deps,
      day: today,
      requests,
    } = startDay(1, { ALERT_ATMO_PAGE_SIZE: "2", ALERT_HUBEAU_PAGE_SIZE: "10", ALERT_HUBEAU_RESULTS_PAGE_SIZE: "10", ...SEED_ALL });
    const summary = await ingestSources(deps, { day: today, now: deps.clock(), communes: COMMUNES });

    // ATMO: the fixtures hold 6 features for today and tomorrow (Amiens, its EPCI, Les Abymes),
    // read 2 per page; the API Géo list once; Hub'Eau: 40 + 16 results in pages of 10 (4 + 2
    // pages) for the sample dates, then the same again with every field to build the digests;
    // VigiEau: one call per département.
    expect(summary.upstreamCalls).toEqual({ atmo: 3, geo: 1, hubeau: 12, vigieau: 2 });
    expect(summary.air).toEqual({ ok: true, indices: 6, epciKnown: true, mostIndicesHeld: 6 });
    expect(summary.water).toMatchObject({
      departmentsRead: 2,
      departmentsFailed: 0,
      seededDepartments: 2,
      seededCommunes: 2,
      perCommuneCommunes: 0,
      bulkResults: 56,
      watermarkMoved: true,
    });
    expect(summary.drought).toEqual({ departmentsRead: 2, departmentsFailed: 0, departmentsChanged: 2 });
    const atmoPages = requests().filter((request) => request.source === "atmo");
    expect(atmoPages.map((request) => request.query.startIndex)).toEqual(["0", "2", "4"]);
    expect(atmoPages[0]?.query).toMatchObject({ sortBy: "code_zone,date_ech", count: "2", CQL_FILTER: `date_ech>='${today}' AND date_ech<'2026-11-24'` });
    expect(atmoPages[0]?.query.propertyName?.split(",")).toContain("code_qual");
    const hubeau = requests().filter((request) => request.source === "hubeau");
    expect(hubeau.every((request) => request.query.code_departement !== undefined && request.query.date_max_prelevement === today)).toBe(true);
    expect(hubeau.filter((request) => request.query.fields === "code_commune,code_prelevement,date_prelevement")).toHaveLength(6);
    // The year read asks only the fields the evaluation maps.
    const yearRead = hubeau.find((request) => request.query.fields !== "code_commune,code_prelevement,date_prelevement");
    expect(yearRead?.query.fields?.split(",")).toEqual(
      expect.arrayContaining(["code_commune", "code_prelevement", "code_parametre", "resultat_alphanumerique", "conformite_limites_pc_prelevement", "reseaux"]),
    );
    expect(yearRead?.query.date_min_prelevement).toBe("2025-11-22");
    expect(
      requests()
        .filter((request) => request.source === "vigieau")
        .map((request) => request.path)
        .sort(),
    ).toEqual(["/zones/departement/34", "/zones/departement/80"]);

    const rows = await t.db.select().from(sourceSnapshots).where(eq(sourceSnapshots.day, today));
    expect(rows.map((row) => `${row.source}:${row.department}`).sort()).toEqual(["atmo:34", "atmo:80", "hubeau:34", "hubeau:80", "vigieau:34", "vigieau:80"]);

    const changes = await loadRunChanges(deps, { day: today, communes: [MAIN_SCENARIO.citycode, CRISIS_SCENARIO.citycode] });
    const amiens = changes.communes[MAIN_SCENARIO.citycode];
    // Amiens' own index, today Moyen and tomorrow Dégradé; its EPCI's is not needed.
    expect(amiens?.air?.atmo.ok && amiens.air.atmo.data.map((index) => [index.zoneCode, index.date, index.code])).toEqual([
      ["80021", today, 2],
      ["80021", "2026-11-23", 3],
    ]);
    expect(amiens?.air?.epci?.code).toBe("248000531");
    expect(changes.communes[CRISIS_SCENARIO.citycode]).toMatchObject({ air: { atmo: { ok: true, data: [] } }, water: "digest", droughtChanged: true });
    expect([...changes.digests.keys()].sort()).toEqual([CRISIS_SCENARIO.citycode, MAIN_SCENARIO.citycode]);
  });

  it("day 1: a batch with the snapshot detects the same events as the per-commune reads", async () => {
    const { deps, day: today, requests } = startDay(1);
    await processAlertBatch(deps, subjectsOf("percommune"), { gates: NO_WAIT, concurrency: 2 });
    const changes = await loadRunChanges(deps, { day: today, communes: [MAIN_SCENARIO.citycode, CRISIS_SCENARIO.citycode] });
    const before = requests().length;
    await processAlertBatch(deps, subjectsOf("bulk"), { gates: NO_WAIT, concurrency: 2, changes });

    const perCommuneEvents = (await eventsOf("percommune")).map((line) => line.replace("percommune", ""));
    expect(perCommuneEvents.length).toBeGreaterThanOrEqual(2);
    expect(await eventsOf("bulk")).toEqual(perCommuneEvents);
    // New subjects are judged from the digests (water) and read per commune for drought (from the
    // cache here); air never.
    expect(perCommune(requests().slice(before)).air).toEqual([]);
    expect(perCommune(requests().slice(before)).water).toEqual([]);
    for (const source of ["water", "drought", "air"]) {
      expect(await stateOf(`sub:bulk${CRISIS_SCENARIO.citycode}`, source)).toEqual(await stateOf(`sub:percommune${CRISIS_SCENARIO.citycode}`, source));
    }
  });

  it("day 2: no new sample and unchanged VigiEau zones — no per-commune read, no new event", async () => {
    const { deps, day: today, requests } = startDay(2);
    const summary = await ingestSources(deps, { day: today, now: deps.clock(), communes: COMMUNES });
    expect(summary.water).toMatchObject({ changedCommunes: 0, seededCommunes: 0, perCommuneCommunes: 0, bulkResults: 0 });
    expect(summary.drought.departmentsChanged).toBe(0);

    const changes = await loadRunChanges(deps, { day: today, communes: [MAIN_SCENARIO.citycode, CRISIS_SCENARIO.citycode] });
    const stateBefore = await stateOf(`sub:bulk${CRISIS_SCENARIO.citycode}`, "water");
    const outcome = await processAlertBatch(deps, subjectsOf("bulk"), { gates: NO_WAIT, concurrency: 2, changes });
    expect(outcome.alertsDetected).toBe(0);
    expect(perCommune(requests())).toEqual({ water: [], drought: [], air: [] });
    // The unchanged source keeps what the last run knew.
    expect(await stateOf(`sub:bulk${CRISIS_SCENARIO.citycode}`, "water")).toEqual(stateBefore);
    // Day 2's ATMO forecast continues the episode announced on day 1: the state moves, no email.
    expect(await stateOf(`sub:bulk${MAIN_SCENARIO.citycode}`, "air")).toEqual({ episodeLastDay: "2026-11-24" });
  });

  it("day 3: a new sample in one commune is folded into its digest from the département read, and tells its subject", async () => {
    const results = frozen("hubeau/resultats-dis-derived-nitrates-62.json", DAY1);
    const newest = results.data.filter((item) => item.code_prelevement === results.data[0]?.code_prelevement);
    const recovery = newest.map((item) => ({
      ...item,
      code_prelevement: "03400999999",
      date_prelevement: "2026-11-23T08:00:00Z",
      conformite_limites_pc_prelevement: "C",
      ...(String(item.code_parametre) === "1340" ? { resultat_alphanumerique: "38", resultat_numerique: 38 } : {}),
    }));
    t.upstreams.setData("results", CRISIS_SCENARIO.citycode, { ...results, data: [...recovery, ...results.data] });

    const { deps, day: today, requests } = startDay(3);
    const summary = await ingestSources(deps, { day: today, now: deps.clock(), communes: COMMUNES });
    expect(summary.water).toMatchObject({ changedCommunes: 1, seededCommunes: 0, perCommuneCommunes: 0 });
    const changes = await loadRunChanges(deps, { day: today, communes: [MAIN_SCENARIO.citycode, CRISIS_SCENARIO.citycode] });
    expect(changes.communes[MAIN_SCENARIO.citycode]?.water).toBe("unchanged");
    expect(changes.communes[CRISIS_SCENARIO.citycode]?.water).toBe("digest");

    const outcome = await processAlertBatch(deps, subjectsOf("bulk"), { gates: NO_WAIT, concurrency: 2, changes });
    const reads = perCommune(requests());
    // Only the département reads: no commune's year is read again.
    expect(reads.water).toEqual([]);
    expect(reads.drought).toEqual([]);
    expect(outcome.alertsDetected).toBe(1);
    expect((await eventsOf("bulk")).filter((line) => line.includes("water:ok:"))).toEqual([
      `34148 water water:ok:034000871:2026-11-23T08:00:00Z ${"Eau du robinet\u00a0: retour à la conformité"}`,
    ]);

    // The same day again: the same changes, and nothing recorded twice.
    const again = await processAlertBatch(deps, subjectsOf("bulk"), {
      gates: NO_WAIT,
      concurrency: 2,
      changes: await loadRunChanges(deps, { day: today, communes: [MAIN_SCENARIO.citycode, CRISIS_SCENARIO.citycode] }),
    });
    expect(again.alertsDetected).toBe(0);
  });

  it("day 4: a failing ATMO page leaves the day without air (no alert, the batch completes); a retry stores it", async () => {
    const { deps, day: today, requests } = startDay(4, { ALERT_ATMO_PAGE_SIZE: "2" });
    t.upstreams.failNextRequests("atmo", 1, (request) => request.query.startIndex === "2");
    const failed = await ingestSources(deps, { day: today, now: deps.clock(), communes: COMMUNES });
    expect(failed.air.ok).toBe(false);
    expect(failed.upstreamCalls.atmo).toBe(2);
    expect(t.logs.at(-1)).toMatchObject({ level: "warn", message: "alert sources ingested", fields: { airOk: false } });

    const airBefore = await stateOf(`sub:bulk${MAIN_SCENARIO.citycode}`, "air");
    const changes = await loadRunChanges(deps, { day: today, communes: [MAIN_SCENARIO.citycode, CRISIS_SCENARIO.citycode] });
    expect(changes.communes[MAIN_SCENARIO.citycode]?.air).toBeNull();
    const outcome = await processAlertBatch(deps, subjectsOf("bulk"), { gates: NO_WAIT, concurrency: 2, changes });
    expect(outcome).toMatchObject({ subjectsChecked: 2, alertsDetected: 0 });
    expect(perCommune(requests()).air).toEqual([]);
    expect(await stateOf(`sub:bulk${MAIN_SCENARIO.citycode}`, "air")).toEqual(airBefore);

    const retry = await ingestSources(deps, { day: today, now: deps.clock(), communes: COMMUNES });
    expect(retry.air.ok).toBe(true);
    const retried = await loadRunChanges(deps, { day: today, communes: [MAIN_SCENARIO.citycode, CRISIS_SCENARIO.citycode] });
    await processAlertBatch(deps, subjectsOf("bulk"), { gates: NO_WAIT, concurrency: 2, changes: retried });
    expect(await stateOf(`sub:bulk${MAIN_SCENARIO.citycode}`, "air")).toEqual({ episodeLastDay: "2026-11-26" });
  });

  it("day 5: a changed VigiEau département re-reads its subscribed communes only", async () => {
    const zones = frozenList("vigieau/zones-derived-80021-alerte.json", DAY1);
    t.upstreams.setData(
      "zones",
      MAIN_SCENARIO.citycode,
      zones.map((zone) => ({ ...zone, niveauGravite: "crise" })),
    );
    const { deps, day: today, requests } = startDay(5);
    const summary = await ingestSources(deps, { day: today, now: deps.clock(), communes: COMMUNES });
    expect(summary.drought.departmentsChanged).toBe(1);
    const changes = await loadRunChanges(deps, { day: today, communes: [MAIN_SCENARIO.citycode, CRISIS_SCENARIO.citycode] });
    const outcome = await processAlertBatch(deps, subjectsOf("bulk"), { gates: NO_WAIT, concurrency: 2, changes });
    expect(perCommune(requests()).drought).toEqual([MAIN_SCENARIO.citycode]);
    expect(outcome.alertsDetected).toBe(1);
    expect((await eventsOf("bulk")).some((line) => line.startsWith("80021 drought drought:SUP-crise:"))).toBe(true);
  });
});

describe("water digests built per commune, and the fallbacks", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ now: DAY1 });
    app.upstreams.setData("results", CRISIS_SCENARIO.citycode, frozen("hubeau/resultats-dis-derived-nitrates-62.json", DAY1));
    app.upstreams.setData("zones", CRISIS_SCENARIO.citycode, frozenList("vigieau/zones-derived-34148-crise.json", DAY1));
  });
  afterAll(async () => {
    await app.close();
  });

  const subject: AlertSubject = {
    subjectKey: "sub:seed34148",
    recipientKey: "s_seed34148",
    address: { ...CRISIS_SCENARIO },
    udiCode: null,
    sources: ["water"],
  };
  const waterReads = (from: number) =>
    app.upstreams.requests
      .slice(from)
      .filter((request) => request.source === "hubeau" && request.query.code_commune !== undefined)
      .map((request) => request.path);

  it("a commune alone without a digest is read per commune once, and that read seeds its digest", async () => {
    app.setNow(DAY1);
    app.rebuild();
    const deps = app.deps();
    const today = todayInParis(DAY1);
    const summary = await ingestSources(deps, { day: today, now: DAY1, communes: [CRISIS_SCENARIO.citycode] });
    // Below ALERT_HUBEAU_SEED_MIN_COMMUNES (5): no year read for one commune.
    expect(summary.water).toMatchObject({ seededCommunes: 0, perCommuneCommunes: 1, bulkResults: 0 });
    const changes = await loadRunChanges(deps, { day: today, communes: [CRISIS_SCENARIO.citycode] });
    expect(changes.communes[CRISIS_SCENARIO.citycode]?.water).toBe("read");
    const from = app.upstreams.requests.length;
    const outcome = await processAlertBatch(deps, [subject], { gates: NO_WAIT, concurrency: 1, changes });
    expect(outcome.alertsDetected).toBe(1);
    // The networks, the last twelve months, and the results before them (decision 052).
    expect(waterReads(from).sort()).toEqual(["/communes_udi", "/resultats_dis", "/resultats_dis"]);
    const [row] = await app.db.select().from(waterDigests).where(eq(waterDigests.citycode, CRISIS_SCENARIO.citycode));
    expect(row).toMatchObject({ department: "34" });
    expect(row?.newestSampleAt).toMatch(/^2026-/);

    // The next day, nothing new: no read at all for this commune.
    const next = day(2);
    app.setNow(next);
    app.rebuild();
    const deps2 = app.deps();
    const summary2 = await ingestSources(deps2, { day: todayInParis(next), now: next, communes: [CRISIS_SCENARIO.citycode] });
    expect(summary2.water).toMatchObject({ changedCommunes: 0, perCommuneCommunes: 0 });
    const from2 = app.upstreams.requests.length;
    const changes2 = await loadRunChanges(deps2, { day: todayInParis(next), communes: [CRISIS_SCENARIO.citycode] });
    expect(changes2.communes[CRISIS_SCENARIO.citycode]?.water).toBe("unchanged");
    await processAlertBatch(deps2, [subject], { gates: NO_WAIT, concurrency: 1, changes: changes2 });
    expect(waterReads(from2)).toEqual([]);
  });

  it("a département whose results read fails sends its changed communes per commune; a re-run of the day keeps them", async () => {
    const results = frozen("hubeau/resultats-dis-derived-nitrates-62.json", DAY1);
    const newest = results.data.filter((item) => item.code_prelevement === results.data[0]?.code_prelevement);
    const next = newest.map((item) => ({ ...item, code_prelevement: "03400888888", date_prelevement: "2026-11-24T08:00:00Z" }));
    app.upstreams.setData("results", CRISIS_SCENARIO.citycode, { ...results, data: [...next, ...results.data] });
    const when = day(3);
    app.setNow(when);
    app.rebuild();
    const deps = app.deps();
    const today = todayInParis(when);
    // The sample dates answer; the read with every field fails.
    app.upstreams.failNextRequests(
      "hubeau",
      1,
      (request) => request.query.code_departement !== undefined && request.query.fields !== "code_commune,code_prelevement,date_prelevement",
    );
    const failed = await ingestSources(deps, { day: today, now: when, communes: [CRISIS_SCENARIO.citycode] });
    expect(failed.water).toMatchObject({ changedCommunes: 0, perCommuneCommunes: 1 });
    expect((await loadRunChanges(deps, { day: today, communes: [CRISIS_SCENARIO.citycode] })).communes[CRISIS_SCENARIO.citycode]?.water).toBe("read");

    // Run again the same day: the read works, the commune is judged from its digest.
    const retried = await ingestSources(deps, { day: today, now: when, communes: [CRISIS_SCENARIO.citycode] });
    expect(retried.water).toMatchObject({ changedCommunes: 1, perCommuneCommunes: 0 });
    const changes = await loadRunChanges(deps, { day: today, communes: [CRISIS_SCENARIO.citycode] });
    expect(changes.communes[CRISIS_SCENARIO.citycode]?.water).toBe("digest");
    const [row] = await app.db.select().from(waterDigests).where(eq(waterDigests.citycode, CRISIS_SCENARIO.citycode));
    expect(row?.newestSampleAt).toBe("2026-11-24T08:00:00Z");
    // The same day once more: the digest knows the sample, but the day's snapshot still names it.
    await ingestSources(deps, { day: today, now: when, communes: [CRISIS_SCENARIO.citycode] });
    expect((await loadRunChanges(deps, { day: today, communes: [CRISIS_SCENARIO.citycode] })).communes[CRISIS_SCENARIO.citycode]?.water).toBe("digest");
  });

  it("a département with no drought zone in force judges its communes without a VigiEau call per commune", async () => {
    app.upstreams.setData("zones", CRISIS_SCENARIO.citycode, []);
    const when = day(4);
    app.setNow(when);
    app.rebuild();
    const deps = app.deps();
    const today = todayInParis(when);
    await ingestSources(deps, { day: today, now: when, communes: [CRISIS_SCENARIO.citycode] });
    const changes = await loadRunChanges(deps, { day: today, communes: [CRISIS_SCENARIO.citycode] });
    expect(changes.communes[CRISIS_SCENARIO.citycode]).toMatchObject({ droughtChanged: true, droughtNone: true });
    const from = app.upstreams.requests.length;
    const newcomer: AlertSubject = { ...subject, subjectKey: "sub:drought34148", recipientKey: "s_drought34148", sources: ["drought"] };
    await processAlertBatch(deps, [newcomer], { gates: NO_WAIT, concurrency: 1, changes });
    expect(app.upstreams.requests.slice(from).filter((request) => request.source === "vigieau")).toEqual([]);
    const [state] = await app.db
      .select()
      .from(alertStates)
      .where(sql`${alertStates.subjectKey} = 'sub:drought34148' and ${alertStates.source} = 'drought'`);
    expect(JSON.parse(state?.stateJson ?? "null")).toEqual({ version: 2, zones: {} });
  });

  it("first drought judgements take from the day's budget; the others wait for the next run, changes never do", async () => {
    app.upstreams.setData("zones", CRISIS_SCENARIO.citycode, frozenList("vigieau/zones-derived-34148-crise.json", DAY1));
    const when = day(5);
    app.setNow(when);
    app.rebuild({ ALERT_VIGIEAU_FIRST_READS_PER_RUN: "0" });
    const deps = app.deps();
    const today = todayInParis(when);
    await ingestSources(deps, { day: today, now: when, communes: [CRISIS_SCENARIO.citycode] });
    const changes = await loadRunChanges(deps, { day: today, communes: [CRISIS_SCENARIO.citycode] });
    expect(changes.communes[CRISIS_SCENARIO.citycode]).toMatchObject({ droughtNone: false });
    const newcomer: AlertSubject = { ...subject, subjectKey: "sub:budget34148", recipientKey: "s_budget34148", sources: ["drought"] };
    const droughtReads = (from: number) => app.upstreams.requests.slice(from).filter((request) => request.source === "vigieau" && request.path === "/zones");
    const stateOfNewcomer = async () => {
      const [row] = await app.db
        .select()
        .from(alertStates)
        .where(sql`${alertStates.subjectKey} = 'sub:budget34148' and ${alertStates.source} = 'drought'`);
      return row ? (JSON.parse(row.stateJson) as unknown) : null;
    };
    let from = app.upstreams.requests.length;
    await processAlertBatch(deps, [newcomer], { gates: NO_WAIT, concurrency: 1, changes });
    expect(droughtReads(from)).toEqual([]);
    expect(await stateOfNewcomer()).toBeNull();

    // With a budget of one: the first read is taken, the next commune's would wait.
    app.rebuild({ ALERT_VIGIEAU_FIRST_READS_PER_RUN: "1" });
    const withBudget = app.deps();
    from = app.upstreams.requests.length;
    await processAlertBatch(withBudget, [newcomer], { gates: NO_WAIT, concurrency: 1, changes });
    expect(droughtReads(from)).toHaveLength(1);
    expect(await stateOfNewcomer()).toEqual({ version: 2, zones: { AEP: "alerte", SUP: "crise" } });
    const other: AlertSubject = { ...newcomer, subjectKey: "sub:budget34148b", recipientKey: "s_budget34148b" };
    from = app.upstreams.requests.length;
    await processAlertBatch(withBudget, [other], { gates: NO_WAIT, concurrency: 1, changes });
    expect(droughtReads(from)).toEqual([]);
  });
});

describe("the air read at national scale (decision 062: pages in, pages out)", () => {
  it("holds one ATMO page and the watched zones' indices at once, never the country's two days, and stores what the whole read gave", async () => {
    // A generated country of 2 000 communes (about 3 500 indices for two days), read 100 per page;
    // the watched communes are two of the Somme's. A Worker isolate has 128 MB: the national read
    // (~70 000 indices) must not be held whole (issue 24, item 3).
    const national = await startFakeUpstreams({ now: DAY1, national: { communes: 2000 } });
    try {
      const pageSize = 100;
      const { deps, day: today } = startDay(1, {
        ATMO_WFS_URL: national.config.ATMO_WFS_URL,
        GEO_API_URL: national.config.GEO_API_URL,
        ALERT_ATMO_PAGE_SIZE: String(pageSize),
      });
      const watched = ["80001", "80014"];
      const summary = await ingestSources(deps, { day: today, now: deps.clock(), communes: watched });
      expect(summary.air.ok).toBe(true);
      expect(summary.air.indices).toBeGreaterThan(3000);
      expect(summary.upstreamCalls.atmo).toBeGreaterThan(30);

      // What the snapshot of the Somme holds, computed the old way from the whole read.
      const opts = { baseUrl: national.config.ATMO_WFS_URL, timeoutMs: 10_000 };
      const all: AtmoIndex[] = [];
      await fetchAtmoIndicesForDays(opts, {
        fromDay: today,
        toDay: addDaysToLocalDate(today, 1),
        pageSize: 1000,
        onPage: (page) => all.push(...page.map((entry) => entry.index)),
      });
      const membership = await fetchCommunesEpci({ baseUrl: national.config.GEO_API_URL, timeoutMs: 10_000 });
      if (!membership.ok) throw new Error("API Géo list");
      const byZone = new Map<string, AtmoIndex[]>();
      for (const index of [...all].sort((a, b) => a.date.localeCompare(b.date))) byZone.set(index.zoneCode, [...(byZone.get(index.zoneCode) ?? []), index]);
      const expected = { indices: {} as Record<string, AtmoIndex[]>, epciOf: {} as Record<string, string | null> };
      for (const [zone, indices] of byZone) if (!/^\d{9}$/.test(zone) && zone.startsWith("80")) expected.indices[zone] = indices;
      for (const [commune, epci] of membership.data) {
        if (!commune.startsWith("80")) continue;
        expected.epciOf[commune] = epci;
        if (epci && byZone.has(epci)) expected.indices[epci] = byZone.get(epci)!;
      }
      const [row] = await t.db
        .select()
        .from(sourceSnapshots)
        .where(sql`${sourceSnapshots.source} = 'atmo' and ${sourceSnapshots.department} = '80' and ${sourceSnapshots.day} = ${today}`);
      expect(JSON.parse(row!.payloadJson)).toEqual(expected);

      // The most held at once: one page plus the kept indices of the Somme's zones — not the country's.
      const keptOfSomme = Object.values(expected.indices).reduce((sum, indices) => sum + indices.length, 0);
      expect(summary.air.mostIndicesHeld).toBeLessThanOrEqual(pageSize + keptOfSomme);
      expect(summary.air.mostIndicesHeld).toBeLessThan(summary.air.indices / 10);
    } finally {
      await national.close();
    }
  });
});
