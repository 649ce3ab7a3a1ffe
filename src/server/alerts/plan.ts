// Who is watched, for what: confirmed sign-ups and the monitored addresses of confirmed accounts,
// with each recipient's preferences, grouped by commune so that each commune is fetched once.
// The queued run (pipeline.ts) plans communes page by page and reads one batch's subjects at a
// time; `planAlertSubjects` (everything at once) is kept for tests and small tools.
import type { AlertSource } from "../../core/alerts/index.ts";
import type { PickedAddress } from "../../core/types.ts";
import type { Database } from "../db/index.ts";
import { listAccountAddressCommunesPage, listAllAddresses, listVerifiedAddressesInCommunes } from "../db/repositories/addresses.ts";
import { listPreferenceRows } from "../db/repositories/preferences.ts";
import { listActiveSubscriptions, listActiveSubscriptionsInCommunes, listSubscriptionCommunesPage } from "../db/repositories/subscriptions.ts";
import { listVerifiedUserIds } from "../db/repositories/users.ts";
import { readPickedAddress, type AlertSubscriptionRow, type MonitoredAddressRow } from "../db/schema/index.ts";
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

/** Sign-ups (all sources on) and verified accounts' addresses (minus the sources they turned off). */
async function toSubjects(db: Database, subscriptions: readonly AlertSubscriptionRow[], verifiedAddresses: readonly MonitoredAddressRow[]): Promise<AlertSubject[]> {
  const subjects: AlertSubject[] = subscriptions.map((subscription) => ({
    subjectKey: encodeSubjectKey({ kind: "subscription", id: subscription.id }),
    recipientKey: subscriptionRecipientKey(subscription.id),
    address: readPickedAddress(subscription),
    udiCode: null,
    sources: [...CHECKED_SOURCES],
  }));
  const watchedUserIds = [...new Set(verifiedAddresses.map((address) => address.userId))];
  const disabled = new Set<string>();
  for (let start = 0; start < watchedUserIds.length; start += 500) {
    const rows = await listPreferenceRows(db, watchedUserIds.slice(start, start + 500));
    for (const row of rows) if (!row.emailEnabled) disabled.add(`${row.userId}|${row.sourceType}`);
  }
  for (const address of verifiedAddresses) {
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
  return subjects;
}

/** Every subject at once: fine for tests and small installs; the daily run pages instead. */
export async function planAlertSubjects(db: Database): Promise<AlertSubject[]> {
  const verifiedIds = new Set(await listVerifiedUserIds(db));
  const addresses = verifiedIds.size > 0 ? (await listAllAddresses(db)).filter((address) => verifiedIds.has(address.userId)) : [];
  return toSubjects(db, await listActiveSubscriptions(db), addresses);
}

/** The subjects of these communes only: what one queued batch loads. */
export async function loadSubjectsOfCommunes(db: Database, citycodes: readonly string[]): Promise<AlertSubject[]> {
  if (citycodes.length === 0) return [];
  const [subscriptions, addresses] = await Promise.all([listActiveSubscriptionsInCommunes(db, citycodes), listVerifiedAddressesInCommunes(db, citycodes)]);
  return toSubjects(db, subscriptions, addresses);
}

/**
 * The next `limit` communes (in code order, after `afterCitycode`) where someone is watched:
 * the union of the sign-ups' and the accounts' communes. Each list's first `limit` codes hold the
 * union's first `limit`, so two keyset reads of `limit` rows give an exact page.
 */
export async function listWatchedCommunesPage(db: Database, input: { afterCitycode: string | null; limit: number }): Promise<string[]> {
  const [signUps, accounts] = await Promise.all([listSubscriptionCommunesPage(db, input), listAccountAddressCommunesPage(db, input)]);
  return [...new Set([...signUps, ...accounts])].sort().slice(0, input.limit);
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
