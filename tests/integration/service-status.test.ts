// The service's status in public (issue 24, decision 061): GET /api/v1/status judges each official
// source's last successful read against its own publication rhythm, lists the last 7 alert runs,
// and the admins hear once a day per cause of a missed deadline or of dead letters. Every line a
// request logs carries its request id.
import { readFileSync } from "node:fs";
import { inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { adminNotices, alertRuns, sourceReads } from "../../src/server/db/schema/index.ts";
import { saveSourceRead, type SourceReadInput } from "../../src/server/db/repositories/source-reads.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { useFreshApp, useTestApp } from "../helpers/test-app.ts";

/** Background writes and sends are waited for, not timed: a busy machine may take longer than vitest's 1 s default. */
const SETTLED = { timeout: 10_000, interval: 20 };

const NOW = new Date("2026-11-24T10:00:00Z"); // 11:00 in Paris, out of the bathing season
const t = useTestApp({ now: NOW }, { now: NOW, resetUpstreams: true, resetResend: true, onlyKnownUpstreams: true });
// A new app before each test: a new process's sources, cache and write throttle.
const app = useFreshApp(t);

interface StatusAnswer {
  sources: Array<{
    id: string;
    state: string;
    label: string;
    lastSuccessAt: string | null;
    lastFailureAt: string | null;
    lastAttempt: { at: string; outcome: string } | null;
    failingSince: string | null;
    lastRefusedAt: string | null;
  }>;
  runs: Array<{
    startedAt: string;
    completed: boolean;
    outcome: string;
    finishedAt: string | null;
    addressesChecked: number;
    emailsSent: number;
    emailFailures: number;
    deadLetters: number;
  }>;
}

let ip = 0;
const call = (path: string, headers: Record<string, string> = {}) => app().request(path, { headers: { "x-test-ip": `203.0.113.${++ip}`, ...headers } });

async function readStatus(): Promise<StatusAnswer> {
  const response = await call("/api/v1/status");
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("public, max-age=60");
  return (await response.json()) as StatusAnswer;
}

const stateOf = (status: StatusAnswer, id: string) => status.sources.find((source) => source.id === id);

beforeEach(async () => {
  await t.db.delete(sourceReads);
  await t.db.delete(alertRuns);
  await t.db.delete(adminNotices);
});

describe("GET /api/v1/status: each source against its own rhythm", () => {
  it("a source past its deadline reads « en retard » (VigiEau is daily: two days after the last read)", async () => {
    const report = await call(`/api/v1/report?${reportQueryOf(MAIN_SCENARIO).toString()}`);
    expect(report.status).toBe(200);
    const fresh = await readStatus();
    expect(stateOf(fresh, "vigieau")).toMatchObject({ state: "fresh", label: "à jour", lastSuccessAt: NOW.toISOString() });
    expect(stateOf(fresh, "hubeau")).toMatchObject({ state: "fresh", label: "à jour" });

    t.setNow(new Date("2026-11-26T10:00:00Z"));
    app.rebuild();
    const later = await readStatus();
    expect(stateOf(later, "vigieau")).toMatchObject({ state: "late", label: "en retard", lastSuccessAt: NOW.toISOString() });
    // Hub'Eau is monthly: two days later it is still « à jour ».
    expect(stateOf(later, "hubeau")).toMatchObject({ state: "fresh", label: "à jour" });
    // Out of season, bathing is not judged.
    expect(stateOf(later, "baignades")).toMatchObject({ state: "off_season", label: "hors saison" });
  });

  it("a source whose last read failed, with no success within its deadline, reads « indisponible »", async () => {
    t.upstreams.setMode("ban", "error500");
    expect((await call("/api/v1/geocode?q=8+boulevard+du+port")).status).toBe(503);
    expect(stateOf(await readStatus(), "ban")).toMatchObject({ state: "unavailable", label: "indisponible", lastSuccessAt: null });
  });

  it("a source never read is « en retard », never « à jour » (no reassurance without data)", async () => {
    expect(stateOf(await readStatus(), "atmo")).toMatchObject({ state: "late", label: "en retard", lastSuccessAt: null });
  });
});

// Decision 085: beside freshness, each source's last attempt and its outcome, recorded where every
// upstream call goes through (services/sources.ts), written to the database off the answer's path
// when the outcome changes (at most every 10 s) or else at most once a minute per source and process.
describe("GET /api/v1/status: each source's last attempt", () => {
  const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
  const storedRead = async (source: string) => (await t.db.select().from(sourceReads)).find((row) => row.source === source);

  it("a failed attempt after a success is said at once, with since when, the source still « à jour »; the next success clears it", async () => {
    expect((await call(`/api/v1/report?${reportQueryOf(MAIN_SCENARIO).toString()}`)).status).toBe(200);
    expect(stateOf(await readStatus(), "hubeau")).toMatchObject({ lastAttempt: { at: NOW.toISOString(), outcome: "success" }, failingSince: null });

    // Twenty seconds later Hub'Eau answers 500 (another commune: Amiens' answers are in the cache, which is no attempt).
    t.setNow(at(20));
    t.upstreams.setMode("hubeau", "error500");
    const failed = await call(`/api/v1/report?${reportQueryOf(CRISIS_SCENARIO).toString()}`);
    expect(((await failed.json()) as { water_quality: { success: boolean } }).water_quality.success).toBe(false);
    expect(stateOf(await readStatus(), "hubeau")).toMatchObject({
      state: "fresh",
      label: "à jour",
      lastSuccessAt: NOW.toISOString(),
      lastAttempt: { at: at(20).toISOString(), outcome: "failure" },
      failingSince: at(20).toISOString(),
      lastRefusedAt: null,
    });
    // The changed outcome reaches the database without waiting for the minute, after the answers.
    await vi.waitFor(
      async () => expect(await storedRead("hubeau")).toMatchObject({ lastFailureAtMs: at(20).getTime(), failingSinceMs: at(20).getTime() }),
      SETTLED,
    );

    // Still failing later: the outage started at the first failure.
    t.setNow(at(40));
    await call(`/api/v1/report?${reportQueryOf(CRISIS_SCENARIO).toString()}`);
    expect(stateOf(await readStatus(), "hubeau")).toMatchObject({
      lastAttempt: { at: at(40).toISOString(), outcome: "failure" },
      failingSince: at(20).toISOString(),
    });

    t.setNow(at(60));
    t.upstreams.setMode("hubeau", "ok");
    await call(`/api/v1/report?${reportQueryOf(CRISIS_SCENARIO).toString()}`);
    expect(stateOf(await readStatus(), "hubeau")).toMatchObject({ lastAttempt: { at: at(60).toISOString(), outcome: "success" }, failingSince: null });
    await vi.waitFor(async () => expect(await storedRead("hubeau")).toMatchObject({ lastSuccessAtMs: at(60).getTime(), failingSinceMs: null }), SETTLED);
  });

  it("a call our own budget refused is no failure of the source: recorded apart, as lastRefusedAt", async () => {
    // One Hub'Eau call in the bucket: the report's networks are read, its results are refused.
    app.rebuild({ UPSTREAM_HUBEAU_PER_MINUTE: "0.2" });
    const report = await call(`/api/v1/report?${reportQueryOf(MAIN_SCENARIO).toString()}`);
    expect(((await report.json()) as { water_quality: { success: boolean } }).water_quality.success).toBe(false);
    expect(stateOf(await readStatus(), "hubeau")).toMatchObject({
      lastFailureAt: null,
      lastAttempt: { at: NOW.toISOString(), outcome: "success" },
      failingSince: null,
      lastRefusedAt: NOW.toISOString(),
    });
    await vi.waitFor(async () => expect(await storedRead("hubeau")).toMatchObject({ lastFailureAtMs: null, lastRefusedAtMs: NOW.getTime() }), SETTLED);
  });

  it("VigiEau's 409 (a commune split between zones of one type) is its answer, not a failure", async () => {
    t.upstreams.setData("zones", MAIN_SCENARIO.citycode, { split: true, zones: [] });
    const zones = await t.deps().sources.fetchDroughtZones({ communeCode: MAIN_SCENARIO.citycode });
    expect(zones).toMatchObject({ ok: false, status: 409 });
    expect(stateOf(await readStatus(), "vigieau")).toMatchObject({ lastFailureAt: null, lastAttempt: { at: NOW.toISOString(), outcome: "success" } });
  });

  it("the database is written when the outcome changes (at most every 10 s), else at most once a minute per source and process", async () => {
    const query = reportQueryOf(MAIN_SCENARIO).toString();
    await call(`/api/v1/report?${query}`);
    await vi.waitFor(async () => expect((await storedRead("ban"))?.lastSuccessAtMs).toBe(NOW.getTime()), SETTLED);
    const first = await t.db.select().from(sourceReads);

    // The same outcome 30 s later: not written (the minute has not passed).
    t.setNow(at(30));
    await call("/api/v1/geocode?q=un+autre+endroit");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await t.db.select().from(sourceReads)).toEqual(first);

    // The BAN fails a second later: a changed outcome, written at once.
    t.setNow(at(31));
    t.upstreams.setMode("ban", "error500");
    expect((await call("/api/v1/geocode?q=encore+un+autre")).status).toBe(503);
    await vi.waitFor(
      async () => expect(await storedRead("ban")).toMatchObject({ lastSuccessAtMs: at(30).getTime(), lastFailureAtMs: at(31).getTime() }),
      SETTLED,
    );

    // It answers again 4 s later: said at once by this process, written once its 10 s have passed.
    t.setNow(at(35));
    t.upstreams.setMode("ban", "ok");
    await call("/api/v1/geocode?q=un+troisieme+endroit");
    expect(stateOf(await readStatus(), "ban")).toMatchObject({ lastAttempt: { at: at(35).toISOString(), outcome: "success" } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await storedRead("ban"))?.lastSuccessAtMs).toBe(at(30).getTime());
    t.setNow(at(41));
    await call("/api/v1/status");
    await vi.waitFor(async () => expect((await storedRead("ban"))?.lastSuccessAtMs).toBe(at(35).getTime()), SETTLED);
  });

  it("two processes' writes merge: each instant moves forward, and the outage starts at the earliest failure after the last success", async () => {
    const base = NOW.getTime();
    const write = (reads: Partial<Omit<SourceReadInput, "source" | "nowMs">>) =>
      saveSourceRead(t.db, {
        source: "atmo",
        lastSuccessAtMs: null,
        lastFailureAtMs: null,
        failingSinceMs: null,
        lastRefusedAtMs: null,
        ...reads,
        nowMs: base,
      });
    await write({ lastSuccessAtMs: base, lastFailureAtMs: base + 20_000, failingSinceMs: base + 10_000 });
    // An isolate that saw a later failure only, whose own outage started later.
    await write({ lastFailureAtMs: base + 30_000, failingSinceMs: base + 25_000, lastRefusedAtMs: base + 5_000 });
    expect(await storedRead("atmo")).toMatchObject({
      lastSuccessAtMs: base,
      lastFailureAtMs: base + 30_000,
      failingSinceMs: base + 10_000,
      lastRefusedAtMs: base + 5_000,
    });
    // One that saw ATMO answer since: no outage any more, whatever the others saw.
    await write({ lastSuccessAtMs: base + 40_000, lastFailureAtMs: base + 15_000, failingSinceMs: base + 15_000 });
    expect(await storedRead("atmo")).toMatchObject({
      lastSuccessAtMs: base + 40_000,
      lastFailureAtMs: base + 30_000,
      failingSinceMs: null,
      lastRefusedAtMs: base + 5_000,
    });
    // A failure after that success, from an isolate that knows no start of its own: the outage starts at it.
    await write({ lastFailureAtMs: base + 50_000 });
    expect(await storedRead("atmo")).toMatchObject({ failingSinceMs: base + 50_000 });
  });
});

