import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * When a sign-up last had its e-mail (a confirmation link, a « déjà inscrit », a notice to an
 * account's owner), so that a repeated sign-up does not send another within the interval of
 * services/sign-up-emails.ts. `key` is a hash of what the sign-up is (never the raw address).
 */
export const signUpEmails = sqliteTable("sign_up_emails", {
  key: text("key").primaryKey(),
  sentAtMs: integer("sent_at_ms").notNull(),
});
