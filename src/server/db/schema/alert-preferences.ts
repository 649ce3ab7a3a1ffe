import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

export const ALERT_SOURCE_TYPES = ["water", "drought", "air", "bathing", "pollen", "weather"] as const;
export type AlertSourceType = (typeof ALERT_SOURCE_TYPES)[number];

/** Topics a person must turn on (decision 073): without a row they are off. The others are on without a row. */
export const OPT_IN_SOURCE_TYPES: readonly AlertSourceType[] = ["pollen", "weather"];

/**
 * One row per account and source type; a missing row means the default (on, or off for an opt-in
 * topic). `taxaJson`: for pollen, the chosen taxa as a JSON array of PollenTaxon; null otherwise.
 */
export const alertPreferences = sqliteTable(
  "alert_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sourceType: text("source_type", { enum: ALERT_SOURCE_TYPES }).notNull(),
    emailEnabled: integer("email_enabled", { mode: "boolean" }).notNull().default(true),
    taxaJson: text("taxa_json"),
    updatedAtMs: integer("updated_at_ms").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sourceType] })],
);
