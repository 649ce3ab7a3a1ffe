import type { Context } from "hono";
import type { AppEnv } from "./deps.ts";

/**
 * Work that must not delay the answer (refreshing a slow upstream): on Workers it is handed to
 * waitUntil so the isolate lives until it ends; on Node it simply runs on. Failures are logged.
 */
export function deferTask(c: Context<AppEnv>): (task: Promise<unknown>) => void {
  return (task) => {
    const guarded = task.catch((error: unknown) => {
      c.get("deps").log({ level: "warn", message: "background task failed", fields: { error: error instanceof Error ? error.name : "unknown" } });
    });
    try {
      c.executionCtx.waitUntil(guarded);
    } catch {
      // No execution context outside Workers (Node, tests): the promise runs on its own.
    }
  };
}
