import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** An account. The email is stored lower-cased; the profile (names) lives on the same row. */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  /** scrypt hash ("scrypt$N$r$p$salt$hash"); null for accounts created with Google or a code only */
  passwordHash: text("password_hash"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  /** OpenID Connect subject of the Google account, when linked */
  googleSubject: text("google_subject").unique(),
  emailVerifiedAtMs: integer("email_verified_at_ms"),
  createdAtMs: integer("created_at_ms").notNull(),
  updatedAtMs: integer("updated_at_ms").notNull(),
});

export type UserRow = typeof users.$inferSelect;
