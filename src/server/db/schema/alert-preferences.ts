import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

export const ALERT_SOURCE_TYPES = ["water", "drought", "air", "bathing"] as const;
export type AlertSourceType = (typeof ALERT_SOURCE_TYPES)[number];

/** One row per account and source type; a missing row means the default (email on). */
export const alertPreferences = sqliteTable(
  "alert_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sourceType: text("source_type", { enum: ALERT_SOURCE_TYPES }).notNull(),
    emailEnabled: integer("email_enabled", { mode: "boolean" }).notNull().default(true),
    updatedAtMs: integer("updated_at_ms").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sourceType] })],
);
