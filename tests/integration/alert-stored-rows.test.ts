// Everything the alert run keeps between runs is read through a schema (src/server/alerts/
// snapshots.ts): a corrupt row in any table is logged by table and kind — never its content —
// and treated as absent, and the run goes on: a missing snapshot means « read per commune », a
// missing digest « read the year again », a missing state « first judgement », an unreadable
// event is not sent while the others are.
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInParis } from "../../src/core/shared/time.ts";
import { ingestSources } from "../../src/server/alerts/ingest.ts";
import { runAlerts } from "../../src/server/alerts/run.ts";
import { loadRunChanges, loadWaterDigests, readRunSummary } from "../../src/server/alerts/snapshots.ts";
import { subscriptionRecipientKey } from "../../src/server/db/alert-keys.ts";
import { toAddressColumnValues } from "../../src/server/db/schema/address-columns.ts";
import { alertEvents, alertStates, alertSubscriptions, sourceSnapshots, waterDigests } from "../../src/server/db/schema/index.ts";
import type { LogEntry } from "../../src/server/deps.ts";
import { resolvePlaceholders } from "../fakes/upstream-server.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const DAY_MS = 24 * 3600 * 1000;
const DAY1 = new Date("2026-11-22T16:00:00Z"); // 17:00 in Paris
const day = (n: number) => new Date(DAY1.getTime() + (n - 1) * DAY_MS);
const COMMUNES = [MAIN_SCENARIO.citycode, CRISIS_SCENARIO.citycode];
const SEED_ALL = { ALERT_HUBEAU_SEED_MIN_COMMUNES: "1" };
/** Text that must never reach a log line. */
const SECRET = "contenu-prive-jamais-journalise";

let t: TestApp;

