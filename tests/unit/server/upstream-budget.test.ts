// The rules of the upstreams' budgets (decision 088): a share per client, a reserve for a client's
// first report of the day, the alert run never refused, bounded memory. On the in-memory
// implementation the Workers' Durable Object hosts, with a fake clock.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../src/server/config.ts";
import {
  BURST_MINUTES,
  clientShareOf,
  createUpstreamBudgets,
  firstReportReserve,
  MAX_TRACKED_CLIENTS,
  REPORT_CALLS,
  type UpstreamName,
} from "../../../src/server/services/upstream-budget.ts";

const START = Date.parse("2026-11-22T10:00:00Z");
const MINUTE_MS = 60_000;

function budgetsAt(startMs = START, overrides: Record<string, string> = {}) {
  let nowMs = startMs;
  const logs: string[] = [];
  const budgets = createUpstreamBudgets({ config: parseConfig(overrides), nowMs: () => nowMs, log: (entry) => logs.push(entry.message) });
  return {
    budgets,
    logs,
    advance: (ms: number) => (nowMs += ms),
    set: (ms: number) => (nowMs = ms),
    /** `calls` takes by `client`, how many were granted */
    takeMany: async (name: UpstreamName, client: string | null, calls: number) => {
      let granted = 0;
      for (let call = 0; call < calls; call++) if (await budgets.take(name, "request", client)) granted += 1;
      return granted;
    },
  };
}

describe("the numbers (production defaults)", () => {
  it("VigiEau: a burst of 50, a reserve of 10 for first reports, a share of 5 calls refilled at 1 a minute", () => {
    expect(firstReportReserve("vigieau", 10)).toBe(10);
    expect(clientShareOf("vigieau", 10)).toEqual({ perMinute: 1, capacity: 5 });
  });
  it("Open-Meteo: a burst of 30, a reserve of 6, a share of 3 (one report's 2 calls and more)", () => {
    expect(firstReportReserve("openmeteo", 6)).toBeCloseTo(6);
    expect(clientShareOf("openmeteo", 6).capacity).toBeCloseTo(3);
    expect(clientShareOf("openmeteo", 6).capacity).toBeGreaterThanOrEqual(REPORT_CALLS.openmeteo);
  });
  it("Hub'Eau: a burst of 1 500, a reserve of 300, a share of 150 refilled at 30 a minute", () => {
    expect(firstReportReserve("hubeau", 300)).toBe(300);
    expect(clientShareOf("hubeau", 300)).toEqual({ perMinute: 30, capacity: 150 });
  });
  it("a share never holds less than one report's calls, however small the rate", () => {
    for (const name of Object.keys(REPORT_CALLS) as UpstreamName[]) expect(clientShareOf(name, 0.01).capacity).toBe(REPORT_CALLS[name]);
  });
});

describe("a share per client", () => {
  it("a client past its share is refused while the service's budget still has tokens; another client is not", async () => {
    const clock = budgetsAt();
    expect(await clock.takeMany("vigieau", "a", 20)).toBe(5);
    expect(await clock.takeMany("vigieau", "b", 1)).toBe(1);
    // Its share refills at its own rate: one call a minute.
    clock.advance(MINUTE_MS);
    expect(await clock.takeMany("vigieau", "a", 5)).toBe(1);
  });

  it("a share is not spent by a call the global bucket refused", async () => {
    const clock = budgetsAt(START, { UPSTREAM_VIGIEAU_PER_MINUTE: "1" });
    // Burst 5 and a reserve of 2 (one report's calls): unattributed calls spend the whole bucket.
    expect(await clock.takeMany("vigieau", null, 5)).toBe(5);
    expect(await clock.takeMany("vigieau", "a", 3)).toBe(0);
    clock.advance(5 * MINUTE_MS);
    // Its share is whole: 2 first-report calls (a share of at least one report).
    expect(await clock.takeMany("vigieau", "a", 2)).toBe(2);
  });

  it("calls on nobody's behalf need the global bucket only (its whole burst, then its rate)", async () => {
    const clock = budgetsAt();
    expect(await clock.takeMany("vigieau", null, 60)).toBe(50);
    clock.advance(MINUTE_MS);
    expect(await clock.takeMany("vigieau", null, 60)).toBe(10);
    expect(clock.logs.filter((message) => /upstream budget reached/.test(message))).toHaveLength(1);
  });
});

