// The durable outbox (decision 093). Every e-mail a request promises is a row of `email_outbox`
// before the answer: a rendered `mail`, or the `task` of a request whose e-mail depends on what is
// stored (email/outbox-tasks.ts). A sender claims rows with a lease, sends a mail with its
// idempotency key (a retry after a crash never sends twice), runs a task (which writes its mails),
// retries with backoff and gives up after OUTBOX_MAX_ATTEMPTS. Node drains the table at start,
// after each request that stored rows and on a timer (createNodeOutbox); Workers hands each row to
// the e-mail queue, whose consumer calls the same `processOutboxRow` (workers/cloudflare.ts).
import { generateRandomToken } from "../auth/crypto.ts";
import {
  claimOutboxRows,
  insertOutboxRow,
  markOutboxDead,
  markOutboxRetry,
  markOutboxSent,
  pruneOutbox,
  type OutboxRow,
} from "../db/repositories/email-outbox.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";
import { budgetOfEmail, capEmailsGlobally, giveBackEmailCount } from "./global-cap.ts";
import type { EmailClient, EmailCount, EmailMessage, EmailOutbox, Mailer } from "./mailer.ts";
import { capEmailsPerRecipient } from "./recipient-cap.ts";
import { runEmailTask, type EmailTaskPayload } from "./outbox-tasks.ts";

/** A row is tried this many times in all (a provider down for about a day), then left dead. */
export const OUTBOX_MAX_ATTEMPTS = 10;
/** Sent and dead rows are kept this long (for the keys and the status), then pruned. */
export const OUTBOX_RETENTION_MS = 7 * 24 * 3600 * 1000;
/** Node prunes the sent and dead rows this often (the Worker: at each sweep). */
const PRUNE_INTERVAL_MS = 3600_000;
/** Rows claimed at once by one drain pass. */
const CLAIM_BATCH = 10;

/** The wait after the n-th failed attempt: `firstSeconds` (EMAIL_OUTBOX_RETRY_SECONDS), doubled each time, at most an hour. */
export function outboxBackoffMs(attempts: number, firstSeconds: number): number {
  return Math.min(3600_000, firstSeconds * 1000 * 2 ** Math.max(0, attempts - 1));
}

