// The service-wide ceilings that must be one for every isolate (decision 089): the upstreams'
// token buckets and the PDF slots; and each client's public read counters (decision 094). One Durable Object class, one instance per family
// (`idFromName("upstreams")`, `idFromName("pdf-slots")`), each hosting the very implementation the
// Node process uses in memory (createUpstreamBudgets, createPdfSlotTable): the rules live once in
// src/, this object only forwards. A Durable Object runs one call at a time and the rules are
// synchronous, so no two calls interleave within a count.
//
// The buckets are in memory and every call they allow is journaled in the object's SQLite storage,
// replayed when the object starts again (evicted when idle, or a deploy), so waiting for an eviction
// gives no second burst (services/journaled-budgets.ts). The PDF slots are not kept: their leases
// last a minute at most, and an object restarted mid-render frees at most PDF_MAX_CONCURRENT slots early.
import { DurableObject } from "cloudflare:workers";
import { parseConfig } from "../src/server/config.ts";
import { logJson } from "../src/server/logger.ts";
import { createPdfSlotTable, type PdfRenderKind, type PdfRenderSlots, type PdfSlotTable } from "../src/server/middleware/pdf-render-slots.ts";
import { createPdfLogTurns } from "../src/server/middleware/pdf-render-slots.ts";
import { createJournaledUpstreamBudgets, type BudgetJournal, type BudgetJournalEntry } from "../src/server/services/journaled-budgets.ts";
import type { CallPriority, UpstreamBudgets, UpstreamName } from "../src/server/services/upstream-budget.ts";
import type { RateLimitRule } from "../src/server/services/rate-limit.ts";
import {
  createRequestCounterTable,
  type RequestCounters,
  type RequestCounterTable,
  type RequestCountOutcome,
} from "../src/server/services/request-counters.ts";
import { stringEnv } from "./worker-env.ts";

/** The instances' names: one object per family of ceilings; the public reads' counters one per client (`requests:<hashed key>`). */
export const CEILING_FAMILIES = { upstreams: "upstreams", pdfSlots: "pdf-slots", requests: "requests:" } as const;

export class GlobalCeilings extends DurableObject<Env> {
  private budgets: UpstreamBudgets | undefined;
  private slots: PdfSlotTable | undefined;
  private requests: RequestCounterTable | undefined;

  /** The configuration is the Worker's (the same env): its rates and its PDF_MAX_CONCURRENT. */
  private upstreamBudgets(): UpstreamBudgets {
    this.budgets ??= createJournaledUpstreamBudgets({
      config: parseConfig(stringEnv(this.env)),
      nowMs: () => Date.now(),
      journal: this.journal(),
      log: logJson,
    });
    return this.budgets;
  }

  /** The calls allowed, in the object's own SQLite database (synchronous, written with the call). */
  private journal(): BudgetJournal {
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS budget_calls (name TEXT NOT NULL, at_ms INTEGER NOT NULL, calls INTEGER NOT NULL)");
    sql.exec("CREATE INDEX IF NOT EXISTS budget_calls_at ON budget_calls (at_ms)");
    return {
      append: ({ name, atMs, calls }) => void sql.exec("INSERT INTO budget_calls (name, at_ms, calls) VALUES (?, ?, ?)", name, atMs, calls),
      since: (sinceMs) =>
        sql
          .exec<{ name: string; at_ms: number; calls: number }>("SELECT name, at_ms, calls FROM budget_calls WHERE at_ms >= ? ORDER BY at_ms", sinceMs)
          .toArray()
          .map((row): BudgetJournalEntry => ({ name: row.name as UpstreamName, atMs: row.at_ms, calls: row.calls })),
      forget: (beforeMs) => void sql.exec("DELETE FROM budget_calls WHERE at_ms < ?", beforeMs),
    };
  }

  private pdfSlotTable(): PdfSlotTable {
    this.slots ??= createPdfSlotTable(parseConfig(stringEnv(this.env)).PDF_MAX_CONCURRENT);
    return this.slots;
  }

  async takeUpstream(name: UpstreamName, priority: CallPriority, client: string | null): Promise<boolean> {
    return this.upstreamBudgets().take(name, priority, client);
  }

  async chargeUpstream(name: UpstreamName, calls: number): Promise<void> {
    await this.upstreamBudgets().charge(name, calls);
  }

  /** A lease id, or null when no slot is free for this client. */
  enterPdfSlot(client: string, kind: PdfRenderKind): string | null {
    return this.pdfSlotTable().enter(client, kind, Date.now());
  }

  leavePdfSlot(leaseId: string): void {
    this.pdfSlotTable().leave(leaseId);
  }

  /**
   * One public read of a client counted (decision 094): in a client's own instance, in memory only
   * (an evicted instance forgets its counts; it is evicted only once its client has been idle).
   */
  countRequest(rule: RateLimitRule, bucketKey: string, nowMs: number): RequestCountOutcome {
    this.requests ??= createRequestCounterTable({ maxCounters: 64 });
    return this.requests.consume(rule, bucketKey, nowMs);
  }
}

type CeilingsNamespace = DurableObjectNamespace<GlobalCeilings>;

/** A stub per call: a stub that met an error may be broken, a new one is cheap (no round trip). */
const stubOf = (namespace: CeilingsNamespace, family: string) => namespace.get(namespace.idFromName(family));

/** The upstreams' budgets of the whole service, in the "upstreams" object. */
export function createDurableUpstreamBudgets(namespace: CeilingsNamespace): UpstreamBudgets {
  return {
    take: async (name, priority, client) => stubOf(namespace, CEILING_FAMILIES.upstreams).takeUpstream(name, priority, client),
    charge: async (name, calls) => {
      await stubOf(namespace, CEILING_FAMILIES.upstreams).chargeUpstream(name, calls);
    },
  };
}

/** The PDF slots of the whole service, in the "pdf-slots" object; refusals are logged per isolate. */
export function createDurablePdfRenderSlots(namespace: CeilingsNamespace): PdfRenderSlots {
  return {
    takeLogTurn: createPdfLogTurns(),
    async tryEnter(client, kind = "public") {
      const leaseId = await stubOf(namespace, CEILING_FAMILIES.pdfSlots).enterPdfSlot(client, kind);
      if (leaseId === null) return null;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await stubOf(namespace, CEILING_FAMILIES.pdfSlots).leavePdfSlot(leaseId);
      };
    },
  };
}

/**
 * The public reads' counters (decision 094): each client's in an instance of its own, named by its
 * hashed key, so that a client's count is one for every isolate and location, lives near where the
 * client asks from, and no single object carries every request of the service.
 */
export function createDurableRequestCounters(namespace: CeilingsNamespace): RequestCounters {
  return {
    consume: async (rule, bucketKey, nowMs) => stubOf(namespace, `${CEILING_FAMILIES.requests}${bucketKey}`).countRequest(rule, bucketKey, nowMs),
  };
}
