// The Node upstream cache's memory, bounded by size (decision 058): fills it with Hub'Eau-shaped
// answers (the recorded 59310 results, 64 copies with distinct codes: ~0,84 MiB of JSON each) and
// prints the heap's growth, beside a cache bounded by entry count only (the bound before issue 22).
//
// Run: `node --expose-gc tests/bench/cache-memory.ts [entries=400] [maxMiB=64]`
import { readFileSync } from "node:fs";
import { createMemoryCache } from "../../src/server/cache/memory.ts";
import type { Cache } from "../../src/server/cache/types.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const entries = Number(process.argv[2] ?? 400);
const maxMib = Number(process.argv[3] ?? 64);
const recorded = readFileSync(new URL("../fixtures/hubeau/resultats-dis-59310.json", import.meta.url), "utf8");

function hubeauShapedAnswer(id: number): { ok: true; data: unknown[] } {
  const data: unknown[] = [];
  for (let copy = 0; copy < 64; copy++) data.push(...(JSON.parse(recorded.replaceAll("59310", `${10000 + id}-${copy}`)) as { data: unknown[] }).data);
  return { ok: true, data };
}

/** The cache as it was: 5 000 entries, whatever their size. */
function createCountBoundedCache(): Cache {
  const map = new Map<string, unknown>();
  return {
    async get<T>(key: string) {
      return map.get(key) as T | undefined;
    },
    async set<T>(key: string, value: T) {
      map.set(key, value);
      while (map.size > 5000) map.delete(map.keys().next().value as string);
    },
  };
}

async function heapGrowthMib(cache: Cache): Promise<number> {
  gc!();
  const before = process.memoryUsage().heapUsed;
  for (let id = 0; id < entries; id++) await cache.set(`hubeau:results:${id}`, hubeauShapedAnswer(id), 3600);
  gc!();
  return (process.memoryUsage().heapUsed - before) / 1024 / 1024;
}

const jsonMib = JSON.stringify(hubeauShapedAnswer(0)).length / 1024 / 1024;
const countBounded = await heapGrowthMib(createCountBoundedCache());
const sizeBounded = createMemoryCache({ maxBytes: maxMib * 1024 * 1024 });
const sizeBoundedGrowth = await heapGrowthMib(sizeBounded);
console.log(`${entries} answers of ${jsonMib.toFixed(2)} MiB of JSON each`);
console.log(`bounded by count (5 000 entries): heap +${countBounded.toFixed(0)} MiB`);
console.log(`bounded by size (${maxMib} MiB): heap +${sizeBoundedGrowth.toFixed(0)} MiB, counted ${(sizeBounded.sizeBytes() / 1024 / 1024).toFixed(0)} MiB`);
