// One lifecycle for both runtimes (lifecycle.ts): the run lock, the summary as the run's row, and
// an error that finishes the run (so the next one is not blocked) and still reaches the caller.
import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AlertRunBusyError, runUnderLock, STALE_RUN_MS } from "../../src/server/alerts/lifecycle.ts";
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

  it("refuses a second run while one holds the lock, and lets one start once the lock is stale", async () => {
    let second: Promise<unknown> | undefined;
    await runUnderLock(t.deps(), async () => {
      second = runUnderLock(t.deps(), async () => ({}));
      await expect(second).rejects.toBeInstanceOf(AlertRunBusyError);
      return {};
    });
    await t.db.insert(alertRuns).values({ id: "dead", startedAtMs: NOW.getTime() - STALE_RUN_MS - 1 });
    await expect(runUnderLock(t.deps(), async () => ({ after: "stale" }))).resolves.toEqual({ after: "stale" });
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
});
