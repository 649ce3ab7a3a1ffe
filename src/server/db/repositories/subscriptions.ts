// Alert sign-ups made without an account (double opt-in).
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../index.ts";
import { alertSubscriptions, type AlertSubscriptionRow } from "../schema/index.ts";

export type NewSubscription = typeof alertSubscriptions.$inferInsert;

export async function insertSubscription(db: Database, row: NewSubscription): Promise<void> {
  await db.insert(alertSubscriptions).values(row);
}

/** The insert, to commit with other writes (the sign-up and its outbox row, decision 093). */
export function insertSubscriptionStatement(db: Database, row: NewSubscription): BatchItem<"sqlite"> {
  return db.insert(alertSubscriptions).values(row);
}

export function deleteSubscriptionStatement(db: Database, id: string): BatchItem<"sqlite"> {
  return db.delete(alertSubscriptions).where(eq(alertSubscriptions.id, id));
}

export async function deleteSubscription(db: Database, id: string): Promise<void> {
  await db.delete(alertSubscriptions).where(eq(alertSubscriptions.id, id));
}

export async function findSubscription(db: Database, id: string): Promise<AlertSubscriptionRow | undefined> {
  const [row] = await db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id)).limit(1);
  return row;
}

export async function markConfirmationSent(db: Database, id: string, nowMs: number): Promise<void> {
  await db.update(alertSubscriptions).set({ confirmationSentAtMs: nowMs }).where(eq(alertSubscriptions.id, id));
}

/** True only for the call that confirmed it: of two clicks at once, one sees the first confirmation. */
export async function markSubscriptionConfirmed(db: Database, id: string, nowMs: number): Promise<boolean> {
  const result = await db
    .update(alertSubscriptions)
    .set({ confirmedAtMs: nowMs })
    .where(and(eq(alertSubscriptions.id, id), isNull(alertSubscriptions.confirmedAtMs), isNull(alertSubscriptions.unsubscribedAtMs)));
  return result.rowsAffected > 0;
}

/** Idempotent: the first unsubscription date stands. */
export async function markSubscriptionUnsubscribed(db: Database, id: string, nowMs: number): Promise<void> {
  await db
    .update(alertSubscriptions)
    .set({ unsubscribedAtMs: nowMs })
    .where(and(eq(alertSubscriptions.id, id), isNull(alertSubscriptions.unsubscribedAtMs)));
}

/** Sign-ups still waiting for their confirmation email to go out. */
export async function listUnsentConfirmations(db: Database, limit: number): Promise<AlertSubscriptionRow[]> {
  return db
    .select()
    .from(alertSubscriptions)
    .where(and(isNull(alertSubscriptions.confirmationSentAtMs), isNull(alertSubscriptions.confirmedAtMs), isNull(alertSubscriptions.unsubscribedAtMs)))
    .limit(limit);
}

/** Confirmed and not unsubscribed: the sign-ups the daily run watches. */
export async function listActiveSubscriptions(db: Database): Promise<AlertSubscriptionRow[]> {
  return db
    .select()
    .from(alertSubscriptions)
    .where(and(isNotNull(alertSubscriptions.confirmedAtMs), isNull(alertSubscriptions.unsubscribedAtMs)));
}

export async function listSubscriptionsByIds(db: Database, ids: readonly string[]): Promise<AlertSubscriptionRow[]> {
  return db
    .select()
    .from(alertSubscriptions)
    .where(inArray(alertSubscriptions.id, [...ids]));
}

const isActive = () => and(isNotNull(alertSubscriptions.confirmedAtMs), isNull(alertSubscriptions.unsubscribedAtMs));

/**
 * The next `limit` communes with an active sign-up (keyset on the code) and how many each has:
 * the run plans page by page and sizes its batches by these counts.
 */
export async function countActiveSubscriptionsPerCommunePage(
  db: Database,
  input: { afterCitycode: string | null; limit: number; beforeCitycode?: string },
): Promise<Array<{ citycode: string; count: number }>> {
  return db
    .select({ citycode: alertSubscriptions.citycode, count: sql<number>`count(*)`.mapWith(Number) })
    .from(alertSubscriptions)
    .where(
      and(
        isActive(),
        input.afterCitycode === null ? undefined : gt(alertSubscriptions.citycode, input.afterCitycode),
        input.beforeCitycode === undefined ? undefined : lt(alertSubscriptions.citycode, input.beforeCitycode),
      ),
    )
    .groupBy(alertSubscriptions.citycode)
    .orderBy(asc(alertSubscriptions.citycode))
    .limit(input.limit);
}

/**
 * The active sign-ups of these communes: one batch of the run. With `part`, only the rows whose
 * rowid is `index` modulo `of`, so that a crowded commune is read in `of` disjoint slices.
 */
export async function listActiveSubscriptionsInCommunes(
  db: Database,
  citycodes: readonly string[],
  part?: { index: number; of: number },
): Promise<AlertSubscriptionRow[]> {
  if (citycodes.length === 0) return [];
  return db
    .select()
    .from(alertSubscriptions)
    .where(
      and(
        isActive(),
        inArray(alertSubscriptions.citycode, [...citycodes]),
        part === undefined ? undefined : sql`${alertSubscriptions}.rowid % ${part.of} = ${part.index}`,
      ),
    );
}
