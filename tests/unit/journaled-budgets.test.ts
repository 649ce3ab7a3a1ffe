// The Workers' budgets outlive their Durable Object (decision 089): an object evicted when idle, or
// restarted by a deploy, replays the calls of the last hour, so waiting for an eviction gives no
// second burst.
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/server/config.ts";
import { BUDGET_JOURNAL_HORIZON_MS, createJournaledUpstreamBudgets, createMemoryBudgetJournal } from "../../src/server/services/journaled-budgets.ts";

const START = Date.parse("2026-11-22T10:00:00Z");
/** VigiEau at 1 a minute: a burst of 5. */
const config = parseConfig({ UPSTREAM_VIGIEAU_PER_MINUTE: "1" });

async function takeAll(budgets: ReturnType<typeof createJournaledUpstreamBudgets>, times: number): Promise<boolean[]> {
  const taken: boolean[] = [];
  for (let call = 0; call < times; call++) taken.push(await budgets.take("vigieau", "request", null));
  return taken;
}

describe("budgets journaled across restarts", () => {
  it("a restarted host stands where the buckets stood: no second burst", async () => {
    let now = START;
    const journal = createMemoryBudgetJournal();
    const first = createJournaledUpstreamBudgets({ config, nowMs: () => now, journal });
    expect(await takeAll(first, 6)).toEqual([true, true, true, true, true, false]);
    // Evicted 10 s later: the new instance has refilled 10 s of 1 a minute, not a whole burst.
    now += 10_000;
    const second = createJournaledUpstreamBudgets({ config, nowMs: () => now, journal });
    expect(await takeAll(second, 1)).toEqual([false]);
    // A minute after the spend, one call again, as without the restart.
    now = START + 60_000;
    expect(await takeAll(second, 2)).toEqual([true, false]);
  });

  it("replays the alert run's charges too, and forgets what is older than the horizon", async () => {
    let now = START;
    const journal = createMemoryBudgetJournal();
    const first = createJournaledUpstreamBudgets({ config, nowMs: () => now, journal });
    await first.charge("vigieau", 5);
    expect(await first.take("vigieau", "alert-run", null)).toBe(true);
    now += 1_000;
    expect(await takeAll(createJournaledUpstreamBudgets({ config, nowMs: () => now, journal }), 1)).toEqual([false]);
    now = START + BUDGET_JOURNAL_HORIZON_MS + 1_000;
    const later = createJournaledUpstreamBudgets({ config, nowMs: () => now, journal });
    expect(journal.since(0)).toEqual([]);
    expect(await takeAll(later, 5)).toEqual([true, true, true, true, true]);
  });
});
