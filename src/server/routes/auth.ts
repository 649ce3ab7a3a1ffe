import { Hono, type Context } from "hono";
import * as z from "zod";
import { isReservedMailDomain, normaliseRecipientAddress, UNDELIVERABLE_ADDRESS_MESSAGE } from "../../core/shared/email-address.ts";
import { frenchTypography } from "../../core/shared/format.ts";
import {
  OAUTH_NONCE_COOKIE,
  OAUTH_STATE_COOKIE,
  OAUTH_VERIFIER_COOKIE,
  clearSessionCookie,
  setOAuthCookie,
  setSessionCookie,
  takeOAuthCookie,
} from "../auth/cookies.ts";
import { ensureDeviceId, readDeviceId, rememberDevice } from "../auth/device.ts";
import { createGoogleAuthorization, exchangeGoogleCode, isGoogleConfigured } from "../auth/google.ts";
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_COMMON_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from "../../core/shared/passwords.ts";
import { isCommonPassword, MAX_PASSWORD_LENGTH } from "../auth/password.ts";
import { invalidateSession, type ValidSession } from "../auth/session.ts";
import type { UserRow } from "../db/schema/index.ts";
import type { AppEnv } from "../deps.ts";
import { deferTask } from "../defer.ts";
import { refusesMail } from "../email/mx-check.ts";
import { newSignInCode, storeEmailTask } from "../email/outbox-tasks.ts";
import { holdEmail } from "../middleware/email-budget.ts";
import { jsonBody } from "../middleware/json-body.ts";
import { limitByKey, rateLimitByIp } from "../middleware/rate-limit.ts";
import { refusal } from "../refusals.ts";
import { admitCodeCheck, admitCodeRequest, admitPasswordAttempt, recogniseRequester } from "../middleware/sign-in-limits.ts";
import { checkConfirmLink, confirmEmail, openSession, signInWithGoogle, signInWithPassword, verifySignInCode } from "../services/accounts.ts";
import { alreadySentMessage, describeAlreadySent, takeSignUpEmailTurn, type AlreadySent } from "../services/sign-up-emails.ts";
import { personNameField } from "./fields.ts";

const MINUTE = 60;

export const emailField = z
  .string({ error: "L'adresse e-mail est obligatoire." })
  .trim()
  .max(254, { error: "L'adresse e-mail est trop longue." })
  .pipe(z.email({ error: "L'adresse e-mail n'est pas valide." }))
  // Reserved names (RFC 2606, 6761) never reach a mailbox: refused here, before any e-mail is counted or sent (decision 090).
  .refine((email) => !isReservedMailDomain(email), { error: UNDELIVERABLE_ADDRESS_MESSAGE })
  .transform((email) => email.toLowerCase());

export const newPasswordField = z
  .string({ error: "Le mot de passe est obligatoire." })
  .min(MIN_PASSWORD_LENGTH, { error: PASSWORD_TOO_SHORT_MESSAGE })
  .max(MAX_PASSWORD_LENGTH, { error: `Le mot de passe est trop long (${MAX_PASSWORD_LENGTH} caractères au plus).` })
  .refine((password) => !isCommonPassword(password), { error: PASSWORD_TOO_COMMON_MESSAGE });

const nameField = personNameField;

// No password: whoever confirms the address chooses it (issue 22). A `password` sent by a page
// cached from before is dropped with the other unknown keys.
const signUpBody = z.object({ email: emailField, firstName: nameField, lastName: nameField });
const SIGN_UP_MESSAGE = frenchTypography("Vérifiez vos e-mails : nous venons de vous écrire pour la suite de votre inscription.");
const signInBody = z.object({
  email: emailField,
  password: z.string({ error: "Le mot de passe est obligatoire." }).min(1, { error: "Le mot de passe est obligatoire." }).max(MAX_PASSWORD_LENGTH),
});
const codeRequestBody = z.object({ email: emailField });
const CONFIRM_LINK_INCOMPLETE = "Ce lien de confirmation est incomplet. Copiez-le en entier depuis l'e-mail.";
/** u, x and s of the link, as the confirmation page read them from its address. */
const confirmLinkBody = z.object({
  u: z.string({ error: CONFIRM_LINK_INCOMPLETE }).min(1, { error: CONFIRM_LINK_INCOMPLETE }).max(64, { error: CONFIRM_LINK_INCOMPLETE }),
  x: z
    .string({ error: CONFIRM_LINK_INCOMPLETE })
    .regex(/^\d{1,15}$/, { error: CONFIRM_LINK_INCOMPLETE })
    .transform(Number),
  s: z.string({ error: CONFIRM_LINK_INCOMPLETE }).regex(/^[0-9a-f]{64}$/, { error: CONFIRM_LINK_INCOMPLETE }),
});
/**
 * The confirmation also sets the password, chosen on the page by whoever confirms; `switchAccount`
 * says they were told that this browser's session of another account will end.
 */