function frozen(file: string, at: Date): unknown {
  return JSON.parse(resolvePlaceholders(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8"), at)) as unknown;
}

function startDay(n: number) {
  t.setNow(day(n));
  t.rebuild(SEED_ALL);
  const from = t.logs.length;
  return { deps: t.deps(), today: todayInParis(day(n)), logs: () => t.logs.slice(from) };
}

const unreadable = (logs: LogEntry[]) =>
  logs.filter((entry) => entry.message === "stored row unreadable, treated as absent").map((entry) => entry.fields ?? {});

async function corruptSnapshot(dayText: string, source: string, department: string, payloadJson: string) {
  await t.db
    .update(sourceSnapshots)
    .set({ payloadJson })
    .where(and(eq(sourceSnapshots.day, dayText), eq(sourceSnapshots.source, source), eq(sourceSnapshots.department, department)));
}

beforeAll(async () => {
  t = await createTestApp({ now: DAY1 });
  t.upstreams.setData("results", MAIN_SCENARIO.citycode, frozen("hubeau/resultats-dis-derived-80021.json", DAY1) as { data: Array<Record<string, unknown>> });
  t.upstreams.setData(
    "results",
    CRISIS_SCENARIO.citycode,
    frozen("hubeau/resultats-dis-derived-nitrates-62.json", DAY1) as { data: Array<Record<string, unknown>> },
  );
  t.upstreams.setData("zones", MAIN_SCENARIO.citycode, frozen("vigieau/zones-derived-80021-alerte.json", DAY1) as Array<Record<string, unknown>>);
  t.upstreams.setData("zones", CRISIS_SCENARIO.citycode, frozen("vigieau/zones-derived-34148-crise.json", DAY1) as Array<Record<string, unknown>>);
});
afterAll(async () => {
  await t.close();
});

describe("a corrupt row is logged and treated as absent", () => {
  it("source_snapshots of the day: the batch reads that commune per commune; the other département is untouched", async () => {
    const { deps, today, logs } = startDay(1);
    await ingestSources(deps, { day: today, now: deps.clock(), communes: COMMUNES });
    const healthy = await loadRunChanges(deps, { day: today, communes: COMMUNES });
    expect(healthy.communes[MAIN_SCENARIO.citycode]).toMatchObject({ water: "digest", droughtChanged: true });
    expect(healthy.communes[MAIN_SCENARIO.citycode]?.air).not.toBeNull();

    await corruptSnapshot(today, "atmo", "80", `{"indices": {"80021": [{"label": "${SECRET}"}]}, "epciOf": null}`);
    await corruptSnapshot(today, "hubeau", "80", `{"changed": "${SECRET}"`);
    await corruptSnapshot(today, "vigieau", "80", `{"fingerprintSha256": 1, "zoneCount": -1, "changed": "${SECRET}"}`);
    const changes = await loadRunChanges(deps, { day: today, communes: COMMUNES });
    expect(changes.communes[MAIN_SCENARIO.citycode]).toMatchObject({ air: null, water: "read", droughtChanged: true, droughtNone: false });
    expect(changes.communes[CRISIS_SCENARIO.citycode]).toEqual(healthy.communes[CRISIS_SCENARIO.citycode]);
    expect(unreadable(logs())).toEqual([
      { table: "source_snapshots", kind: "atmo", issue: expect.stringMatching(/at indices\.80021\.0\./) },
      { table: "source_snapshots", kind: "hubeau", issue: "not JSON" },
      { table: "source_snapshots", kind: "vigieau", issue: expect.stringMatching(/at fingerprintSha256$/) },
    ]);
    expect(JSON.stringify(logs())).not.toContain(SECRET);
  });

  it("source_snapshots of an earlier day: an unreadable VigiEau baseline counts as a change", async () => {
    // Day 1's VigiEau snapshot of the Somme is the baseline of day 2.
    const { deps, today } = startDay(2);
    await ingestSources(deps, { day: today, now: deps.clock(), communes: COMMUNES });
    await corruptSnapshot(today, "vigieau", "80", "null");
    const { deps: deps3, today: day3, logs: logs3 } = startDay(3);
    const summary = await ingestSources(deps3, { day: day3, now: deps3.clock(), communes: COMMUNES });
    // The Hérault's zones did not change since day 2; the Somme's baseline could not be read.
    expect(summary.drought).toEqual({ departmentsRead: 2, departmentsFailed: 0, departmentsChanged: 1 });
    expect(unreadable(logs3())).toEqual([{ table: "source_snapshots", kind: "vigieau", issue: expect.stringMatching(/^invalid_type/) }]);
  });

  it("water_digests: an unreadable digest is absent (the commune is read again and its digest rebuilt)", async () => {
    const { deps, logs } = startDay(3);
    expect([...(await loadWaterDigests(deps, COMMUNES)).keys()].sort()).toEqual([...COMMUNES].sort());
    await t.db
      .update(waterDigests)
      .set({ payloadJson: `{"version": 2, "udis": ["${SECRET}"]}` })
      .where(eq(waterDigests.citycode, MAIN_SCENARIO.citycode));
    const digests = await loadWaterDigests(deps, COMMUNES);
    expect([...digests.keys()]).toEqual([CRISIS_SCENARIO.citycode]);
    expect(unreadable(logs())).toEqual([{ table: "water_digests", kind: "digest", issue: expect.stringMatching(/at udis\.0$/) }]);
    expect(JSON.stringify(logs())).not.toContain(SECRET);
  });

  it("alert_states and alert_events: the run goes on, re-judges the subject and sends the readable events only", async () => {
    const nowMs = day(3).getTime() - 3600_000;
    await t.db.insert(alertSubscriptions).values({
      id: "stored1",
      email: "stored@exemple-zs.fr",
      ...toAddressColumnValues(CRISIS_SCENARIO),
      partnerOrigin: null,
      consentAtMs: nowMs,
      confirmationSentAtMs: nowMs,
      confirmedAtMs: nowMs,
      createdAtMs: nowMs,
    });
    const first = startDay(4);
    await runAlerts(first.deps);
    const subjectKey = "sub:stored1";
    const states = await t.db.select().from(alertStates).where(eq(alertStates.subjectKey, subjectKey));
    expect(states.map((row) => row.source).sort()).toEqual(expect.arrayContaining(["drought", "water"]));

    // The drought state is corrupt (an unknown level), the water state is not JSON.
    await t.db
      .update(alertStates)
      .set({ stateJson: `{"gravity": "${SECRET}"}` })
      .where(and(eq(alertStates.subjectKey, subjectKey), eq(alertStates.source, "drought")));
    await t.db
      .update(alertStates)
      .set({ stateJson: SECRET })
      .where(and(eq(alertStates.subjectKey, subjectKey), eq(alertStates.source, "water")));
    // Two events wait to be sent: one readable, one not.
    const recipientKey = subscriptionRecipientKey("stored1");
    const event = {
      source: "air",
      key: "air:episode:2026-11-26",
      severity: "warning",
      kind: "air-episode",
      title: "Qualité de l'air : épisode prévu demain",
      lines: ["Indice ATMO prévu : Mauvais."],
      dataDate: "2026-11-26",
      sourceRef: { name: "Indice ATMO", url: "https://www.atmo-france.org/", publisher: "Atmo France" },
    };
    const pending = (id: string, payloadJson: string, source: string) => ({
      id,
      recipientKey,
      subjectKey,
      source,
      eventKey: `${source}:${id}`,
      payloadJson,
      detectedAtMs: nowMs,
    });
    await t.db
      .insert(alertEvents)
      .values([
        pending("readable1", JSON.stringify({ addressLabel: CRISIS_SCENARIO.label, reportUrl: "http://127.0.0.1:4321/rapport", event }), "air"),
        pending("corrupt01", JSON.stringify({ addressLabel: SECRET, reportUrl: 42, event }), "bathing"),
      ]);

    const second = startDay(5);
    const emailsBefore = t.resend.emails.length;
    const summary = await runAlerts(second.deps);
    expect(summary.messagesDeadLettered).toBe(0);
    const sent = t.resend.emails.slice(emailsBefore).filter((email) => email.to.includes("stored@exemple-zs.fr"));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain("épisode prévu demain");
    expect(sent[0]?.text).not.toContain(SECRET);
    const [corrupt] = await t.db.select().from(alertEvents).where(eq(alertEvents.id, "corrupt01"));
    expect(corrupt).toMatchObject({ sentAtMs: null, lastError: "stored payload unreadable" });

    // Both states were treated as absent, judged again as first states, and stored readable.
    const after = await t.db.select().from(alertStates).where(eq(alertStates.subjectKey, subjectKey));
    for (const row of after) expect(() => JSON.parse(row.stateJson) as unknown, row.source).not.toThrow();
    expect(JSON.parse(after.find((row) => row.source === "drought")?.stateJson ?? "null")).toMatchObject({ version: 2, zones: { SUP: "crise" } });
    const logged = unreadable(second.logs());
    expect(logged).toEqual(
      expect.arrayContaining([
        // Neither the per-type shape nor the one stored before issue 20.
        { table: "alert_states", kind: "drought", issue: "invalid_union at (root)" },
        { table: "alert_states", kind: "water", issue: "not JSON" },
        { table: "alert_events", kind: "bathing", issue: expect.stringMatching(/at reportUrl$/) },
      ]),
    );
    expect(JSON.stringify(second.logs())).not.toContain(SECRET);
    expect(JSON.stringify(second.logs())).not.toContain("stored@exemple-zs.fr");
  });

  it("alert_runs: an unreadable summary is shown as none", () => {
    const logs: LogEntry[] = [];
    expect(readRunSummary({ log: (entry) => logs.push(entry) }, `{"runId": "${SECRET}"`)).toBeNull();
    expect(readRunSummary({ log: (entry) => logs.push(entry) }, '{"runId": "r1"}')).toEqual({ runId: "r1" });
    expect(logs.map((entry) => entry.fields)).toEqual([{ table: "alert_runs", kind: "summary", issue: "not JSON" }]);
  });
});
