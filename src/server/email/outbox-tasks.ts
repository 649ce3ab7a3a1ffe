// The durable outbox's tasks (decision 093): the e-mails a request promises but whose content
// depends on what is stored — an account sign-up (a link, or a notice to the owner), a sign-in code
// (none without an account), the manage links. To answer alike and as fast for an address known
// and one unknown (decision 091), the route stores the same row for every request, before its
// answer; the sender runs the task after it, which writes the mails it calls for. A task may run
// again after a crash: its mails' keys are derived from its row, so a second run adds none, and
// what it must repeat identically (the sign-in code) is chosen when the row is stored.
import type { Context } from "hono";
import { generateNumericCode, generateRandomToken } from "../auth/crypto.ts";
import { insertOutboxRow } from "../db/repositories/email-outbox.ts";
import type { AppDeps, AppEnv } from "../deps.ts";
import type { HeldEmail } from "../middleware/email-budget.ts";
import { sendSignInCode, signUp } from "../services/accounts.ts";
import { releaseSignUpEmailTurn, type SignUpEmailClaimHeld } from "../services/sign-up-emails.ts";
import { sendManageLinks } from "../services/subscriptions.ts";
import type { EmailBudget, EmailCount } from "./mailer.ts";

export type EmailTask =
  | {
      task: "sign-up";
      input: { email: string; firstName: string | null; lastName: string | null };
      /** the sign-up's 10-minute turn (services/sign-up-emails.ts), given back when nothing was sent */
      turn: SignUpEmailClaimHeld;
    }
  | { task: "sign-in-code"; input: { email: string; browserId: string; ownerBrowser: boolean; code: string } }
  | { task: "manage-links"; input: { email: string } };

export type EmailTaskName = EmailTask["task"];

/** What a task row carries: the task, and the request's client with the count it held (decision 090). */
export type EmailTaskPayload = EmailTask & { clientKey: string | null; held: EmailCount | null };

/** Runs a task with `deps.mailer` storing its mails. Throws to be tried again. */
export async function runEmailTask(deps: AppDeps, name: string, payload: EmailTaskPayload): Promise<void> {
  if (payload.task !== name) throw new Error("task name and payload differ");
  switch (payload.task) {
    case "sign-up": {
      const sent = await signUp(deps, payload.input);
      if (!sent) await releaseSignUpEmailTurn(deps, payload.turn);
      return;
    }
    case "sign-in-code": {
      const { email, ...requester } = payload.input;
      await sendSignInCode(deps, email, requester);
      return;
    }
    case "manage-links":
      await sendManageLinks(deps, payload.input.email);
      return;
  }
}

/** A sign-in code, chosen when its request is stored (the same for an account and none). */
export const newSignInCode = (): string => generateNumericCode(6);

/**
 * Stores the request's task before its answer, with the e-mail count the route held (taken over
 * from the request: the task's first e-mail of that budget takes it, or the task gives it back).
 * The row is handed to the sender after the answer (app.ts).
 */
export async function storeEmailTask(c: Context<AppEnv>, task: EmailTask, held: Extract<HeldEmail, { refused: null }>, budget: EmailBudget): Promise<void> {
  const deps = c.get("deps");
  const client = c.get("emailClient");
  const clientKey = await client.key();
  const count = held.transfer();
  const id = generateRandomToken(12);
  const nowMs = deps.clock().getTime();
  const payload: EmailTaskPayload = { ...task, clientKey, held: count };
  try {
    await insertOutboxRow(deps.db, {
      id,
      kind: "task",
      idempotencyKey: `task-${id}`,
      task: task.task,
      payloadJson: JSON.stringify(payload),
      budget,
      createdAtMs: nowMs,
      nextAttemptAtMs: nowMs,
    });
  } catch (error) {
    // Not stored: the count goes back (the route's refusal is the one any failed write gets).
    if (count) client.held.push(count);
    await held.done();
    throw error;
  }
  client.tasks.push(id);
}
