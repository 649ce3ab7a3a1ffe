import type { Cache } from "./types.ts";

interface Entry {
  value: unknown;
  expiresAtMs: number;
}

/**
 * In-process LRU with per-entry expiry (Node runtime). A Map keeps insertion order, so
 * re-inserting on read moves an entry to the young end and the oldest key is evicted first.
 */
export function createMemoryCache(options: { maxEntries?: number; now?: () => number } = {}): Cache {
  const maxEntries = options.maxEntries ?? 5_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  return {
    async get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAtMs <= now()) return undefined;
      entries.set(key, entry);
      return entry.value as T;
    },
    async set<T>(key: string, value: T, ttlSeconds: number) {
      entries.delete(key);
      entries.set(key, { value, expiresAtMs: now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
  };
}
