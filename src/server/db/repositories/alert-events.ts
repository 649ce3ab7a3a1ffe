// What the alert run detected (alert_events) and what it knew last time (alert_states).
import { and, asc, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../index.ts";
import { alertEvents, alertStates, type AlertEventRow, type AlertStateRow } from "../schema/index.ts";

export type NewAlertEvent = typeof alertEvents.$inferInsert;

export async function listAlertStates(db: Database, subjectKeys: readonly string[]): Promise<AlertStateRow[]> {
  if (subjectKeys.length === 0) return [];
  return db
    .select()
    .from(alertStates)
    .where(inArray(alertStates.subjectKey, [...subjectKeys]));
}

/**
 * Rows per INSERT statement: one multi-row statement per chunk instead of one statement per row
 * (issue 25: building ~13 500 one-row statements a run allocated ~700 MB in the query builder).
 * alert_events has 12 columns: 200 rows are 2 400 bound values, far below SQLite's 32 766.
 */
const ROWS_PER_INSERT = 200;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) out.push(rows.slice(start, start + ROWS_PER_INSERT));
  return out;
}

/** Events and states of a batch land together (one transaction): a state never moves without its event. */
export async function saveDetections(db: Database, input: { events: readonly NewAlertEvent[]; states: readonly AlertStateRow[] }): Promise<void> {
  const statements = [
    // An event already recorded (same id or same recipient, subject, source and event) is skipped, row by row.
    ...chunks(input.events).map((rows) => db.insert(alertEvents).values(rows).onConflictDoNothing()),
    // A state already there takes the new row's value (SQLite's `excluded` is the row being inserted).
    ...chunks(input.states).map((rows) =>
      db
        .insert(alertStates)
        .values(rows)
        .onConflictDoUpdate({
          target: [alertStates.subjectKey, alertStates.source],
          set: { stateJson: sql.raw(`excluded.${alertStates.stateJson.name}`), updatedAtMs: sql.raw(`excluded.${alertStates.updatedAtMs.name}`) },
        }),
    ),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

const isPending = (maxAttempts: number) => and(isNull(alertEvents.sentAtMs), lt(alertEvents.attempts, maxAttempts));

/**
 * The send stage reads the backlog page by page: the next `limit` recipients (keyset on the key,
 * after `afterRecipient`) that have events still worth sending…
 */
export async function listPendingRecipientsPage(db: Database, input: { afterRecipient: string | null; limit: number; maxAttempts: number }): Promise<string[]> {
  const rows = await db
    .selectDistinct({ recipientKey: alertEvents.recipientKey })
    .from(alertEvents)
    .where(and(isPending(input.maxAttempts), input.afterRecipient === null ? undefined : gt(alertEvents.recipientKey, input.afterRecipient)))
    .orderBy(asc(alertEvents.recipientKey))
    .limit(input.limit);
  return rows.map((row) => row.recipientKey);
}

/** …then those recipients' unsent events, grouped for the digests (recipient, then address). */
export async function listPendingEventsOfRecipients(db: Database, recipientKeys: readonly string[], maxAttempts: number): Promise<AlertEventRow[]> {
  if (recipientKeys.length === 0) return [];
  return db
    .select()
    .from(alertEvents)
    .where(and(isPending(maxAttempts), inArray(alertEvents.recipientKey, [...recipientKeys])))
    .orderBy(alertEvents.recipientKey, alertEvents.subjectKey, alertEvents.detectedAtMs);
}

/** Recorded, never to be sent: `attempts` is set past the retry limit. */
export async function markEventsAbandoned(db: Database, ids: readonly string[], input: { attempts: number; reason: string }): Promise<void> {
  await db
    .update(alertEvents)
    .set({ attempts: input.attempts, lastError: input.reason })
    .where(inArray(alertEvents.id, [...ids]));
}

/** One provider batch accepted: each email's events get its id (one transaction). */
export async function markEventsSent(
  db: Database,
  emails: ReadonlyArray<{ eventIds: readonly string[]; emailId: string | null }>,
  sentAtMs: number,
): Promise<void> {
  const statements = emails.map((email) =>
    db
      .update(alertEvents)
      .set({ sentAtMs, emailId: email.emailId })
      .where(inArray(alertEvents.id, [...email.eventIds])),
  );
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** The provider said no: nothing went out, so the call is no longer in doubt (its key is cleared). */
export async function markEventsFailed(db: Database, ids: readonly string[], error: string): Promise<void> {
  await db
    .update(alertEvents)
    .set({ attempts: sql`${alertEvents.attempts} + 1`, lastError: error, sendKey: null })
    .where(inArray(alertEvents.id, [...ids]));
}

/** Written right before a provider call: until the call's outcome is marked, these events are in doubt under `sendKey`. */
export async function markEventsSending(db: Database, ids: readonly string[], sendKey: string): Promise<void> {
  await db
    .update(alertEvents)
    .set({ sendKey })
    .where(inArray(alertEvents.id, [...ids]));
}

/** An in-doubt call that cannot be repeated as it was (a recipient gone since): its events go back to the ordinary pages. */
export async function clearSendKey(db: Database, ids: readonly string[]): Promise<void> {
  await db
    .update(alertEvents)
    .set({ sendKey: null })
    .where(inArray(alertEvents.id, [...ids]));
}

/**
 * The unsent events of provider calls whose outcome is unknown (the process died between the call
 * and its mark), by call then in the send stage's order; a few calls at most (one per crash).
 */
export async function listInDoubtEvents(db: Database, maxAttempts: number): Promise<AlertEventRow[]> {
  return db
    .select()
    .from(alertEvents)
    .where(and(isNotNull(alertEvents.sendKey), isPending(maxAttempts)))
    .orderBy(alertEvents.sendKey, alertEvents.recipientKey, alertEvents.subjectKey, alertEvents.detectedAtMs);
}
