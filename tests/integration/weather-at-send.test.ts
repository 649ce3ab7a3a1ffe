// The Worker's split run against Météo-France's two daily maps (decision 079): the plan reads the
// sources at 14:30 Paris, Météo-France publishes the map that sets tomorrow's colours at 16:00, and
// the 17:00 send stage re-reads the map once and judges the weather from it. Both stages run as the
// Worker runs them (planAlertRun, runSendCron, the queue's handler) over the in-process queue, on
// a real libSQL file, the fake Météo-France portal and the fake Resend, with one clock for all.
//
// The maps are DERIVED fixtures (tests/fixtures/meteofrance/cartevigilance-derived-*.json, from
// the recorded cartevigilance-encours-2026-08-26.json); their times are written for a summer day
// (CEST): 04:00Z is the 06:00 map, 14:00Z the 16:00 one.
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryQueue } from "../../src/server/alerts/memory-queue.ts";
import { planAlertRun, runSendCron } from "../../src/server/alerts/pipeline.ts";
import { handleAlertMessage, recordDeadLetters, type AlertMessage } from "../../src/server/alerts/queue.ts";
import { alertEvents, alertRuns } from "../../src/server/db/schema/index.ts";
import type { ServiceStatus } from "../../src/server/services/status.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { BrowserClient, confirmAccount, signUpForLink } from "../helpers/browser-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// Wednesday 15 July 2026, CEST (UTC+2).
const PLAN_AT = new Date("2026-07-15T12:30:00Z"); // 14:30 Paris
const MAP_PUBLISHED_AT = new Date("2026-07-15T14:00:00Z"); // 16:00 Paris
const SEND_AT = new Date("2026-07-15T15:00:00Z"); // 17:00 Paris

const EMAIL = "meteo@exemple-zs.fr";

async function derivedMap(name: string): Promise<unknown> {
  return JSON.parse(await readFile(new URL(`../fixtures/meteofrance/${name}`, import.meta.url), "utf8"));
}

/** An Amiens (Somme, 80) account with the four topics and weather warnings on. */
async function weatherAccount(t: TestApp) {
  const client = new BrowserClient(() => t.app);
  await confirmAccount(client, await signUpForLink(t, client, { email: EMAIL, firstName: "Camille" }));
  expect((await client.post("/api/account/addresses", { address: MAIN_SCENARIO })).status).toBe(201);
  const preferences = { water: true, drought: true, air: true, bathing: true, pollen: false, weather: true };
  expect((await client.put("/api/account/preferences", preferences)).status).toBe(200);
}

/**
 * The Worker's queue consumer, in process: every message through handleAlertMessage, a message
 * delivered twice when `redeliver` says so (a lost ack: queues deliver at least once).
 */
function workerQueue(t: TestApp, redeliver: (message: AlertMessage) => boolean = () => false) {
  const delivered: AlertMessage[] = [];
  const queue = createMemoryQueue({
    log: t.deps().log,
    retryDelayMs: 5,
    onDeadLetter: (message) => recordDeadLetters(t.deps(), [message], queue),
    handle: async (message) => {
      delivered.push(message);
      await handleAlertMessage(t.deps(), message, queue);
      if (redeliver(message)) await handleAlertMessage(t.deps(), message, queue);
    },
  });
  return { queue, delivered };
}

const alertEmailsTo = (t: TestApp) => t.resend.emails.filter((email) => email.to.includes(EMAIL) && /^Zone Santé – /.test(email.subject));

async function dayRunSummary(t: TestApp): Promise<Record<string, unknown>> {
  const [run] = await t.db.select().from(alertRuns).where(eq(alertRuns.startedAtMs, PLAN_AT.getTime()));
  return JSON.parse(run?.summaryJson ?? "null") as Record<string, unknown>;
}

async function statusRuns(t: TestApp): Promise<ServiceStatus["runs"]> {
  const response = await t.app.request("/api/v1/status");
  expect(response.status).toBe(200);
  return ((await response.json()) as ServiceStatus).runs;
}

