// The queued alert run, stage by stage, on a real libSQL file and the fake upstreams and Resend:
// the plan pages the watched communes and enqueues 50 per message; a batch that dies (before or
// after its work) is delivered again and the emails are neither doubled nor lost; a batch that
// always fails ends in the dead-letter list; the send stage pages the recipients. Also the pieces
// the Worker uses without a database: its queue adapter and the Paris times of its crons.
import { eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMemoryQueue } from "../../src/server/alerts/memory-queue.ts";
import { AlertRunBusyError } from "../../src/server/alerts/lifecycle.ts";
import { planAlertRun, runSendCron } from "../../src/server/alerts/pipeline.ts";
import { enqueueAlertPlan } from "../../src/server/alerts/plan.ts";
import { startSendStage } from "../../src/server/alerts/send.ts";
import { createBindingQueue, handleAlertMessage, recordDeadLetters, type AlertMessage } from "../../src/server/alerts/queue.ts";
import { runAlerts } from "../../src/server/alerts/run.ts";
import { alertStageAt } from "../../src/server/alerts/schedule.ts";
import type { PickedAddress } from "../../src/core/types.ts";
import { toAddressColumnValues } from "../../src/server/db/schema/address-columns.ts";
import { alertEvents, alertRuns, alertSubscriptions } from "../../src/server/db/schema/index.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { useTestApp, type TestApp } from "../helpers/test-app.ts";
import { confirmedSignUpRow } from "../helpers/sign-ups.ts";

const DAY1 = new Date("2026-11-22T16:00:00Z"); // 17:00 in Paris
const DAY = "2026-11-22";

const t = useTestApp({ now: DAY1 }, { now: DAY1 });

let seq = 0;
/** A confirmed sign-up, written as the confirmation leaves it. */
async function signUp(address: PickedAddress, email?: string) {
  const id = `pipe${String(seq++).padStart(4, "0")}`;
  const nowMs = DAY1.getTime() - 3600_000;
  await t.db.insert(alertSubscriptions).values(confirmedSignUpRow({ id, ...(email ? { email } : {}), atMs: nowMs, address: toAddressColumnValues(address) }));
  return id;
}

/** A queue that only records what it is given (the plan stage on its own). */
function recordingQueue() {
  const calls: AlertMessage[][] = [];
  return { calls, queue: { sendBatch: async (messages: AlertMessage[]) => void calls.push(messages) } };
}

const alertEmails = (emails: TestApp["resend"]["emails"]) => emails.filter((email) => /^Zone Santé – /.test(email.subject));

describe("plan stage", () => {
  it("enqueues one message per 50 communes, reading the watched communes page by page", async () => {
    // 121 synthetic communes (codes that sort after the scenarios'), one sign-up each, and a second
    // sign-up in one of them: communes are counted once.
    const codes = Array.from({ length: 121 }, (_, index) => String(90_000 + index));
    const ids: string[] = [];
    for (const code of codes) ids.push(await signUp({ ...MAIN_SCENARIO, citycode: code }));
    ids.push(await signUp({ ...MAIN_SCENARIO, citycode: codes[7]! }));
    try {
      const { calls, queue } = recordingQueue();
      const plan = await enqueueAlertPlan(t.deps(), queue, { runId: "plan1", day: DAY, now: DAY1, communesPerMessage: 50, messagesPerPlanPage: 1 });
      expect(plan).toMatchObject({ communes: 121, messages: Math.ceil(121 / 50), pages: 3 });
      // One sendBatch per page read: the plan never held more than 50 codes.
      expect(calls.map((call) => call.map((message) => message.kind === "process" && message.communes.length))).toEqual([[50], [50], [21]]);
      const communes = calls.flat().flatMap((message) => (message.kind === "process" ? message.communes : []));
      expect(communes).toEqual(codes);
      expect(calls.flat().every((message) => message.runId === "plan1" && message.day === DAY)).toBe(true);

      // Larger pages give the same messages.
      const wide = recordingQueue();
      await enqueueAlertPlan(t.deps(), wide.queue, { runId: "plan2", day: DAY, now: DAY1 });
      expect(wide.calls).toHaveLength(1);
      expect(wide.calls[0]?.map((message) => (message.kind === "process" ? message.communes : []))).toEqual([
        codes.slice(0, 50),
        codes.slice(50, 100),
        codes.slice(100),
      ]);
    } finally {
      await t.db.delete(alertSubscriptions).where(inArray(alertSubscriptions.id, ids));
    }
  });

  it("takes the run lock: a second plan while one is running is refused", async () => {
    // A live run: it beat 5 s ago (decision 076).
    await t.db.insert(alertRuns).values({ id: "running", startedAtMs: DAY1.getTime() - 60_000, heartbeatAtMs: DAY1.getTime() - 5_000 });
    try {
      await expect(planAlertRun(t.deps(), recordingQueue().queue)).rejects.toBeInstanceOf(AlertRunBusyError);
    } finally {
      await t.db.delete(alertRuns).where(eq(alertRuns.id, "running"));
    }
  });
});