describe("GET /api/v1/status: the last 7 alert runs", () => {
  it("lists the last 7 runs, newest first, with the tallies of each: addresses checked, e-mails sent, failures, dead letters", async () => {
    const day = 24 * 3600 * 1000;
    for (let index = 0; index < 8; index++) {
      const startedAtMs = NOW.getTime() - (8 - index) * day;
      await t.db.insert(alertRuns).values({
        id: `run-${index}`,
        startedAtMs,
        finishedAtMs: startedAtMs + 60_000,
        summaryJson: JSON.stringify({ subjectsChecked: 100 + index }),
        subjectsChecked: 100 + index,
        emailsSent: 10 + index,
        emailFailures: index % 2,
        deadLetters: index === 7 ? 2 : 0,
      });
    }
    // A run whose plan stage stopped on an error, and one under way.
    await t.db.insert(alertRuns).values({
      id: "failed",
      startedAtMs: NOW.getTime() - 7200_000,
      finishedAtMs: NOW.getTime() - 7100_000,
      summaryJson: JSON.stringify({ error: "LibsqlError" }),
    });
    await t.db.insert(alertRuns).values({ id: "running", startedAtMs: NOW.getTime() - 60_000, heartbeatAtMs: NOW.getTime() - 5_000, subjectsChecked: 12 });
    const { runs } = await readStatus();
    expect(runs).toHaveLength(7);
    expect(runs[0]).toMatchObject({
      finishedAt: null,
      completed: false,
      outcome: "running",
      addressesChecked: 12,
      emailsSent: 0,
      emailFailures: 0,
      deadLetters: 0,
    });
    expect(runs[1]).toMatchObject({ completed: false, outcome: "failed", addressesChecked: 0 });
    expect(runs[2]).toMatchObject({ completed: true, outcome: "completed", addressesChecked: 107, emailsSent: 17, emailFailures: 1, deadLetters: 2 });
    expect(runs.map((run) => run.startedAt)).toEqual([...runs.map((run) => run.startedAt)].sort().reverse());
  });

  it("a run whose heartbeat stopped is « interrupted », not « en cours », before and after the next run takes it over (decision 076)", async () => {
    // Killed 10 minutes ago: unfinished, its last beat far older than 3 beats.
    await t.db.insert(alertRuns).values({ id: "killed", startedAtMs: NOW.getTime() - 900_000, heartbeatAtMs: NOW.getTime() - 600_000, emailsSent: 46 });
    // Yesterday's, taken over by the run after it (decision 076's summary).
    await t.db.insert(alertRuns).values({
      id: "abandoned",
      startedAtMs: NOW.getTime() - 86_400_000,
      finishedAtMs: NOW.getTime() - 86_000_000,
      summaryJson: JSON.stringify({ error: "abandoned", reason: "heartbeat stopped" }),
    });
    const { runs } = await readStatus();
    expect(runs.map((run) => [run.outcome, run.completed])).toEqual([
      ["interrupted", false],
      ["interrupted", false],
    ]);
  });

  it("migration 0010 carries the counts of runs stored before the tallies into them", async () => {
    const migration = readFileSync(new URL("../../migrations/0010_run_tallies.sql", import.meta.url), "utf8");
    const backfill = migration.split("--> statement-breakpoint").at(-1) ?? "";
    await t.db.insert(alertRuns).values([
      { id: "old", startedAtMs: 1, finishedAtMs: 2, summaryJson: JSON.stringify({ subjectsChecked: 9, sent: 4, failed: 1, messagesDeadLettered: 3 }) },
      { id: "broken", startedAtMs: 3, finishedAtMs: 4, summaryJson: "{not json" },
    ]);
    await t.db.$client.execute(backfill);
    const rows = await t.db
      .select()
      .from(alertRuns)
      .where(inArray(alertRuns.id, ["old", "broken"]))
      .orderBy(alertRuns.id);
    expect(
      rows.map(({ id, subjectsChecked, emailsSent, emailFailures, deadLetters }) => ({ id, subjectsChecked, emailsSent, emailFailures, deadLetters })),
    ).toEqual([
      { id: "broken", subjectsChecked: 0, emailsSent: 0, emailFailures: 0, deadLetters: 0 },
      { id: "old", subjectsChecked: 9, emailsSent: 4, emailFailures: 1, deadLetters: 3 },
    ]);
  });
});

