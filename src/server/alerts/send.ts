// The send stage: what was detected and not yet sent, whatever the run that detected it, one email
// per recipient covering all their addresses, through Resend's batch endpoint (≤ 100 per call), a
// page of recipients at a time (one queue message per page, on both runtimes).
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { ALERT_SOURCES, type AlertSource } from "../../sections/rules.ts";
import { todayInParis } from "../../core/shared/time.ts";
import { listAddressLabelsByIds } from "../db/repositories/addresses.ts";
import {
  clearSendKey,
  listInDoubtEvents,
  listPendingEventsOfRecipients,
  listPendingRecipientsPage,
  markEventsAbandoned,
  markEventsFailed,
  markEventsSending,
  markEventsSent,
} from "../db/repositories/alert-events.ts";
import { listPreferenceRows, readPreferencesByUser } from "../db/repositories/preferences.ts";
import { listSubscriptionsByIds } from "../db/repositories/subscriptions.ts";
import { listUsersByIds } from "../db/repositories/users.ts";
import type { AlertEventRow } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { MAX_BATCH_SIZE, type EmailMessage } from "../email/mailer.ts";
import { renderAlertDigestEmail } from "../email/templates.ts";
import { buildOneClickUnsubscribeUrl, buildUnsubscribeUrl } from "../services/subscriptions.ts";
import { accountRecipientKey, decodeRecipientKey, decodeSubjectKey, subscriptionRecipientKey } from "../db/alert-keys.ts";
import type { AlertQueue } from "./messages.ts";
import { readStoredEventPayload, type StoredEventPayload } from "./snapshots.ts";

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
    const preferencesByUser = readPreferencesByUser(await listPreferenceRows(deps.db, slice), slice);
    for (const row of rows) {
      if (!row.emailVerifiedAtMs) continue;
      // A topic off now (an opt-in one without a row is off) is not sent.
      const own = preferencesByUser.get(row.id);
      const disabled = new Set(ALERT_SOURCES.filter((type) => own?.[type] !== true));
      recipients.set(accountRecipientKey(row.id), { email: row.email, firstName: row.firstName, disabled, account: true });
    }
  }
  return recipients;
}

/** The names accounts gave the page's addresses (« Maison »), by address id, as they are at send time. */
async function loadNicknames(deps: Deps, events: ReadonlyArray<Pick<AlertEventRow, "subjectKey">>): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      events.flatMap((event) => {
        const subject = decodeSubjectKey(event.subjectKey);
        return subject?.kind === "address" ? [subject.id] : [];
      }),
    ),
  ];
  const nicknames = new Map<string, string>();
  for (let start = 0; start < ids.length; start += 500) {
    for (const row of await listAddressLabelsByIds(deps.db, ids.slice(start, start + 500))) nicknames.set(row.id, row.label);
  }
  return nicknames;
}

function nicknameOf(subjectKey: string, nicknames: ReadonlyMap<string, string>): string | null {
  const subject = decodeSubjectKey(subjectKey);
  return subject?.kind === "address" ? (nicknames.get(subject.id) ?? null) : null;
}

/** An event to send, its stored payload read (snapshots.ts). */
type PendingEvent = AlertEventRow & { payload: StoredEventPayload };

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
    const { payload } = event;
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
      events: address.events.map((event) => ({
        topic: event.source,
        title: event.title,
        lines: event.lines,
        groups: event.groups ?? [],
        dataDate: event.dataDate,
        source: event.sourceRef,
        advice: event.advice ?? [],
      })),
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

/** Recipients per send page: five Resend batch calls, a few hundred rows in memory. */
export const RECIPIENTS_PER_SEND_PAGE = 500;

export interface SendPage {
  outcome: SendOutcome;
  /** the cursor of the next page (the last recipient of this one); null when this was the last page */
  nextAfterRecipient: string | null;
}

type RenderedEmail = { message: EmailMessage; eventIds: string[] };

/**
 * One provider call: its key is written on its events first, so that if the process dies before
 * the outcome is marked, the next send stage knows the call is in doubt and repeats it as it was
 * (repeatCallsInDoubt), under the same key: Resend sends it at most once (decision 076).
 */
