import type { Cache } from "./types.ts";

interface Entry {
  value: unknown;
  expiresAtMs: number;
  sizeBytes: number;
}

/** What an entry costs beyond its value: the key, the Map slot, the entry object (an estimate). */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The size an entry is counted at: its JSON length (values are JSON-serialisable, the Cache
 * contract) plus the key. A proxy for the heap, measured close to it: Hub'Eau-shaped answers take
 * about 0,8 times their JSON length once parsed (tests/bench/cache-memory.ts).
 */
export function entrySizeBytes(key: string, value: unknown): number {
  return ENTRY_OVERHEAD_BYTES + key.length + (JSON.stringify(value)?.length ?? 0);
}

/**
 * In-process LRU with per-entry expiry (Node runtime), bounded by size: one Hub'Eau answer of a
 * big city reaches ~12 MiB, so a bound on the number of entries alone let memory grow to
 * gigabytes (issue 22). A Map keeps insertion order: re-inserting on read moves an entry to the
 * young end, and the oldest entries are evicted until the total fits. An entry larger than
 * `maxEntryBytes` is not kept at all (it would evict everything else).
 */
export function createMemoryCache(options: { maxBytes?: number; maxEntryBytes?: number; now?: () => number } = {}): Cache & { sizeBytes(): number } {
  const maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
  const maxEntryBytes = options.maxEntryBytes ?? Math.floor(maxBytes / 4);
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    totalBytes -= entry.sizeBytes;
    return entry;
  };

  return {
    sizeBytes: () => totalBytes,
    async get<T>(key: string) {
      const entry = remove(key);
      if (!entry || entry.expiresAtMs <= now()) return undefined;
      entries.set(key, entry);
      totalBytes += entry.sizeBytes;
      return entry.value as T;
    },
    async set<T>(key: string, value: T, ttlSeconds: number) {
      remove(key);
      const sizeBytes = entrySizeBytes(key, value);
      if (sizeBytes > maxEntryBytes) return;
      entries.set(key, { value, expiresAtMs: now() + ttlSeconds * 1000, sizeBytes });
      totalBytes += sizeBytes;
      for (const oldest of entries.keys()) {
        if (totalBytes <= maxBytes) break;
        remove(oldest);
      }
    },
  };
}