/** What a provider's error says, without an address a message may quote. */
export function safeOutboxError(error: string): string {
  return error.replace(/[^\s<>"'@]+@[^\s<>"']+/g, "<adresse>").slice(0, 200);
}

type OutboxDeps = Pick<AppDeps, "db" | "clock" | "log">;
type SettleDeps = OutboxDeps & Pick<AppDeps, "config">;

/**
 * The mailer of a request (and of a task): `send` stores the e-mail as an outbox row (with the
 * writes it carries, in one transaction) and says it is on its way; the row's id goes to `sink`,
 * for the sender. Its key is the message's own, else `keyOf(n)` for the n-th e-mail (a task: the
 * same keys when it runs again), else a fresh one. The daily digests (sendBatch) go straight out.
 */
export function createEnqueuingMailer(
  deps: OutboxDeps & { mailer: Mailer },
  sink: string[] | ((id: string) => void),
  keyOf?: (index: number) => string,
): Mailer {
  const store = typeof sink === "function" ? sink : (id: string) => void (sink.includes(id) || sink.push(id));
  let index = 0;
  return {
    sendBatch: (messages, options) => deps.mailer.sendBatch(messages, options),
    async send(message) {
      index += 1;
      const id = generateRandomToken(12);
      const nowMs = deps.clock().getTime();
      try {
        const stored = await insertOutboxRow(
          deps.db,
          {
            id,
            kind: "mail",
            idempotencyKey: message.idempotencyKey ?? keyOf?.(index) ?? `mail-${id}`,
            toAddress: message.to,
            subject: message.subject,
            html: message.html,
            text: message.text,
            headersJson: JSON.stringify(message.headers ?? {}),
            budget: budgetOfEmail(message),
            createdAtMs: nowMs,
            nextAttemptAtMs: nowMs,
          },
          message.alongWith,
        );
        store(stored);
        return { ok: true, id: stored };
      } catch (error) {
        // The writes it carried did not commit either: the caller must not say they did.
        if (message.alongWith?.length) throw error;
        return { ok: false, error: Object.values(describeError(error)).join(" ") };
      }
    },
  };
}

/** A task's client, as the e-mail budgets count it: the request's, with the count it held (decision 090). */
function clientOfTask(payload: EmailTaskPayload, sink: string[]): EmailClient {
  return { key: () => Promise.resolve(payload.clientKey), held: payload.held ? [payload.held] : [], enqueued: sink, tasks: [] };
}

export type OutboxOutcome =
  | { kind: "sent"; produced: string[] }
  | { kind: "failed"; error: string }
  /** the row is no longer this sender's (done elsewhere, or never claimed) */
  | { kind: "skipped" };

/**
 * One attempt at a claimed row. A mail is sent by `deps.mailer` (the runtime's: Resend, or the
 * dev outbox) with its idempotency key; a task runs with a mailer that stores its mails as rows
 * (returned in `produced`, for the sender to send next), counted in the caps as when the request
 * sent them itself. Nothing is marked on failure: the caller decides (retry, dead).
 */
export async function processOutboxRow(deps: AppDeps, row: OutboxRow): Promise<OutboxOutcome> {
  if (row.status !== "pending") return { kind: "skipped" };
  const nowMs = () => deps.clock().getTime();
  if (row.kind === "mail") {
    if (row.toAddress === null || row.subject === null || row.html === null || row.text === null) return { kind: "failed", error: "row without content" };
    const message: EmailMessage = {
      to: row.toAddress,
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers: JSON.parse(row.headersJson ?? "{}") as Record<string, string>,
      idempotencyKey: row.idempotencyKey,
    };
    const result = await deps.mailer.send(message);
    if (!result.ok) return { kind: "failed", error: safeOutboxError(result.error) };
    await markOutboxSent(deps.db, { id: row.id, nowMs: nowMs() });
    return { kind: "sent", produced: [] };
  }
  try {
    const payload = JSON.parse(row.payloadJson ?? "null") as EmailTaskPayload | null;
    if (!payload || !row.task) return { kind: "failed", error: "task without payload" };
    const produced: string[] = [];
    const client = clientOfTask(payload, produced);
    const enqueue = createEnqueuingMailer(deps, produced, (index) => `${row.idempotencyKey}:${index}`);
    const mailer = capEmailsPerRecipient({ ...deps, mailer: capEmailsGlobally({ ...deps, mailer: enqueue }, client) });
    await runEmailTask({ ...deps, mailer }, row.task, payload);
    // A count the request held that no e-mail took (no account for that address…) goes back.
    for (const count of client.held) await giveBackEmailCount(deps, count as EmailCount);
    await markOutboxSent(deps.db, { id: row.id, nowMs: nowMs() });
    return { kind: "sent", produced };
  } catch (error) {
    return { kind: "failed", error: Object.values(describeError(error)).join(" ") };
  }
}

/** Node's way: retried after its backoff, dead after OUTBOX_MAX_ATTEMPTS (the Worker leaves that to its queue). */
export async function settleOutboxFailure(deps: SettleDeps, row: OutboxRow, error: string, options: { maxAttempts?: number } = {}): Promise<"retry" | "dead"> {
  const nowMs = deps.clock().getTime();
  if (row.attempts >= (options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS)) {
    await markOutboxDead(deps.db, { id: row.id, nowMs, error });
    deps.log({ level: "error", message: "outbox: e-mail given up", fields: { kind: row.kind, task: row.task, attempts: row.attempts, error } });
    return "dead";
  }
  await markOutboxRetry(deps.db, { id: row.id, nextAttemptAtMs: nowMs + outboxBackoffMs(row.attempts, deps.config.EMAIL_OUTBOX_RETRY_SECONDS), error });
  deps.log({ level: "warn", message: "outbox: attempt failed, retried later", fields: { kind: row.kind, task: row.task, attempts: row.attempts, error } });
  return "retry";
}

export interface NodeOutbox extends EmailOutbox {
  /** claims and tries every row due now, until none is left */
  drainNow(): Promise<void>;
  /** stops the timer and waits for what is being sent */
  stop(): Promise<void>;
}

/**
 * The Node runtime's sender: one drain at a time per process (several processes on one file are
 * kept apart by the claims), started by each request that stored rows, by `drainNow` at start
 * and, with `intervalMs`, by a timer that also picks up the retries due and prunes old rows.
 */
export function createNodeOutbox(getDeps: () => AppDeps, options: { intervalMs?: number } = {}): NodeOutbox {
  const inFlight = new Set<Promise<unknown>>();
  let running: Promise<void> | null = null;
  let followUp: Promise<void> | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    const tracked = promise.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return promise;
  };

  /** One row, settled; returns the rows it wrote. */
  const attempt = async (row: OutboxRow): Promise<string[]> => {
    const deps = getDeps();
    const outcome = await processOutboxRow(deps, row);
    if (outcome.kind === "sent") return outcome.produced;
    if (outcome.kind === "failed") await settleOutboxFailure(deps, row, outcome.error);
    return [];
  };

  const claim = (ids?: readonly string[]) =>
    claimOutboxRows(getDeps().db, {
      nowMs: getDeps().clock().getTime(),
      leaseMs: getDeps().config.EMAIL_OUTBOX_LEASE_MS,
      limit: ids ? ids.length : CLAIM_BATCH,
      ...(ids ? { ids } : {}),
    });

  const sendNow = async (ids: readonly string[]): Promise<void> => {
    if (ids.length === 0) return;
    const rows = await claim(ids);
    const produced = (await Promise.all(rows.map(attempt))).flat();
    await sendNow(produced);
  };

  const loop = async () => {
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return;
      const produced = (await Promise.all(rows.map(attempt))).flat();
      await sendNow(produced);
    }
  };

  const drainNow = (): Promise<void> => {
    if (!running) {
      running = track(
        loop()
          .catch((error: unknown) => getDeps().log({ level: "error", message: "outbox: drain failed", fields: describeError(error) }))
          .finally(() => (running = null)),
      );
      return running;
    }
    // Rows stored while a pass runs may be past its last claim: one more pass after it.
    followUp ??= running.then(() => {
      followUp = null;
      return drainNow();
    });
    return followUp;
  };

  let prunedAtMs = -Infinity;
  const prune = async () => {
    const nowMs = getDeps().clock().getTime();
    if (nowMs - prunedAtMs < PRUNE_INTERVAL_MS) return;
    prunedAtMs = nowMs;
    await pruneOutbox(getDeps().db, nowMs - OUTBOX_RETENTION_MS);
  };

  const tick = () => {
    if (stopped || options.intervalMs === undefined) return;
    timer = setTimeout(() => {
      void drainNow()
        .then(prune)
        .catch((error: unknown) => getDeps().log({ level: "warn", message: "outbox: prune failed", fields: describeError(error) }))
        .finally(tick);
    }, options.intervalMs);
    timer.unref?.();
  };
  tick();

  return {
    drainNow,
    dispatch(ids) {
      return track(sendNow(ids).catch((error: unknown) => getDeps().log({ level: "error", message: "outbox: send failed", fields: describeError(error) })));
    },
    async drained() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
