// Alert sign-ups without an account (double opt-in) and unsubscription (one click, HMAC links
// that do not expire). Recipient keys: see db/alert-keys.ts.
import type { BatchItem } from "drizzle-orm/batch";
import { ALERT_SOURCES, ALERT_TOPIC_NAMES, ALERT_TOPICS, type AlertSource } from "../../sections/rules.ts";
import { nameTopics } from "../../core/alerts/topic-names.ts";
import { accountRecipientKey, parseLinkRecipientKey, subscriptionRecipientKey } from "../db/alert-keys.ts";
import { generateRandomToken, hexEqual, hmacHex } from "../auth/crypto.ts";
import { findMailboxSubscriptionIds } from "../db/repositories/alert-history.ts";
import { getPreferences, savePreferences } from "../db/repositories/preferences.ts";
import {
  deleteSubscriptionStatement,
  findSubscription,
  insertSubscriptionStatement,
  listSubscriptionsByIds,
  listUnsentConfirmations,
  markConfirmationSent,
  markSubscriptionConfirmed,
  markSubscriptionUnsubscribed,
} from "../db/repositories/subscriptions.ts";
import { RETENTION_MS } from "../db/repositories/purge.ts";
import { findUserByEmail } from "../db/repositories/users.ts";
import { readPickedAddress, toAddressColumnValues, type AlertSubscriptionRow, type UserRow } from "../db/schema/index.ts";
import { alertsAvailableFor } from "../../core/alerts/available.ts";
import { presentReport } from "../../core/report/present.ts";
import type { PickedAddress } from "../../core/types.ts";
import type { AppDeps } from "../deps.ts";
import {
  renderManageLinkEmail,
  renderSubscriptionAlreadyConfirmedEmail,
  renderSubscriptionConfirmEmail,
  renderSubscriptionWelcomeEmail,
  type ManagedAccount,
  type ManagedSubscription,
  type SignUpStanding,
} from "../email/templates.ts";
import { countRecipientEmail } from "../email/recipient-cap.ts";
import { reportPageUrl } from "./account-reports.ts";
import { takeSignUpEmailTurn } from "./sign-up-emails.ts";
import { buildReport } from "./report.ts";

type Deps = Pick<AppDeps, "db" | "mailer" | "config" | "appSecret" | "clock" | "log">;
type ConfirmDeps = Deps & Pick<AppDeps, "sources" | "cache">;

/** Where the sign-up's address stands today, from the same report as the page (null when it could not be built). */
async function standingOf(deps: ConfirmDeps, subscription: AlertSubscriptionRow): Promise<SignUpStanding | null> {
  try {
    const report = await buildReport(deps, { address: readPickedAddress(subscription), now: deps.clock() });
    return { essentials: presentReport(report).summary.map((line) => line.text), alerts: alertsAvailableFor(report) };
  } catch (error) {
    deps.log({ level: "warn", message: "sign-up standing could not be built", fields: { error: error instanceof Error ? error.message : String(error) } });
    return null;
  }
}

async function signature(deps: Pick<Deps, "appSecret">, purpose: string, value: string): Promise<string> {
  return hmacHex(deps.appSecret, `${purpose}:${value}`);
}

export async function buildSubscriptionConfirmUrl(deps: Pick<Deps, "appSecret" | "config">, subscriptionId: string): Promise<string> {
  const query = new URLSearchParams({ i: subscriptionId, t: await signature(deps, "confirm-subscription", subscriptionId) });
  return `${deps.config.SITE_URL}/confirmation-alertes?${query}`;
}

/** The page the link opens (it performs the POST: a mail scanner's GET unsubscribes nobody). */
export async function buildUnsubscribeUrl(deps: Pick<Deps, "appSecret" | "config">, recipientKey: string): Promise<string> {
  const query = new URLSearchParams({ u: recipientKey, t: await signature(deps, "unsubscribe", recipientKey) });
  return `${deps.config.SITE_URL}/desinscription?${query}`;
}

/** RFC 8058 one-click target, for the List-Unsubscribe header. */
export async function buildOneClickUnsubscribeUrl(deps: Pick<Deps, "appSecret" | "config">, recipientKey: string): Promise<string> {
  const query = new URLSearchParams({ u: recipientKey, t: await signature(deps, "unsubscribe", recipientKey) });
  return `${deps.config.SITE_URL}/api/unsubscribe?${query}`;
}

/**
 * `alongWith`: the sign-up's own writes, committed in one transaction with its e-mail's outbox row
 * (decision 093); the row then already says its confirmation was sent.
 */
