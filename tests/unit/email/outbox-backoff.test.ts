// The durable outbox's pure rules (decision 093): the backoff between attempts, the provider's
// error kept without an address, and the status page's words for the e-mails waiting.
import { describe, expect, it } from "vitest";
import { describeEmailQueue, describeWait } from "../../../src/core/status/email-queue.ts";
import { outboxBackoffMs, safeOutboxError } from "../../../src/server/email/outbox.ts";

const NBSP = "\u00a0";

describe("the outbox's backoff", () => {
  it("waits the first delay, doubles it at each failed attempt, and never more than an hour", () => {
    expect([1, 2, 3, 4].map((attempts) => outboxBackoffMs(attempts, 10))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(outboxBackoffMs(20, 10)).toBe(3600_000);
    expect(outboxBackoffMs(5, 0)).toBe(0);
  });

  it("keeps the provider's error without the address it may quote", () => {
    expect(safeOutboxError("Invalid `to` field: marie.dupont+x@exemple.fr is refused")).toBe("Invalid `to` field: <adresse> is refused");
  });
});

describe("the status page's words for the e-mails waiting", () => {
  const at = "2026-12-02T10:00:00.000Z";
  it("says when none waits, how many wait and since when, and those given up", () => {
    expect(describeEmailQueue({ waiting: 0, oldestStoredAt: null, dead: 0 }, at)).toBe("Aucun e-mail en attente d'envoi.");
    expect(describeEmailQueue({ waiting: 1, oldestStoredAt: "2026-12-02T09:59:30.000Z", dead: 0 }, at)).toBe(
      `1${NBSP}e-mail en attente d'envoi${NBSP}; le plus ancien attend depuis moins d'une minute.`,
    );
    expect(describeEmailQueue({ waiting: 3, oldestStoredAt: "2026-12-02T09:56:00.000Z", dead: 2 }, at)).toBe(
      `3${NBSP}e-mails en attente d'envoi${NBSP}; le plus ancien attend depuis 4${NBSP}min. 2${NBSP}e-mails abandonnés après toutes leurs tentatives ces 7${NBSP}derniers jours.`,
    );
    expect(describeWait(5 * 3600_000)).toBe(`5${NBSP}h`);
    expect(describeWait(3 * 24 * 3600_000)).toBe(`3${NBSP}jours`);
  });
});
