// Account flows: sign-up with email confirmation, password and emailed-code sign-in, Google,
// password change and deletion. Routes validate input and map these outcomes to HTTP.
import type { UserRow } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { generateNumericCode, hexEqual, hmacHex } from "../auth/crypto.ts";
import type { GoogleIdentity } from "../auth/google.ts";
import { hashPassword, passwordNeedsRehash, verifyPassword } from "../auth/password.ts";
import { createSession, endPasswordResetWindow, invalidateUserSessions } from "../auth/session.ts";
import { countEmailCodeAttempt, deleteEmailCodes, findLiveEmailCode, replaceEmailCode } from "../db/repositories/email-codes.ts";
import {
  deleteUserAndData,
  findUserByEmail,
  findUserByGoogleSubject,
  findUserById,
  insertUser,
  normaliseEmail,
  updateUser,
} from "../db/repositories/users.ts";
import { renderAccountDeletedEmail, renderConfirmEmail, renderSignInCodeEmail } from "../email/templates.ts";

type Deps = Pick<AppDeps, "db" | "mailer" | "config" | "appSecret" | "clock" | "log">;

export const CONFIRM_LINK_HOURS = 48;
export const SIGN_IN_CODE_MINUTES = 10;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;

// A hash to compare against when the email is unknown, so that "no such account" and "wrong
// password" take the same time.
let decoyHash: Promise<string> | undefined;
const getDecoyHash = () => (decoyHash ??= hashPassword("zone-sante-decoy-password"));

async function confirmSignature(deps: Deps, userId: string, email: string, expiresAtMs: number): Promise<string> {
  return hmacHex(deps.appSecret, `confirm-email:${userId}:${email}:${expiresAtMs}`);
}

export async function buildConfirmUrl(deps: Deps, user: Pick<UserRow, "id" | "email">): Promise<string> {
  const expiresAtMs = deps.clock().getTime() + CONFIRM_LINK_HOURS * 3600 * 1000;
  const signature = await confirmSignature(deps, user.id, user.email, expiresAtMs);
  const query = new URLSearchParams({ u: user.id, x: String(expiresAtMs), s: signature });
  return `${deps.config.SITE_URL}/api/auth/confirm?${query}`;
}

async function sendConfirmEmail(deps: Deps, user: UserRow): Promise<boolean> {
  const email = renderConfirmEmail({ firstName: user.firstName, confirmUrl: await buildConfirmUrl(deps, user), expiresInHours: CONFIRM_LINK_HOURS });
  const result = await deps.mailer.send({ to: user.email, ...email });
  if (!result.ok) deps.log({ level: "error", message: "confirmation email failed", fields: { error: result.error } });
  return result.ok;
}

export type SignUpOutcome = { kind: "created"; emailSent: boolean } | { kind: "exists" };

export async function signUp(
  deps: Deps,
  input: { email: string; password: string; firstName: string | null; lastName: string | null },
): Promise<SignUpOutcome> {
  const nowMs = deps.clock().getTime();
  if (await findUserByEmail(deps.db, input.email)) return { kind: "exists" };
  const user = await insertUser(deps.db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    nowMs,
  });
  if (!user) return { kind: "exists" };
  return { kind: "created", emailSent: await sendConfirmEmail(deps, user) };
}

/** The confirmation link: checks its signature and age, marks the email as verified. */
export async function confirmEmail(deps: Deps, input: { userId: string; expiresAtMs: number; signature: string }): Promise<UserRow | null> {
  const nowMs = deps.clock().getTime();
  if (!Number.isFinite(input.expiresAtMs) || input.expiresAtMs < nowMs) return null;
  const user = await findUserById(deps.db, input.userId);
  if (!user) return null;
  const expected = await confirmSignature(deps, user.id, user.email, input.expiresAtMs);
  if (!hexEqual(expected, input.signature)) return null;
  if (!user.emailVerifiedAtMs) await updateUser(deps.db, user.id, { emailVerifiedAtMs: nowMs, nowMs });
  return { ...user, emailVerifiedAtMs: user.emailVerifiedAtMs ?? nowMs };
}

export type PasswordSignInOutcome = { kind: "ok"; user: UserRow } | { kind: "invalid" } | { kind: "unconfirmed"; emailSent: boolean };

export async function signInWithPassword(deps: Deps, input: { email: string; password: string }): Promise<PasswordSignInOutcome> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user?.passwordHash) {
    await verifyPassword(input.password, await getDecoyHash());
    return { kind: "invalid" };
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) return { kind: "invalid" };
  if (!user.emailVerifiedAtMs) return { kind: "unconfirmed", emailSent: await sendConfirmEmail(deps, user) };
  if (passwordNeedsRehash(user.passwordHash)) {
    await updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.password), nowMs: deps.clock().getTime() });
  }
  return { kind: "ok", user };
}

async function codeHash(deps: Deps, email: string, code: string): Promise<string> {
  return hmacHex(deps.appSecret, `sign-in-code:${email}:${code}`);
}

/**
 * Sends a 6-digit code when an account exists. The caller answers the same way either way, so
 * the form does not reveal which addresses have an account.
 */
