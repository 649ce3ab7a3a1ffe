import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { AlertSource } from "../../../sections/rules.ts";
import { users } from "./users.ts";

/** An alert topic's key (src/sections/topics.ts); a row of a key no topic has is ignored when read. */
export type AlertSourceType = AlertSource;

/**
 * One row per account and topic; a missing row means the default (on, or off for an opt-in topic,
 * decision 073). `taxaJson`: for a topic narrowed to a list (its `choices`), the ids ticked as a
 * JSON array; null otherwise.
 */
export const alertPreferences = sqliteTable(
  "alert_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sourceType: text("source_type").$type<AlertSourceType>().notNull(),
    emailEnabled: integer("email_enabled", { mode: "boolean" }).notNull().default(true),
    taxaJson: text("taxa_json"),
    updatedAtMs: integer("updated_at_ms").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sourceType] })],
);