describe("process and send stages over the in-process queue", () => {
  it("a batch that dies before or after its work is delivered again: every email once, none lost", async () => {
    t.rebuild();
    t.resend.reset();
    await signUp(MAIN_SCENARIO, "amiens@exemple-zs.fr");
    await signUp(CRISIS_SCENARIO, "maraussan@exemple-zs.fr");
    const deps = t.deps();
    const deliveries = new Map<string, number>();
    const queue = createMemoryQueue({
      log: deps.log,
      retryDelayMs: 5,
      handle: async (message) => {
        const key = message.kind === "process" ? message.communes.join(",") : message.kind === "send" ? `send:${message.afterRecipient}` : "plan";
        const delivery = (deliveries.get(key) ?? 0) + 1;
        deliveries.set(key, delivery);
        // Amiens' batch dies before doing anything (an upstream or database failure)…
        if (key === MAIN_SCENARIO.citycode && delivery === 1) throw new Error("batch died before its work");
        await handleAlertMessage(deps, message, queue);
        // …Maraussan's after saving its detections, before the queue heard back.
        if (key === CRISIS_SCENARIO.citycode && delivery === 1) throw new Error("batch died before its ack");
      },
    });
    // One commune per message, so each batch fails its own way.
    const plan = await enqueueAlertPlan(deps, queue, { runId: "run1", day: DAY, now: DAY1, communesPerMessage: 1 });
    expect(plan.messages).toBe(2);
    await queue.drain();
    expect(deliveries.get(MAIN_SCENARIO.citycode)).toBe(2);
    expect(deliveries.get(CRISIS_SCENARIO.citycode)).toBe(2);
    expect(t.logs.filter((entry) => entry.message === "alert message failed, delivered again later")).toHaveLength(2);

    await startSendStage(deps, queue, { runId: "run1" });
    await queue.drain();
    expect(queue.deadLetters).toEqual([]);
    const emails = alertEmails(t.resend.emails);
    expect(emails.filter((email) => email.to.includes("amiens@exemple-zs.fr")).map((email) => email.subject)).toEqual([
      "Zone Santé – Qualité de l'air demain\u00a0: dégradé — 8 Boulevard du Port, Amiens",
    ]);
    expect(emails.filter((email) => email.to.includes("maraussan@exemple-zs.fr")).map((email) => email.subject)).toEqual([
      "Zone Santé – Eau du robinet\u00a0: non-conformité signalée — Avenue du 8 Mai 1945, Maraussan",
    ]);
    expect(emails).toHaveLength(2);
    // Every detected event is sent, each recorded once.
    const events = await t.db.select().from(alertEvents);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.sentAtMs !== null)).toBe(true);

    // The same day again, through the whole Node pipeline: nothing new, nothing sent twice.
    t.rebuild();
    const again = await runAlerts(t.deps(), { retryDelayMs: 5 });
    expect(again).toMatchObject({ alertsDetected: 0, sent: 0, messagesDeadLettered: 0 });
    expect(alertEmails(t.resend.emails)).toHaveLength(2);
  });

  it("a batch that fails every delivery ends in the dead-letter list after 5 retries; the others go through", async () => {
    const deps = t.deps();
    const delivered: string[] = [];
    const queue = createMemoryQueue({
      log: deps.log,
      retryDelayMs: 1,
      handle: async (message) => {
        if (message.kind === "process") delivered.push(message.communes.join(","));
        if (message.kind === "process" && message.communes.includes(CRISIS_SCENARIO.citycode)) throw new Error("always failing");
        await handleAlertMessage(deps, message, queue);
      },
    });
    await enqueueAlertPlan(deps, queue, { runId: "run2", day: DAY, now: DAY1, communesPerMessage: 1 });
    await queue.drain();
    expect(delivered.filter((code) => code === CRISIS_SCENARIO.citycode)).toHaveLength(6);
    expect(delivered.filter((code) => code === MAIN_SCENARIO.citycode)).toHaveLength(1);
    expect(queue.deadLetters).toEqual([
      { message: { kind: "process", runId: "run2", day: DAY, communes: [CRISIS_SCENARIO.citycode] }, deliveries: 6, error: { error: "Error" } },
    ]);
    expect(t.logs.filter((entry) => entry.message === "alert message dead-lettered").at(-1)?.fields).toMatchObject({ kind: "process", delivery: 6 });
  });

  it("the send stage sends one page of recipients per message, each page enqueuing the next", async () => {
    t.rebuild();
    t.resend.reset();
    // Five new sign-ups in Amiens: each has tomorrow's « Dégradé » forecast to hear about.
    const emails = ["p1@exemple-zs.fr", "p2@exemple-zs.fr", "p3@exemple-zs.fr", "p4@exemple-zs.fr", "p5@exemple-zs.fr"];
    for (const email of emails) await signUp(MAIN_SCENARIO, email);
    const summary = await runAlerts(t.deps(), { recipientsPerPage: 2, retryDelayMs: 5 });
    // 2 + 2 + 1 recipients: three pages, one Resend batch call each.
    expect(summary).toMatchObject({ sent: 5, failed: 0, sendPages: 3, providerCalls: 3, messagesDeadLettered: 0 });
    expect(summary.eventsSent).toBe(summary.alertsDetected);
    const sent = alertEmails(t.resend.emails);
    expect(sent.flatMap((email) => email.to).sort()).toEqual(emails);
    expect(t.resend.calls.filter((call) => call.path === "/emails/batch")).toHaveLength(3);
    const pending = await t.db.select().from(alertEvents).where(like(alertEvents.recipientKey, "s_%"));
    expect(pending.every((event) => event.sentAtMs !== null)).toBe(true);
  });
});

