// Who is watched, for what: confirmed sign-ups and the monitored addresses of confirmed accounts,
// with each recipient's preferences, read by commune so that each commune is fetched once. The
// plan stage (plan.ts) reads the watched communes page by page with how many subjects each has;
// the ingest (ingest.ts) reads their codes; a batch (process.ts) reads only its own communes'
// subjects (`loadSubjectsOfCommunes`), or one part of a crowded commune, so its memory does not
// grow with the number of people watching. `planAlertSubjects` (everything at once) is kept for
// tests and small tools.
import type { PickedAddress } from "../../core/types.ts";
import { ALERT_SOURCES, ALERT_TOPICS, SIGN_UP_SOURCES, type AlertSource } from "../../sections/rules.ts";
import type { Database } from "../db/index.ts";
import {
  countVerifiedAddressesPerCommunePage,
  countTopicAddressesPerCommunePage,
  listAllAddresses,
  listVerifiedAddressesInCommunes,
} from "../db/repositories/addresses.ts";
import { listPreferenceRows, readPreferencesByUser, type AlertPreferences } from "../db/repositories/preferences.ts";
import { countActiveSubscriptionsPerCommunePage, listActiveSubscriptions, listActiveSubscriptionsInCommunes } from "../db/repositories/subscriptions.ts";
import { listVerifiedUserIds } from "../db/repositories/users.ts";
import { readPickedAddress, type AlertSubscriptionRow, type MonitoredAddressRow } from "../db/schema/index.ts";
import { accountRecipientKey, encodeSubjectKey, subscriptionRecipientKey } from "../db/alert-keys.ts";

/** The sources the daily run checks: every topic, in the registry's order. */
export const CHECKED_SOURCES: readonly AlertSource[] = ALERT_SOURCES;

/** The lists a topic is narrowed to (its `choices`), by preference field. */
const CHOICE_FIELDS = ALERT_TOPICS.flatMap((topic) => ("choices" in topic ? [topic.choices.field] : []));

export interface AlertSubject {
  /** a sign-up's or a monitored address's key (db/alert-keys.ts) */
  subjectKey: string;
  /** who gets the email: the sign-up or the account (db/alert-keys.ts) */
  recipientKey: string;
  address: PickedAddress;
  /** the network the person chose (or the one found when the address was added); null: the default network */
  udiCode: string | null;
  sources: AlertSource[];
  /** per preference field of a topic narrowed to a list, the ids the person ticked (absent: none) */
  choices?: Readonly<Record<string, readonly string[]>>;
}

/** At most this many parts per commune (10 million subjects at 1 000 a part): beyond, parts grow. */
export const MAX_PARTS_PER_COMMUNE = 10_000;

/**
 * One slice of a commune too crowded for one batch: the subjects whose row's rowid is `index`
 * modulo `of`, in each table. Both tables are ordinary rowid tables (text primary key, not
 * WITHOUT ROWID), so every row is in exactly one part and a part never reads the whole commune.
 * Only a VACUUM between two parts of a run could renumber rows; the next run checks them anyway.
 */
export interface CommunePart {
  index: number;
  of: number;
}

/** A commune where someone is watched, and how many subjects it has (an upper bound: an account that turned every source off is counted). */
export interface WatchedCommune {
  citycode: string;
  subjects: number;
}

/**
 * Sign-ups (the topics a sign-up gets: an opt-in topic needs an account's preferences, decision
 * 073) and verified accounts' addresses (the topics they have on).
 */
