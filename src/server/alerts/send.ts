// Sending what was detected and not yet sent, whatever the run that detected it: one email per
// recipient covering all their addresses, through Resend's batch endpoint (≤ 100 per call).
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { AlertSource } from "../../core/alerts/index.ts";
import { listAllAddresses } from "../db/repositories/addresses.ts";
import { listPendingEvents, markEventsAbandoned, markEventsFailed, markEventsSent } from "../db/repositories/alert-events.ts";
import { listPreferenceRows } from "../db/repositories/preferences.ts";
import { listSubscriptionsByIds } from "../db/repositories/subscriptions.ts";
import { listUsersByIds } from "../db/repositories/users.ts";
import type { AlertEventRow } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { MAX_BATCH_SIZE, type EmailMessage } from "../email/mailer.ts";
import { renderAlertDigestEmail } from "../email/templates.ts";
import { buildOneClickUnsubscribeUrl, buildUnsubscribeUrl } from "../services/subscriptions.ts";
import { accountRecipientKey, decodeRecipientKey, decodeSubjectKey, subscriptionRecipientKey } from "../db/alert-keys.ts";
import type { StoredEventPayload } from "./process.ts";

type Deps = Pick<AppDeps, "db" | "mailer" | "config" | "appSecret" | "clock" | "log">;

/** After this many failed sends an event stops being retried (and stays recorded as failed). */
export const MAX_SEND_ATTEMPTS = 10;
const SKIPPED = MAX_SEND_ATTEMPTS;

interface Recipient {
  email: string;
  firstName: string | null;
  /** account preferences at send time: a source turned off since detection is not sent */
  disabled: Set<AlertSource>;
  account: boolean;
}

async function loadRecipients(deps: Deps, keys: string[]): Promise<Map<string, Recipient>> {
  const recipients = new Map<string, Recipient>();
  const decoded = keys.map(decodeRecipientKey);
  const subscriptionIds = decoded.flatMap((key) => (key?.kind === "subscription" ? [key.id] : []));
  const userIds = decoded.flatMap((key) => (key?.kind === "account" ? [key.id] : []));
  for (let start = 0; start < subscriptionIds.length; start += 500) {
    const rows = await listSubscriptionsByIds(deps.db, subscriptionIds.slice(start, start + 500));
    for (const row of rows) {
      if (!row.confirmedAtMs || row.unsubscribedAtMs) continue;
      recipients.set(subscriptionRecipientKey(row.id), { email: row.email, firstName: null, disabled: new Set(), account: false });
    }
  }
  for (let start = 0; start < userIds.length; start += 500) {
    const slice = userIds.slice(start, start + 500);
    const rows = await listUsersByIds(deps.db, slice);
    const preferences = await listPreferenceRows(deps.db, slice);
    for (const row of rows) {
      if (!row.emailVerifiedAtMs) continue;
      const disabled = new Set(preferences.filter((preference) => preference.userId === row.id && !preference.emailEnabled).map((preference) => preference.sourceType));
      recipients.set(accountRecipientKey(row.id), { email: row.email, firstName: row.firstName, disabled, account: true });
    }
  }
  return recipients;
}

/**
 * The names accounts gave their addresses (« Maison »), by address id, as they are at send time:
 * one read of every monitored address, as the plan of the run does.
 */
async function loadNicknames(deps: Deps): Promise<Map<string, string>> {
  const rows = await listAllAddresses(deps.db);
  return new Map(rows.map((row) => [row.id, row.label]));
}

function nicknameOf(subjectKey: string, nicknames: ReadonlyMap<string, string>): string | null {
  const subject = decodeSubjectKey(subjectKey);
  return subject?.kind === "address" ? (nicknames.get(subject.id) ?? null) : null;
}

type PendingEvent = AlertEventRow;

