// Issue 40, item 1 (decision 093): the durable outbox's rows — stored before the answer, claimed
// by one sender at a time under a lease, retried with backoff on the test clock, given up after
// OUTBOX_MAX_ATTEMPTS, sent once by their idempotency key — on a real libSQL file and the fake Resend.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { claimOutboxRows, insertOutboxRow } from "../../src/server/db/repositories/email-outbox.ts";
import { alertSubscriptions, emailOutbox } from "../../src/server/db/schema/index.ts";
import { createNodeOutbox, OUTBOX_MAX_ATTEMPTS, outboxBackoffMs } from "../../src/server/email/outbox.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { backgroundWorkDone, BrowserClient } from "../helpers/browser-client.ts";
import { useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: START }, { now: START, resetResend: true });

let stored = 0;
async function storeMail(to: string): Promise<string> {
  stored += 1;
  const id = `row${stored}`;
  await insertOutboxRow(t.db, {
    id,
    kind: "mail",
    idempotencyKey: `test-key-${stored}`,
    toAddress: to,
    subject: "Un e-mail",
    html: "<p>Bonjour</p>",
    text: "Bonjour",
    headersJson: "{}",
    createdAtMs: t.now().getTime(),
    nextAttemptAtMs: t.now().getTime(),
  });
  return id;
}

const rowOf = async (id: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
const later = (ms: number) => t.setNow(new Date(t.now().getTime() + ms));

describe("the durable outbox", () => {
  it("stores an alert sign-up and its e-mail's row in one transaction, then sends it once and forgets its content", async () => {
    const app = t.rebuild();
    const email = "outbox-alertes@exemple-zs.fr";
    const answer = await new BrowserClient(() => app).post("/api/subscriptions", { email, address: MAIN_SCENARIO, consent: true });
    expect(answer.status).toBe(202);
    await backgroundWorkDone();
    const [subscription] = await t.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, email));
    expect(subscription?.confirmationSentAtMs).toBe(START.getTime());
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, `subscription-confirm-${subscription!.id}`));
    expect(row).toMatchObject({ kind: "mail", status: "sent", attempts: 1, toAddress: null, html: null, text: null });
    const sent = t.resend.emails.filter((mail) => mail.to.includes(email));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.idempotencyKey).toBe(row!.idempotencyKey);
  });

  it("stores an account sign-up as a task before the answer; its e-mail's key derives from the task", async () => {
    const app = t.rebuild();
    const email = "outbox-compte@exemple-zs.fr";
    const answer = await new BrowserClient(() => app).post("/api/auth/signup", { email, firstName: "Aline" });
    expect(answer.status).toBe(202);
    const tasks = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "task"));
    expect(tasks.some((task) => task.task === "sign-up")).toBe(true);
    await backgroundWorkDone();
    const task = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "task"))).find((row) => row.task === "sign-up" && row.sentAtMs !== null)!;
    expect(task.payloadJson).toBeNull();
    const sent = t.resend.emails.filter((mail) => mail.to.includes(email));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.idempotencyKey).toBe(`${task.idempotencyKey}:1`);
  });

  it("lets one sender claim a row at a time, until its lease ends", async () => {
    const id = await storeMail("claim@exemple-zs.fr");
    const claim = () => claimOutboxRows(t.db, { nowMs: t.now().getTime(), leaseMs: 60_000, limit: 10, ids: [id] });
    const [first, second] = await Promise.all([claim(), claim()]);
    expect([first.length, second.length].sort()).toEqual([0, 1]);
    expect(await claim()).toHaveLength(0);
    later(59_999);
    expect(await claim()).toHaveLength(0);
    later(1);
    const [again] = await claim();
    expect(again?.attempts).toBe(2);
  });

  it("retries a failed send after its backoff, sends it once when the provider is back, and gives up after the last attempt", async () => {
    const deps = t.deps();
    const outbox = createNodeOutbox(() => deps);
    const firstSeconds = deps.config.EMAIL_OUTBOX_RETRY_SECONDS;

    // One failure, then the provider answers: sent once.
    const flaky = await storeMail("flaky@exemple-zs.fr");
    t.resend.setMode("fail-next:1");
    await outbox.drainNow();
    expect(await rowOf(flaky)).toMatchObject({ status: "pending", attempts: 1, nextAttemptAtMs: t.now().getTime() + outboxBackoffMs(1, firstSeconds) });
    await outbox.drainNow();
    expect((await rowOf(flaky)).attempts).toBe(1);
    later(outboxBackoffMs(1, firstSeconds));
    await outbox.drainNow();
    expect(await rowOf(flaky)).toMatchObject({ status: "sent", attempts: 2 });
    expect(t.resend.emails.filter((mail) => mail.to.includes("flaky@exemple-zs.fr"))).toHaveLength(1);

    // Never answered: each wait doubles, and the row is dead after the last attempt.
    const doomed = await storeMail("jamais@exemple-zs.fr");
    t.resend.setMode("error500");
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await outbox.drainNow();
      const row = await rowOf(doomed);
      expect(row.attempts).toBe(attempt);
      if (attempt < OUTBOX_MAX_ATTEMPTS) {
        expect(row.status).toBe("pending");
        expect(row.nextAttemptAtMs - t.now().getTime()).toBe(outboxBackoffMs(attempt, firstSeconds));
        later(outboxBackoffMs(attempt, firstSeconds));
      }
    }
    const dead = await rowOf(doomed);
    expect(dead).toMatchObject({ status: "dead", toAddress: null, html: null });
    expect(dead.lastError).not.toMatch(/@/);
    later(3600_000);
    await outbox.drainNow();
    expect((await rowOf(doomed)).attempts).toBe(OUTBOX_MAX_ATTEMPTS);
    t.resend.setMode("ok");
    await outbox.stop();
  });

  it("sends once when a crashed sender's send is tried again by another with the same key", async () => {
    const deps = t.deps();
    const id = await storeMail("deux-fois@exemple-zs.fr");
    // The first sender reached the provider, then died before marking the row.
    const [claimed] = await claimOutboxRows(t.db, { nowMs: t.now().getTime(), leaseMs: deps.config.EMAIL_OUTBOX_LEASE_MS, limit: 1, ids: [id] });
    await deps.mailer.send({
      to: claimed!.toAddress!,
      subject: claimed!.subject!,
      html: claimed!.html!,
      text: claimed!.text!,
      idempotencyKey: claimed!.idempotencyKey,
    });
    later(deps.config.EMAIL_OUTBOX_LEASE_MS);
    const outbox = createNodeOutbox(() => deps);
    await outbox.drainNow();
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(t.resend.emails.filter((mail) => mail.to.includes("deux-fois@exemple-zs.fr"))).toHaveLength(1);
    expect(t.resend.calls.filter((call) => call.idempotencyKey === claimed!.idempotencyKey)).toHaveLength(2);
  });

  it("says on the status how many e-mails wait and since when", async () => {
    later(3 * 60_000);
    const app = t.rebuild();
    const storedAt = t.now().getTime();
    await storeMail("attend@exemple-zs.fr");
    later(4 * 60_000);
    const status = await app.request("/api/v1/status");
    const body = (await status.json()) as { emails: { waiting: number; oldestStoredAt: string | null; dead: number } };
    expect(body.emails.waiting).toBeGreaterThanOrEqual(1);
    expect(Date.parse(body.emails.oldestStoredAt!)).toBeLessThanOrEqual(storedAt);
    expect(body.emails.dead).toBeGreaterThanOrEqual(1);
  });
});
