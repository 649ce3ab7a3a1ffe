// The service-wide ceiling on outbound e-mail (issue 22: three sources queued 90 e-mails to
// non-existent domains in 7,7 s, spending the provider's quota and risking bounce-based suspension
// of the sending domain). Counted in the database, so it holds across Workers isolates. Two
// budgets: security e-mails (codes, account notices) have their own, which the e-mails a stranger
// can start in bulk (sign-ups, alert sign-ups, reports) never spend. The daily alert digests
// (sendBatch) are not counted: one per confirmed recipient a day, which no stranger can multiply.
//
// Within each budget, one client (its hashed IP, /64 for IPv6) may spend a fifth of each window,
// and the last fifth of each window is kept for clients' first e-mails of that window (issue 39,
// decision 090): a few clients can no longer spend the minute on everyone, and a person whose
// client has asked for little still gets her e-mail after many others have spent their shares.
// The routes that promise an e-mail count it before they answer (`holdEmail`,
// middleware/email-budget.ts): a refusal is said then, never a 202 with no e-mail behind it.
import type { Config } from "../config.ts";
import { decrementRateLimitWindow, incrementRateLimitWindow } from "../db/repositories/rate-limits.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";
import type { EmailBudget, EmailClient, EmailCount, EmailMessage, Mailer, SendResult } from "./mailer.ts";

export type { EmailBudget, EmailClient, EmailCount };
export type EmailWindowName = "minute" | "hour" | "day";

interface Window {
  name: EmailWindowName;
  seconds: number;
  limit: number;
}

export function emailBudgetWindows(
  config: Pick<
    Config,
    | "EMAIL_GLOBAL_PER_MINUTE"
    | "EMAIL_GLOBAL_PER_HOUR"
    | "EMAIL_GLOBAL_PER_DAY"
    | "EMAIL_SECURITY_PER_MINUTE"
    | "EMAIL_SECURITY_PER_HOUR"
    | "EMAIL_SECURITY_PER_DAY"
  >,
  budget: EmailBudget,
): Window[] {
  // The shortest window first: a refusal there leaves the longer windows' counts untouched.
  return budget === "security"
    ? [
        { name: "minute", seconds: 60, limit: config.EMAIL_SECURITY_PER_MINUTE },
        { name: "hour", seconds: 3600, limit: config.EMAIL_SECURITY_PER_HOUR },
        { name: "day", seconds: 24 * 3600, limit: config.EMAIL_SECURITY_PER_DAY },
      ]
    : [
        { name: "minute", seconds: 60, limit: config.EMAIL_GLOBAL_PER_MINUTE },
        { name: "hour", seconds: 3600, limit: config.EMAIL_GLOBAL_PER_HOUR },
        { name: "day", seconds: 24 * 3600, limit: config.EMAIL_GLOBAL_PER_DAY },
      ];
}

/** What one client may spend of a window: a fifth, at least 2 (never more than the window). */
export function clientShareOf(limit: number): number {
  return Math.min(limit, Math.max(2, Math.floor(limit / 5)));
}

/** The part of a window kept for clients' first e-mails in it: a fifth. */
export function keptPartOf(limit: number): number {
  return Math.floor(limit / 5);
}

/** A client's first e-mails of a window (this many) may use its kept part. */
export const FIRST_EMAILS_PER_CLIENT = 2;

export const budgetOfEmail = (message: Pick<EmailMessage, "category">): EmailBudget => (message.category === "security" ? "security" : "general");

/** The error of an e-mail refused by the ceiling: the caller answers as for any e-mail that could not be sent. */
export const GLOBAL_EMAIL_CAP_ERROR = "service-wide email budget reached";

export type EmailAdmission =
  | { kind: "admitted"; count: EmailCount }
  /** `retryAfterSeconds`: until the refusing window ends; `window` null when the counter store failed */
  | { kind: "refused"; window: EmailWindowName | null; retryAfterSeconds: number };

type CapDeps = Pick<AppDeps, "db" | "config" | "clock" | "log">;

/** Gives an e-mail's counts back (it did not leave); a failure here only leaves the count taken, said once in the log. */
export async function giveBackEmailCount(deps: CapDeps, count: EmailCount): Promise<void> {
  try {
    for (const window of count.windows) await decrementRateLimitWindow(deps.db, window);
  } catch (error) {
    deps.log({ level: "warn", message: "email budget count not given back", fields: describeError(error) });
  }
}

