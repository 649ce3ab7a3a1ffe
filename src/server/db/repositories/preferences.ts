import { eq, inArray } from "drizzle-orm";
import type { Database } from "../index.ts";
import { ALERT_SOURCE_TYPES, alertPreferences, type AlertSourceType } from "../schema/index.ts";

export type AlertPreferenceRow = typeof alertPreferences.$inferSelect;

export type AlertPreferences = Record<AlertSourceType, boolean>;

/** Every source is on until the person turns it off (missing rows read as the default). */
export async function getPreferences(db: Database, userId: string): Promise<AlertPreferences> {
  const rows = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId));
  const preferences = Object.fromEntries(ALERT_SOURCE_TYPES.map((type) => [type, true])) as AlertPreferences;
  for (const row of rows) preferences[row.sourceType] = row.emailEnabled;
  return preferences;
}

export async function savePreferences(db: Database, userId: string, preferences: AlertPreferences, nowMs: number): Promise<void> {
  const upsert = (sourceType: AlertSourceType) =>
    db
      .insert(alertPreferences)
      .values({ userId, sourceType, emailEnabled: preferences[sourceType], updatedAtMs: nowMs })
      .onConflictDoUpdate({
        target: [alertPreferences.userId, alertPreferences.sourceType],
        set: { emailEnabled: preferences[sourceType], updatedAtMs: nowMs },
      });
  const [first, ...rest] = ALERT_SOURCE_TYPES;
  // One transaction: the four rows change together or not at all.
  await db.batch([upsert(first), ...rest.map(upsert)]);
}

/** The stored rows of several accounts (a missing row reads as « on »). */
export async function listPreferenceRows(db: Database, userIds: readonly string[]): Promise<AlertPreferenceRow[]> {
  return db
    .select()
    .from(alertPreferences)
    .where(inArray(alertPreferences.userId, [...userIds]));
}
