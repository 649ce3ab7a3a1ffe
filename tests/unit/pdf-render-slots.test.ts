// The PDF slots' rules (decision 089), the same table in the Node process and in the Workers'
// Durable Object: at most `max` at once, one per client, a quarter kept for account PDFs, and a
// slot that is never given back lapses after its lease.
import { describe, expect, it } from "vitest";
import { createPdfRenderSlots, createPdfSlotTable, PDF_SLOT_LEASE_MS } from "../../src/server/middleware/pdf-render-slots.ts";

const NOW = Date.parse("2026-11-22T10:00:00Z");

describe("the PDF slot table", () => {
  it("gives one slot per client, public PDFs three of four, account PDFs the last", () => {
    const table = createPdfSlotTable(4);
    const [a, b, c] = ["a", "b", "c"].map((client) => table.enter(client, "public", NOW));
    expect([a, b, c].every((lease) => typeof lease === "string")).toBe(true);
    // The same client again: refused, whatever is free.
    expect(table.enter("a", "public", NOW)).toBeNull();
    // A fourth stranger: the last slot is an owner's.
    expect(table.enter("d", "public", NOW)).toBeNull();
    const owner = table.enter("owner", "account", NOW);
    expect(owner).not.toBeNull();
    expect(table.enter("owner-2", "account", NOW)).toBeNull();
    expect(table.held(NOW)).toBe(4);
    // Three PDFs still made (b, c, the owner's): a stranger waits until the public ones are fewer.
    table.leave(a ?? "");
    expect(table.enter("d", "public", NOW)).toBeNull();
    table.leave(owner ?? "");
    expect(table.enter("d", "public", NOW)).not.toBeNull();
  });

  it("keeps no slot for accounts under four slots", () => {
    const table = createPdfSlotTable(1);
    expect(table.enter("a", "public", NOW)).not.toBeNull();
    expect(table.enter("owner", "account", NOW)).toBeNull();
  });

  it("takes back a slot its holder never gave back once its lease has lapsed (a crashed isolate)", () => {
    const table = createPdfSlotTable(1);
    expect(table.enter("crashed", "public", NOW)).not.toBeNull();
    expect(table.enter("next", "public", NOW + PDF_SLOT_LEASE_MS - 1)).toBeNull();
    expect(table.enter("next", "public", NOW + PDF_SLOT_LEASE_MS)).not.toBeNull();
    expect(table.held(NOW + PDF_SLOT_LEASE_MS)).toBe(1);
  });

  it("ignores an unknown or lapsed lease given back", () => {
    const table = createPdfSlotTable(2);
    const lease = table.enter("a", "public", NOW) ?? "";
    table.leave("not-a-lease");
    expect(table.held(NOW)).toBe(1);
    table.leave(lease);
    table.leave(lease);
    expect(table.held(NOW)).toBe(0);
  });
});

describe("the in-process slots", () => {
  it("release once, even if called again after a thrown render", async () => {
    const slots = createPdfRenderSlots(1, () => NOW);
    const release = await slots.tryEnter("a");
    expect(release).not.toBeNull();
    expect(await slots.tryEnter("b")).toBeNull();
    try {
      throw new Error("render failed");
    } catch {
      await release?.();
    } finally {
      await release?.();
    }
    const next = await slots.tryEnter("b");
    expect(next).not.toBeNull();
    // The first release, called once more, does not free b's slot.
    await release?.();
    expect(await slots.tryEnter("c")).toBeNull();
  });

  it("logs each topic at most once a minute", () => {
    const slots = createPdfRenderSlots(1, () => NOW);
    expect(slots.takeLogTurn("budget", NOW)).toBe(true);
    expect(slots.takeLogTurn("budget", NOW + 59_999)).toBe(false);
    expect(slots.takeLogTurn("share", NOW)).toBe(true);
    expect(slots.takeLogTurn("budget", NOW + 60_000)).toBe(true);
  });
});
