// One mailer interface for every runtime: Resend in production (and against a fake Resend server
// in tests), a local outbox table in the Node runtime when no key is configured.
import type { BatchItem } from "drizzle-orm/batch";
import { Resend } from "resend";
import { generateRandomToken } from "../auth/crypto.ts";
import type { Database } from "../db/index.ts";
import { insertOutboxMail } from "../db/repositories/dev-outbox.ts";
import type { RateLimitWindow } from "../db/repositories/rate-limits.ts";
import { describeError } from "../logger.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** same key, same email: Resend sends it once even if we retry */
  idempotencyKey?: string;
  /**
   * "security": an e-mail the account's owner started herself (a sign-in code asked from her own
   * browser, the deletion notice, a notice about her password or sign-in methods). It is counted in
   * the mailbox's security budget (recipient-cap.ts) and in the service-wide security budget
   * (global-cap.ts), apart from the caps a stranger typing the address can fill (decisions 056, 058).
   */
  category?: "security";
  /**
   * Writes that belong with this e-mail (the sign-up it confirms): the durable outbox commits them
   * in one transaction with the e-mail's row (email/outbox.ts, decision 093). A mailer that sends
   * at once ignores them; only the outbox's enqueuing mailer is given messages that carry them.
   */
  alongWith?: readonly BatchItem<"sqlite">[];
}

/** The service-wide e-mail budgets (email/global-cap.ts): `security` for messages of that category. */
export type EmailBudget = "general" | "security";

/** One e-mail's counts in the budget's windows (service and client), to give back when it did not leave. */
export interface EmailCount {
  budget: EmailBudget;
  windows: RateLimitWindow[];
}

/**
 * The e-mails one request counts, by client (decision 090): the count a route held before
 * answering (middleware/email-budget.ts) is taken by the request's first send of that budget, so
 * that the e-mail is counted once.
 */
export interface EmailClient {
  /** the hashed client key, or null when there is no client (then only the service's windows count) */
  key(): Promise<string | null>;
  /** counts held before the answer, not yet taken by a send */
  held: EmailCount[];
  /** the durable outbox's mails this request stored, handed to the sender before its answer (decision 093) */
  enqueued: string[];
  /** the durable outbox's tasks this request stored, handed to the sender after its answer (constant answers, decision 091) */
  tasks: string[];
}

/**
 * Where the durable outbox's rows go once stored (decision 093): on Node the process's drainer
 * (email/outbox.ts), on Workers the e-mail queue. Every e-mail a request promises is a row of the
 * `email_outbox` table before the answer; this only says « now ».
 */
export interface EmailOutbox {
  /** Node: tries these rows now (and what they write), resolving once tried; Workers: queues them */
  dispatch(ids: readonly string[]): Promise<void>;
  /** resolves once this process is sending nothing (Node; Workers: at once) */
  drained(): Promise<void>;
}

/** `capped`: refused before sending, the recipient's mailbox had its share (recipient-cap.ts). */
export type SendResult = { ok: true; id: string } | { ok: false; error: string; capped?: true };

/** Resend's batch endpoint takes at most 100 emails per call. */
export const MAX_BATCH_SIZE = 100;

export type BatchResult = { ok: true; ids: string[] } | { ok: false; error: string };

export interface Mailer {
  send(message: EmailMessage): Promise<SendResult>;
  /** up to 100 emails in one call; one idempotency key for the whole call */
  sendBatch(messages: EmailMessage[], options: { idempotencyKey: string }): Promise<BatchResult>;
}

const SEND_TIMEOUT_MS = 10_000;

export function createResendMailer(options: { apiKey: string; baseUrl: string; from: string }): Mailer {
  const resend = new Resend(options.apiKey, { baseUrl: options.baseUrl });
  return {
    async send(message) {
      try {
        const { data, error } = await resend.emails.send(
          { from: options.from, to: message.to, subject: message.subject, html: message.html, text: message.text, headers: message.headers },
          { idempotencyKey: message.idempotencyKey, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
        );
        if (error || !data) return { ok: false, error: error?.message ?? "no answer from the email provider" };
        return { ok: true, id: data.id };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
    async sendBatch(messages, batchOptions) {
      if (messages.length === 0) return { ok: true, ids: [] };
      if (messages.length > MAX_BATCH_SIZE) return { ok: false, error: `a batch holds at most ${MAX_BATCH_SIZE} emails` };
      try {
        const { data, error } = await resend.batch.send(
          messages.map((message) => ({
            from: options.from,
            to: message.to,
            subject: message.subject,
            html: message.html,
            text: message.text,
            headers: message.headers,
          })),
          { idempotencyKey: batchOptions.idempotencyKey, signal: AbortSignal.timeout(SEND_TIMEOUT_MS * 3) },
        );
        if (error || !data) return { ok: false, error: error?.message ?? "no answer from the email provider" };
        return { ok: true, ids: data.data.map((item) => item.id) };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

async function idOfKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  return [...digest.slice(0, 10)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Development only: emails are kept in the database and shown at /dev/mails. */
export function createOutboxMailer(db: Database, clock: () => Date): Mailer {
  const mailer: Mailer = {
    async sendBatch(messages) {
      const ids: string[] = [];
      for (const message of messages) {
        const result = await mailer.send(message);
        if (!result.ok) return result;
        ids.push(result.id);
      }
      return { ok: true, ids };
    },
    async send(message) {
      // Same key, same e-mail, as Resend: a retry of the durable outbox (decision 093) keeps one copy.
      const id = message.idempotencyKey ? await idOfKey(message.idempotencyKey) : generateRandomToken(10);
      try {
        await insertOutboxMail(db, {
          id,
          toAddress: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headersJson: JSON.stringify(message.headers ?? {}),
          createdAtMs: clock().getTime(),
        });
        return { ok: true, id };
      } catch (error) {
        // Not the message: it quotes the insert's parameters (the recipient, the codes in the body).
        return { ok: false, error: Object.values(describeError(error)).join(" ") };
      }
    },
  };
  return mailer;
}
