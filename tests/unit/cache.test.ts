import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryCache, entrySizeBytes } from "../../src/server/cache/memory.ts";
import { atmoTtlSeconds, pollenTtlSeconds } from "../../src/server/services/sources.ts";

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
    // Room for two of these entries, not three.
    const maxBytes = entrySizeBytes("a", 1) * 2 + 1;
    const cache = createMemoryCache({ maxBytes, maxEntryBytes: maxBytes });
    await cache.set("a", 1, 60);
    await cache.set("b", 2, 60);
    await cache.get("a");
    await cache.set("c", 3, 60);
    expect(await cache.get("a")).toBe(1);
    expect(await cache.get("b")).toBeUndefined();
    expect(await cache.get("c")).toBe(3);
  });
});

describe("the Node upstream cache is bounded by size, not by number of entries (issue 22)", () => {
  // One Hub'Eau answer of a big city reaches ~12 MiB; 5 000 entries (the old bound) of those are
  // gigabytes. A stand-in of 1 MiB of JSON, as the cache counts it.
  const MIB = 1024 * 1024;
  const answerOfOneMib = (id: number) => ({ ok: true, data: { id, results: "x".repeat(MIB - 64) } });

  it("keeps at most its size whatever the number of entries: 200 answers of 1 MiB in a 16 MiB cache", async () => {
    const cache = createMemoryCache({ maxBytes: 16 * MIB });
    for (let id = 0; id < 200; id++) await cache.set(`hubeau:results:${id}`, answerOfOneMib(id), 3600);
    expect(cache.sizeBytes()).toBeLessThanOrEqual(16 * MIB);
    // The newest answers are the ones kept (as many as fit: 15, each a little over 1 MiB with its key), the oldest evicted.
    const kept: number[] = [];
    for (let id = 0; id < 200; id++) {
      const hit = await cache.get<ReturnType<typeof answerOfOneMib>>(`hubeau:results:${id}`);
      if (hit) kept.push(hit.data.id);
    }
    expect(kept).toEqual(Array.from({ length: 15 }, (_, index) => 185 + index));
    // 200 MiB of JSON to count: ~1 s alone, much more on a loaded 2-CPU machine (not a timing assertion).
  }, 60_000);

  it("counts an entry replaced or expired once, and frees it when evicted", async () => {
    let nowMs = 0;
    const cache = createMemoryCache({ maxBytes: 16 * MIB, now: () => nowMs });
    for (let round = 0; round < 5; round++) await cache.set("same-key", answerOfOneMib(round), 10);
    expect(cache.sizeBytes()).toBe(entrySizeBytes("same-key", answerOfOneMib(4)));
    nowMs = 10_000;
    expect(await cache.get("same-key")).toBeUndefined();
    expect(cache.sizeBytes()).toBe(0);
  });

  it("does not keep an entry larger than a quarter of the cache (it would evict everything else)", async () => {
    const cache = createMemoryCache({ maxBytes: 3 * MIB });
    await cache.set("small", { ok: true, data: [] }, 60);
    await cache.set("huge", answerOfOneMib(1), 60);
    expect(await cache.get("huge")).toBe(undefined);
    expect(await cache.get("small")).toEqual({ ok: true, data: [] });
  });
});

describe("the Node upstream cache is bounded by bytes with a maintained LRU (lru-cache maxSize + sizeCalculation, decision 066)", () => {
  it("never keeps an entry bigger than the whole budget, and drops the older value under its key", async () => {
    const maxBytes = 64 * 1024;
    const cache = createMemoryCache({ maxBytes, maxEntryBytes: maxBytes });
    await cache.set("hubeau:big", { ok: true, data: "small" }, 60);
    await cache.set("hubeau:big", { ok: true, data: "x".repeat(maxBytes) }, 60);
    expect(await cache.get("hubeau:big")).toBeUndefined();
    expect(cache.sizeBytes()).toBe(0);
  });

  it("the bytes counted (JSON length + key + overhead, as entrySizeBytes counts them) never exceed the budget across many inserts, reads and replacements", async () => {
    const maxBytes = 20_000;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 40 }), length: fc.integer({ min: 0, max: 9_000 }), read: fc.boolean() }), {
          minLength: 1,
          maxLength: 200,
        }),
        async (operations) => {
          const cache = createMemoryCache({ maxBytes });
          const latest = new Map<string, unknown>();
          for (const { key, length, read } of operations) {
            const name = `source:${key}`;
            if (read) await cache.get(name);
            const value = { ok: true, data: "é".repeat(length) };
            await cache.set(name, value, 3600);
            latest.set(name, value);
            expect(cache.sizeBytes()).toBeLessThanOrEqual(maxBytes);
          }
          // What is counted is exactly the entries kept, each at entrySizeBytes, each the latest value set.
          let counted = 0;
          for (const [name, value] of latest) {
            const hit = await cache.get(name);
            if (hit === undefined) continue;
            expect(hit).toEqual(value);
            counted += entrySizeBytes(name, value);
          }
          expect(cache.sizeBytes()).toBe(counted);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("expiry is unchanged: an entry is served until the instant its lifetime ends, not at that instant, even from a clock at 0", async () => {
    let nowMs = 0;
    const cache = createMemoryCache({ now: () => nowMs });
    await cache.set("vigieau:80021", { ok: true }, 3600);
    nowMs = 3_600_000 - 1;
    expect(await cache.get("vigieau:80021")).toEqual({ ok: true });
    nowMs = 3_600_000;
    expect(await cache.get("vigieau:80021")).toBeUndefined();
    expect(cache.sizeBytes()).toBe(0);
  });
});

describe("indice pollen cache lifetime", () => {
  it("never keeps a pre-publication answer past 13:00 Paris time (the recorded answer was published at 12:42 Paris)", () => {
    // 12:30 Paris in winter = 11:30 UTC: expire at 13:00, 30 minutes later.
    expect(pollenTtlSeconds(new Date("2026-11-22T11:30:00Z"))).toBe(30 * 60);
    expect(pollenTtlSeconds(new Date("2026-11-22T08:00:00Z"))).toBe(3600);
    expect(pollenTtlSeconds(new Date("2026-11-22T13:00:00Z"))).toBe(3600);
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
