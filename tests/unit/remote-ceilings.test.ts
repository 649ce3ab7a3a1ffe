// The Workers' ceilings live in a Durable Object (decision 089); when it fails or does not answer,
// each isolate falls back to its own ceilings (decision 058's), said once a minute — never to no ceiling.
import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../src/server/logger.ts";
import { createPdfRenderSlots, type PdfRenderSlots } from "../../src/server/middleware/pdf-render-slots.ts";
import { withLocalFallbackBudgets, withLocalFallbackSlots } from "../../src/server/services/remote-ceilings.ts";
import { createUpstreamBudgets, type UpstreamBudgets } from "../../src/server/services/upstream-budget.ts";
import { parseConfig } from "../../src/server/config.ts";

const NOW = Date.parse("2026-11-22T10:00:00Z");
/** VigiEau at 1 a minute: a burst of 5. */
const config = parseConfig({ UPSTREAM_VIGIEAU_PER_MINUTE: "1" });

const failing: UpstreamBudgets = {
  take: () => Promise.reject(new Error("object reset")),
  charge: () => Promise.reject(new Error("object reset")),
};
const silent: UpstreamBudgets = { take: () => new Promise(() => {}), charge: () => new Promise(() => {}) };

describe("remote ceilings with the isolate's own behind them", () => {
  it("uses the remote budgets while they answer", async () => {
    const logs: LogEntry[] = [];
    const local = createUpstreamBudgets({ config, nowMs: () => NOW });
    const remote = createUpstreamBudgets({ config, nowMs: () => NOW });
    const budgets = withLocalFallbackBudgets(remote, local, (entry) => logs.push(entry));
    for (let call = 0; call < 5; call++) expect(await budgets.take("vigieau", "request", null)).toBe(true);
    expect(await budgets.take("vigieau", "request", null)).toBe(false);
    // The local bucket was never touched: still its whole burst.
    expect(await local.take("vigieau", "request", null)).toBe(true);
    expect(logs).toEqual([]);
  });

  it("falls back to the isolate's own budget when the object fails or is silent, said once a minute", async () => {
    for (const remote of [failing, silent]) {
      const logs: LogEntry[] = [];
      const budgets = withLocalFallbackBudgets(remote, createUpstreamBudgets({ config, nowMs: () => NOW }), (entry) => logs.push(entry), 20);
      const taken = [];
      for (let call = 0; call < 6; call++) taken.push(await budgets.take("vigieau", "request", null));
      // The local bucket's burst (1 a minute, 5 minutes of it), then refusals: never unbounded.
      expect(taken).toEqual([true, true, true, true, true, false]);
      await budgets.charge("vigieau", 2);
      expect(logs.map((entry) => [entry.message, entry.fields?.ceiling])).toEqual([
        ["global ceiling unreachable: this isolate's own ceiling applies", "upstreams"],
      ]);
    }
  });

  it("falls back to the isolate's own PDF slots, and a remote slot's release that fails is left to its lease", async () => {
    const logs: LogEntry[] = [];
    const local = createPdfRenderSlots(1, () => NOW);
    const failingSlots: PdfRenderSlots = { takeLogTurn: () => true, tryEnter: () => Promise.reject(new Error("object reset")) };
    const slots = withLocalFallbackSlots(failingSlots, local, (entry) => logs.push(entry), 20);
    const release = await slots.tryEnter("a", "public");
    expect(release).not.toBeNull();
    expect(await slots.tryEnter("b", "public")).toBeNull();
    await release?.();
    expect(await slots.tryEnter("b", "public")).not.toBeNull();
    expect(logs).toHaveLength(1);

    const leaseKept: PdfRenderSlots = {
      takeLogTurn: () => true,
      tryEnter: async () => () => Promise.reject(new Error("object reset")),
    };
    const remoteLogs: LogEntry[] = [];
    const remoteSlots = withLocalFallbackSlots(
      leaseKept,
      createPdfRenderSlots(1, () => NOW),
      (entry) => remoteLogs.push(entry),
      20,
    );
    const remoteRelease = await remoteSlots.tryEnter("a", "public");
    await expect(remoteRelease?.()).resolves.toBeUndefined();
    expect(remoteLogs.map((entry) => entry.fields?.ceiling)).toEqual(["pdf-slots"]);
  });
});