describe("the Worker's pieces", () => {
  it("sends to Cloudflare Queues at most 100 messages per call, as JSON", async () => {
    const calls: Array<Array<{ body: AlertMessage; contentType?: string }>> = [];
    const queue = createBindingQueue({ sendBatch: async (messages) => void calls.push(messages) });
    const messages: AlertMessage[] = Array.from({ length: 230 }, (_, index) => ({ kind: "process", runId: "r", day: DAY, communes: [String(10_000 + index)] }));
    await queue.sendBatch(messages);
    expect(calls.map((call) => call.length)).toEqual([100, 100, 30]);
    expect(calls.flat().map((entry) => entry.body)).toEqual(messages);
    expect(calls.flat().every((entry) => entry.contentType === "json")).toBe(true);
  });

  it.each([
    // winter (CET, UTC+1) and summer (CEST, UTC+2), and both days of a change
    ["2026-11-22T13:30:00Z", "plan"],
    ["2026-11-22T12:30:00Z", null],
    ["2026-11-22T16:00:00Z", "send"],
    ["2026-11-22T15:00:00Z", null],
    ["2026-07-01T12:30:00Z", "plan"],
    ["2026-07-01T13:30:00Z", null],
    ["2026-07-01T15:00:00Z", "send"],
    ["2026-07-01T16:00:00Z", null],
    ["2026-03-29T12:30:00Z", "plan"],
    ["2026-03-29T15:00:00Z", "send"],
    ["2026-10-25T13:30:00Z", "plan"],
    ["2026-10-25T16:00:00Z", "send"],
  ] as const)("the cron scheduled at %s runs the %s stage", (at, stage) => {
    expect(alertStageAt(new Date(at))).toBe(stage);
  });
});

describe("the deadline on Workers", () => {
  it("a batch that finishes after the day's 17:00 send stage began sends its own events at once", async () => {
    t.rebuild();
    t.resend.reset();
    const deps = t.deps();
    const recorded = recordingQueue();
    await runSendCron(deps, recorded.queue);
    expect(recorded.calls.flat().map((message) => message.kind)).toEqual(["send"]);

    // A new sign-up in Amiens: its batch detects tomorrow's « Dégradé » forecast after 17:00.
    await signUp(MAIN_SCENARIO, "tardif@exemple-zs.fr");
    const late = await handleAlertMessage(deps, { kind: "process", runId: "late", day: DAY, communes: [MAIN_SCENARIO.citycode] }, recorded.queue);
    expect(late).toMatchObject({ kind: "process", alertsDetected: 1 });
    expect(recorded.calls.flat().slice(1)).toEqual([{ kind: "send", runId: "late", day: DAY, afterRecipient: null }]);

    // The same batch again (a redelivery): nothing new, nothing more to send.
    await handleAlertMessage(deps, { kind: "process", runId: "late", day: DAY, communes: [MAIN_SCENARIO.citycode] }, recorded.queue);
    expect(recorded.calls.flat()).toHaveLength(2);
  });
});

