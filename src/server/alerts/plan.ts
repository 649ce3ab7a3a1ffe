// Who is watched, for what: confirmed sign-ups and the monitored addresses of confirmed accounts,
// with each recipient's preferences, grouped by commune so that each commune is fetched once.
// Batches are independent units of work (Cloudflare Queues can carry them later).
import type { AlertSource } from "../../core/alerts/index.ts";
import type { PickedAddress } from "../../core/types.ts";
import type { Database } from "../db/index.ts";
import { listAllAddresses } from "../db/repositories/addresses.ts";
import { listPreferenceRows } from "../db/repositories/preferences.ts";
import { listActiveSubscriptions } from "../db/repositories/subscriptions.ts";
import { listVerifiedUserIds } from "../db/repositories/users.ts";
import { readPickedAddress } from "../db/schema/index.ts";
import { accountRecipientKey, encodeSubjectKey, subscriptionRecipientKey } from "../db/alert-keys.ts";

/** The sources the daily run checks. */
export const CHECKED_SOURCES: readonly AlertSource[] = ["water", "drought", "air", "bathing"];

export interface AlertSubject {
  /** a sign-up's or a monitored address's key (db/alert-keys.ts) */
  subjectKey: string;
  /** who gets the email: the sign-up or the account (db/alert-keys.ts) */
  recipientKey: string;
  address: PickedAddress;
  /** the network the person chose (or the one found when the address was added); null: the default network */
  udiCode: string | null;
  sources: AlertSource[];
}

export const COMMUNES_PER_BATCH = 50;

export async function planAlertSubjects(db: Database): Promise<AlertSubject[]> {
  const subjects: AlertSubject[] = [];
  const subscriptions = await listActiveSubscriptions(db);
  for (const subscription of subscriptions) {
    subjects.push({
      subjectKey: encodeSubjectKey({ kind: "subscription", id: subscription.id }),
      recipientKey: subscriptionRecipientKey(subscription.id),
      address: readPickedAddress(subscription),
      udiCode: null,
      sources: [...CHECKED_SOURCES],
    });
  }

  const verifiedIds = new Set(await listVerifiedUserIds(db));
  if (verifiedIds.size > 0) {
    const addresses = await listAllAddresses(db);
    const watchedUserIds = [...new Set(addresses.map((address) => address.userId).filter((id) => verifiedIds.has(id)))];
    const disabled = new Set<string>();
    for (let start = 0; start < watchedUserIds.length; start += 500) {
      const rows = await listPreferenceRows(db, watchedUserIds.slice(start, start + 500));
      for (const row of rows) if (!row.emailEnabled) disabled.add(`${row.userId}|${row.sourceType}`);
    }
    for (const address of addresses) {
      if (!verifiedIds.has(address.userId)) continue;
      const sources = CHECKED_SOURCES.filter((source) => !disabled.has(`${address.userId}|${source}`));
      if (sources.length === 0) continue;
      subjects.push({
        subjectKey: encodeSubjectKey({ kind: "address", id: address.id }),
        recipientKey: accountRecipientKey(address.userId),
        address: readPickedAddress(address),
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