async function sendConfirmation(
  deps: Deps,
  subscription: { id: string; email: string; addressLabel: string },
  alongWith?: readonly BatchItem<"sqlite">[],
): Promise<"sent" | "failed" | "capped"> {
  const email = renderSubscriptionConfirmEmail({
    addressLabel: subscription.addressLabel,
    confirmUrl: await buildSubscriptionConfirmUrl(deps, subscription.id),
    topics: ALERT_TOPIC_NAMES.signUp,
    // Unsubscribing a sign-up still waiting for its click cancels it: it will never be confirmed.
    cancelUrl: await buildUnsubscribeUrl(deps, subscriptionRecipientKey(subscription.id)),
  });
  const result = await deps.mailer.send({
    to: subscription.email,
    ...email,
    idempotencyKey: `subscription-confirm-${subscription.id}`,
    ...(alongWith ? { alongWith } : {}),
  });
  if (!result.ok) {
    if (result.capped) return "capped";
    deps.log({ level: "error", message: "subscription confirmation email failed", fields: { error: result.error } });
    return "failed";
  }
  if (!alongWith) await markConfirmationSent(deps.db, subscription.id, deps.clock().getTime());
  return "sent";
}

export type CreateSubscriptionOutcome =
  | { kind: "created"; id: string; confirmationSent: boolean }
  | { kind: "capped" }
  /** this sign-up had its e-mail less than 10 minutes ago: nothing changed, nothing was sent */
  | { kind: "already-sent"; sentAtMs: number };

/** The same place as the geocoder gave it (the label and point of one BAN address). */
function sameAddress(row: AlertSubscriptionRow, address: PickedAddress): boolean {
  const columns = toAddressColumnValues(address);
  return (
    row.addressLabel === columns.addressLabel && row.citycode === columns.citycode && row.latitude === columns.latitude && row.longitude === columns.longitude
  );
}

/** The live sign-ups of this mailbox (normalised: +tags, Gmail dots) for this address. */
async function findSameSignUps(deps: Deps, email: string, address: PickedAddress): Promise<AlertSubscriptionRow[]> {
  const ids = await findMailboxSubscriptionIds(deps.db, email);
  if (ids.length === 0) return [];
  return (await listSubscriptionsByIds(deps.db, ids)).filter((row) => !row.unsubscribedAtMs && sameAddress(row, address));
}

/** Sent instead of a confirmation to whoever signs up again for an address already confirmed. */
async function sendAlreadyConfirmed(deps: Deps, to: string, subscription: AlertSubscriptionRow): Promise<"sent" | "failed" | "capped"> {
  const email = renderSubscriptionAlreadyConfirmedEmail({
    addressLabel: subscription.addressLabel,
    manageUrl: await buildUnsubscribeUrl(deps, subscriptionRecipientKey(subscription.id)),
  });
  const result = await deps.mailer.send({ to, ...email });
  if (result.ok) return "sent";
  if (result.capped) return "capped";
  deps.log({ level: "error", message: "subscription already-confirmed email failed", fields: { error: result.error } });
  return "failed";
}

/**
 * Records the sign-up first (nothing is lost if the email fails: the daily run sends it again).
 * The address must be the geocoder's (geocoded-address.ts): it is quoted in the email. When the
 * mailbox has had its share of our emails, the sign-up is forgotten at once rather than kept for
 * the daily run to send.
 *
 * One pending sign-up per mailbox and address: a repeat replaces the pending one (the new email
 * carries the only valid link), and the recipient cap bounds the emails. When that mailbox is
 * already confirmed for that address, no row is added and it is told so by email; the caller
 * answers alike in every case, so nobody learns who is subscribed. Within 10 minutes of the
 * e-mail of either kind, a repeat changes and sends nothing (sign-up-emails.ts): the link sent
 * stays valid.
 */
export async function createSubscription(
  deps: Deps,
  input: { email: string; address: PickedAddress; partnerOrigin: string | null },
): Promise<CreateSubscriptionOutcome> {
  const turn = await takeSignUpEmailTurn(deps, { kind: "alerts", email: input.email, address: input.address });
  if (turn.kind === "taken") return { kind: "already-sent", sentAtMs: turn.sentAtMs };
  const outcome = await createOrRemind(deps, input);
  // An e-mail that did not leave holds nothing back: the next try sends it.
  if (outcome.kind === "capped" || !outcome.confirmationSent) await turn.release();
  return outcome;
}