export async function sendSignInCode(deps: Deps, rawEmail: string): Promise<{ sent: boolean }> {
  const email = normaliseEmail(rawEmail);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return { sent: false };
  const code = generateNumericCode(6);
  const nowMs = deps.clock().getTime();
  await replaceEmailCode(deps.db, { email, codeHash: await codeHash(deps, email, code), nowMs, expiresAtMs: nowMs + SIGN_IN_CODE_MINUTES * 60 * 1000 });
  const result = await deps.mailer.send({ to: email, ...renderSignInCodeEmail({ code, expiresInMinutes: SIGN_IN_CODE_MINUTES }) });
  if (!result.ok) deps.log({ level: "error", message: "sign-in code email failed", fields: { error: result.error } });
  return { sent: result.ok };
}

export type CodeSignInOutcome = { kind: "ok"; user: UserRow } | { kind: "invalid" } | { kind: "exhausted" };

export async function verifySignInCode(deps: Deps, input: { email: string; code: string }): Promise<CodeSignInOutcome> {
  const email = normaliseEmail(input.email);
  const nowMs = deps.clock().getTime();
  const stored = await findLiveEmailCode(deps.db, email, nowMs);
  if (!stored) return { kind: "invalid" };
  if (stored.attempts >= SIGN_IN_CODE_MAX_ATTEMPTS) return { kind: "exhausted" };
  await countEmailCodeAttempt(deps.db, stored.id);
  if (!hexEqual(await codeHash(deps, email, input.code), stored.codeHash)) {
    return stored.attempts + 1 >= SIGN_IN_CODE_MAX_ATTEMPTS ? { kind: "exhausted" } : { kind: "invalid" };
  }
  await deleteEmailCodes(deps.db, email);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return { kind: "invalid" };
  // Receiving the code proves the address: an unconfirmed account becomes confirmed.
  if (!user.emailVerifiedAtMs) await updateUser(deps.db, user.id, { emailVerifiedAtMs: nowMs, nowMs });
  return { kind: "ok", user: { ...user, emailVerifiedAtMs: user.emailVerifiedAtMs ?? nowMs } };
}

export type GoogleSignInOutcome = { kind: "ok"; user: UserRow } | { kind: "unverified_email" };

/** Finds the account by Google subject, else links it by verified email, else creates one. */
export async function signInWithGoogle(deps: Deps, identity: GoogleIdentity): Promise<GoogleSignInOutcome> {
  const nowMs = deps.clock().getTime();
  const linked = await findUserByGoogleSubject(deps.db, identity.subject);
  if (linked) return { kind: "ok", user: linked };
  if (!identity.emailVerified) return { kind: "unverified_email" };
  const existing = await findUserByEmail(deps.db, identity.email);
  if (existing) {
    await updateUser(deps.db, existing.id, { googleSubject: identity.subject, emailVerifiedAtMs: existing.emailVerifiedAtMs ?? nowMs, nowMs });
    return { kind: "ok", user: { ...existing, googleSubject: identity.subject } };
  }
  const created = await insertUser(deps.db, {
    email: identity.email,
    passwordHash: null,
    firstName: identity.firstName,
    lastName: identity.lastName,
    googleSubject: identity.subject,
    emailVerifiedAtMs: nowMs,
    nowMs,
  });
  const user = created ?? (await findUserByEmail(deps.db, identity.email));
  return user ? { kind: "ok", user } : { kind: "unverified_email" };
}

export async function openSession(deps: Deps, user: UserRow, options: { allowPasswordReset?: boolean } = {}) {
  return createSession(deps.db, { userId: user.id, nowMs: deps.clock().getTime(), allowPasswordReset: options.allowPasswordReset ?? false });
}

export type ChangePasswordOutcome = { kind: "ok" } | { kind: "wrong_current" };

/**
 * The current password is required, except right after a sign-in with an emailed code (that is
 * the « mot de passe oublié » path) or when the account has none (Google or code only). Other
 * sessions are signed out.
 */
export async function changePassword(
  deps: Deps,
  input: { user: UserRow; sessionId: string; resetAllowed: boolean; currentPassword: string | null; newPassword: string },
): Promise<ChangePasswordOutcome> {
  const { user } = input;
  if (user.passwordHash && !input.resetAllowed) {
    if (!input.currentPassword || !(await verifyPassword(input.currentPassword, user.passwordHash))) return { kind: "wrong_current" };
  }
  const nowMs = deps.clock().getTime();
  await updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.newPassword), nowMs });
  await invalidateUserSessions(deps.db, user.id, { except: input.sessionId });
  await endPasswordResetWindow(deps.db, input.sessionId);
  return { kind: "ok" };
}

/** Deletes everything at once, then says so by email (the account is gone even if the email fails). */
export async function deleteAccount(deps: Deps, user: UserRow): Promise<{ emailSent: boolean }> {
  const deletedAt = deps.clock();
  await deleteUserAndData(deps.db, user);
  const email = renderAccountDeletedEmail({ firstName: user.firstName, deletedAt, privacyUrl: `${deps.config.SITE_URL}/confidentialite` });
  const result = await deps.mailer.send({ to: user.email, ...email });
  if (!result.ok) deps.log({ level: "error", message: "account deletion email failed", fields: { error: result.error } });
  return { emailSent: result.ok };
}
