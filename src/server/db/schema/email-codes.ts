import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One-time sign-in codes sent by email. The code is stored as an HMAC (keyed with the app
 * secret): six digits are a small space, a plain hash would fall to brute force if the table leaked.
 * A code is stored once its email was accepted, and is valid only in the browser that asked for it
 * (`requesterHash`, the hash of that browser's device id): a stranger neither guesses nor uses up
 * the owner's code, and each browser's new code replaces only its own.
 */
export const emailCodes = sqliteTable(
  "email_codes",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    requesterHash: text("requester_hash").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    createdAtMs: integer("created_at_ms").notNull(),
    expiresAtMs: integer("expires_at_ms").notNull(),
  },
  (table) => [index("email_codes_email").on(table.email)],
);
