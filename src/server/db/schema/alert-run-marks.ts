import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * What the alert run counts or marks per Paris day, apart from the sources' watermarks:
 * - budgets, a counter the batches take from (the day's VigiEau first reads, decision 048), shared
 *   by every queue consumer through the database;
 * - stage marks, set once (the day whose 17:00 send stage has begun on Workers, decision 047).
 * Rows of past days are deleted by the ingest (src/server/db/repositories/alert-run-marks.ts).
 */
export const alertRunMarks = sqliteTable(
  "alert_run_marks",
  {
    /** "vigieau-first-reads" (a budget) | "send-stage" (a stage mark) */
    name: text("name").notNull(),
    /** the Paris day of the run, YYYY-MM-DD */
    day: text("day").notNull(),
    /** a budget: units taken; a stage mark: 1 */
    count: integer("count").notNull(),
    updatedAtMs: integer("updated_at_ms").notNull(),
  },
  (table) => [primaryKey({ columns: [table.name, table.day] })],
);

export type AlertRunMarkRow = typeof alertRunMarks.$inferSelect;
