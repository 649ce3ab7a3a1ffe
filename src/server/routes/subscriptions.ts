import { Hono } from "hono";
import * as z from "zod";
import { alertsAvailableFor, type AlertsAvailability } from "../../core/alerts/available.ts";
import { normaliseRecipientAddress } from "../../core/shared/email-address.ts";
import { isInFrance } from "../../core/shared/geo.ts";
import type { AppEnv } from "../deps.ts";
import { refusesMail } from "../email/mx-check.ts";
import { storeEmailTask } from "../email/outbox-tasks.ts";
import { holdEmail } from "../middleware/email-budget.ts";
import { jsonBody, MAX_JSON_BYTES, payloadTooLarge, readBodyText } from "../middleware/json-body.ts";
import { limitByKey, rateLimitByIp } from "../middleware/rate-limit.ts";
import { refusal } from "../refusals.ts";
import { resolvePickedAddress } from "../services/geocoded-address.ts";
import { alreadySentMessage, describeAlreadySent, type AlreadySent } from "../services/sign-up-emails.ts";
import { confirmSubscription, createSubscription, unsubscribe } from "../services/subscriptions.ts";
import { emailField } from "./auth.ts";
import { pickedAddressField } from "./fields.ts";

const signUpBody = z.object({
  email: emailField,
  address: pickedAddressField,
  consent: z.literal(true, { error: "Veuillez accepter de recevoir les alertes par e-mail." }),
  /** the page that embeds the frame (document.referrer), when signing up from a partner site */
  partnerUrl: z.string().max(2000).nullish(),
});

/** POST /api/subscriptions: what the sign-up form sends (the server keeps only what it parses). */
export type SubscriptionRequest = z.input<typeof signUpBody>;
/**
 * POST /api/subscriptions (202): `confirmationSent` false when the e-mail will leave with the daily
 * run; `alreadySent` when this sign-up had its e-mail less than 10 minutes ago (nothing sent again).
 */
export type SubscriptionAnswer = { message: string; confirmationSent: boolean; alreadySent?: AlreadySent };

const confirmBody = z.object({
  i: z.string({ error: "Lien de confirmation invalide." }).regex(/^[a-z0-9]{1,64}$/, { error: "Lien de confirmation invalide." }),
  t: z.string({ error: "Lien de confirmation invalide." }).regex(/^[0-9a-f]{64}$/, { error: "Lien de confirmation invalide." }),
});

const manageLinkBody = z.object({ email: emailField });

/** POST /api/subscriptions/manage-link: the form of /desinscription for someone without a link. */
export type ManageLinkRequest = z.input<typeof manageLinkBody>;
/** The same answer whether or not the address is known. */
export type ManageLinkAnswer = { message: string };

const MANAGE_LINK_MESSAGE =
  "Si cette adresse est inscrite aux alertes ou a un compte, vous allez recevoir un e-mail avec un lien pour gérer ou arrêter vos alertes. Pensez à regarder dans vos courriers indésirables.";

/**
 * Each request may end in an email to the address typed: a few per hour per address (its
 * mailbox, +tags included) and per source, on top of the recipient cap of every email.
 */
const MANAGE_LINK_LIMITS = {
  ip: { scope: "manage-link-ip", limit: 10, windowSeconds: 3600 },
  email: { scope: "manage-link-email", limit: 3, windowSeconds: 3600 },
} as const;

/** A person clicks her link once or twice; a script trying links (or replaying one) stops here (issue 39). */
const CONFIRM_LIMIT = { scope: "subscription-confirm-ip", limit: 30, windowSeconds: 15 * 60 } as const;

/** Only the origin of a partner page is kept (no path: it could carry personal data). */
function partnerOriginOf(url: string | null | undefined, siteUrl: string): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return /^https?:\/\//.test(origin) && origin !== new URL(siteUrl).origin ? origin : null;
  } catch {
    return null;
  }
}

