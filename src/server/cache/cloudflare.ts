import type { Cache } from "./types.ts";

// Workers runtime: the Cache API is per data centre and keyed by URL, so keys become synthetic
// URLs on a host we own. Cache-Control max-age carries the lifetime.
const KEY_ORIGIN = "https://cache.zone-sante.internal/";

interface WorkersCacheStorage {
  open(name: string): Promise<{
    match(request: Request): Promise<Response | undefined>;
    put(request: Request, response: Response): Promise<void>;
  }>;
}

export function createCloudflareCache(storage: WorkersCacheStorage, name = "upstream"): Cache {
  const opened = storage.open(name);
  const toRequest = (key: string) => new Request(KEY_ORIGIN + encodeURIComponent(key));
  return {
    async get<T>(key: string) {
      const response = await (await opened).match(toRequest(key));
      if (!response) return undefined;
      return (await response.json()) as T;
    },
    async set<T>(key: string, value: T, ttlSeconds: number) {
      const response = new Response(JSON.stringify(value), {
        headers: { "content-type": "application/json", "cache-control": `max-age=${Math.max(1, Math.round(ttlSeconds))}` },
      });
      await (await opened).put(toRequest(key), response);
    },
  };
}
