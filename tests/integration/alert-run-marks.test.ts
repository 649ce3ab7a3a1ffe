// The run's per-day budgets and stage marks live in alert_run_marks, not among the sources'
// watermarks: each day has its own budget, shared by every consumer through the database.
import { describe, expect, it } from "vitest";
import { deleteRunMarksBefore, hasStageBegun, markStageBegun, takeFromDayBudget } from "../../src/server/db/repositories/alert-run-marks.ts";
import { sourceWatermarks } from "../../src/server/db/schema/index.ts";
import { useTestApp } from "../helpers/test-app.ts";

const t = useTestApp();
const NOW_MS = Date.parse("2026-11-22T13:30:00Z");

describe("alert run marks", () => {
  it("a day's budget gives `max` units, concurrently, and the next day starts again", async () => {
    const take = (day: string) => takeFromDayBudget(t.db, { budget: "vigieau-first-reads", day, max: 3, nowMs: NOW_MS });
    const granted = await Promise.all(Array.from({ length: 5 }, () => take("2026-11-22")));
    expect(granted.filter(Boolean)).toHaveLength(3);
    expect(await take("2026-11-22")).toBe(false);
    expect(await take("2026-11-23")).toBe(true);
    expect(await takeFromDayBudget(t.db, { budget: "vigieau-first-reads", day: "2026-11-24", max: 0, nowMs: NOW_MS })).toBe(false);
    // Nothing of it among the sources' watermarks.
    expect(await t.db.select().from(sourceWatermarks)).toEqual([]);
  });

  it("a stage mark is per day, and old marks go with old budgets", async () => {
    expect(await hasStageBegun(t.db, { stage: "send-stage", day: "2026-11-22" })).toBe(false);
    await markStageBegun(t.db, { stage: "send-stage", day: "2026-11-22", nowMs: NOW_MS });
    await markStageBegun(t.db, { stage: "send-stage", day: "2026-11-22", nowMs: NOW_MS + 1 });
    expect(await hasStageBegun(t.db, { stage: "send-stage", day: "2026-11-22" })).toBe(true);
    expect(await hasStageBegun(t.db, { stage: "send-stage", day: "2026-11-23" })).toBe(false);
    await deleteRunMarksBefore(t.db, { beforeDay: "2026-11-23" });
    expect(await hasStageBegun(t.db, { stage: "send-stage", day: "2026-11-22" })).toBe(false);
    // The day kept keeps its count (one unit taken by the test above).
    const take23 = () => takeFromDayBudget(t.db, { budget: "vigieau-first-reads", day: "2026-11-23", max: 2, nowMs: NOW_MS });
    expect([await take23(), await take23()]).toEqual([true, false]);
  });
});
