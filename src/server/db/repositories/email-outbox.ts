// The durable outbox's rows (schema/email-outbox.ts, decision 093). Claiming is one atomic UPDATE
// … RETURNING: of two senders (two Node processes on one file, a queue consumer and the cron
// sweep), only one holds a row until its lease ends.
import { and, asc, count, eq, inArray, isNull, lte, lt, min, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../index.ts";
import { emailOutbox } from "../schema/index.ts";

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewOutboxRow = typeof emailOutbox.$inferInsert;

/**
 * The insert of one row, to run alone or in one batch with the state it belongs to (the sign-up
 * row and its e-mail commit together). A second row with the same idempotency key adds nothing.
 */
export function insertOutboxRowStatement(db: Database, row: NewOutboxRow): BatchItem<"sqlite"> {
  return db.insert(emailOutbox).values(row).onConflictDoNothing({ target: emailOutbox.idempotencyKey });
}

/** Inserts the row with `alongWith` in one transaction; returns the id of the row that holds the key (this one, or an earlier one). */
export async function insertOutboxRow(db: Database, row: NewOutboxRow & { id: string }, alongWith: readonly BatchItem<"sqlite">[] = []): Promise<string> {
  await db.batch([insertOutboxRowStatement(db, row), ...alongWith]);
  const [holder] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.idempotencyKey, row.idempotencyKey)).limit(1);
  return holder?.id ?? row.id;
}

const claimable = (nowMs: number) => and(eq(emailOutbox.status, "pending"), or(isNull(emailOutbox.claimedUntilMs), lte(emailOutbox.claimedUntilMs, nowMs)));

/**
 * Claims up to `limit` rows due now (or the given ids, due or not), for `leaseMs`: each claim
 * counts one attempt. Tasks first (they write the mails), then the oldest.
 */
export async function claimOutboxRows(db: Database, input: { nowMs: number; leaseMs: number; limit: number; ids?: readonly string[] }): Promise<OutboxRow[]> {
  const due = input.ids ? inArray(emailOutbox.id, [...input.ids]) : lte(emailOutbox.nextAttemptAtMs, input.nowMs);
  // A read first: an empty outbox (the timer's usual pass) costs no write.
  const candidates = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(claimable(input.nowMs), due))
    .orderBy(sql`${emailOutbox.kind} = 'mail'`, asc(emailOutbox.nextAttemptAtMs))
    .limit(input.limit);
  if (candidates.length === 0) return [];
  // The claim itself checks again: of two senders that read the same rows, one holds each.
  return db
    .update(emailOutbox)
    .set({ claimedUntilMs: input.nowMs + input.leaseMs, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(
      and(
        inArray(
          emailOutbox.id,
          candidates.map((row) => row.id),
        ),
        claimable(input.nowMs),
      ),
    )
    .returning();
}

/** Done: what it carried (address, content, a task's payload) is dropped at once; the row stays for the status and the keys. */
export async function markOutboxSent(db: Database, input: { id: string; nowMs: number }, alongWith: readonly BatchItem<"sqlite">[] = []): Promise<void> {
  await db.batch([
    db
      .update(emailOutbox)
      .set({
        status: "sent",
        sentAtMs: input.nowMs,
        claimedUntilMs: null,
        lastError: null,
        payloadJson: null,
        toAddress: null,
        html: null,
        text: null,
        headersJson: null,
      })
      .where(eq(emailOutbox.id, input.id)),
    ...alongWith,
  ]);
}

/** Failed this time: free again from `nextAttemptAtMs`. */
export async function markOutboxRetry(db: Database, input: { id: string; nextAttemptAtMs: number; error: string }): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAtMs: input.nextAttemptAtMs, claimedUntilMs: null, lastError: input.error.slice(0, 200) })
    .where(and(eq(emailOutbox.id, input.id), eq(emailOutbox.status, "pending")));
}

/** Given up: never tried again; its content is dropped. */
export async function markOutboxDead(db: Database, input: { id: string; nowMs: number; error: string }): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: "dead",
      claimedUntilMs: null,
      lastError: input.error.slice(0, 200),
      payloadJson: null,
      toAddress: null,
      html: null,
      text: null,
      headersJson: null,
    })
    .where(and(eq(emailOutbox.id, input.id), eq(emailOutbox.status, "pending")));
}

export async function findOutboxRow(db: Database, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

/** Pending rows not held by a sender and due before `dueBeforeMs` (the Worker's sweep queues them again). */
export async function listStrandedOutboxIds(db: Database, input: { nowMs: number; dueBeforeMs: number; limit: number }): Promise<string[]> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(claimable(input.nowMs), lte(emailOutbox.nextAttemptAtMs, input.dueBeforeMs)))
    .orderBy(asc(emailOutbox.nextAttemptAtMs))
    .limit(input.limit);
  return rows.map((row) => row.id);
}

/** For the status page: the e-mails waiting (tasks included) and when the oldest was stored. */
export async function readOutboxBacklog(db: Database): Promise<{ waiting: number; oldestCreatedAtMs: number | null; dead: number }> {
  const [pending] = await db
    .select({ waiting: count(), oldest: min(emailOutbox.createdAtMs) })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "pending"));
  const [dead] = await db.select({ dead: count() }).from(emailOutbox).where(eq(emailOutbox.status, "dead"));
  return { waiting: pending?.waiting ?? 0, oldestCreatedAtMs: pending?.oldest ?? null, dead: dead?.dead ?? 0 };
}

/** Sent and dead rows stored before the cutoff go (pending ones stay, whatever their age). */
export async function pruneOutbox(db: Database, storedBeforeMs: number): Promise<void> {
  await db.delete(emailOutbox).where(and(inArray(emailOutbox.status, ["sent", "dead"]), lt(emailOutbox.createdAtMs, storedBeforeMs)));
}
