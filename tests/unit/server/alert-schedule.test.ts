// Node's daily scheduler (schedule.ts, decision 076). Issue 28: « on Node the in-process scheduler
// does not catch up a missed or abandoned 17:00 run, so that day's alerts wait for the next day »
// — « the scheduler catches up a missed run ». Fixed clocks, fake timers.
import { afterEach, describe, expect, it, vi } from "vitest";
import { isDailyRunDue, MAX_CATCH_UPS_PER_DAY, startDailyScheduler } from "../../../src/server/alerts/schedule.ts";

const DEAD_AFTER_MS = 45_000;
// 22 November 2026: Paris is UTC+1, 17:00 Paris is 16:00 UTC.
const ALERT_HOUR = Date.parse("2026-11-22T16:00:00Z");
const at = (iso: string) => new Date(iso);
const run = (startedAtMs: number, end: { finishedAtMs?: number; summary?: object; heartbeatAtMs?: number } = {}) => ({
  startedAtMs,
  finishedAtMs: end.finishedAtMs ?? null,
  summaryJson: end.summary ? JSON.stringify(end.summary) : null,
  heartbeatAtMs: end.heartbeatAtMs ?? startedAtMs,
});

describe("today's run is due (the scheduler's catch-up)", () => {
  it("never before 17:00 Paris (decisions 032 and 047: the e-mails go out at 17:00)", () => {
    expect(isDailyRunDue(at("2026-11-22T15:59:59Z"), [], DEAD_AFTER_MS)).toBe(false);
    // Summer time: 17:00 Paris is 15:00 UTC.
    expect(isDailyRunDue(at("2026-07-01T14:59:00Z"), [], DEAD_AFTER_MS)).toBe(false);
    expect(isDailyRunDue(at("2026-07-01T15:00:00Z"), [], DEAD_AFTER_MS)).toBe(true);
  });

  it("a 17:00 missed while the server was down is caught up the same evening", () => {
    // A run of yesterday's 17:00 and one asked from the admin panel this morning are not today's 17:00 run.
    const morning = run(Date.parse("2026-11-22T08:00:00Z"), { finishedAtMs: Date.parse("2026-11-22T08:01:00Z"), summary: { sent: 3 } });
    expect(isDailyRunDue(at("2026-11-22T19:30:00Z"), [morning], DEAD_AFTER_MS)).toBe(true);
  });

  it("an abandoned run (killed: unfinished and silent for 3 beats, or marked abandoned) is caught up", () => {
    const now = at("2026-11-22T16:10:00Z");
    const killed = run(ALERT_HOUR, { heartbeatAtMs: now.getTime() - DEAD_AFTER_MS });
    expect(isDailyRunDue(now, [killed], DEAD_AFTER_MS)).toBe(true);
    const marked = run(ALERT_HOUR, { finishedAtMs: ALERT_HOUR + 60_000, summary: { error: "abandoned", reason: "shutdown" } });
    expect(isDailyRunDue(now, [marked], DEAD_AFTER_MS)).toBe(true);
  });

  it("not while a run of today is alive, nor after one completed", () => {
    const now = at("2026-11-22T16:10:00Z");
    expect(isDailyRunDue(now, [run(ALERT_HOUR, { heartbeatAtMs: now.getTime() - 10_000 })], DEAD_AFTER_MS)).toBe(false);
    expect(isDailyRunDue(now, [run(ALERT_HOUR, { finishedAtMs: ALERT_HOUR + 30_000, summary: { sent: 120 } })], DEAD_AFTER_MS)).toBe(false);
  });

  it("a run that failed by an error is not caught up again that day (once a day is enough: the admins are noticed)", () => {
    const failed = run(ALERT_HOUR, { finishedAtMs: ALERT_HOUR + 5_000, summary: { error: "TypeError" } });
    expect(isDailyRunDue(at("2026-11-22T18:00:00Z"), [failed], DEAD_AFTER_MS)).toBe(false);
  });

  it(`stops catching up after ${MAX_CATCH_UPS_PER_DAY} abandoned runs in a day (a run that keeps dying needs a person)`, () => {
    const abandoned = Array.from({ length: MAX_CATCH_UPS_PER_DAY }, (_, index) =>
      run(ALERT_HOUR + index * 60_000, { finishedAtMs: ALERT_HOUR + index * 60_000 + 50_000, summary: { error: "abandoned" } }),
    );
    expect(isDailyRunDue(at("2026-11-22T17:00:00Z"), abandoned.slice(1), DEAD_AFTER_MS)).toBe(true);
    expect(isDailyRunDue(at("2026-11-22T17:00:00Z"), abandoned, DEAD_AFTER_MS)).toBe(false);
  });
});

describe("Node's scheduler wakes at start, at 17:00 and every few minutes", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("catches up at start when today's run is due, and does not run when it is not", async () => {
    vi.useFakeTimers({ now: at("2026-11-22T19:30:00Z") });
    const runs: Date[] = [];
    let due = true;
    const scheduler = startDailyScheduler({
      run: async () => {
        runs.push(new Date());
        due = false;
      },
      isDue: async () => due,
      onError: (error) => {
        throw error;
      },
    });
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([at("2026-11-22T19:30:00Z")]);
    // Every check after that finds the day done.
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(runs).toHaveLength(1);
    scheduler.stop();
  });

  it("runs at 17:00 Paris, and catches up an abandoned run within the next check", async () => {
    vi.useFakeTimers({ now: at("2026-11-22T12:00:00Z") });
    const runs: string[] = [];
    let due = false;
    const scheduler = startDailyScheduler({
      run: async () => {
        runs.push(new Date().toISOString());
        due = false;
      },
      isDue: async () => due || Date.now() === ALERT_HOUR,
      onError: (error) => {
        throw error;
      },
    });
    expect(scheduler.nextAt()).toEqual(new Date(ALERT_HOUR));
    await vi.advanceTimersByTimeAsync(ALERT_HOUR - Date.parse("2026-11-22T12:00:00Z"));
    expect(runs).toEqual(["2026-11-22T16:00:00.000Z"]);
    // The run was killed: the next wake (at most 5 minutes later) catches it up.
    due = true;
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
    expect(runs).toHaveLength(2);
    scheduler.stop();
  });
});