describe("the 17:00 send stage re-reads the vigilance map: tomorrow's red from the 16:00 map", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: PLAN_AT });
    await weatherAccount(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("a red for tomorrow decided at 16:00 is in the 17:00 e-mail as « demain », once, and the run says it used the 16:00 map", async () => {
    // 14:30: the plan reads the 06:00 map, all green.
    t.upstreams.setData("vigilance", "FRA", await derivedMap("cartevigilance-derived-green-0600.json"));
    t.rebuild();
    const plan = workerQueue(t);
    await planAlertRun(t.deps(), plan.queue);
    await plan.queue.drain();
    const before = alertEmailsTo(t).length;

    // 16:00: Météo-France's map turns tomorrow red (canicule) for the Somme.
    t.setNow(MAP_PUBLISHED_AT);
    t.upstreams.setData("vigilance", "FRA", await derivedMap("cartevigilance-derived-red-tomorrow-1600.json"));

    // 17:00: the send cron; every weather page is delivered twice (its ack lost).
    t.setNow(SEND_AT);
    t.upstreams.requests.length = 0;
    const send = workerQueue(t, (message) => message.kind === "topic-page" && message.topic === "weather");
    const { weatherMap } = await runSendCron(t.deps(), send.queue);
    await send.queue.drain();
    expect(send.queue.deadLetters).toEqual([]);

    // One read of the map for the whole send stage, not one per page or per recipient.
    expect(t.upstreams.requests.filter((request) => request.source === "meteofrance")).toHaveLength(1);
    expect(weatherMap).toEqual({ read: "send", updateTime: "2026-07-15T14:00:00Z" });

    const mails = alertEmailsTo(t).slice(before);
    // One e-mail: the weather pages run before the first send page, and a redelivered page records nothing twice.
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Vigilance rouge (canicule) demain");
    expect(mails[0]?.text).not.toContain("Vigilance rouge (canicule) aujourd'hui");
    const weatherEvents = await t.db.select().from(alertEvents).where(eq(alertEvents.source, "weather"));
    expect(weatherEvents).toHaveLength(1);
    expect(weatherEvents[0]?.sentAtMs).toBe(SEND_AT.getTime());

    // The run's row (what the admin panel shows) and the status page name the 16:00 map.
    expect((await dayRunSummary(t)).weatherMap).toEqual({ read: "send", updateTime: "2026-07-15T14:00:00Z" });
    const [run] = await statusRuns(t);
    expect(run?.weatherMap).toEqual({ read: "send", updateTime: "2026-07-15T14:00:00Z" });
  });

  it("the same 17:00 cron again (a second delivery of the trigger): the map is read again, nothing is sent twice", async () => {
    const before = alertEmailsTo(t).length;
    const send = workerQueue(t);
    await runSendCron(t.deps(), send.queue);
    await send.queue.drain();
    expect(alertEmailsTo(t).slice(before)).toEqual([]);
  });
});

describe("the 17:00 re-read fails: the 14:30 snapshot is used, and the run says so", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: PLAN_AT });
    await weatherAccount(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("Météo-France answers 503 at 17:00: the weather is judged from the 14:30 map, named in the run's summary as the fallback", async () => {
    // 14:30: the 06:00 map already has tomorrow orange (canicule) for the Somme.
    t.upstreams.setData("vigilance", "FRA", await derivedMap("cartevigilance-derived-orange-tomorrow-0600.json"));
    t.rebuild();
    const plan = workerQueue(t);
    await planAlertRun(t.deps(), plan.queue);
    await plan.queue.drain();
    const before = alertEmailsTo(t).length;
    // The plan's batches left weather to 17:00.
    expect(await t.db.select().from(alertEvents).where(eq(alertEvents.source, "weather"))).toEqual([]);

    t.setNow(SEND_AT);
    t.upstreams.setMode("meteofrance", "error503");
    const send = workerQueue(t);
    const { weatherMap } = await runSendCron(t.deps(), send.queue);
    await send.queue.drain();

    const fallback = { read: "plan", updateTime: "2026-07-15T04:00:00Z", failure: "http: HTTP 503" };
    expect(weatherMap).toEqual(fallback);
    const mails = alertEmailsTo(t).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Vigilance orange (canicule) demain");
    expect((await dayRunSummary(t)).weatherMap).toEqual(fallback);
    const [run] = await statusRuns(t);
    expect(run?.weatherMap).toEqual({ read: "plan", updateTime: "2026-07-15T04:00:00Z" });
    expect(t.logs.some((entry) => entry.message === "vigilance map not re-read for the send stage" && entry.level === "warn")).toBe(true);
  });
});
