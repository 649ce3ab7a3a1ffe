// The public reads' per-client counters (decision 094): the same table in the Node process and in
// each client's Durable Object on Workers. Fixed windows on the clock it is given (the app's, the
// one the fakes and the tests share), one count per rule and client, memory bounded.
import { describe, expect, it } from "vitest";
import { createMemoryRequestCounters, createRequestCounterTable } from "../../../src/server/services/request-counters.ts";

const REPORT = { scope: "report", limit: 3, windowSeconds: 60 };
const GEOCODE = { scope: "geocode", limit: 1, windowSeconds: 60 };
/** 10:00:15 UTC: 45 s left in its minute. */
const NOW = Date.parse("2026-11-22T10:00:15Z");

describe("the request counter table", () => {
  it("counts down within a window, refuses past the limit, and says when the window ends", () => {
    const table = createRequestCounterTable();
    const outcomes = [0, 1, 2, 3].map((second) => table.consume(REPORT, "client-a", NOW + second * 1000));
    expect(outcomes.map((outcome) => outcome.allowed)).toEqual([true, true, true, false]);
    expect(outcomes.map((outcome) => outcome.remaining)).toEqual([2, 1, 0, 0]);
    expect(outcomes.map((outcome) => outcome.retryAfterSeconds)).toEqual([45, 44, 43, 42]);
  });

  it("starts the count again when the clock enters the next window, as the database's fixed windows did", () => {
    const table = createRequestCounterTable();
    for (let i = 0; i < 4; i++) table.consume(REPORT, "client-a", NOW);
    // 10:00:59.999: still the same window.
    expect(table.consume(REPORT, "client-a", Date.parse("2026-11-22T10:00:59.999Z")).allowed).toBe(false);
    // 10:01:00: a new one, whole again.
    const next = table.consume(REPORT, "client-a", Date.parse("2026-11-22T10:01:00Z"));
    expect(next).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 60 });
    // A clock set back (a test's, an NTP step) is another window too: never a stale refusal.
    expect(table.consume(REPORT, "client-a", NOW).allowed).toBe(true);
  });

  it("keeps each client and each rule apart", () => {
    const table = createRequestCounterTable();
    for (let i = 0; i < 3; i++) table.consume(REPORT, "client-a", NOW);
    expect(table.consume(REPORT, "client-a", NOW).allowed).toBe(false);
    expect(table.consume(REPORT, "client-b", NOW)).toMatchObject({ allowed: true, remaining: 2 });
    // The same client under another rule: its own allowance.
    expect(table.consume(GEOCODE, "client-a", NOW)).toMatchObject({ allowed: true, remaining: 0 });
    expect(table.consume(GEOCODE, "client-a", NOW).allowed).toBe(false);
  });

  it("holds at most its bound, dropping ended windows first and then the oldest counters", () => {
    const table = createRequestCounterTable({ maxCounters: 100 });
    // A flood from 10 000 addresses within one minute: memory stays at the bound.
    for (let i = 0; i < 10_000; i++) table.consume(REPORT, `flood-${i}`, NOW);
    expect(table.size()).toBe(100);
    // The newest are the ones kept: the last address is still counted.
    expect(table.consume(REPORT, "flood-9999", NOW).remaining).toBe(1);
    // A minute later the ended windows go as new clients come, not only at the bound.
    const later = NOW + 60_000;
    for (let i = 0; i < 50; i++) table.consume(REPORT, `next-${i}`, later);
    expect(table.size()).toBeLessThanOrEqual(100);
    for (let i = 0; i < 50; i++) table.consume(REPORT, `next-${i + 50}`, later);
    // Each new counter swept up to two ended ones: none of the first minute's is left.
    expect(table.size()).toBe(100);
    expect(table.consume(REPORT, "next-0", later).remaining).toBe(1);
  });

  it("is what the app counts with on Node (asynchronous, as a remote host of the table is)", async () => {
    const counters = createMemoryRequestCounters({ maxCounters: 10 });
    expect(await counters.consume(GEOCODE, "client-a", NOW)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 45 });
    expect((await counters.consume(GEOCODE, "client-a", NOW)).allowed).toBe(false);
  });
});