export const subscriptionRoutes = new Hono<AppEnv>()
  .use(
    "/confirm",
    rateLimitByIp(() => CONFIRM_LIMIT),
  )
  .post(
    "/",
    rateLimitByIp(() => ({ scope: "subscribe-ip", limit: 20, windowSeconds: 3600 })),
    jsonBody(signUpBody),
    async (c) => {
      const deps = c.get("deps");
      const input = c.req.valid("json");
      const limited = await limitByKey(c, { scope: "subscribe-email", limit: 5, windowSeconds: 3600 }, normaliseRecipientAddress(input.email));
      if (limited) return limited;
      if (!isInFrance(input.address.latitude, input.address.longitude)) throw refusal("addressOutsideFrance");
      if (await refusesMail(deps, input.email)) throw refusal("undeliverableAddress");
      // The email quotes the address: it must be the geocoder's label, not the one sent with the form.
      const resolved = await resolvePickedAddress(deps, input.address);
      if (resolved.kind === "unknown") throw refusal("unknownAddress");
      if (resolved.kind === "unavailable") throw refusal("geocoderUnavailable");
      // Counted before the answer says an e-mail left (decision 090).
      const held = await holdEmail(c, "general");
      if (held.refused) return held.refused;
      const outcome = await createSubscription(deps, {
        email: input.email,
        address: resolved.address,
        partnerOrigin: partnerOriginOf(input.partnerUrl, deps.config.SITE_URL),
      }).finally(held.done);
      if (outcome.kind === "capped") throw refusal("subscriptionRequestsCapped");
      if (outcome.kind === "already-sent") {
        const alreadySent = describeAlreadySent(deps, outcome.sentAtMs);
        return c.json({ message: alreadySentMessage(alreadySent), confirmationSent: true, alreadySent } satisfies SubscriptionAnswer, 202);
      }
      const { confirmationSent } = outcome;
      return c.json(
        {
          message: confirmationSent
            ? // Also what someone already confirmed is answered (her email says so): nobody learns who is subscribed.
              "Vérifiez vos e-mails\u00a0: nous venons de vous écrire au sujet de cette inscription."
            : "Votre inscription est enregistrée. L'e-mail de confirmation vous sera envoyé dans les prochaines heures.",
          confirmationSent,
        } satisfies SubscriptionAnswer,
        202,
      );
    },
  )
  .post("/confirm", jsonBody(confirmBody), async (c) => {
    const deps = c.get("deps");
    const { i, t } = c.req.valid("json");
    const confirmed = await confirmSubscription(deps, { id: i, token: t });
    if (!confirmed) throw refusal("subscriptionLinkInvalid");
    // The page links to it: same-origin path, as the page is on the site.
    const unsubscribePath = confirmed.unsubscribeUrl.slice(deps.config.SITE_URL.length);
    const reportPath = confirmed.reportUrl.slice(deps.config.SITE_URL.length);
    c.header("Cache-Control", "no-store");
    return c.json({
      message: confirmed.alreadyConfirmed ? "Inscription déjà active." : "Inscription confirmée.",
      addressLabel: confirmed.addressLabel,
      unsubscribeUrl: unsubscribePath,
      reportUrl: reportPath,
      alreadyConfirmed: confirmed.alreadyConfirmed,
      essentials: confirmed.standing?.essentials ?? null,
      alerts: confirmed.standing?.alerts ?? alertsAvailableFor(null),
    } satisfies SubscriptionConfirmedAnswer);
  })
  .post(
    "/manage-link",
    rateLimitByIp(() => MANAGE_LINK_LIMITS.ip),
    jsonBody(manageLinkBody),
    async (c) => {
      const { email } = c.req.valid("json");
      const limited = await limitByKey(c, MANAGE_LINK_LIMITS.email, normaliseRecipientAddress(email));
      if (limited) return limited;
      const held = await holdEmail(c, "general");
      if (held.refused) return held.refused;
      // Stored now, looked up and sent after the answer (decision 093): a known address and an
      // unknown one answer alike, as fast.
      await storeEmailTask(c, { task: "manage-links", input: { email } }, held, "general");
      return c.json({ message: MANAGE_LINK_MESSAGE } satisfies ManageLinkAnswer, 202);
    },
  );

/**
 * POST /api/subscriptions/confirm: `unsubscribeUrl` is the path of the page that stops these alerts;
 * `alreadyConfirmed` for a second click; `essentials` the report's « L'essentiel » lines for the
 * address today (null when the report could not be built, or for a later click once the first
 * click's are no longer cached: a click builds no report of its own); `alerts` what this address can get.
 */
export type SubscriptionConfirmedAnswer = {
  message: string;
  addressLabel: string;
  unsubscribeUrl: string;
  /** the path of the address's report page (signed, decision 055) */
  reportUrl: string;
  alreadyConfirmed: boolean;
  essentials: string[] | null;
  alerts: AlertsAvailability;
};
/** POST /api/unsubscribe: kind says whether an account (kept) or a sign-up without account was unsubscribed. */
export type UnsubscribedAnswer = { message: string; kind: NonNullable<Awaited<ReturnType<typeof unsubscribe>>>["kind"] };

/** A malformed JSON body is an invalid link (400 below), like a missing field. */
function parseJsonObject(text: string): { u?: unknown; t?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as { u?: unknown; t?: unknown }) : null;
  } catch {
    return null;
  }
}

/**
 * POST only: the page of the link sends {u, t} as JSON; mail clients doing RFC 8058 one-click
 * POST "List-Unsubscribe=One-Click" to the URL that carries u and t in its query.
 */
export const unsubscribeRoutes = new Hono<AppEnv>().post("/", async (c) => {
  let recipientKey = c.req.query("u") ?? "";
  let token = c.req.query("t") ?? "";
  // Whatever its type (JSON from our page, a form "List-Unsubscribe=One-Click" from a mail
  // client), the body is read within the same bound as every JSON body.
  const text = await readBodyText(c.req.raw, MAX_JSON_BYTES);
  if (text === null) return payloadTooLarge(c);
  if (/^application\/json\b/i.test(c.req.header("content-type") ?? "")) {
    const body = parseJsonObject(text);
    if (typeof body?.u === "string") recipientKey = body.u;
    if (typeof body?.t === "string") token = body.t;
  }
  if (!recipientKey || !/^[0-9a-f]{64}$/.test(token)) throw refusal("unsubscribeLinkInvalid");
  const outcome = await unsubscribe(c.get("deps"), { recipientKey, token });
  if (!outcome) throw refusal("unsubscribeLinkInvalid");
  return c.json({ message: "Désinscription confirmée", kind: outcome.kind });
});
