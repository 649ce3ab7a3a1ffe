// The routes that promise an e-mail count it before they answer (issue 39, decision 090): when
// a service-wide e-mail budget or this client's share of it is spent, the person reads so at once
// (503 `email_busy`, with Retry-After) instead of « Vérifiez vos e-mails » with nothing sent. The
// count held here is taken by the request's first send of that budget (email/global-cap.ts); one
// no send took — no account for that address, the mailbox's own cap, a provider failure — is given
// back when the work ends.
import type { Context } from "hono";
import { clientKeyOf } from "../client-ip.ts";
import type { AppDeps, AppEnv } from "../deps.ts";
import { admitEmail, giveBackEmailCount, type EmailBudget, type EmailClient, type EmailCount } from "../email/global-cap.ts";
import { jsonError } from "../http-errors.ts";
import { hashKey } from "../services/rate-limit.ts";

export const EMAIL_BUSY_MESSAGE = "Nous ne pouvons pas envoyer d'e-mail pour le moment. Réessayez dans quelques minutes.";
export const EMAIL_BUSY_TODAY_MESSAGE = "Nous ne pouvons plus envoyer d'e-mail aujourd'hui. Réessayez dans quelques heures.";

/** The request's client as the e-mail budgets count it: the same key as every rate limit, hashed. */
export function createEmailClient(deps: Pick<AppDeps, "appSecret" | "clientIp">, c: Context): EmailClient {
  let key: Promise<string> | null = null;
  return {
    key: () => (key ??= hashKey(clientKeyOf(deps.clientIp(c)), deps.appSecret)),
    held: [],
    enqueued: [],
    tasks: [],
  };
}

export type HeldEmail =
  /** the answer to send instead: the e-mail cannot leave now */
  | { refused: Response }
  /** `done`, once the work that sends is over (after the answer for deferred work): gives back a count no send took */
  | {
      refused: null;
      done: () => Promise<void>;
      /** hands the count over to work stored for later (the durable outbox's task, decision 093): `done` then gives nothing back */
      transfer: () => EmailCount | null;
    };

/** Counts one e-mail of `budget` for this request now, before the answer promises it. */
export async function holdEmail(c: Context<AppEnv>, budget: EmailBudget): Promise<HeldEmail> {
  const deps = c.get("deps");
  const client = c.get("emailClient");
  const admission = await admitEmail(deps, { budget, clientKey: await client.key() });
  if (admission.kind === "refused") {
    c.header("Retry-After", String(admission.retryAfterSeconds));
    return { refused: jsonError(c, 503, admission.window === "day" ? EMAIL_BUSY_TODAY_MESSAGE : EMAIL_BUSY_MESSAGE, "email_busy") };
  }
  const { count } = admission;
  client.held.push(count);
  return {
    refused: null,
    transfer: () => {
      const index = client.held.indexOf(count);
      if (index < 0) return null;
      client.held.splice(index, 1);
      return count;
    },
    done: async () => {
      const index = client.held.indexOf(count);
      if (index < 0) return;
      client.held.splice(index, 1);
      await giveBackEmailCount(deps, count);
    },
  };
}
