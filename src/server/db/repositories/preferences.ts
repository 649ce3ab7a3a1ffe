import { and, eq, inArray } from "drizzle-orm";
import { ALERT_TOPICS, findAlertTopic, type AlertSource } from "../../../sections/rules.ts";
import type { AlertTopicChoices } from "../../../core/alerts/topic.ts";
import type { Database } from "../index.ts";
import { alertPreferences } from "../schema/index.ts";

export type AlertPreferenceRow = typeof alertPreferences.$inferSelect;

type Topic = (typeof ALERT_TOPICS)[number];
type ChoiceTopic = Extract<Topic, { choices: AlertTopicChoices }>;
/** The preference fields of the topics narrowed to a list (each topic's `choices.field`). */
export type ChoiceField = ChoiceTopic["choices"]["field"];
type OptInSource = Extract<Topic, { optIn: true }>["key"];

/** Each topic on or off, and for a topic narrowed to a list the ids ticked (decision 073). */
export type AlertPreferences = Record<AlertSource, boolean> & Record<ChoiceField, string[]>;

/** A save: the topics on by default always; an opt-in topic and a list only when given (absent: left as stored). */
export type PreferencesChange = Record<Exclude<AlertSource, OptInSource>, boolean> &
  Partial<Record<OptInSource, boolean>> &
  Partial<Record<ChoiceField, string[]>>;

const CHOICE_TOPICS = ALERT_TOPICS.filter((topic): topic is ChoiceTopic => "choices" in topic);

/** The stored ids in the list's order; an unknown id (or unreadable JSON) is dropped, never guessed. */
function readChoices(json: string | null, choices: AlertTopicChoices): string[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const chosen = new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : []);
  return choices.options.map((option) => option.id).filter((id) => chosen.has(id));
}

/**
 * One account's preferences from its rows: a missing row reads as on, except for an opt-in topic,
 * which is off until turned on; a topic narrowed to a list with nothing ticked is off.
 */
export function readPreferences(rows: readonly AlertPreferenceRow[]): AlertPreferences {
  const preferences = Object.fromEntries([
    ...ALERT_TOPICS.map((topic) => [topic.key, !topic.optIn]),
    ...CHOICE_TOPICS.map((topic) => [topic.choices.field, []]),
  ]) as AlertPreferences;
  for (const row of rows) {
    const topic = findAlertTopic(row.sourceType);
    if (!topic) continue;
    preferences[topic.key] = row.emailEnabled;
    if (topic.choices) preferences[topic.choices.field as ChoiceField] = readChoices(row.taxaJson, topic.choices);
  }
  for (const topic of CHOICE_TOPICS) if (preferences[topic.choices.field].length === 0) preferences[topic.key] = false;
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
  const upsert = (sourceType: AlertSource, emailEnabled: boolean) => {
    // A topic narrowed to a list keeps its ids in its own row; a save without the list keeps the stored ones.
    const field = findAlertTopic(sourceType)?.choices?.field as ChoiceField | undefined;
    const chosen = field ? change[field] : undefined;
    const taxa = chosen ? { taxaJson: JSON.stringify(chosen) } : {};
    return db
      .insert(alertPreferences)
      .values({ userId, sourceType, emailEnabled, updatedAtMs: nowMs, ...taxa })
      .onConflictDoUpdate({ target: [alertPreferences.userId, alertPreferences.sourceType], set: { emailEnabled, updatedAtMs: nowMs, ...taxa } });
  };
  const given = ALERT_TOPICS.flatMap(({ key: type }) => {
    const enabled = (change as Partial<Record<AlertSource, boolean>>)[type];
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
 * Whether any account has this opt-in topic on (decision 073): the run makes an opt-in topic's
 * bulk read only when someone asked for it.
 */
export async function anyoneOptedIn(db: Database, sourceType: AlertSource): Promise<boolean> {
  const rows = await db
    .select({ userId: alertPreferences.userId })
    .from(alertPreferences)
    .where(and(eq(alertPreferences.sourceType, sourceType), eq(alertPreferences.emailEnabled, true)))
    .limit(1);
  return rows.length > 0;
}
