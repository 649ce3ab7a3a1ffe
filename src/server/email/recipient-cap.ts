// One cap on the emails a mailbox receives from flows that a stranger can start by typing an
// address (sign-up confirmation, sign-in codes, alert sign-up confirmation, reports): every single
// `send` goes through it. Security emails the owner asked for from her own browser count in their
// own budget instead. The daily digest (sendBatch) is what the person asked for, once a day: not
// capped.
import { normaliseRecipientAddress } from "../../core/shared/email-address.ts";
import type { AppDeps } from "../deps.ts";
import { consumeRateLimit, hashKey, type RateLimitRule } from "../services/rate-limit.ts";
import type { EmailMessage, Mailer, SendResult } from "./mailer.ts";

/**
 * A real person's busiest quarter hour — sign-up, a resent link, codes, an alert sign-up — stays
 * under 5 emails; a day, under 20.
 */
export const RECIPIENT_EMAIL_LIMITS: readonly RateLimitRule[] = [
  { scope: "recipient-emails-15min", limit: 5, windowSeconds: 15 * 60 },
  { scope: "recipient-emails-day", limit: 20, windowSeconds: 24 * 3600 },
];

/**
 * Security emails the owner asked for from her own browser (`category: "security"`: codes, the
 * deletion notice) have their own allowance per mailbox, which no stranger's request can spend:
 * filling the caps above with sign-ups or codes asked from elsewhere never holds them back.
 */
export const SECURITY_EMAIL_LIMITS: readonly RateLimitRule[] = [
  { scope: "recipient-security-emails-15min", limit: 10, windowSeconds: 15 * 60 },
  { scope: "recipient-security-emails-day", limit: 30, windowSeconds: 24 * 3600 },
];

type CapDeps = Pick<AppDeps, "db" | "appSecret" | "clock" | "log">;

/**
 * Counts one e-mail to this mailbox; null when it may leave, else why not. Also called for an
 * e-mail that is not sent because its address has no account or sign-up (a code, a manage link):
 * the mailbox's count, and so every later answer the cap decides, is then the same whether or not
 * the address is known (issue 39).
 */
export async function countRecipientEmail(deps: CapDeps, to: string, category?: EmailMessage["category"]): Promise<string | null> {
  const nowMs = deps.clock().getTime();
  try {
    // Keyed on the mailbox, so `name+1@`, `n.a.m.e@gmail.com`… share one allowance.
    const bucketKey = await hashKey(normaliseRecipientAddress(to), deps.appSecret);
    for (const rule of category === "security" ? SECURITY_EMAIL_LIMITS : RECIPIENT_EMAIL_LIMITS) {
      const outcome = await consumeRateLimit(deps.db, rule, bucketKey, nowMs);
      if (!outcome.allowed) {
        deps.log({ level: "warn", message: "email refused: recipient cap", fields: { scope: rule.scope } });
        return "recipient cap reached";
      }
    }
  } catch (error) {
    // Fails closed: without the counter store, no email to an address a stranger may have typed.
    deps.log({ level: "error", message: "recipient cap store unavailable", fields: { error: error instanceof Error ? error.name : "unknown" } });
    return "recipient cap store unavailable";
  }
  return null;
}

export function capEmailsPerRecipient(deps: Pick<AppDeps, "mailer"> & CapDeps): Mailer {
  return {
    sendBatch: (messages, options) => deps.mailer.sendBatch(messages, options),
    async send(message) {
      const refused = await countRecipientEmail(deps, message.to, message.category);
      if (refused) return { ok: false, error: refused, capped: true } satisfies SendResult;
      return deps.mailer.send(message);
    },
  };
}
