/**
 * A small key/value cache for upstream answers. Node uses an in-process LRU, Workers the Cache API:
 * callers never know which. Values must be JSON-serialisable.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
}
