import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { addressColumns } from "./address-columns.ts";

/** Alert sign-ups without an account (double opt-in). All sources are on for them. */
export const alertSubscriptions = sqliteTable(
  "alert_subscriptions",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    ...addressColumns(),
    /** origin of the partner site whose frame was used, null on our own page */
    partnerOrigin: text("partner_origin"),
    consentAtMs: integer("consent_at_ms").notNull(),
    /** null until the confirmation email has gone out (the daily run retries) */
    confirmationSentAtMs: integer("confirmation_sent_at_ms"),
    confirmedAtMs: integer("confirmed_at_ms"),
    unsubscribedAtMs: integer("unsubscribed_at_ms"),
    createdAtMs: integer("created_at_ms").notNull(),
  },
  // citycode: the alert plan pages through watched communes and reads a batch's communes.
  (table) => [index("alert_subscriptions_email").on(table.email), index("alert_subscriptions_citycode").on(table.citycode)],
);

export type AlertSubscriptionRow = typeof alertSubscriptions.$inferSelect;

/**
 * What the last run knew per subject and source (JSON of the core's *AlertState), so the next
 * run can tell what changed.
 */
export const alertStates = sqliteTable(
  "alert_states",
  {
    subjectKey: text("subject_key").notNull(),
    source: text("source").notNull(),
    stateJson: text("state_json").notNull(),
    updatedAtMs: integer("updated_at_ms").notNull(),
  },
  (table) => [primaryKey({ columns: [table.subjectKey, table.source] })],
);

/**
 * Every alert detected, once: unique per (recipient, subject, source, event). Unsent rows are
 * what the next run sends; nothing else, so a crash or a failed send loses nothing and doubles
 * nothing. No email address here: the recipient key points at the subscription or the account.
 */
export const alertEvents = sqliteTable(
  "alert_events",
  {
    id: text("id").primaryKey(),
    recipientKey: text("recipient_key").notNull(),
    subjectKey: text("subject_key").notNull(),
    source: text("source").notNull(),
    eventKey: text("event_key").notNull(),
    /** the AlertEvent and the address label, as rendered in the email */
    payloadJson: text("payload_json").notNull(),
    detectedAtMs: integer("detected_at_ms").notNull(),
    sentAtMs: integer("sent_at_ms"),
    emailId: text("email_id"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /**
     * The Resend idempotency key of the provider call under way for this event, written before the
     * call: still there on an unsent event, the call's outcome is unknown (the process died, or the
     * answer was lost), and the next send stage repeats that same call first (send.ts, decision 076).
     */
    sendKey: text("send_key"),
  },
  (table) => [
    uniqueIndex("alert_events_unique").on(table.recipientKey, table.subjectKey, table.source, table.eventKey),
    index("alert_events_unsent").on(table.sentAtMs),
    index("alert_events_detected").on(table.detectedAtMs),
    index("alert_events_in_doubt")
      .on(table.sendKey)
      .where(sql`${table.sendKey} is not null and ${table.sentAtMs} is null`),
  ],
);

export const alertRuns = sqliteTable("alert_runs", {
  id: text("id").primaryKey(),
  startedAtMs: integer("started_at_ms").notNull(),
  finishedAtMs: integer("finished_at_ms"),
  summaryJson: text("summary_json"),
  /** written every few seconds by the running run (lifecycle.ts): a run whose beat stopped is dead, its lock free (decision 076) */
  heartbeatAtMs: integer("heartbeat_at_ms"),
  // The run's tallies, added to by each message of the run as it ends (repositories/alert-runs.ts
  // addToRunTally), on both runtimes: on Workers the plan writes the row and the queue consumer,
  // the 17:00 send pages and the dead-letter consumer count the rest (decision 064).
  subjectsChecked: integer("subjects_checked").notNull().default(0),
  emailsSent: integer("emails_sent").notNull().default(0),
  emailFailures: integer("email_failures").notNull().default(0),
  deadLetters: integer("dead_letters").notNull().default(0),
});

export type AlertEventRow = typeof alertEvents.$inferSelect;
export type AlertStateRow = typeof alertStates.$inferSelect;