async function toSubjects(
  db: Database,
  subscriptions: readonly AlertSubscriptionRow[],
  verifiedAddresses: readonly MonitoredAddressRow[],
): Promise<AlertSubject[]> {
  const subjects: AlertSubject[] = subscriptions.map((subscription) => ({
    subjectKey: encodeSubjectKey({ kind: "subscription", id: subscription.id }),
    recipientKey: subscriptionRecipientKey(subscription.id),
    address: readPickedAddress(subscription),
    udiCode: null,
    sources: [...SIGN_UP_SOURCES],
  }));
  const watchedUserIds = [...new Set(verifiedAddresses.map((address) => address.userId))];
  const preferences = new Map<string, AlertPreferences>();
  for (let start = 0; start < watchedUserIds.length; start += 500) {
    const slice = watchedUserIds.slice(start, start + 500);
    for (const [userId, own] of readPreferencesByUser(await listPreferenceRows(db, slice), slice)) preferences.set(userId, own);
  }
  for (const address of verifiedAddresses) {
    const own = preferences.get(address.userId);
    const sources = CHECKED_SOURCES.filter((source) => own?.[source] === true);
    if (sources.length === 0) continue;
    subjects.push({
      subjectKey: encodeSubjectKey({ kind: "address", id: address.id }),
      recipientKey: accountRecipientKey(address.userId),
      address: readPickedAddress(address),
      udiCode: address.udiCode,
      sources,
      choices: Object.fromEntries(CHOICE_FIELDS.map((field) => [field, own?.[field] ?? []])),
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

/** The subjects of these communes only (of one part of a commune, with `part`): what one queued batch loads. */
export async function loadSubjectsOfCommunes(db: Database, citycodes: readonly string[], part?: CommunePart): Promise<AlertSubject[]> {
  if (citycodes.length === 0) return [];
  const [subscriptions, addresses] = await Promise.all([
    listActiveSubscriptionsInCommunes(db, citycodes, part),
    listVerifiedAddressesInCommunes(db, citycodes, part),
  ]);
  return toSubjects(db, subscriptions, addresses);
}

/**
 * The subjects of these communes watched for `topic`, with that topic as their only source: what
 * one page of a pass that judges one topic on its own reads (the Worker's 17:00 pass, decision 079).
 * Sign-ups get no opt-in topic (SIGN_UP_SOURCES), so for one only accounts' addresses are read.
 */
export async function loadTopicSubjectsOfCommunes(db: Database, topic: AlertSource, citycodes: readonly string[]): Promise<AlertSubject[]> {
  if (citycodes.length === 0) return [];
  const signUps = SIGN_UP_SOURCES.includes(topic) ? await listActiveSubscriptionsInCommunes(db, citycodes) : [];
  const subjects = await toSubjects(db, signUps, await listVerifiedAddressesInCommunes(db, citycodes));
  return subjects.filter((subject) => subject.sources.includes(topic)).map((subject) => ({ ...subject, sources: [topic] }));
}

/** The next `limit` communes (code order) where an account has the opt-in `topic` on, with how many such addresses. */
export async function listTopicCommunesPage(
  db: Database,
  input: { topic: AlertSource; afterCitycode: string | null; limit: number },
): Promise<WatchedCommune[]> {
  return (await countTopicAddressesPerCommunePage(db, input)).map((row) => ({ citycode: row.citycode, subjects: row.count }));
}

/**
 * The next `limit` communes (in code order, after `afterCitycode`) where someone is watched, with
 * their subjects: the union of the sign-ups' and the accounts' communes. Each list's first `limit`
 * codes hold the union's first `limit`, so two keyset reads of `limit` rows give an exact page,
 * and each code of the page has its exact count in both lists.
 */
export async function listWatchedCommunesWithCountsPage(
  db: Database,
  input: { afterCitycode: string | null; limit: number; beforeCitycode?: string },
): Promise<WatchedCommune[]> {
  const [signUps, accounts] = await Promise.all([countActiveSubscriptionsPerCommunePage(db, input), countVerifiedAddressesPerCommunePage(db, input)]);
  const subjects = new Map<string, number>();
  for (const row of [...signUps, ...accounts]) subjects.set(row.citycode, (subjects.get(row.citycode) ?? 0) + row.count);
  return [...subjects.keys()]
    .sort()
    .slice(0, input.limit)
    .map((citycode) => ({ citycode, subjects: subjects.get(citycode) ?? 0 }));
}

/** The same page, codes only (the day's bulk reads, ingest.ts); `beforeCitycode` bounds it (one département's codes). */
export async function listWatchedCommunesPage(
  db: Database,
  input: { afterCitycode: string | null; limit: number; beforeCitycode?: string },
): Promise<string[]> {
  return (await listWatchedCommunesWithCountsPage(db, input)).map((commune) => commune.citycode);
}
