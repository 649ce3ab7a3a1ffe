// Alert sign-ups without an account (double opt-in) and unsubscription (one click, HMAC links
// that do not expire). Recipient keys: "s_<subscription id>" or "a_<user id>".
import { and, eq, isNull, lt } from "drizzle-orm";
import { generateRandomToken, hexEqual, hmacHex } from "../auth/crypto.ts";
import { savePreferences } from "../db/repositories/preferences.ts";
import { alertSubscriptions } from "../db/schema/index.ts";
import type { Address } from "../../core/types.ts";
import type { AppDeps } from "../deps.ts";
import { renderSubscriptionConfirmEmail } from "../email/templates.ts";

type Deps = Pick<AppDeps, "db" | "mailer" | "config" | "appSecret" | "clock" | "log">;

const DAY_MS = 24 * 3600 * 1000;
/** an unconfirmed sign-up is forgotten after 30 days */
export const UNCONFIRMED_RETENTION_MS = 30 * DAY_MS;

export type SubscriptionAddress = Pick<Address, "label" | "latitude" | "longitude" | "citycode" | "postcode" | "city">;

export function subscriptionRecipientKey(subscriptionId: string): string {
  return `s_${subscriptionId}`;
}

export function accountRecipientKey(userId: string): string {
  return `a_${userId}`;
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

async function sendConfirmation(deps: Deps, subscription: { id: string; email: string; addressLabel: string }): Promise<"sent" | "failed" | "capped"> {
  const email = renderSubscriptionConfirmEmail({ addressLabel: subscription.addressLabel, confirmUrl: await buildSubscriptionConfirmUrl(deps, subscription.id) });
  const result = await deps.mailer.send({ to: subscription.email, ...email, idempotencyKey: `subscription-confirm-${subscription.id}` });
  if (!result.ok) {
    if (result.capped) return "capped";
    deps.log({ level: "error", message: "subscription confirmation email failed", fields: { error: result.error } });
    return "failed";
  }
  await deps.db.update(alertSubscriptions).set({ confirmationSentAtMs: deps.clock().getTime() }).where(eq(alertSubscriptions.id, subscription.id));
  return "sent";
}

export type CreateSubscriptionOutcome = { kind: "created"; id: string; confirmationSent: boolean } | { kind: "capped" };

/**
 * Records the sign-up first (nothing is lost if the email fails: the daily run sends it again).
 * The address must be the geocoder's (geocoded-address.ts): it is quoted in the email. When the
 * mailbox has had its share of our emails, the sign-up is forgotten at once rather than kept for
 * the daily run to send.
 */
export async function createSubscription(
  deps: Deps,
  input: { email: string; address: SubscriptionAddress; partnerOrigin: string | null },
): Promise<CreateSubscriptionOutcome> {
  const nowMs = deps.clock().getTime();
  const row = {
    id: generateRandomToken(15),
    email: input.email,
    addressLabel: input.address.label,
    latitude: input.address.latitude,
    longitude: input.address.longitude,
    citycode: input.address.citycode,
    postcode: input.address.postcode,
    city: input.address.city,
    partnerOrigin: input.partnerOrigin,
    consentAtMs: nowMs,
    createdAtMs: nowMs,
  };
  await deps.db.insert(alertSubscriptions).values(row);
  const sending = await sendConfirmation(deps, row);
  if (sending === "capped") {
    await deps.db.delete(alertSubscriptions).where(eq(alertSubscriptions.id, row.id));
    return { kind: "capped" };
  }
  return { kind: "created", id: row.id, confirmationSent: sending === "sent" };
}

/** Idempotent: a second click on the link confirms nothing more and says the same. */
export async function confirmSubscription(deps: Deps, input: { id: string; token: string }) {
  if (!hexEqual(await signature(deps, "confirm-subscription", input.id), input.token)) return null;
  const [row] = await deps.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, input.id)).limit(1);
  if (!row || row.unsubscribedAtMs) return null;
  if (!row.confirmedAtMs) await deps.db.update(alertSubscriptions).set({ confirmedAtMs: deps.clock().getTime() }).where(eq(alertSubscriptions.id, row.id));
  return { addressLabel: row.addressLabel };
}

export type UnsubscribeOutcome = { kind: "subscription" } | { kind: "account" } | null;

/**
 * Stops every alert email for this recipient. Idempotent. A sign-up is marked unsubscribed (its
 * personal data are purged 30 days later by the daily run); an account keeps existing with all
 * its alert preferences turned off.
 */
export async function unsubscribe(deps: Deps, input: { recipientKey: string; token: string }): Promise<UnsubscribeOutcome> {
  if (!/^[sa]_[a-z0-9]{1,64}$/.test(input.recipientKey)) return null;
  if (!hexEqual(await signature(deps, "unsubscribe", input.recipientKey), input.token)) return null;
  const nowMs = deps.clock().getTime();
  const id = input.recipientKey.slice(2);
  if (input.recipientKey.startsWith("s_")) {
    await deps.db
      .update(alertSubscriptions)
      .set({ unsubscribedAtMs: nowMs })
      .where(and(eq(alertSubscriptions.id, id), isNull(alertSubscriptions.unsubscribedAtMs)));
    return { kind: "subscription" };
  }
  await savePreferences(deps.db, id, { water: false, drought: false, air: false, bathing: false }, nowMs).catch(() => undefined);
  return { kind: "account" };
}

/** Sign-ups whose confirmation email could not be sent yet (the daily run calls this). */
export async function retryPendingConfirmations(deps: Deps): Promise<number> {
  const since = deps.clock().getTime() - UNCONFIRMED_RETENTION_MS;
  const pending = await deps.db
    .select()
    .from(alertSubscriptions)
    .where(and(isNull(alertSubscriptions.confirmationSentAtMs), isNull(alertSubscriptions.confirmedAtMs), isNull(alertSubscriptions.unsubscribedAtMs)))
    .limit(500);
  let sent = 0;
  for (const subscription of pending) {
    if (subscription.createdAtMs < since) continue;
    if ((await sendConfirmation(deps, subscription)) === "sent") sent++;
  }
  return sent;
}

export async function purgeSubscriptions(deps: Pick<Deps, "db" | "clock">): Promise<void> {
  const cutoff = deps.clock().getTime() - UNCONFIRMED_RETENTION_MS;
  await deps.db.delete(alertSubscriptions).where(and(isNull(alertSubscriptions.confirmedAtMs), lt(alertSubscriptions.createdAtMs, cutoff)));
  await deps.db.delete(alertSubscriptions).where(lt(alertSubscriptions.unsubscribedAtMs, cutoff));
}
