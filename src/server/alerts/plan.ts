// Who is watched, for what: confirmed sign-ups and the monitored addresses of confirmed accounts,
// with each recipient's preferences, grouped by commune so that each commune is fetched once.
// Batches are independent units of work (Cloudflare Queues can carry them later).
import { and, inArray, isNotNull, isNull } from "drizzle-orm";
import type { AlertSource } from "../../core/alerts/index.ts";
import type { Database } from "../db/index.ts";
import { alertPreferences, alertSubscriptions, monitoredAddresses, users } from "../db/schema/index.ts";
import { monitoredAddressOf } from "../services/account-reports.ts";
import { accountRecipientKey, subscriptionRecipientKey } from "../services/subscriptions.ts";

/** The sources the daily run checks. */
export const CHECKED_SOURCES: readonly AlertSource[] = ["water", "drought", "air", "bathing"];

export interface AlertSubject {
  /** "sub:<subscription id>" or "addr:<monitored address id>" */
  subjectKey: string;
  /** "s_<subscription id>" or "a_<user id>": who gets the email */
  recipientKey: string;
  address: { label: string; latitude: number; longitude: number; citycode: string; postcode: string; city: string };
  /** the network chosen when the address was added; null: the most recently sampled one */
  udiCode: string | null;
  sources: AlertSource[];
}

export const COMMUNES_PER_BATCH = 50;

export async function planAlertSubjects(db: Database): Promise<AlertSubject[]> {
  const subjects: AlertSubject[] = [];
  const subscriptions = await db
    .select()
    .from(alertSubscriptions)
    .where(and(isNotNull(alertSubscriptions.confirmedAtMs), isNull(alertSubscriptions.unsubscribedAtMs)));
  for (const subscription of subscriptions) {
    subjects.push({
      subjectKey: `sub:${subscription.id}`,
      recipientKey: subscriptionRecipientKey(subscription.id),
      address: {
        label: subscription.addressLabel,
        latitude: subscription.latitude,
        longitude: subscription.longitude,
        citycode: subscription.citycode,
        postcode: subscription.postcode,
        city: subscription.city,
      },
      udiCode: null,
      sources: [...CHECKED_SOURCES],
    });
  }

  const verified = await db.select({ id: users.id }).from(users).where(isNotNull(users.emailVerifiedAtMs));
  const verifiedIds = new Set(verified.map((user) => user.id));
  if (verifiedIds.size > 0) {
    const addresses = await db.select().from(monitoredAddresses);
    const watchedUserIds = [...new Set(addresses.map((address) => address.userId).filter((id) => verifiedIds.has(id)))];
    const disabled = new Set<string>();
    for (let start = 0; start < watchedUserIds.length; start += 500) {
      const rows = await db.select().from(alertPreferences).where(inArray(alertPreferences.userId, watchedUserIds.slice(start, start + 500)));
      for (const row of rows) if (!row.emailEnabled) disabled.add(`${row.userId}|${row.sourceType}`);
    }
    for (const address of addresses) {
      if (!verifiedIds.has(address.userId)) continue;
      const sources = CHECKED_SOURCES.filter((source) => !disabled.has(`${address.userId}|${source}`));
      if (sources.length === 0) continue;
      subjects.push({
        subjectKey: `addr:${address.id}`,
        recipientKey: accountRecipientKey(address.userId),
        address: monitoredAddressOf(address),
        udiCode: address.udiCode,
        sources,
      });
    }
  }
  return subjects;
}

/** Subjects of one commune always travel together, so each batch fetches each commune once. */
export function batchByCommune(subjects: readonly AlertSubject[], communesPerBatch = COMMUNES_PER_BATCH): AlertSubject[][] {
  const byCommune = new Map<string, AlertSubject[]>();
  for (const subject of subjects) {
    const list = byCommune.get(subject.address.citycode) ?? [];
    list.push(subject);
    byCommune.set(subject.address.citycode, list);
  }
  const communes = [...byCommune.keys()].sort();
  const batches: AlertSubject[][] = [];
  for (let start = 0; start < communes.length; start += communesPerBatch) {
    batches.push(communes.slice(start, start + communesPerBatch).flatMap((commune) => byCommune.get(commune) ?? []));
  }
  return batches;
}
