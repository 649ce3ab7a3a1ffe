// Retention rules of the privacy policy, in one place: every purge of the database, applied once
// per alert run (`purgeExpiredData`). Each rule says how long a kind of row is kept.
import { and, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { decodeSubjectKey } from "../alert-keys.ts";
import type { Database } from "../index.ts";
import {
  alertEvents,
  alertPreferences,
  alertRuns,
  alertStates,
  alertSubscriptions,
  devOutbox,
  emailCodes,
  monitoredAddresses,
  rateLimits,
  sessions,
  signUpEmails,
  users,
} from "../schema/index.ts";

const DAY_MS = 24 * 3600 * 1000;

export const RETENTION_MS = {
  /** alert history (what was sent and when): 24 months */
  alertEvents: 730 * DAY_MS,
  /** a sign-up never confirmed, or unsubscribed: 30 days */
  subscriptions: 30 * DAY_MS,
  /** an account whose address was never confirmed holds nothing: 7 days after its latest sign-up */
  unverifiedAccounts: 7 * DAY_MS,
  /** rate-limit windows that ended a day ago are no longer read */
  rateLimitWindows: DAY_MS,
  /** when a sign-up last had its e-mail (a hash and a time): only its last 10 minutes are read */
  signUpEmails: DAY_MS,
  /** the local outbox of the Node runtime */
  devOutbox: 30 * DAY_MS,
  /** finished alert runs and their summaries */
  alertRuns: 90 * DAY_MS,
} as const;

const CHUNK = 500;

export async function purgeExpiredData(db: Database, nowMs: number): Promise<void> {
  await db.delete(alertEvents).where(lt(alertEvents.detectedAtMs, nowMs - RETENTION_MS.alertEvents));
  await purgeSubscriptions(db, nowMs - RETENTION_MS.subscriptions);
  await purgeOrphanStates(db);
  await db.delete(emailCodes).where(lt(emailCodes.expiresAtMs, nowMs));
  await db.delete(sessions).where(lt(sessions.expiresAtMs, nowMs));
  await purgeUnverifiedUsers(db, nowMs - RETENTION_MS.unverifiedAccounts);
  await db.delete(rateLimits).where(lt(rateLimits.windowStartSeconds, Math.floor(nowMs / 1000) - RETENTION_MS.rateLimitWindows / 1000));
  await db.delete(signUpEmails).where(lt(signUpEmails.sentAtMs, nowMs - RETENTION_MS.signUpEmails));
  await db.delete(devOutbox).where(lt(devOutbox.createdAtMs, nowMs - RETENTION_MS.devOutbox));
  await db.delete(alertRuns).where(and(lt(alertRuns.startedAtMs, nowMs - RETENTION_MS.alertRuns), isNotNull(alertRuns.finishedAtMs)));
}

async function purgeSubscriptions(db: Database, cutoffMs: number): Promise<void> {
  await db.delete(alertSubscriptions).where(and(isNull(alertSubscriptions.confirmedAtMs), lt(alertSubscriptions.createdAtMs, cutoffMs)));
  await db.delete(alertSubscriptions).where(lt(alertSubscriptions.unsubscribedAtMs, cutoffMs));
}

/** The states of subjects that no longer exist (deleted addresses, purged sign-ups). */
async function purgeOrphanStates(db: Database): Promise<void> {
  const rows = await db.selectDistinct({ subjectKey: alertStates.subjectKey }).from(alertStates);
  const addressKeys = new Map<string, string>();
  const subscriptionKeys = new Map<string, string>();
  for (const { subjectKey } of rows) {
    const subject = decodeSubjectKey(subjectKey);
    if (subject?.kind === "address") addressKeys.set(subject.id, subjectKey);
    if (subject?.kind === "subscription") subscriptionKeys.set(subject.id, subjectKey);
  }
  const orphans = [
    ...(await missingIds(addressKeys, (ids) => db.select({ id: monitoredAddresses.id }).from(monitoredAddresses).where(inArray(monitoredAddresses.id, ids)))),
    ...(await missingIds(subscriptionKeys, (ids) =>
      db.select({ id: alertSubscriptions.id }).from(alertSubscriptions).where(inArray(alertSubscriptions.id, ids)),
    )),
  ];
  for (let start = 0; start < orphans.length; start += CHUNK) {
    await db.delete(alertStates).where(inArray(alertStates.subjectKey, orphans.slice(start, start + CHUNK)));
  }
}

/** The keys whose id `find` does not return. */
async function missingIds(keysById: Map<string, string>, find: (ids: string[]) => Promise<Array<{ id: string }>>): Promise<string[]> {
  const ids = [...keysById.keys()];
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    for (const row of await find(ids.slice(start, start + CHUNK))) found.add(row.id);
  }
  return ids.filter((id) => !found.has(id)).map((id) => keysById.get(id)!);
}

/** The accounts never confirmed and created before the cutoff (they hold nothing, but their rows go too). */
async function purgeUnverifiedUsers(db: Database, createdBeforeMs: number): Promise<void> {
  const stale = and(isNull(users.emailVerifiedAtMs), lt(users.createdAtMs, createdBeforeMs));
  const staleIds = db.select({ id: users.id }).from(users).where(stale);
  await db.batch([
    db.delete(sessions).where(inArray(sessions.userId, staleIds)),
    db.delete(monitoredAddresses).where(inArray(monitoredAddresses.userId, staleIds)),
    db.delete(alertPreferences).where(inArray(alertPreferences.userId, staleIds)),
    db.delete(users).where(stale),
  ]);
}
