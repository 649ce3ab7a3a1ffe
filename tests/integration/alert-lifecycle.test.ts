// One lifecycle for both runtimes (lifecycle.ts): the run lock, the summary as the run's row, and
// an error that finishes the run (so the next one is not blocked) and still reaches the caller.
import { desc } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { abandonRuns, AlertRunBusyError, deadRunAfterMs, isAlertRunInProgress, runUnderLock } from "../../src/server/alerts/lifecycle.ts";
import { alertRuns } from "../../src/server/db/schema/index.ts";
import { useTestApp } from "../helpers/test-app.ts";

const NOW = new Date("2026-11-22T13:30:00Z");
const t = useTestApp({ now: NOW }, { now: NOW });

const lastRun = async () => (await t.db.select().from(alertRuns).orderBy(desc(alertRuns.startedAtMs)).limit(1))[0];

describe("the alert run's lifecycle", () => {
  it("stores what the work returns as the run's summary and releases the lock", async () => {
    const summary = await runUnderLock(t.deps(), async ({ runId, now }) => ({ runId, day: now.toISOString().slice(0, 10), batches: 3 }));
    expect(summary).toMatchObject({ day: "2026-11-22", batches: 3 });
    const row = await lastRun();
    expect(row?.id).toBe(summary.runId);
    expect(row?.finishedAtMs).toBe(NOW.getTime());
    expect(JSON.parse(row?.summaryJson ?? "null")).toEqual(summary);
    // Released: the next run starts at once.
    await expect(runUnderLock(t.deps(), async () => ({ ok: true }))).resolves.toEqual({ ok: true });
  });

  it("refuses a second run while one holds the lock", async () => {
    let second: Promise<unknown> | undefined;
    await runUnderLock(t.deps(), async () => {
      second = runUnderLock(t.deps(), async () => ({}));
      await expect(second).rejects.toBeInstanceOf(AlertRunBusyError);
      return {};
    });
  });

  // Issue 28: « After kill -9 (or an out-of-memory, or a deploy) during the run, its lock stays for
  // 30 minutes: every re-run is refused » — « A run whose process is gone is detected (a heartbeat). »
  it("a killed run (unfinished, its heartbeat older than 3 beats) does not block a re-run, and is marked abandoned", async () => {
    const deadAfterMs = deadRunAfterMs(t.deps().config);
    expect(deadAfterMs).toBe(45_000);
    // Started 2 minutes ago, last beat just over 3 beats ago: its process is gone.
    await t.db.insert(alertRuns).values({ id: "killed", startedAtMs: NOW.getTime() - 120_000, heartbeatAtMs: NOW.getTime() - deadAfterMs - 1 });
    expect(await isAlertRunInProgress(t.deps())).toBe(false);
    await expect(runUnderLock(t.deps(), async () => ({ after: "killed" }))).resolves.toEqual({ after: "killed" });
    const [killed] = await t.db.select().from(alertRuns).where(eq(alertRuns.id, "killed"));
    // Finished as abandoned: the status page shows it ended, not completed, never running forever.
    expect(killed?.finishedAtMs).toBe(NOW.getTime());
    expect(JSON.parse(killed?.summaryJson ?? "null")).toEqual({ error: "abandoned", reason: "heartbeat stopped" });
    expect(t.logs.some((entry) => entry.message === "alert run found dead, taken over")).toBe(true);
  });

  it("a live run (unfinished, a fresh heartbeat) still blocks a re-run, however long ago it started", async () => {
    await t.db.insert(alertRuns).values({ id: "long", startedAtMs: NOW.getTime() - 3 * 3600_000, heartbeatAtMs: NOW.getTime() - 10_000 });
    expect(await isAlertRunInProgress(t.deps())).toBe(true);
    await expect(runUnderLock(t.deps(), async () => ({}))).rejects.toBeInstanceOf(AlertRunBusyError);
    const [long] = await t.db.select().from(alertRuns).where(eq(alertRuns.id, "long"));
    expect(long?.finishedAtMs).toBeNull();
    await t.db.delete(alertRuns).where(eq(alertRuns.id, "long"));
  });

  it("beats while it works: the row's heartbeat moves on every ALERT_RUN_HEARTBEAT_MS", async () => {
    const deps = { ...t.deps(), config: { ...t.deps().config, ALERT_RUN_HEARTBEAT_MS: 100 } };
    const later = new Date(NOW.getTime() + 5_000);
    await runUnderLock(deps, async ({ runId }) => {
      t.setNow(later);
      // The next beat writes the new time: waited for, not slept for (a busy machine delays a beat).
      await vi.waitFor(
        async () => {
          const [row] = await t.db.select().from(alertRuns).where(eq(alertRuns.id, runId));
          expect(row?.heartbeatAtMs).toBe(later.getTime());
        },
        { timeout: 10_000, interval: 20 },
      );
      return {};
    });
  });

  it("finishes a run whose work throws, with the error's name, and rethrows", async () => {
    const later = new Date(NOW.getTime() + 60_000);
    t.setNow(later);
    await expect(
      runUnderLock(t.deps(), async () => {
        throw new TypeError("Turso is away");
      }),
    ).rejects.toThrow("Turso is away");
    const row = await lastRun();
    expect(row?.finishedAtMs).toBe(later.getTime());
    expect(JSON.parse(row?.summaryJson ?? "null")).toEqual({ error: "TypeError" });
    await expect(runUnderLock(t.deps(), async () => ({ next: true }))).resolves.toEqual({ next: true });
  });

  // Issue 28: « Graceful shutdown waits 8 s for a run that takes ~30 s, and not at all for one
  // started from the admin panel. » The run is resumable now: a shutdown waits its grace period,
  // then (workers/node.ts) marks the run under way abandoned, so the next start catches it up at once.
  it("a run asked on Node's run queue (the admin panel, the scheduler) is known while under way, and a shutdown that cannot wait marks it abandoned: the next run starts at once", async () => {
    t.upstreams.setDelay(400);
    try {
      await t.runQueue.sendBatch([{ kind: "plan", runId: "admin-run", day: "2026-11-22", requestedBy: "admin" }]);
      for (let waited = 0; t.runQueue.current() !== "admin-run" && waited < 10_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(t.runQueue.current()).toBe("admin-run");
      // Its heartbeat is fresh: without the shutdown's mark the next start would wait 3 beats.
      expect(await isAlertRunInProgress(t.deps())).toBe(true);
      expect(await abandonRuns(t.deps(), [t.runQueue.current()!])).toBe(1);
      const [left] = await t.db.select().from(alertRuns).where(eq(alertRuns.id, "admin-run"));
      expect(JSON.parse(left?.summaryJson ?? "null")).toEqual({ error: "abandoned", reason: "shutdown" });
      expect(await isAlertRunInProgress(t.deps())).toBe(false);
    } finally {
      t.upstreams.setDelay(0);
      await t.runQueue.idle();
    }
    expect(t.runQueue.current()).toBeNull();
  });
});