/** Logged once per window (the first refusal), whatever the number of isolates: no recipient, no content, no client. */
async function logFirstRefusal(deps: CapDeps, input: { budget: EmailBudget; window: Window; windowStartSeconds: number; byShare: boolean }) {
  const scope = `email-${input.budget}-${input.byShare ? "share-" : ""}refusals-${input.window.name}`;
  const refusals = await incrementRateLimitWindow(deps.db, { scope, bucketKey: "service", windowStartSeconds: input.windowStartSeconds });
  if (refusals !== 1) return;
  const { budget, window } = input;
  deps.log(
    input.byShare
      ? {
          level: "warn",
          message: "email client share reached: this client's emails refused until the window ends",
          fields: { budget, window: window.name, share: clientShareOf(window.limit) },
        }
      : { level: "error", message: "email budget reached: emails refused until the window ends", fields: { budget, window: window.name, limit: window.limit } },
  );
}

/**
 * Counts one e-mail of `budget` in every window, for the service and (when known) for the client
 * that asked: admitted within the client's share, and within the window's shared part — or its
 * kept part for one of the client's first e-mails. A refusal takes nothing (its counts are given
 * back), so refused attempts never fill a window. Fails closed: without the counter store, no
 * e-mail a stranger may have started.
 */
export async function admitEmail(deps: CapDeps, input: { budget: EmailBudget; clientKey: string | null }): Promise<EmailAdmission> {
  const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
  const count: EmailCount = { budget: input.budget, windows: [] };
  try {
    for (const window of emailBudgetWindows(deps.config, input.budget)) {
      const windowStartSeconds = nowSeconds - (nowSeconds % window.seconds);
      const refuse = async (byShare: boolean): Promise<EmailAdmission> => {
        await giveBackEmailCount(deps, count);
        await logFirstRefusal(deps, { budget: input.budget, window, windowStartSeconds, byShare });
        return { kind: "refused", window: window.name, retryAfterSeconds: windowStartSeconds + window.seconds - nowSeconds };
      };
      let clientCount: number | null = null;
      if (input.clientKey !== null) {
        const clientWindow = { scope: `email-${input.budget}-client-${window.name}`, bucketKey: input.clientKey, windowStartSeconds };
        clientCount = await incrementRateLimitWindow(deps.db, clientWindow);
        count.windows.push(clientWindow);
        if (clientCount > clientShareOf(window.limit)) return await refuse(true);
      }
      const serviceWindow = { scope: `email-${input.budget}-${window.name}`, bucketKey: "service", windowStartSeconds };
      const serviceCount = await incrementRateLimitWindow(deps.db, serviceWindow);
      count.windows.push(serviceWindow);
      const firstOfClient = clientCount !== null && clientCount <= FIRST_EMAILS_PER_CLIENT;
      const room = firstOfClient ? window.limit : window.limit - keptPartOf(window.limit);
      if (serviceCount > room) return await refuse(false);
    }
  } catch (error) {
    deps.log({ level: "error", message: "email budget store unavailable", fields: describeError(error) });
    await giveBackEmailCount(deps, count);
    return { kind: "refused", window: null, retryAfterSeconds: 60 };
  }
  return { kind: "admitted", count };
}

function takeHeld(client: EmailClient | undefined, budget: EmailBudget): EmailCount | null {
  if (!client) return null;
  const index = client.held.findIndex((count) => count.budget === budget);
  if (index < 0) return null;
  const [count] = client.held.splice(index, 1);
  return count ?? null;
}

export function capEmailsGlobally(deps: Pick<AppDeps, "mailer" | "db" | "config" | "clock" | "log">, client?: EmailClient): Mailer {
  return {
    sendBatch: (messages, options) => deps.mailer.sendBatch(messages, options),
    async send(message): Promise<SendResult> {
      const budget = budgetOfEmail(message);
      let count = takeHeld(client, budget);
      if (!count) {
        const admission = await admitEmail(deps, { budget, clientKey: client ? await client.key() : null });
        if (admission.kind === "refused") return { ok: false, error: admission.window ? GLOBAL_EMAIL_CAP_ERROR : "email budget store unavailable" };
        count = admission.count;
      }
      const result = await deps.mailer.send(message);
      // An e-mail that did not leave spends nothing of the budget: nobody after it is refused for it.
      if (!result.ok) await giveBackEmailCount(deps, count);
      return result;
    },
  };
}