async function sendChunk(deps: Deps, chunk: RenderedEmail[], idempotencyKey: string, outcome: SendOutcome, nowMs: number): Promise<void> {
  const eventIds = chunk.flatMap((email) => email.eventIds);
  await markEventsSending(deps.db, eventIds, idempotencyKey);
  outcome.providerCalls += 1;
  const result = await deps.mailer.sendBatch(
    chunk.map((email) => email.message),
    { idempotencyKey },
  );
  if (result.ok) {
    await markEventsSent(
      deps.db,
      chunk.map((email, index) => ({ eventIds: email.eventIds, emailId: result.ids[index] ?? null })),
      nowMs,
    );
    outcome.sent += chunk.length;
    outcome.eventsSent += eventIds.length;
  } else {
    deps.log({ level: "error", message: "alert batch failed", fields: { emails: chunk.length, error: result.error } });
    await markEventsFailed(deps.db, eventIds, result.error.slice(0, 500));
    outcome.failed += chunk.length;
  }
}

/**
 * The provider calls whose outcome is unknown (the run was killed, or the queue message
 * redelivered, between the call and its mark) go again first, each exactly as it was: the same
 * recipients with the same events under the same key, which Resend answers without sending twice
 * (its keys last 24 hours). The next pages could not rebuild that call: others' sent or failed
 * e-mails, a new event, move the hundred-recipient boundaries and so the key. A call whose
 * recipient is gone or no longer wants a source since is not repeated: its events go back to
 * the ordinary pages (where the opt-out is applied).
 */
async function repeatCallsInDoubt(deps: Deps, outcome: SendOutcome, nowMs: number): Promise<void> {
  const rows = await listInDoubtEvents(deps.db, MAX_SEND_ATTEMPTS);
  if (rows.length === 0) return;
  const calls = new Map<string, AlertEventRow[]>();
  for (const row of rows) calls.set(row.sendKey!, [...(calls.get(row.sendKey!) ?? []), row]);
  const recipients = await loadRecipients(deps, [...new Set(rows.map((row) => row.recipientKey))]);
  const nicknames = await loadNicknames(deps, rows);
  for (const [idempotencyKey, events] of calls) {
    outcome.eventsPending += events.length;
    const byRecipient = new Map<string, PendingEvent[]>();
    let asItWas = true;
    for (const event of events) {
      const recipient = recipients.get(event.recipientKey);
      const payload = recipient && !recipient.disabled.has(event.source as AlertSource) ? readStoredEventPayload(deps, event) : null;
      if (!payload) {
        asItWas = false;
        break;
      }
      byRecipient.set(event.recipientKey, [...(byRecipient.get(event.recipientKey) ?? []), { ...event, payload }]);
    }
    if (!asItWas) {
      await clearSendKey(
        deps.db,
        events.map((event) => event.id),
      );
      continue;
    }
    const chunk: RenderedEmail[] = [];
    for (const [recipientKey, recipientEvents] of byRecipient) {
      chunk.push(await renderRecipientEmail(deps, recipientKey, recipients.get(recipientKey)!, recipientEvents, nicknames));
    }
    deps.log({ level: "warn", message: "alert emails in doubt sent again under their key", fields: { emails: chunk.length } });
    await sendChunk(deps, chunk, idempotencyKey, outcome, nowMs);
  }
}

/**
 * One page of the send stage: the next recipients (by key, after `afterRecipient`) with unsent
 * events, one digest each, after the calls in doubt (repeatCallsInDoubt). A failed Resend call
 * marks its events failed (retried by the next run) and does not stop the page; the cursor moves
 * on either way, so a page is never read twice.
 */
