import { blob, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/**
 * Sessions as in the Lucia guide: the cookie holds "<id>.<secret>"; only the SHA-256 of the
 * secret is stored, so a leaked table cannot be replayed as cookies.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secretHash: blob("secret_hash", { mode: "buffer" }).notNull(),
    createdAtMs: integer("created_at_ms").notNull(),
    /** sliding expiry: pushed 30 days ahead at most once an hour */
    lastActiveAtMs: integer("last_active_at_ms").notNull(),
    expiresAtMs: integer("expires_at_ms").notNull(),
    /** a session opened with an emailed code may set a new password without the old one, for a while */
    passwordResetUntilMs: integer("password_reset_until_ms"),
  },
  (table) => [index("sessions_user_id").on(table.userId), index("sessions_expires_at").on(table.expiresAtMs)],
);

export type SessionRow = typeof sessions.$inferSelect;
