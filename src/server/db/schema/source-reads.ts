import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * What the service last saw of each official source (the status page /etat, GET /api/v1/status):
 * one row per source, written by every runtime and isolate when a source's last attempt changes
 * outcome, else at most once a minute per source and process (src/server/services/status.ts,
 * decisions 061 and 085). No personal data: a source's name and instants.
 */
export const sourceReads = sqliteTable("source_reads", {
  /** an upstream's name: "atmo" | "hubeau" | "vigieau" | "baignades" | "ban" | "openmeteo" | "geo" … */
  source: text("source").primaryKey(),
  lastSuccessAtMs: integer("last_success_at_ms"),
  lastFailureAtMs: integer("last_failure_at_ms"),
  /** the first failure after the last success, while the last attempt failed; null while the source answers */
  failingSinceMs: integer("failing_since_ms"),
  /** the last visitor's call our own budget kept from the source (upstream-budget.ts): not a failure of the source */
  lastRefusedAtMs: integer("last_refused_at_ms"),
  updatedAtMs: integer("updated_at_ms").notNull(),
});

/**
 * The last notice sent to the admins per cause ("source-late:vigieau", "dead-letters"): never
 * more than one a Paris day per cause, whichever process or isolate notices first.
 */
export const adminNotices = sqliteTable("admin_notices", {
  cause: text("cause").primaryKey(),
  /** the Paris day (YYYY-MM-DD) of the last notice */
  day: text("day").notNull(),
  sentAtMs: integer("sent_at_ms").notNull(),
});

export type SourceReadRow = typeof sourceReads.$inferSelect;