export async function sendPendingAlertsPage(deps: Deps, input: { afterRecipient: string | null; recipientsPerPage?: number }): Promise<SendPage> {
  const nowMs = deps.clock().getTime();
  const limit = input.recipientsPerPage ?? RECIPIENTS_PER_SEND_PAGE;
  const outcome: SendOutcome = { sent: 0, failed: 0, eventsSent: 0, eventsPending: 0, providerCalls: 0 };
  await repeatCallsInDoubt(deps, outcome, nowMs);
  const pageKeys = await listPendingRecipientsPage(deps.db, { afterRecipient: input.afterRecipient, limit, maxAttempts: MAX_SEND_ATTEMPTS });
  if (pageKeys.length === 0) return { outcome, nextAfterRecipient: null };
  const nextAfterRecipient = pageKeys.length === limit ? (pageKeys.at(-1) ?? null) : null;
  const pending = await listPendingEventsOfRecipients(deps.db, pageKeys, MAX_SEND_ATTEMPTS);
  outcome.eventsPending += pending.length;

  const recipients = await loadRecipients(deps, pageKeys);
  const byRecipient = new Map<string, PendingEvent[]>();
  const skipped: string[] = [];
  const unreadable: string[] = [];
  for (const event of pending) {
    const recipient = recipients.get(event.recipientKey);
    // Gone, unsubscribed, or the source turned off since: recorded, never sent.
    if (!recipient || recipient.disabled.has(event.source as AlertSource)) {
      skipped.push(event.id);
      continue;
    }
    // A payload that cannot be read (logged by snapshots.ts) is never sent; the others still are.
    const payload = readStoredEventPayload(deps, event);
    if (!payload) {
      unreadable.push(event.id);
      continue;
    }
    byRecipient.set(event.recipientKey, [...(byRecipient.get(event.recipientKey) ?? []), { ...event, payload }]);
  }
  for (const [ids, reason] of [
    [skipped, "recipient opted out or gone"],
    [unreadable, "stored payload unreadable"],
  ] as const) {
    for (let start = 0; start < ids.length; start += 500) {
      await markEventsAbandoned(deps.db, ids.slice(start, start + 500), { attempts: SKIPPED, reason });
    }
  }

  // Rendered a hundred at a time, right before sending.
  const recipientKeys = [...byRecipient.keys()];
  const nicknames = await loadNicknames(
    deps,
    recipientKeys.flatMap((key) => byRecipient.get(key) ?? []),
  );
  for (let start = 0; start < recipientKeys.length; start += MAX_BATCH_SIZE) {
    const chunk: RenderedEmail[] = [];
    for (const recipientKey of recipientKeys.slice(start, start + MAX_BATCH_SIZE)) {
      chunk.push(await renderRecipientEmail(deps, recipientKey, recipients.get(recipientKey)!, byRecipient.get(recipientKey) ?? [], nicknames));
    }
    // Same pending events → same key: a retry after a lost answer (or a redelivered queue
    // message) is not sent twice by Resend.
    const idempotencyKey = `alerts-${encodeHexLowerCase(
      sha256(
        new TextEncoder().encode(
          chunk
            .flatMap((email) => email.eventIds)
            .sort()
            .join(","),
        ),
      ),
    ).slice(0, 40)}`;
    await sendChunk(deps, chunk, idempotencyKey, outcome, nowMs);
  }
  return { outcome, nextAfterRecipient };
}

export function addSendOutcomes(total: SendOutcome, page: SendOutcome): SendOutcome {
  return {
    sent: total.sent + page.sent,
    failed: total.failed + page.failed,
    eventsSent: total.eventsSent + page.eventsSent,
    eventsPending: total.eventsPending + page.eventsPending,
    providerCalls: total.providerCalls + page.providerCalls,
  };
}

/** Every page in turn, in this process (the queued pipeline sends one page per message instead). */
export async function sendPendingAlerts(deps: Deps, options: { recipientsPerPage?: number } = {}): Promise<SendOutcome> {
  let total: SendOutcome = { sent: 0, failed: 0, eventsSent: 0, eventsPending: 0, providerCalls: 0 };
  let afterRecipient: string | null = null;
  do {
    const page: SendPage = await sendPendingAlertsPage(deps, { afterRecipient, recipientsPerPage: options.recipientsPerPage });
    total = addSendOutcomes(total, page.outcome);
    afterRecipient = page.nextAfterRecipient;
  } while (afterRecipient !== null);
  return total;
}

/** Starts the send stage: the first page of recipients; each page enqueues the next (queue.ts). */
export async function startSendStage(deps: Pick<Deps, "clock">, queue: AlertQueue, input: { runId: string; recipientsPerPage?: number }): Promise<void> {
  await queue.sendBatch([
    { kind: "send", runId: input.runId, day: todayInParis(deps.clock()), afterRecipient: null, recipientsPerPage: input.recipientsPerPage },
  ]);
}
