// The PDFs being made at once: the first bound of pdf-renders.ts, held by the app (createApp) and
// named by AppEnv, so a leaf. The rules live once, in the synchronous slot table below: in the
// process on Node (createPdfRenderSlots) and in one Durable Object for every isolate on Workers
// (workers/ceilings-object.ts, decision 089).

/** Who a PDF is for: a visitor's public report, or a signed-in owner's account report. */
export type PdfRenderKind = "public" | "account";

/** A slot held longer than this is taken back: an isolate that crashed mid-render cannot keep it. */
export const PDF_SLOT_LEASE_MS = 60_000;

/** What the slot refusals and the per-minute ceilings are logged under, each at most once a minute. */
export type PdfLogTopic = "slots" | "budget" | "share";

export interface PdfRenderSlots {
  /**
   * A release function (to be called once the PDF is made or has failed), or null when no slot is
   * free for this client: every slot is taken, or this client already holds one. `client` is a
   * hashed key, never an IP or an account id in clear.
   */
  tryEnter(client: string, kind?: PdfRenderKind): Promise<(() => Promise<void>) | null>;
  /** true at most once a minute per topic: refusals are logged that often (per process, or per isolate) */
  takeLogTurn(topic: PdfLogTopic, nowMs: number): boolean;
}

/** The slots kept for account PDFs: public PDFs take at most the others (a quarter, rounded down). */
export function reservedAccountSlots(max: number): number {
  return Math.floor(max / 4);
}

/**
 * The slots' rules, synchronous so that no two entries interleave: at most `max` PDFs at once, one
 * per client, the last quarter for account PDFs, each slot a lease that lapses after `leaseMs`.
 */
export interface PdfSlotTable {
  /** a lease id, or null when no slot is free for this client */
  enter(client: string, kind: PdfRenderKind, nowMs: number): string | null;
  /** gives a slot back (an unknown or lapsed lease: nothing) */
  leave(leaseId: string): void;
  /** the slots held now */
  held(nowMs: number): number;
}

export function createPdfSlotTable(max: number, leaseMs = PDF_SLOT_LEASE_MS): PdfSlotTable {
  const leases = new Map<string, { client: string; expiresAtMs: number }>();
  const purge = (nowMs: number) => {
    for (const [id, lease] of leases) if (lease.expiresAtMs <= nowMs) leases.delete(id);
  };
  const publicMax = max - reservedAccountSlots(max);
  return {
    enter(client, kind, nowMs) {
      purge(nowMs);
      if (leases.size >= (kind === "account" ? max : publicMax)) return null;
      for (const lease of leases.values()) if (lease.client === client) return null;
      const id = crypto.randomUUID();
      leases.set(id, { client, expiresAtMs: nowMs + leaseMs });
      return id;
    },
    leave(leaseId) {
      leases.delete(leaseId);
    },
    held(nowMs) {
      purge(nowMs);
      return leases.size;
    },
  };
}

/** Once a minute per topic. */
export function createPdfLogTurns(): (topic: PdfLogTopic, nowMs: number) => boolean {
  const lastLoggedMs = new Map<PdfLogTopic, number>();
  return (topic, nowMs) => {
    if (nowMs - (lastLoggedMs.get(topic) ?? -Infinity) < 60_000) return false;
    lastLoggedMs.set(topic, nowMs);
    return true;
  };
}

/** In this process (Node, and an isolate's fallback on Workers): the slot table in memory. */
export function createPdfRenderSlots(max: number, nowMs: () => number = () => Date.now()): PdfRenderSlots {
  const table = createPdfSlotTable(max);
  const takeLogTurn = createPdfLogTurns();
  return {
    takeLogTurn,
    async tryEnter(client, kind = "public") {
      const leaseId = table.enter(client, kind, nowMs());
      if (leaseId === null) return null;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        table.leave(leaseId);
      };
    },
  };
}
