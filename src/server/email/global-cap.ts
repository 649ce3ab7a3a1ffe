// The service-wide ceiling on outbound e-mail (issue 22: three sources queued 90 e-mails to
// non-existent domains in 7,7 s, spending the provider's quota and risking bounce-based suspension
// of the sending domain). Counted in the database, so it holds across Workers isolates. Two
// budgets: security e-mails (codes, account notices) have their own, which the e-mails a stranger
// can start in bulk (sign-ups, alert sign-ups, reports) never spend. The daily alert digests
// (sendBatch) are not counted: one per confirmed recipient a day, which no stranger can multiply.
import type { Config } from "../config.ts";
import { incrementRateLimitWindow } from "../db/repositories/rate-limits.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";
import type { EmailMessage, Mailer, SendResult } from "./mailer.ts";

export type EmailBudget = "general" | "security";

interface Window {
  name: "minute" | "hour" | "day";
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

export const budgetOfEmail = (message: Pick<EmailMessage, "category">): EmailBudget => (message.category === "security" ? "security" : "general");

/** The error of an e-mail refused by the ceiling: the caller answers as for any e-mail that could not be sent. */
export const GLOBAL_EMAIL_CAP_ERROR = "service-wide email budget reached";

export function capEmailsGlobally(deps: Pick<AppDeps, "mailer" | "db" | "config" | "clock" | "log">): Mailer {
  return {
    sendBatch: (messages, options) => deps.mailer.sendBatch(messages, options),
    async send(message): Promise<SendResult> {
      const budget = budgetOfEmail(message);
      const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
      try {
        for (const window of emailBudgetWindows(deps.config, budget)) {
          const windowStartSeconds = nowSeconds - (nowSeconds % window.seconds);
          const count = await incrementRateLimitWindow(deps.db, { scope: `email-${budget}-${window.name}`, bucketKey: "service", windowStartSeconds });
          if (count <= window.limit) continue;
          // Said once per window (the first refusal), whatever the number of isolates: no recipient, no content.
          if (count === window.limit + 1) {
            deps.log({
              level: "error",
              message: "email budget reached: emails refused until the window ends",
              fields: { budget, window: window.name, limit: window.limit },
            });
          }
          return { ok: false, error: GLOBAL_EMAIL_CAP_ERROR };
        }
      } catch (error) {
        // Fails closed, as the recipient cap: without the counter, no e-mail a stranger may have started.
        deps.log({ level: "error", message: "email budget store unavailable", fields: describeError(error) });
        return { ok: false, error: "email budget store unavailable" };
      }
      return deps.mailer.send(message);
    },
  };
}