const confirmBody = confirmLinkBody.extend({
  password: newPasswordField,
  switchAccount: z.boolean({ error: "Réponse invalide." }).optional(),
});
const codeVerifyBody = z.object({
  email: emailField,
  code: z
    .string({ error: "Le code est obligatoire." })
    .trim()
    .regex(/^\d{6}$/, { error: "Le code comporte 6 chiffres." }),
});

/** What the islands know of the person: user, profile and the (free) subscription. */
export function describeSession(auth: ValidSession | null, options: { googleEnabled: boolean; nowMs: number }) {
  if (!auth) return { user: null, profile: null, subscription: null, googleEnabled: options.googleEnabled };
  const { user, session } = auth;
  return {
    user: { id: user.id, email: user.email, emailVerified: user.emailVerifiedAtMs !== null },
    profile: { firstName: user.firstName, lastName: user.lastName },
    subscription: { subscribed: true, tier: "gratuit" as const, endsAt: null },
    googleEnabled: options.googleEnabled,
    hasPassword: user.passwordHash !== null,
    passwordResetAllowed: (session.passwordResetUntilMs ?? 0) > options.nowMs,
  };
}

/** GET /api/auth/session, and every answer that opens a session (sign-in, code, confirmation, Google). */
export type SessionAnswer = ReturnType<typeof describeSession>;
/**
 * POST /api/auth/signup (202): the same words whether or not an account exists; `alreadySent` when
 * this address had a sign-up e-mail less than 10 minutes ago (nothing sent again).
 */
export type SignUpAnswer = { message: string; alreadySent?: AlreadySent };
/**
 * POST /api/auth/confirm/check: the address the link would confirm; `alreadyConfirmed` when the link
 * already served and this browser is signed in to that very account.
 */
export type ConfirmLinkAnswer = { email: string; alreadyConfirmed?: boolean };
/**
 * POST /api/auth/signin: the session, with `passwordTooShort` (shorter than today's minimum: accounts
 * made under the older one) and `passwordBreached` (in published breaches): the account page then
 * asks to change it.
 */
export type SignInAnswer = SessionAnswer & { passwordTooShort: boolean; passwordBreached: boolean };
/** POST /api/auth/code: the same words whether or not an account exists. */
export type CodeSentAnswer = { message: string };

async function startSession(c: Context<AppEnv>, user: UserRow, options: { allowPasswordReset?: boolean } = {}) {
  const deps = c.get("deps");
  // The session this browser had is replaced, not left alive beside the new one.
  const replaced = c.get("auth");
  if (replaced) await invalidateSession(deps.db, replaced.session.id);
  const { token, session } = await openSession(deps, user, options);
  setSessionCookie(c, token, session.expiresAtMs);
  // Every sign-in makes this browser one the account knows: the limits strangers fill never refuse it.
  await rememberDevice(c, user.email);
  return describeSession({ session, user, refreshed: false }, { googleEnabled: isGoogleConfigured(deps.config), nowMs: deps.clock().getTime() });
}