async function createOrRemind(
  deps: Deps,
  input: { email: string; address: PickedAddress; partnerOrigin: string | null },
): Promise<Exclude<CreateSubscriptionOutcome, { kind: "already-sent" }>> {
  const same = await findSameSignUps(deps, input.email, input.address);
  const confirmed = same.find((row) => row.confirmedAtMs !== null);
  if (confirmed) {
    // To the address that confirmed, never to the spelling typed here (a `+tag` a stranger chose
    // would otherwise receive the sign-up's unsubscribe link, issue 39).
    const sending = await sendAlreadyConfirmed(deps, confirmed.email, confirmed);
    if (sending === "capped") return { kind: "capped" };
    return { kind: "created", id: confirmed.id, confirmationSent: sending === "sent" };
  }
  const nowMs = deps.clock().getTime();
  const row = {
    id: generateRandomToken(15),
    email: input.email,
    ...toAddressColumnValues(input.address),
    partnerOrigin: input.partnerOrigin,
    consentAtMs: nowMs,
    createdAtMs: nowMs,
  };
  // The sign-up, the older pending ones it replaces and its e-mail's outbox row commit together
  // (decision 093): a 202 is never given for a sign-up whose e-mail is not stored. Refused by the
  // mailbox's cap, nothing is written: the pending sign-up already there (and its link) stays.
  const writes = [
    insertSubscriptionStatement(deps.db, { ...row, confirmationSentAtMs: nowMs }),
    ...same.map((older) => deleteSubscriptionStatement(deps.db, older.id)),
  ];
  const sending = await sendConfirmation(deps, row, writes);
  if (sending === "capped") return { kind: "capped" };
  if (sending === "failed") throw new Error("alert sign-up not stored");
  return { kind: "created", id: row.id, confirmationSent: true };
}

