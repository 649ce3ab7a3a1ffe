// The service-wide ceilings when they live out of this process (Workers: one Durable Object for
// every isolate, workers/ceilings-object.ts, decision 089): a call that fails or does not answer
// in time falls back to this process's own ceilings, the per-isolate ones of decision 058, so an
// unreachable object never takes the reports or the PDFs down, and never lets them through uncounted.
import type { LogEntry } from "../logger.ts";
import { createLogThrottle, describeError } from "../logger.ts";
import type { PdfRenderSlots } from "../middleware/pdf-render-slots.ts";
import type { UpstreamBudgets } from "./upstream-budget.ts";
import type { RequestCounters } from "./request-counters.ts";

/** Far above a call's quiet cost (a few milliseconds): a call this slow is treated as failed. */
export const REMOTE_CEILING_TIMEOUT_MS = 5_000;

type Log = (entry: LogEntry) => void;

async function withTimeout<T>(call: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([call(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Says once a minute per ceiling that the remote one failed (the error's class only). */
function createFallbackLog(log: Log) {
  const throttle = createLogThrottle(60_000);
  return (ceiling: "upstreams" | "pdf-slots" | "request-counters", error: unknown) => {
    const quiet = throttle(ceiling);
    if (quiet !== null)
      log({ level: "warn", message: "global ceiling unreachable: this isolate's own ceiling applies", fields: { ceiling, quiet, ...describeError(error) } });
  };
}

export function withLocalFallbackBudgets(remote: UpstreamBudgets, local: UpstreamBudgets, log: Log, timeoutMs = REMOTE_CEILING_TIMEOUT_MS): UpstreamBudgets {
  const fellBack = createFallbackLog(log);
  return {
    async take(name, priority, client) {
      try {
        return await withTimeout(() => remote.take(name, priority, client), timeoutMs);
      } catch (error) {
        fellBack("upstreams", error);
        return local.take(name, priority, client);
      }
    },
    async charge(name, calls) {
      try {
        await withTimeout(() => remote.charge(name, calls), timeoutMs);
      } catch (error) {
        fellBack("upstreams", error);
        await local.charge(name, calls);
      }
    },
  };
}

export function withLocalFallbackSlots(remote: PdfRenderSlots, local: PdfRenderSlots, log: Log, timeoutMs = REMOTE_CEILING_TIMEOUT_MS): PdfRenderSlots {
  const fellBack = createFallbackLog(log);
  return {
    takeLogTurn: (topic, nowMs) => local.takeLogTurn(topic, nowMs),
    async tryEnter(client, kind) {
      let release: (() => Promise<void>) | null;
      try {
        release = await withTimeout(() => remote.tryEnter(client, kind), timeoutMs);
      } catch (error) {
        fellBack("pdf-slots", error);
        return local.tryEnter(client, kind);
      }
      if (!release) return null;
      const remoteRelease = release;
      return async () => {
        try {
          await withTimeout(remoteRelease, timeoutMs);
        } catch (error) {
          // The slot's lease lapses on its own (PDF_SLOT_LEASE_MS).
          fellBack("pdf-slots", error);
        }
      };
    },
  };
}

/**
 * The public reads' per-client counters (decision 094): the client's Durable Object, else this
 * isolate's own counters while it cannot be reached (a client is then counted per isolate, as
 * Workers' own rate-limiting binding counts per location: a public read limit only paces).
 */
export function withLocalFallbackCounters(remote: RequestCounters, local: RequestCounters, log: Log, timeoutMs = REMOTE_CEILING_TIMEOUT_MS): RequestCounters {
  const fellBack = createFallbackLog(log);
  return {
    async consume(rule, bucketKey, nowMs) {
      try {
        return await withTimeout(() => remote.consume(rule, bucketKey, nowMs), timeoutMs);
      } catch (error) {
        fellBack("request-counters", error);
        return local.consume(rule, bucketKey, nowMs);
      }
    },
  };
}
