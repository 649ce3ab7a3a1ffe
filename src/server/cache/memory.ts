import { LRUCache } from "lru-cache";
import type { Cache } from "./types.ts";

/** What an entry costs beyond its value: the key, the LRU's slots, the wrapper object (an estimate). */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The size an entry is counted at: its JSON length (values are JSON-serialisable, the Cache
 * contract) plus the key. A proxy for the heap, measured close to it: Hub'Eau-shaped answers take
 * about 0,8 times their JSON length once parsed (tests/bench/cache-memory.ts).
 */
export function entrySizeBytes(key: string, value: unknown): number {
  return ENTRY_OVERHEAD_BYTES + key.length + (JSON.stringify(value)?.length ?? 0);
}

/** lru-cache keeps no `undefined` or `null` value: every value travels in a box, with its expiry. */
interface Boxed {
  value: unknown;
  expiresAtMs: number;
}

/**
 * In-process LRU with per-entry expiry (Node runtime), bounded by BYTES (decision 066): one
 * Hub'Eau answer of a big city reaches ~12 MiB, so a bound on the number of entries alone let
 * memory grow to gigabytes (issue 22). The LRU is `lru-cache` (maintained, used by npm itself),
 * with `maxSize` the byte budget and `sizeCalculation` our count of an entry (`entrySizeBytes`):
 * the least recently used entries are evicted until the total fits. An entry larger than
 * `maxEntryBytes` (a quarter of the budget unless told) is not kept at all (it would evict
 * everything else), and replaces nothing: an older value under its key is dropped. Expiry is ours
 * (an entry is gone from the instant `now() >= set time + ttl`, as before), checked on read.
 */
export function createMemoryCache(options: { maxBytes?: number; maxEntryBytes?: number; now?: () => number } = {}): Cache & { sizeBytes(): number } {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxEntryBytes = Math.min(options.maxEntryBytes ?? Math.floor(maxBytes / 4), maxBytes);
  const now = options.now ?? Date.now;
  const lru = new LRUCache<string, Boxed>({
    maxSize: maxBytes,
    maxEntrySize: maxEntryBytes,
    sizeCalculation: (boxed, key) => entrySizeBytes(key, boxed.value),
  });

  return {
    sizeBytes: () => lru.calculatedSize,
    async get<T>(key: string) {
      const boxed = lru.get(key);
      if (!boxed) return undefined;
      if (boxed.expiresAtMs <= now()) {
        lru.delete(key);
        return undefined;
      }
      return boxed.value as T;
    },
    async set<T>(key: string, value: T, ttlSeconds: number) {
      lru.set(key, { value, expiresAtMs: now() + ttlSeconds * 1000 });
    },
  };
}