/** What will come and when, with the way out: sent once, by the click that confirmed. */
async function sendWelcome(deps: Deps, subscription: AlertSubscriptionRow, unsubscribeUrl: string, standing: SignUpStanding | null): Promise<void> {
  const email = renderSubscriptionWelcomeEmail({
    addressLabel: subscription.addressLabel,
    standing,
    reportUrl: reportPageUrl(deps, readPickedAddress(subscription)),
    unsubscribeUrl,
  });
  const result = await deps.mailer.send({
    to: subscription.email,
    ...email,
    // The first email of the alert list: mail clients offer its one-click unsubscribe (RFC 8058) too.
    headers: {
      "List-Unsubscribe": `<${await buildOneClickUnsubscribeUrl(deps, subscriptionRecipientKey(subscription.id))}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    idempotencyKey: `subscription-welcome-${subscription.id}`,
  });
  // The sign-up stands without it: the alerts carry the same way out.
  if (!result.ok && !result.capped) deps.log({ level: "warn", message: "subscription welcome email failed", fields: { error: result.error } });
}

/** How long the standing the confirming click built answers the clicks after it. */
const STANDING_KEPT_SECONDS = 3600;
const standingKey = (subscriptionId: string) => `sign-up-standing:${subscriptionId}`;

/**
 * Idempotent: a second click on the link confirms nothing more and sends nothing more; it says the
 * sign-up is already active. The answer carries where the address stands today and the unsubscribe
 * link, which the confirmation page shows. The report behind that standing is built once per
 * sign-up, by the one click that marks it confirmed (the mark comes first, so parallel clicks do
 * not each build one); the clicks after it answer from the cache, else without the standing —
 * a link clicked again and again costs no report (issue 39).
 */
export async function confirmSubscription(
  deps: ConfirmDeps,
  input: { id: string; token: string },
): Promise<{ addressLabel: string; reportUrl: string; unsubscribeUrl: string; alreadyConfirmed: boolean; standing: SignUpStanding | null } | null> {
  if (!hexEqual(await signature(deps, "confirm-subscription", input.id), input.token)) return null;
  const row = await findSubscription(deps.db, input.id);
  if (!row || row.unsubscribedAtMs) return null;
  const unsubscribeUrl = await buildUnsubscribeUrl(deps, subscriptionRecipientKey(row.id));
  const confirmedNow = !row.confirmedAtMs && (await markSubscriptionConfirmed(deps.db, row.id, deps.clock().getTime()));
  let standing: SignUpStanding | null;
  if (confirmedNow) {
    standing = await standingOf(deps, row);
    if (standing) await deps.cache.set(standingKey(row.id), standing, STANDING_KEPT_SECONDS);
    await sendWelcome(deps, row, unsubscribeUrl, standing);
  } else {
    standing = (await deps.cache.get<SignUpStanding>(standingKey(row.id))) ?? null;
  }
  return { addressLabel: row.addressLabel, reportUrl: reportPageUrl(deps, readPickedAddress(row)), unsubscribeUrl, alreadyConfirmed: !confirmedNow, standing };
}

/** A sign-up's actions in the manage e-mail: its confirmation (while pending), its report, its way out. */
async function managedSubscriptionOf(deps: Deps, row: AlertSubscriptionRow): Promise<ManagedSubscription> {
  const common = {
    addressLabel: row.addressLabel,
    reportUrl: reportPageUrl(deps, readPickedAddress(row)),
    unsubscribeUrl: await buildUnsubscribeUrl(deps, subscriptionRecipientKey(row.id)),
  };
  // The confirmation link is the one its first e-mail carried (signed over the id, it does not expire).
  return row.confirmedAtMs !== null
    ? { ...common, confirmed: true }
    : { ...common, confirmed: false, confirmUrl: await buildSubscriptionConfirmUrl(deps, row.id) };
}

/** An account's page, its way out, and the topics its preferences turn on and off today. */
async function managedAccountOf(deps: Deps, account: UserRow): Promise<ManagedAccount> {
  const preferences = await getPreferences(deps.db, account.id);
  return {
    manageUrl: `${deps.config.SITE_URL}/compte`,
    unsubscribeUrl: await buildUnsubscribeUrl(deps, accountRecipientKey(account.id)),
    topicsOn: nameTopics(ALERT_TOPICS.filter((topic) => preferences[topic.key])),
    topicsOff: nameTopics(ALERT_TOPICS.filter((topic) => !preferences[topic.key])),
  };
}

/** A mailbox never gets more emails than this from one request (one per spelling it signed up with). */
const MAX_MANAGE_EMAILS = 3;

/**
 * The « recevoir un lien de gestion » form of /desinscription. Whoever types an address learns
 * nothing (the route answers before this runs); its owner gets, at each address the sign-ups or
 * the account were made with, one email listing them with their own unsubscribe links. An
 * address we do not know gets nothing. Returns the number of emails sent.
 */
export async function sendManageLinks(deps: Deps, typedEmail: string): Promise<number> {
  const ids = await findMailboxSubscriptionIds(deps.db, typedEmail);
  const rows = ids.length > 0 ? (await listSubscriptionsByIds(deps.db, ids)).filter((row) => !row.unsubscribedAtMs) : [];
  const user = await findUserByEmail(deps.db, typedEmail);
  const account = user?.emailVerifiedAtMs ? user : null;
  // Each list goes to the exact address it was made with, never to a spelling only typed here.
  const recipients = new Map<string, AlertSubscriptionRow[]>();
  for (const row of rows) {
    const to = row.email.toLowerCase();
    recipients.set(to, [...(recipients.get(to) ?? []), row]);
  }
  if (account && !recipients.has(account.email)) recipients.set(account.email, []);
  // An address we do not know is counted in its mailbox's cap as one e-mail, as a known one is:
  // what the cap answers next tells nobody whether it was known (issue 39).
  if (recipients.size === 0) await countRecipientEmail(deps, typedEmail);
  let sent = 0;
  for (const [to, subscriptions] of [...recipients].slice(0, MAX_MANAGE_EMAILS)) {
    const email = renderManageLinkEmail({
      subscriptions: await Promise.all(subscriptions.map((row) => managedSubscriptionOf(deps, row))),
      topics: { signUp: ALERT_TOPIC_NAMES.signUp, accountOnly: ALERT_TOPIC_NAMES.accountOnly },
      account: account && account.email === to ? await managedAccountOf(deps, account) : null,
      createAccountUrl: `${deps.config.SITE_URL}/auth`,
    });
    const result = await deps.mailer.send({ to, ...email });
    if (result.ok) sent++;
    else if (!result.capped) deps.log({ level: "error", message: "manage link email failed", fields: { error: result.error } });
  }
  return sent;
}

export type UnsubscribeOutcome = { kind: "subscription" } | { kind: "account" } | null;

/**
 * Stops every alert email for this recipient. Idempotent. A sign-up is marked unsubscribed (its
 * personal data are purged 30 days later by the daily run); an account keeps existing with all
 * its alert preferences turned off.
 */
export async function unsubscribe(deps: Deps, input: { recipientKey: string; token: string }): Promise<UnsubscribeOutcome> {
  const recipient = parseLinkRecipientKey(input.recipientKey);
  if (!recipient) return null;
  if (!hexEqual(await signature(deps, "unsubscribe", input.recipientKey), input.token)) return null;
  const nowMs = deps.clock().getTime();
  if (recipient.kind === "subscription") {
    await markSubscriptionUnsubscribed(deps.db, recipient.id, nowMs);
    return { kind: "subscription" };
  }
  // Every topic off, in one save.
  const everyTopicOff = Object.fromEntries(ALERT_SOURCES.map((source) => [source, false])) as Record<AlertSource, boolean>;
  await savePreferences(deps.db, recipient.id, everyTopicOff, nowMs).catch(() => undefined);
  return { kind: "account" };
}

/** Sign-ups whose confirmation email could not be sent yet (the daily run calls this). */
export async function retryPendingConfirmations(deps: Deps): Promise<number> {
  const since = deps.clock().getTime() - RETENTION_MS.subscriptions;
  const pending = await listUnsentConfirmations(deps.db, 500);
  let sent = 0;
  for (const subscription of pending) {
    if (subscription.createdAtMs < since) continue;
    if ((await sendConfirmation(deps, subscription)) === "sent") sent++;
  }
  return sent;
}
