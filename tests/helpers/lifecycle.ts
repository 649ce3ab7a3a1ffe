// One resource for a test file (or a describe block): started before its tests, closed after them.
import { afterAll, beforeAll } from "vitest";

/**
 * Starts the resource in beforeAll and closes it in afterAll. The answer stands for the resource
 * (it exists only once the tests start, so read it inside a test or a hook).
 */
export function useForTests<T extends object>(start: () => Promise<T>, close: (resource: T) => Promise<void> | void): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(async () => {
    if (current) await close(current);
  });
  return new Proxy({} as T, {
    get(_target, property) {
      if (!current) throw new Error("the resource is started in beforeAll: read it inside a test or a hook");
      return Reflect.get(current, property, current) as unknown;
    },
  });
}
