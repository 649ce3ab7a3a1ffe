// The service-wide ceilings that must be one for every isolate (decision 089): the upstreams'
// token buckets and the PDF slots. One Durable Object class, one instance per family
// (`idFromName("upstreams")`, `idFromName("pdf-slots")`), each hosting the very implementation the
// Node process uses in memory (createUpstreamBudgets, createPdfSlotTable): the rules live once in
// src/, this object only forwards. A Durable Object runs one call at a time and the rules are
// synchronous, so no two calls interleave within a count.
//
// Its state is in memory: when the object is evicted (idle, a deploy) the buckets start full again
// and the slots empty, as a restarted Node process's do (decision 089 weighs it).
import { DurableObject } from "cloudflare:workers";
import { parseConfig } from "../src/server/config.ts";
import { logJson } from "../src/server/logger.ts";
import { createPdfSlotTable, type PdfRenderKind, type PdfRenderSlots, type PdfSlotTable } from "../src/server/middleware/pdf-render-slots.ts";
import { createPdfLogTurns } from "../src/server/middleware/pdf-render-slots.ts";
import { createUpstreamBudgets, type CallPriority, type UpstreamBudgets, type UpstreamName } from "../src/server/services/upstream-budget.ts";
import { stringEnv } from "./worker-env.ts";

/** The instances' names: one object per family of ceilings. */
export const CEILING_FAMILIES = { upstreams: "upstreams", pdfSlots: "pdf-slots" } as const;

export class GlobalCeilings extends DurableObject<Env> {
  private budgets: UpstreamBudgets | undefined;
  private slots: PdfSlotTable | undefined;

  /** The configuration is the Worker's (the same env): its rates and its PDF_MAX_CONCURRENT. */
  private upstreamBudgets(): UpstreamBudgets {
    this.budgets ??= createUpstreamBudgets({ config: parseConfig(stringEnv(this.env)), nowMs: () => Date.now(), log: logJson });
    return this.budgets;
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