describe("the reserve for a client's first report of the day", () => {
  it("returning clients stop at the reserve's floor; a newcomer's first report still takes from it", async () => {
    const clock = budgetsAt();
    // Eight clients take their share (5 each): 40 of the 50, the floor reached (each past its first-report calls, REPORT_CALLS.vigieau).
    for (let client = 0; client < 8; client++) expect(await clock.takeMany("vigieau", `returning-${client}`, 5)).toBe(5);
    clock.advance(5 * MINUTE_MS);
    // Their shares are full again, the bucket too (50): they spend down to the floor of 10, no further.
    let granted = 0;
    for (let client = 0; client < 8; client++) granted += await clock.takeMany("vigieau", `returning-${client}`, 5);
    expect(granted).toBe(40);
    expect(await clock.takeMany("vigieau", "returning-0", 1)).toBe(0);
    // A newcomer: its first report's calls are granted from the reserve, then it is a returning client too.
    expect(await clock.takeMany("vigieau", "newcomer", REPORT_CALLS.vigieau + 1)).toBe(REPORT_CALLS.vigieau);
  });

  it("a new day (Paris) is a new first report", async () => {
    const clock = budgetsAt(Date.parse("2026-11-22T22:50:00Z"));
    expect(await clock.takeMany("vigieau", null, 40)).toBe(40);
    // The floor is reached: returning clients are refused (a's first report is still granted).
    expect(await clock.takeMany("vigieau", "a", REPORT_CALLS.vigieau)).toBe(REPORT_CALLS.vigieau);
    expect(await clock.takeMany("vigieau", "a", 1)).toBe(0);
    // 23:50 in Paris → 00:05 the next day, the bucket full again and spent down to its floor: its first report again.
    clock.set(Date.parse("2026-11-22T23:05:00Z"));
    expect(await clock.takeMany("vigieau", null, 40)).toBe(40);
    expect(await clock.takeMany("vigieau", "a", REPORT_CALLS.vigieau + 1)).toBe(REPORT_CALLS.vigieau);
  });

  it("property: whatever N returning clients do, at any pace, a newcomer’s first report is granted whole (only first reports and the alert run, never refused, spend the reserve)", async () => {
    const names = ["vigieau", "openmeteo", "hubeau"] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.record({ client: fc.nat({ max: 39 }), calls: fc.integer({ min: 1, max: 200 }), waitMs: fc.nat({ max: 10 * MINUTE_MS }) }), {
          maxLength: 60,
        }),
        async (name, clients, actions) => {
          const clock = budgetsAt();
          const rate = { vigieau: 10, openmeteo: 6, hubeau: 300 }[name];
          // Each returning client had its first report (the bucket refilled after each).
          for (let client = 0; client < clients; client++) {
            await clock.takeMany(name, `returning-${client}`, REPORT_CALLS[name]);
            clock.advance(BURST_MINUTES * MINUTE_MS);
          }
          for (const action of actions) {
            await clock.takeMany(name, `returning-${action.client % clients}`, action.calls);
            clock.advance(action.waitMs);
          }
          expect(await clock.takeMany(name, "newcomer", REPORT_CALLS[name])).toBe(REPORT_CALLS[name]);
          expect(firstReportReserve(name, rate)).toBeGreaterThanOrEqual(REPORT_CALLS[name]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("property: a client never gets more than its share — what its bucket holds plus its rate over the time elapsed", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ calls: fc.integer({ min: 0, max: 30 }), waitMs: fc.nat({ max: 3 * MINUTE_MS }) }), { maxLength: 40 }),
        async (steps) => {
          const clock = budgetsAt();
          const share = clientShareOf("vigieau", 10);
          let granted = 0;
          let elapsedMs = 0;
          for (const step of steps) {
            granted += await clock.takeMany("vigieau", "a", step.calls);
            clock.advance(step.waitMs);
            elapsedMs += step.waitMs;
          }
          expect(granted).toBeLessThanOrEqual(share.capacity + (share.perMinute * elapsedMs) / MINUTE_MS + 1e-9);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("the finding's figures (issue 39)", () => {
  it("six clients at their full route allowance (60 reports a minute, 3 Hub'Eau calls each) for ten minutes no longer empty Hub'Eau: a seventh still gets a report's calls", async () => {
    const clock = budgetsAt();
    // The seventh had its first report this morning.
    expect(await clock.takeMany("hubeau", "seventh", REPORT_CALLS.hubeau)).toBe(REPORT_CALLS.hubeau);
    let granted = 0;
    for (let second = 0; second < 10 * 60; second++) {
      for (let client = 0; client < 6; client++) granted += await clock.takeMany("hubeau", `heavy-${client}`, 3);
      clock.advance(1000);
    }
    // Each had its share: 150, then 30 a minute (180 a minute for the six, under the 300 the bucket refills).
    expect(granted).toBeLessThanOrEqual(6 * (150 + 30 * 10));
    expect(await clock.takeMany("hubeau", "seventh", REPORT_CALLS.hubeau)).toBe(REPORT_CALLS.hubeau);
  });
});

describe("the alert run", () => {
  it("is never refused, and its calls are the service's: visitors wait for the bucket to refill", async () => {
    const clock = budgetsAt();
    for (let call = 0; call < 80; call++) expect(await clock.budgets.take("vigieau", "alert-run", null)).toBe(true);
    await clock.budgets.charge("vigieau", 10);
    // 80 + 10 charged on a bucket of 50: 40 under zero; even a newcomer's first report waits.
    expect(await clock.takeMany("vigieau", "newcomer", 1)).toBe(0);
    // 41 tokens later (4,1 minutes at 10 a minute) its first report is granted from the reserve.
    clock.advance(4.2 * MINUTE_MS);
    expect(await clock.takeMany("vigieau", "newcomer", 1)).toBe(1);
  });
});

describe("bounded memory (decision 066)", () => {
  it(`keeps at most ${MAX_TRACKED_CLIENTS} clients: the least recently seen is forgotten, and starts again with a full share`, async () => {
    const clock = budgetsAt(START, { UPSTREAM_HUBEAU_PER_MINUTE: "1000000" });
    expect(await clock.takeMany("vigieau", "first", 10)).toBe(5);
    for (let client = 0; client < MAX_TRACKED_CLIENTS; client++) await clock.budgets.take("hubeau", "request", `other-${client}`);
    // Forgotten: a full share again (the global bucket still has tokens).
    expect(await clock.takeMany("vigieau", "first", 10)).toBe(5);
  });
});