describe("the admins' notices", () => {
  it("admins get one e-mail when a source misses its deadline, never more than one a day per cause", async () => {
    app.rebuild({ ADMIN_EMAILS: "admin@exemple-zs.fr" });
    await readStatus();
    // ATMO, Hub'Eau and VigiEau were never read: three causes, one e-mail each.
    await vi.waitFor(() => expect(t.resend.emails.length).toBe(3), SETTLED);
    expect(t.resend.emails.map((email) => email.subject).sort()).toEqual(
      ["Source en retard : Hub'Eau", "Source en retard : Indice ATMO", "Source en retard : VigiEau"].map((start) =>
        expect.stringContaining(start.replace(" :", "\u00A0:")),
      ),
    );

    // An hour later, the same causes: nothing more that day.
    t.setNow(new Date(NOW.getTime() + 3600_000));
    await readStatus();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.resend.emails).toHaveLength(3);
    // Not even asked of the provider (its idempotency key would only be the second guard).
    expect(t.resend.calls).toHaveLength(3);

    // The next day, the causes still stand: one e-mail each again.
    t.setNow(new Date(NOW.getTime() + 24 * 3600_000));
    await readStatus();
    await vi.waitFor(() => expect(t.resend.emails.length).toBe(6), SETTLED);
  });

  it("a run that dead-lettered messages is told to the admins once that day", async () => {
    app.rebuild({ ADMIN_EMAILS: "ops@exemple-zs.fr" });
    await t.db.insert(alertRuns).values({
      id: "dead",
      startedAtMs: NOW.getTime() - 3600_000,
      finishedAtMs: NOW.getTime() - 3000_000,
      summaryJson: JSON.stringify({ runId: "dead", stage: "plan" }),
      subjectsChecked: 5,
      deadLetters: 1,
    });
    await readStatus();
    await vi.waitFor(() => expect(t.resend.emails.filter((email) => email.subject.startsWith("Alertes")).length).toBe(1), SETTLED);
  });
});

describe("request ids in the logs", () => {
  it("two log lines of one request carry the same request id, returned as X-Request-Id, and no personal data", async () => {
    t.upstreams.setMode("ban", "error500");
    const before = t.logs.length;
    const response = await call("/api/geocode?q=12+rue+de+la+Paix+Paris", { "x-request-id": "req-0123456789" });
    expect(response.headers.get("x-request-id")).toBe("req-0123456789");
    const lines = t.logs.slice(before);
    expect(lines.map((line) => line.message)).toEqual(expect.arrayContaining(["geocode: upstream failure", "request"]));
    const ofRequest = lines.filter((line) => line.fields?.requestId === "req-0123456789").map((line) => line.message);
    expect(ofRequest).toEqual(expect.arrayContaining(["geocode: upstream failure", "request"]));
    expect(JSON.stringify(lines)).not.toMatch(/rue de la Paix|12\+rue|203\.0\.113/i);
  });

  it("a request without an id gets a new one; a header that is not an id is not copied into the logs", async () => {
    const response = await call("/api/v1/status", { "x-request-id": "<script>alert(1)</script>" });
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
