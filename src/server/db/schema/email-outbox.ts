import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The durable outbox (decision 093): every e-mail a request promises, stored before the answer,
 * then sent by a drainer (Node) or a queue consumer (Workers) that survives restarts.
 *
 * Two kinds of row. A `mail` is a rendered e-mail: sent once with its `idempotency_key` as
 * Resend's Idempotency-Key, so a retry after a crash never sends twice. A `task` is the durable
 * intent of a request whose e-mail depends on what is stored (an account sign-up, a sign-in code,
 * the manage links): the route commits it for every request alike (constant answers, decision 091)
 * and the sender resolves it, which writes its `mail` rows (keys derived from the task's id).
 *
 * `payload_json` of a task, and the recipient and content of a mail, are cleared when the row is
 * done; sent and dead rows go after OUTBOX_RETENTION_MS.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["mail", "task"] }).notNull(),
    /** Resend's Idempotency-Key for a mail; the task's own key for a task (unique: enqueuing twice adds nothing) */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** a task's name (email/outbox-tasks.ts) */
    task: text("task"),
    payloadJson: text("payload_json"),
    toAddress: text("to_address"),
    subject: text("subject"),
    html: text("html"),
    text: text("text"),
    headersJson: text("headers_json"),
    /** the budget it was counted in when enqueued (decision 090): "general" | "security" */
    budget: text("budget").notNull().default("general"),
    status: text("status", { enum: ["pending", "sent", "dead"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    createdAtMs: integer("created_at_ms").notNull(),
    nextAttemptAtMs: integer("next_attempt_at_ms").notNull(),
    /** while a sender holds the row: nobody else claims it before then */
    claimedUntilMs: integer("claimed_until_ms"),
    /** why the last attempt failed: the provider's error name, never an address or content */
    lastError: text("last_error"),
    sentAtMs: integer("sent_at_ms"),
  },
  (table) => [index("email_outbox_due").on(table.status, table.nextAttemptAtMs)],
);
