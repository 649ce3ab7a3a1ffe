import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Local runs without a Resend key: emails land here and are readable at /dev/mails (never in production). */
export const devOutbox = sqliteTable("dev_outbox", {
  id: text("id").primaryKey(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  headersJson: text("headers_json").notNull().default("{}"),
  createdAtMs: integer("created_at_ms").notNull(),
});
