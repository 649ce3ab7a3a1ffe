import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Fixed-window counters, stored in the database so limits hold across Worker isolates and on Node.
 * `bucketKey` is a hash (never a raw IP or email: no personal data at rest).
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    scope: text("scope").notNull(),
    bucketKey: text("bucket_key").notNull(),
    windowStartSeconds: integer("window_start_seconds").notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.scope, table.bucketKey, table.windowStartSeconds] })],
);
