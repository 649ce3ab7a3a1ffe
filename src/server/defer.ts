import type { Context } from "hono";
import type { AppEnv } from "./deps.ts";

/**
 * Work that must not delay the answer (an e-mail a 202 promised, refreshing a slow upstream): it
 * is handed to waitUntil — on Workers so the isolate lives until it ends, on Node so that graceful
 * shutdown waits for it (createDeferredTasks). Failures are logged.
 */
export function deferTask(c: Context<AppEnv>): (task: Promise<unknown>) => void {
  return (task) => {
    const guarded = task.catch((error: unknown) => {
      c.get("deps").log({ level: "warn", message: "background task failed", fields: { error: error instanceof Error ? error.name : "unknown" } });
    });
    try {
      c.executionCtx.waitUntil(guarded);
    } catch {
      // No execution context (tests calling app.request): the promise runs on its own.
    }
  };
}

/**
 * Node's stand-in for the Workers execution context (decision 075): what a request handed to
 * waitUntil (an e-mail promised by a 202, a bathing page refreshed after the answer) is kept
 * until it settles, and graceful shutdown waits for it within its grace period, as for the
 * requests in flight — a SIGTERM right after a 202 no longer drops the e-mail it promised.
 */
export interface DeferredTasks {
  /** what Hono reads as `c.executionCtx` */
  context: { waitUntil(task: Promise<unknown>): void; passThroughOnException(): void; props: Record<string, never> };
  /** tasks not settled yet */
  pending(): number;
  /** resolves once every task handed over so far (and any they hand over) has settled */
  idle(): Promise<void>;
}

export function createDeferredTasks(): DeferredTasks {
  const tasks = new Set<Promise<unknown>>();
  return {
    context: {
      waitUntil(task) {
        const tracked: Promise<unknown> = task.then(
          () => tasks.delete(tracked),
          () => tasks.delete(tracked),
        );
        tasks.add(tracked);
      },
      passThroughOnException() {},
      props: {},
    },
    pending: () => tasks.size,
    async idle() {
      while (tasks.size > 0) await Promise.allSettled([...tasks]);
    },
  };
}