describe("the run's tallies (decision 064): every message adds what it did to its run's row", () => {
  const tallies = async (runId: string) => {
    const [row] = await t.db.select().from(alertRuns).where(eq(alertRuns.id, runId));
    return row && { subjectsChecked: row.subjectsChecked, emailsSent: row.emailsSent, emailFailures: row.emailFailures, deadLetters: row.deadLetters };
  };

  it("on Workers the plan writes the row, the process batches add the addresses checked, the 17:00 send pages the e-mails, the dead-letter consumer the messages set aside", async () => {
    await t.db.delete(alertRuns);
    t.rebuild({ ADMIN_EMAILS: "ops@exemple-zs.fr" });
    t.resend.reset();
    await signUp(MAIN_SCENARIO, "compte@exemple-zs.fr");
    const deps = t.deps();
    const planned = recordingQueue();
    const plan = await planAlertRun(deps, planned.queue);
    expect(await tallies(plan.runId)).toEqual({ subjectsChecked: 0, emailsSent: 0, emailFailures: 0, deadLetters: 0 });

    const later = recordingQueue();
    let checked = 0;
    for (const message of planned.calls.flat()) {
      const outcome = await handleAlertMessage(deps, message, later.queue);
      if (outcome.kind === "process") checked += outcome.subjectsChecked;
    }
    expect(checked).toBeGreaterThan(0);
    expect(await tallies(plan.runId)).toMatchObject({ subjectsChecked: checked });

    // The 17:00 cron starts sending under an id of its own; its pages count on the day's newest run, the plan's.
    const sendStage = await runSendCron(deps, later.queue);
    expect(sendStage.runId).not.toBe(plan.runId);
    let sent = 0;
    for (const message of later.calls.flat().filter((message) => message.kind === "send")) {
      const outcome = await handleAlertMessage(deps, message, later.queue);
      if (outcome.kind === "send") sent += outcome.outcome.sent;
    }
    expect(sent).toBeGreaterThan(0);
    expect(await tallies(plan.runId)).toEqual({ subjectsChecked: checked, emailsSent: sent, emailFailures: 0, deadLetters: 0 });

    // Two messages read back from the dead-letter queue: counted, logged, and the admins told once.
    const batch = planned.calls.flat()[0]!;
    await recordDeadLetters(deps, [batch, batch]);
    expect(await tallies(plan.runId)).toMatchObject({ deadLetters: 2 });
    expect(t.logs.filter((entry) => entry.message === "alert dead letter counted")).toHaveLength(2);
    const notices = () => t.resend.emails.filter((email) => email.to.includes("ops@exemple-zs.fr") && /^Alertes/.test(email.subject));
    expect(notices()).toHaveLength(1);
    await recordDeadLetters(deps, [batch]);
    expect(await tallies(plan.runId)).toMatchObject({ deadLetters: 3 });
    expect(notices()).toHaveLength(1);
  });

  it("a Worker send stage with no run that day still sends, its counts written nowhere", async () => {
    await t.db.delete(alertRuns);
    const recorded = recordingQueue();
    const { runId } = await runSendCron(t.deps(), recorded.queue);
    expect(await tallies(runId)).toBeUndefined();
    expect(recorded.calls.flat()).toEqual([{ kind: "send", runId, day: DAY, afterRecipient: null }]);
  });

  it("on Node the run's row holds the same counts as the run's summary, dead letters included", async () => {
    await t.db.delete(alertRuns);
    t.rebuild();
    await signUp(MAIN_SCENARIO, "noeud@exemple-zs.fr");
    const summary = await runAlerts(t.deps(), { retryDelayMs: 1 });
    expect(await tallies(summary.runId)).toEqual({
      subjectsChecked: summary.subjectsChecked,
      emailsSent: summary.sent,
      emailFailures: summary.failed,
      deadLetters: summary.messagesDeadLettered,
    });
    expect(summary.subjectsChecked).toBeGreaterThan(0);
  });
});
