import { and, eq, inArray } from "drizzle-orm";
import { POLLEN_TAXA } from "../../../sections/pollen/scale.ts";
import type { PollenTaxon } from "../../../core/types.ts";
import type { Database } from "../index.ts";
import { ALERT_SOURCE_TYPES, alertPreferences, OPT_IN_SOURCE_TYPES, type AlertSourceType } from "../schema/index.ts";

export type AlertPreferenceRow = typeof alertPreferences.$inferSelect;

/** Each topic on or off, and the pollens a pollen alert is about (decision 073). */
export type AlertPreferences = Record<AlertSourceType, boolean> & { pollenTaxa: PollenTaxon[] };

/** A save: the four original topics always; an opt-in topic only when given (absent: left as stored). */
export type PreferencesChange = Record<Exclude<AlertSourceType, "pollen" | "weather">, boolean> &
  Partial<Record<"pollen" | "weather", boolean>> & { pollenTaxa?: PollenTaxon[] };

const KNOWN_TAXA = new Set<string>(POLLEN_TAXA.map((entry) => entry.taxon));

/** The stored taxa in the agencies' order; an unknown name (or unreadable JSON) is dropped, never guessed. */
function readTaxa(json: string | null): PollenTaxon[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const chosen = new Set(Array.isArray(value) ? value.filter((taxon): taxon is string => typeof taxon === "string" && KNOWN_TAXA.has(taxon)) : []);
  return POLLEN_TAXA.map((entry) => entry.taxon).filter((taxon) => chosen.has(taxon));
}

/**
 * One account's preferences from its rows: a missing row reads as on, except for an opt-in topic
 * (pollen, weather), which is off until turned on; pollen without a chosen taxon is off.
 */
export function readPreferences(rows: readonly AlertPreferenceRow[]): AlertPreferences {
  const preferences: AlertPreferences = { water: true, drought: true, air: true, bathing: true, pollen: false, weather: false, pollenTaxa: [] };
  for (const type of ALERT_SOURCE_TYPES) preferences[type] = !OPT_IN_SOURCE_TYPES.includes(type);
  for (const row of rows) {
    if (!(ALERT_SOURCE_TYPES as readonly string[]).includes(row.sourceType)) continue;
    preferences[row.sourceType] = row.emailEnabled;
    if (row.sourceType === "pollen") preferences.pollenTaxa = readTaxa(row.taxaJson);
  }
  if (preferences.pollenTaxa.length === 0) preferences.pollen = false;
  return preferences;
}

/** Per account, its preferences (an account without rows gets the defaults). */
export function readPreferencesByUser(rows: readonly AlertPreferenceRow[], userIds: readonly string[]): Map<string, AlertPreferences> {
  const byUser = new Map<string, AlertPreferenceRow[]>(userIds.map((id) => [id, []]));
  for (const row of rows) byUser.get(row.userId)?.push(row);
  return new Map([...byUser].map(([userId, own]) => [userId, readPreferences(own)]));
}

export async function getPreferences(db: Database, userId: string): Promise<AlertPreferences> {
  return readPreferences(await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId)));
}

export async function savePreferences(db: Database, userId: string, change: PreferencesChange, nowMs: number): Promise<void> {
  const upsert = (sourceType: AlertSourceType, emailEnabled: boolean) => {
    // Pollen keeps its taxa in its own row; a save without taxa keeps the stored ones.
    const taxa = sourceType === "pollen" && change.pollenTaxa ? { taxaJson: JSON.stringify(change.pollenTaxa) } : {};
    return db
      .insert(alertPreferences)
      .values({ userId, sourceType, emailEnabled, updatedAtMs: nowMs, ...taxa })
      .onConflictDoUpdate({ target: [alertPreferences.userId, alertPreferences.sourceType], set: { emailEnabled, updatedAtMs: nowMs, ...taxa } });
  };
  const given = ALERT_SOURCE_TYPES.flatMap((type) => {
    const enabled = change[type];
    return enabled === undefined ? [] : [upsert(type, enabled)];
  });
  const [first, ...rest] = given;
  if (!first) return;
  // One transaction: the rows change together or not at all.
  await db.batch([first, ...rest]);
}

/** The stored rows of several accounts (read them with readPreferencesByUser). */
export async function listPreferenceRows(db: Database, userIds: readonly string[]): Promise<AlertPreferenceRow[]> {
  return db
    .select()
    .from(alertPreferences)
    .where(inArray(alertPreferences.userId, [...userIds]));
}

/**
 * Whether any account has this opt-in topic on (decision 073): the run reads the indice pollen and
 * the vigilance map only when someone asked for them.
 */
export async function anyoneOptedIn(db: Database, sourceType: (typeof OPT_IN_SOURCE_TYPES)[number]): Promise<boolean> {
  const rows = await db
    .select({ userId: alertPreferences.userId })
    .from(alertPreferences)
    .where(and(eq(alertPreferences.sourceType, sourceType), eq(alertPreferences.emailEnabled, true)))
    .limit(1);
  return rows.length > 0;
}
