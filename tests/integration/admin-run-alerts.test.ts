// The admin panel's « lancer les alertes » asks for a run on the run's queue and answers 202 at
// once, on both runtimes: on Node the run queue runs the whole run in the background; on Workers
// the message goes to Cloudflare Queues, whose consumer runs the plan stage (runRequestedPlan).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runRequestedPlan } from "../../src/server/alerts/pipeline.ts";
import { alertMessageSchema, createBindingQueue, type AlertMessage } from "../../src/server/alerts/queue.ts";
import { createApp } from "../../src/server/app.ts";
import { toAddressColumnValues } from "../../src/server/db/schema/address-columns.ts";
import { alertRuns, alertSubscriptions } from "../../src/server/db/schema/index.ts";
import { CRISIS_SCENARIO } from "../fixtures/scenarios.ts";
import { BrowserClient, signedInAs } from "../helpers/browser-client.ts";
import { useFreshApp, useTestApp, withAppClock } from "../helpers/test-app.ts";
import { confirmedSignUpRow } from "../helpers/sign-ups.ts";

const NOW = new Date("2026-11-22T13:30:00Z");
const ADMIN = "chef@exemple-zs.fr";
const t = useTestApp({ now: NOW, env: { ADMIN_EMAILS: ADMIN } }, { now: NOW, resetResend: true });
const app = useFreshApp(t);

let adminSignedUp = false;
/** The admin's account (made once), signed in on `getApp`. */
async function adminClient(getApp: () => ReturnType<typeof app> = app): Promise<BrowserClient> {
  if (!adminSignedUp) {
    await signedInAs(t, app, ADMIN);
    adminSignedUp = true;
  }
  const client = new BrowserClient(getApp);
  expect((await client.post("/api/auth/signin", { email: ADMIN, password: "mot-de-passe-solide" })).status).toBe(200);
  return client;
}

async function signUp(id: string) {
  const nowMs = NOW.getTime() - 3600_000;
  await t.db.insert(alertSubscriptions).values(confirmedSignUpRow({ id, atMs: nowMs, address: toAddressColumnValues(CRISIS_SCENARIO) }));
}

describe("POST /api/admin/run-alerts", () => {
  it("Node: answers 202 in French before the run has finished, then the run queue runs it", async () => {
    await signUp("admin1");
    const admin = await adminClient();
    const response = await admin.post("/api/admin/run-alerts");
    expect(response.status).toBe(202);
    expect(response.body.message).toBe("Vérification des alertes lancée en arrière-plan : les e-mails partiront à la fin du passage.");
    // Answered while the run was still waiting or under way.
    expect(t.runQueue.busy()).toBe(true);
    await t.runQueue.idle();
    const [run] = await t.db
      .select()
      .from(alertRuns)
      .where(eq(alertRuns.id, String(response.body.runId)));
    expect(run?.finishedAtMs).not.toBeNull();
    expect(JSON.parse(run?.summaryJson ?? "{}")).toMatchObject({ runId: response.body.runId, subjectsChecked: 1, communes: 1, messagesDeadLettered: 0 });
    // The run's summary is the admin status's last run.
    const status = await admin.get("/api/admin/status");
    expect((status.body.lastRun as { summary: { runId: string } }).summary.runId).toBe(response.body.runId);
  });

  it("refuses (409) while a run holds the lock, and asks nothing of the queue", async () => {
    // A live run: it beat 5 s ago (decision 076).
    await t.db.insert(alertRuns).values({ id: "running", startedAtMs: NOW.getTime() - 60_000, heartbeatAtMs: NOW.getTime() - 5_000 });
    try {
      const admin = await adminClient();
      const response = await admin.post("/api/admin/run-alerts");
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: "run_busy", error: "Une vérification des alertes est déjà en cours." });
      expect(t.runQueue.busy()).toBe(false);
    } finally {
      await t.db.delete(alertRuns).where(eq(alertRuns.id, "running"));
    }
  });

  it("Workers: the route puts a plan message on the queue binding; the consumer's plan stage enqueues the batches", async () => {
    const sent: Array<{ body: AlertMessage; contentType?: string }> = [];
    const binding = { sendBatch: async (messages: Array<{ body: AlertMessage; contentType?: "json" }>) => void sent.push(...messages) };
    const workerApp = withAppClock(createApp({ ...t.deps(), alertQueue: createBindingQueue(binding) }), t.now);
    const admin = await adminClient(() => workerApp);
    const response = await admin.post("/api/admin/run-alerts");
    expect(response.status).toBe(202);
    expect(sent).toHaveLength(1);
    const message = alertMessageSchema.parse(sent[0]?.body);
    expect(message).toEqual({ kind: "plan", runId: response.body.runId, day: "2026-11-22", requestedBy: "admin" });

    // The consumer side: the plan stage under the lock, its batches on the same queue.
    const queued: AlertMessage[] = [];
    if (message.kind !== "plan") throw new Error("a plan message");
    await runRequestedPlan(t.deps(), { sendBatch: async (messages) => void queued.push(...messages) }, message);
    expect(queued.map((queuedMessage) => queuedMessage.kind)).toEqual(["process"]);
    const [run] = await t.db.select().from(alertRuns).where(eq(alertRuns.id, message.runId));
    expect(JSON.parse(run?.summaryJson ?? "{}")).toMatchObject({ stage: "plan", messages: 1 });

    // Delivered again while another run holds the lock: logged, not thrown (never retried).
    await t.db.insert(alertRuns).values({ id: "running2", startedAtMs: NOW.getTime() - 60_000, heartbeatAtMs: NOW.getTime() - 5_000 });
    await runRequestedPlan(t.deps(), { sendBatch: async () => undefined }, { ...message, runId: "again" });
    expect(t.logs.at(-1)).toMatchObject({ level: "warn", message: "requested alert run not started", fields: { runId: "again", error: "AlertRunBusyError" } });
  });
});