export const authRoutes = new Hono<AppEnv>()
  .get("/session", (c) => {
    const deps = c.get("deps");
    c.header("Cache-Control", "no-store");
    return c.json(describeSession(c.get("auth"), { googleEnabled: isGoogleConfigured(deps.config), nowMs: deps.clock().getTime() }));
  })

  .post(
    "/signup",
    rateLimitByIp(() => ({ scope: "signup-ip", limit: 10, windowSeconds: 60 * MINUTE })),
    jsonBody(signUpBody),
    async (c) => {
      const input = c.req.valid("json");
      const limited = await limitByKey(c, { scope: "signup-email", limit: 5, windowSeconds: 60 * MINUTE }, normaliseRecipientAddress(input.email));
      if (limited) return limited;
      const deps = c.get("deps");
      if (await refusesMail(deps, input.email)) throw refusal("undeliverableAddress");
      // Within 10 minutes of this address's last sign-up e-mail, whichever it was: nothing more is sent.
      const turn = await takeSignUpEmailTurn(deps, { kind: "account", email: input.email });
      if (turn.kind === "taken") {
        const alreadySent = describeAlreadySent(deps, turn.sentAtMs);
        return c.json({ message: alreadySentMessage(alreadySent), alreadySent } satisfies SignUpAnswer, 202);
      }
      // Counted before the answer promises it (decision 090): a spent budget is said now, never a 202 with no e-mail.
      const held = await holdEmail(c, "general");
      if (held.refused) {
        await turn.release();
        return held.refused;
      }
      // Stored now, looked up, written and sent after the answer (decision 093): a taken address and
      // a free one answer alike, as fast; the owner of a taken one is told by email (issue 22).
      try {
        await storeEmailTask(c, { task: "sign-up", input, turn: turn.claim }, held, "general");
      } catch (error) {
        await turn.release();
        throw error;
      }
      return c.json({ message: SIGN_UP_MESSAGE } satisfies SignUpAnswer, 202);
    },
  )

  // Links sent before the confirmation page existed: a GET changes nothing (mail scanners open
  // links), it only shows the page whose button confirms.
  .get("/confirm", (c) => {
    const query = new URLSearchParams();
    for (const name of ["u", "x", "s"]) query.set(name, c.req.query(name) ?? "");
    return c.redirect(`/confirmation-compte?${query}`, 302);
  })

  // What the confirmation page shows before anything changes: the address the link confirms, so
  // that a link someone else sent (to sign a victim into the sender's account) reads as such.
  .post(
    "/confirm/check",
    rateLimitByIp(() => ({ scope: "confirm-check-ip", limit: 60, windowSeconds: 15 * MINUTE })),
    jsonBody(confirmLinkBody),
    async (c) => {
      const { u, x, s } = c.req.valid("json");
      const outcome = await checkConfirmLink(c.get("deps"), { userId: u, expiresAtMs: x, signature: s });
      c.header("Cache-Control", "no-store");
      if (outcome.kind === "invalid") {
        // A link that already served, opened again by its owner signed in: not « Lien invalide » (issue 23).
        const signedIn = c.get("auth")?.user;
        if (signedIn && signedIn.id === u && signedIn.emailVerifiedAtMs !== null)
          return c.json({ email: signedIn.email, alreadyConfirmed: true } satisfies ConfirmLinkAnswer);
        throw refusal("confirmLinkInvalid");
      }
      return c.json({ email: outcome.email } satisfies ConfirmLinkAnswer);
    },
  )

  .post(
    "/confirm",
    rateLimitByIp(() => ({ scope: "confirm-ip", limit: 30, windowSeconds: 15 * MINUTE })),
    jsonBody(confirmBody),
    async (c) => {
      const { u, x, s, password, switchAccount } = c.req.valid("json");
      // Never trade this browser's account for another one silently (one-click login CSRF): the
      // page says which account it is leaving, and only then sends switchAccount.
      if (c.get("auth") && switchAccount !== true) throw refusal("otherSession");
      const outcome = await confirmEmail(c.get("deps"), { userId: u, expiresAtMs: x, signature: s, password });
      if (outcome.kind === "invalid") throw refusal("confirmLinkInvalid");
      if (outcome.kind === "password_breached") throw refusal("passwordBreached");
      return c.json(await startSession(c, outcome.user));
    },
  )

  // The limits (middleware/sign-in-limits.ts, decision 056) are decided here, once the address is
  // known: the owner's own browser has its own allowance, every other is counted per source and
  // per account.
  .post("/signin", jsonBody(signInBody), async (c) => {
    const input = c.req.valid("json");
    const attempt = await admitPasswordAttempt(c, input.email, await recogniseRequester(c, input.email));
    if (attempt.refused) return attempt.refused;
    const outcome = await signInWithPassword(c.get("deps"), input);
    if (outcome.kind === "invalid") throw refusal("invalidCredentials");
    // The right password is no failure: the account's ceilings count failures only.
    await attempt.notFailure();
    if (outcome.kind === "unconfirmed") throw refusal(outcome.emailSent ? "emailUnconfirmedLinkSent" : "emailUnconfirmed");
    const { passwordTooShort, passwordBreached } = outcome;
    return c.json({ ...(await startSession(c, outcome.user)), passwordTooShort, passwordBreached } satisfies SignInAnswer);
  })

  .post("/code", jsonBody(codeRequestBody), async (c) => {
    const { email } = c.req.valid("json");
    const requester = await recogniseRequester(c, email);
    const limited = await admitCodeRequest(c, email, requester);
    if (limited) return limited;
    // Counted before the lookup, for every address alike: a spent budget is said, never a code promised and not sent.
    const held = await holdEmail(c, requester.ownerBrowser ? "security" : "general");
    if (held.refused) return held.refused;
    // Every browser that asks gets an id (account or not): the code is valid only where it was asked for.
    const browserId = ensureDeviceId(c);
    // Stored now for an account and for none alike, looked up, counted and sent after the answer:
    // the answer and its time tell nothing (issue 39; it was 226 ms with an account, 27 ms
    // without). The e-mail's count is held before the answer (decision 090) and goes with the
    // stored task (decision 093), which gives it back if nothing was sent.
    const budget = requester.ownerBrowser ? "security" : "general";
    await storeEmailTask(c, { task: "sign-in-code", input: { email, browserId, ownerBrowser: requester.ownerBrowser, code: newSignInCode() } }, held, budget);
    // Same answer whether or not an account exists for this address.
    return c.json({ message: "Si un compte existe pour cette adresse, un code à 6 chiffres vient de lui être envoyé. Il est valable 10 minutes." });
  })

  .post("/code/verify", jsonBody(codeVerifyBody), async (c) => {
    const input = c.req.valid("json");
    const limited = await admitCodeCheck(c, await recogniseRequester(c, input.email));
    if (limited) return limited;
    const outcome = await verifySignInCode(c.get("deps"), { ...input, browserId: readDeviceId(c) });
    // One answer for an unknown address and a wrong, expired, used-up or elsewhere-asked code.
    if (outcome.kind === "invalid") throw refusal("codeRefused");
    return c.json(await startSession(c, outcome.user, { allowPasswordReset: true }));
  })

  .post("/signout", async (c) => {
    const auth = c.get("auth");
    if (auth) await invalidateSession(c.get("deps").db, auth.session.id);
    clearSessionCookie(c);
    return c.json({ message: "Vous êtes déconnecté." });
  })

  .get("/google", (c) => {
    const { config } = c.get("deps");
    if (!isGoogleConfigured(config)) return c.redirect("/auth?erreur=google", 302);
    const { url, state, codeVerifier, nonce } = createGoogleAuthorization(config);
    setOAuthCookie(c, OAUTH_STATE_COOKIE, state);
    setOAuthCookie(c, OAUTH_VERIFIER_COOKIE, codeVerifier);
    setOAuthCookie(c, OAUTH_NONCE_COOKIE, nonce);
    return c.redirect(url.toString(), 302);
  })

  .get("/google/callback", async (c) => {
    const deps = c.get("deps");
    const expectedState = takeOAuthCookie(c, OAUTH_STATE_COOKIE);
    const codeVerifier = takeOAuthCookie(c, OAUTH_VERIFIER_COOKIE);
    const nonce = takeOAuthCookie(c, OAUTH_NONCE_COOKIE);
    const code = c.req.query("code");
    const fail = (reason: string) => {
      deps.log({ level: "warn", message: "google sign-in failed", fields: { reason } });
      return c.redirect("/auth?erreur=google", 302);
    };
    if (!isGoogleConfigured(deps.config)) return fail("not configured");
    if (!code || !expectedState || !codeVerifier || !nonce || c.req.query("state") !== expectedState) return fail("state or code missing");
    try {
      const identity = await exchangeGoogleCode(deps.config, { code, codeVerifier, nonce, nowMs: deps.clock().getTime() });
      const outcome = await signInWithGoogle(deps, identity, { defer: deferTask(c) });
      if (outcome.kind !== "ok") return fail(outcome.kind);
      // Google has just proven the address, as an emailed code does: a password may be set without the old one for a while.
      await startSession(c, outcome.user, { allowPasswordReset: true });
      return c.redirect("/compte", 302);
    } catch (error) {
      return fail(error instanceof Error ? error.name : "exchange failed");
    }
  });