/** One recipient's digest: every address with its new alerts, and the unsubscribe headers. */
async function renderRecipientEmail(
  deps: Deps,
  recipientKey: string,
  recipient: Recipient,
  events: PendingEvent[],
  nicknames: ReadonlyMap<string, string>,
): Promise<{ message: EmailMessage; eventIds: string[] }> {
  const addresses = new Map<string, { label: string; nickname: string | null; reportUrl: string; events: StoredEventPayload["event"][] }>();
  for (const event of events) {
    const payload = JSON.parse(event.payloadJson) as StoredEventPayload;
    const address = addresses.get(event.subjectKey) ?? {
      label: payload.addressLabel,
      nickname: nicknameOf(event.subjectKey, nicknames),
      reportUrl: payload.reportUrl,
      events: [],
    };
    address.events.push(payload.event);
    addresses.set(event.subjectKey, address);
  }
  const rendered = renderAlertDigestEmail({
    firstName: recipient.firstName,
    addresses: [...addresses.values()].map((address) => ({
      ...address,
      events: address.events.map((event) => ({ title: event.title, lines: event.lines, dataDate: event.dataDate, source: event.sourceRef })),
    })),
    unsubscribeUrl: await buildUnsubscribeUrl(deps, recipientKey),
    manageUrl: recipient.account ? `${deps.config.SITE_URL}/compte` : null,
  });
  return {
    eventIds: events.map((event) => event.id),
    message: {
      to: recipient.email,
      ...rendered,
      // RFC 8058: mail clients offer a one-click unsubscribe that POSTs to this URL.
      headers: {
        "List-Unsubscribe": `<${await buildOneClickUnsubscribeUrl(deps, recipientKey)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    },
  };
}

export interface SendOutcome {
  /** emails accepted by the provider */
  sent: number;
  /** emails that failed (their events stay pending for the next run) */
  failed: number;
  eventsSent: number;
  /** events that were waiting to be sent (this run's and earlier runs' leftovers) */
  eventsPending: number;
  providerCalls: number;
}

export async function sendPendingAlerts(deps: Deps): Promise<SendOutcome> {
  const nowMs = deps.clock().getTime();
  const pending = await listPendingEvents(deps.db, MAX_SEND_ATTEMPTS);
  const outcome: SendOutcome = { sent: 0, failed: 0, eventsSent: 0, eventsPending: pending.length, providerCalls: 0 };
  if (pending.length === 0) return outcome;

  const recipients = await loadRecipients(deps, [...new Set(pending.map((event) => event.recipientKey))]);
  const byRecipient = new Map<string, typeof pending>();
  const skipped: string[] = [];
  for (const event of pending) {
    const recipient = recipients.get(event.recipientKey);
    // Gone, unsubscribed, or the source turned off since: recorded, never sent.
    if (!recipient || recipient.disabled.has(event.source as AlertSource)) {
      skipped.push(event.id);
      continue;
    }
    byRecipient.set(event.recipientKey, [...(byRecipient.get(event.recipientKey) ?? []), event]);
  }
  for (let start = 0; start < skipped.length; start += 500) {
    await markEventsAbandoned(deps.db, skipped.slice(start, start + 500), { attempts: SKIPPED, reason: "recipient opted out or gone" });
  }

  // Rendered a hundred at a time, right before sending: 10 000 rendered emails would sit in memory.
  const recipientKeys = [...byRecipient.keys()];
  const nicknames = recipientKeys.some((key) => recipients.get(key)?.account) ? await loadNicknames(deps) : new Map<string, string>();
  for (let start = 0; start < recipientKeys.length; start += MAX_BATCH_SIZE) {
    const chunk: Array<{ message: EmailMessage; eventIds: string[] }> = [];
    for (const recipientKey of recipientKeys.slice(start, start + MAX_BATCH_SIZE)) {
      chunk.push(await renderRecipientEmail(deps, recipientKey, recipients.get(recipientKey)!, byRecipient.get(recipientKey) ?? [], nicknames));
    }
    // Same pending events → same key: a retry after a lost answer is not sent twice by Resend.
    const idempotencyKey = `alerts-${encodeHexLowerCase(sha256(new TextEncoder().encode(chunk.flatMap((email) => email.eventIds).sort().join(",")))).slice(0, 40)}`;
    outcome.providerCalls += 1;
    const result = await deps.mailer.sendBatch(
      chunk.map((email) => email.message),
      { idempotencyKey },
    );
    if (result.ok) {
      await markEventsSent(deps.db, chunk.map((email, index) => ({ eventIds: email.eventIds, emailId: result.ids[index] ?? null })), nowMs);
      outcome.sent += chunk.length;
      outcome.eventsSent += chunk.reduce((sum, email) => sum + email.eventIds.length, 0);
    } else {
      deps.log({ level: "error", message: "alert batch failed", fields: { emails: chunk.length, error: result.error } });
      await markEventsFailed(deps.db, chunk.flatMap((email) => email.eventIds), result.error.slice(0, 500));
      outcome.failed += chunk.length;
    }
  }
  return outcome;
}


