import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * What the alert run's bulk reads found, per Paris day, source and département (decision 048):
 * a batch of the run reads the few rows of its communes' départements instead of calling the
 * upstreams per commune. `payloadJson` is the source's snapshot (src/server/alerts/ingest.ts).
 * Rows of earlier days are the baseline a new day is compared with; old ones are deleted by the
 * ingest itself.
 */
export const sourceSnapshots = sqliteTable(
  "source_snapshots",
  {
    /** the Paris day of the run, YYYY-MM-DD */
    day: text("day").notNull(),
    /** "atmo" | "hubeau" | "vigieau" */
    source: text("source").notNull(),
    /** INSEE département code ("80", "2A", "971") */
    department: text("department").notNull(),
    payloadJson: text("payload_json").notNull(),
    createdAtMs: integer("created_at_ms").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.source, table.department] }),
    index("source_snapshots_baseline").on(table.source, table.department, table.day),
  ],
);

/**
 * One value per source that outlives a day: Hub'Eau's watermark (the last day every
 * département answered), so a run after a missed day reads back far enough.
 */
export const sourceWatermarks = sqliteTable("source_watermarks", {
  source: text("source").primaryKey(),
  value: text("value").notNull(),
  updatedAtMs: integer("updated_at_ms").notNull(),
});

export type SourceSnapshotRow = typeof sourceSnapshots.$inferSelect;

/**
 * Each watched commune's drinking-water digest (decision 049, src/sections/water/digest.ts): what
 * twelve months of Hub'Eau results say about its networks, kept up to date from the run's bulk
 * reads so that a new sample is judged without reading the commune's year again. Keyed by the
 * citycode the subjects carry. `newestSampleAt` is the digest's newest sample, to tell from a
 * département's sample dates which communes have something new.
 */
export const waterDigests = sqliteTable(
  "water_digests",
  {
    citycode: text("citycode").primaryKey(),
    department: text("department").notNull(),
    newestSampleAt: text("newest_sample_at"),
    payloadJson: text("payload_json").notNull(),
    updatedAtMs: integer("updated_at_ms").notNull(),
  },
  (table) => [index("water_digests_department").on(table.department)],
);

export type WaterDigestRow = typeof waterDigests.$inferSelect;
