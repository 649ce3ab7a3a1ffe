// The durable outbox on Workers (decision 093): each stored row's id travels on the e-mail queue
// (`EMAIL_QUEUE`, zone-sante-emails); the consumer claims the row, sends it (or runs its task and
// queues the mails it wrote), and retries a failure with backoff (`message.retry`). After the
// queue's max_retries the message reaches the dead-letter queue (zone-sante-emails-dlq), whose
// consumer marks the row dead and logs. A cron sweep queues again the rows left pending with no
// message (a send to the queue that failed, an isolate that ended first).
import * as z from "zod";
import { claimOutboxRows, findOutboxRow, listStrandedOutboxIds, markOutboxDead, markOutboxRetry, pruneOutbox } from "../db/repositories/email-outbox.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";
import type { EmailOutbox } from "./mailer.ts";
import { OUTBOX_RETENTION_MS, outboxBackoffMs, processOutboxRow } from "./outbox.ts";

export const EMAIL_QUEUE = "zone-sante-emails";
export const EMAIL_DEAD_LETTER_QUEUE = "zone-sante-emails-dlq";
/** The sweep's cron (wrangler.toml): every five minutes. */
export const EMAIL_SWEEP_CRON = "*/5 * * * *";
/** A row pending for this long past its due time with no sender holding it has lost its message. */
export const STRANDED_AFTER_MS = 2 * 60 * 1000;

export const emailMessageSchema = z.object({ outboxId: z.string().min(1).max(64) });
export type EmailQueueMessage = z.infer<typeof emailMessageSchema>;

export interface EmailQueueBinding {
  sendBatch(messages: Array<{ body: EmailQueueMessage; contentType?: "json" }>): Promise<unknown>;
}

/** What the consumer is given of each delivery (Cloudflare's Message). */
export interface EmailDelivery {
  body: unknown;
  attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

/** Cloudflare Queues accept at most 100 messages per sendBatch call. */
const MAX_MESSAGES_PER_SEND = 100;

async function queueIds(binding: EmailQueueBinding, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += MAX_MESSAGES_PER_SEND) {
    await binding.sendBatch(ids.slice(start, start + MAX_MESSAGES_PER_SEND).map((outboxId) => ({ body: { outboxId }, contentType: "json" })));
  }
}

/** The Worker's EmailOutbox: a stored row is handed over by queuing its id (a failure is logged; the sweep catches it). */
export function createQueueOutbox(binding: () => EmailQueueBinding, log: AppDeps["log"]): EmailOutbox {
  return {
    async dispatch(ids) {
      try {
        await queueIds(binding(), ids);
      } catch (error) {
        log({ level: "warn", message: "outbox: queue send failed, the sweep will queue it", fields: describeError(error) });
      }
    },
    drained: () => Promise.resolve(),
  };
}

/**
 * One delivery of the e-mail queue. Acked when sent, when the row is done or gone, or held by
 * another sender (its lease: that sender settles it); retried with backoff on failure.
 */
export async function handleEmailDelivery(deps: AppDeps, delivery: EmailDelivery, binding: EmailQueueBinding): Promise<void> {
  const parsed = emailMessageSchema.safeParse(delivery.body);
  if (!parsed.success) {
    deps.log({ level: "error", message: "outbox: queue message malformed, dropped", fields: {} });
    delivery.ack();
    return;
  }
  const nowMs = deps.clock().getTime();
  const [row] = await claimOutboxRows(deps.db, { nowMs, leaseMs: deps.config.EMAIL_OUTBOX_LEASE_MS, limit: 1, ids: [parsed.data.outboxId] });
  if (!row) {
    delivery.ack();
    return;
  }
  const outcome = await processOutboxRow(deps, row);
  if (outcome.kind === "failed") {
    const delayMs = outboxBackoffMs(delivery.attempts, deps.config.EMAIL_OUTBOX_RETRY_SECONDS);
    // Free for the next delivery (and, if this message is lost, for the sweep once it is due).
    await markOutboxRetry(deps.db, { id: row.id, nextAttemptAtMs: nowMs + delayMs, error: outcome.error });
    deps.log({
      level: "warn",
      message: "outbox: attempt failed, retried",
      fields: { kind: row.kind, task: row.task, attempts: delivery.attempts, error: outcome.error },
    });
    delivery.retry({ delaySeconds: Math.round(delayMs / 1000) });
    return;
  }
  if (outcome.kind === "sent" && outcome.produced.length > 0) await queueIds(binding, outcome.produced);
  delivery.ack();
}

/** The dead-letter queue's delivery: its row failed every delivery; marked dead (never tried again), logged, acked. */
export async function handleEmailDeadLetter(deps: AppDeps, delivery: EmailDelivery): Promise<void> {
  const parsed = emailMessageSchema.safeParse(delivery.body);
  if (parsed.success) {
    const row = await findOutboxRow(deps.db, parsed.data.outboxId);
    if (row?.status === "pending") {
      await markOutboxDead(deps.db, { id: row.id, nowMs: deps.clock().getTime(), error: row.lastError ?? "dead-lettered" });
      deps.log({ level: "error", message: "outbox: e-mail given up (dead-letter queue)", fields: { kind: row.kind, task: row.task, attempts: row.attempts } });
    }
  }
  delivery.ack();
}

/** The cron sweep: rows pending well past their due time and held by nobody are queued again; old rows pruned. */
export async function sweepEmailOutbox(deps: AppDeps, binding: EmailQueueBinding): Promise<number> {
  const nowMs = deps.clock().getTime();
  const ids = await listStrandedOutboxIds(deps.db, { nowMs, dueBeforeMs: nowMs - STRANDED_AFTER_MS, limit: 500 });
  if (ids.length > 0) {
    await queueIds(binding, ids);
    deps.log({ level: "warn", message: "outbox: stranded e-mails queued again", fields: { count: ids.length } });
  }
  await pruneOutbox(deps.db, nowMs - OUTBOX_RETENTION_MS);
  return ids.length;
}
