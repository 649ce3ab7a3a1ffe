import { describe, expect, it } from "vitest";
import { createMemoryCache } from "../../src/server/cache/memory.ts";
import { atmoTtlSeconds } from "../../src/server/services/sources.ts";

describe("memory cache", () => {
  it("expires entries after their lifetime", async () => {
    let nowMs = 0;
    const cache = createMemoryCache({ now: () => nowMs });
    await cache.set("k", { a: 1 }, 10);
    nowMs = 9_999;
    expect(await cache.get("k")).toEqual({ a: 1 });
    nowMs = 10_000;
    expect(await cache.get("k")).toBeUndefined();
  });

  it("evicts the least recently used entry when full", async () => {
    const cache = createMemoryCache({ maxEntries: 2 });
    await cache.set("a", 1, 60);
    await cache.set("b", 2, 60);
    await cache.get("a");
    await cache.set("c", 3, 60);
    expect(await cache.get("a")).toBe(1);
    expect(await cache.get("b")).toBeUndefined();
    expect(await cache.get("c")).toBe(3);
  });
});

describe("ATMO cache lifetime", () => {
  it("never keeps a pre-publication answer past ~14:15 Paris time", () => {
    // 13:45 Paris in winter = 12:45 UTC: expire at 14:15, 30 minutes later.
    expect(atmoTtlSeconds(new Date("2026-11-22T12:45:00Z"))).toBe(30 * 60);
    // Mornings and afternoons: one hour.
    expect(atmoTtlSeconds(new Date("2026-11-22T08:00:00Z"))).toBe(3600);
    expect(atmoTtlSeconds(new Date("2026-11-22T15:00:00Z"))).toBe(3600);
    // Summer time: 13:30 Paris = 11:30 UTC.
    expect(atmoTtlSeconds(new Date("2026-07-01T11:30:00Z"))).toBe(45 * 60);
  });
});
