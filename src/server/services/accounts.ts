// Account flows: sign-up with email confirmation, password and emailed-code sign-in, Google,
// password change and deletion, and the monitored addresses with their water network. Routes
// validate input and map these outcomes to HTTP.
import type { UserRow } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { generateNumericCode, generateRandomToken, hexEqual, hmacHex } from "../auth/crypto.ts";
import type { GoogleIdentity } from "../auth/google.ts";
import { hashPassword, passwordNeedsRehash, verifyPassword, type PasswordHashCost } from "../auth/password.ts";
import { checkPwnedPassword } from "../auth/pwned-passwords.ts";
import { createSession, endPasswordResetWindow, invalidateUserSessions } from "../auth/session.ts";
import { claimEmailCodeAttempt, deleteEmailCodes, replaceEmailCode, takeEmailCode } from "../db/repositories/email-codes.ts";
import {
  deleteUserAndData,
  findUserByEmail,
  findUserByGoogleSubject,
  findUserById,
  insertUser,
  markPendingUserVerified,
  normaliseEmail,
  replacePendingUser,
  updateUser,
} from "../db/repositories/users.ts";
import { eraseAlertDataStatements, findMailboxSubscriptionIds } from "../db/repositories/alert-history.ts";
import {
  renderAccountDeletedEmail,
  renderConfirmEmail,
  renderGoogleLinkedEmail,
  renderPasswordChangedEmail,
  renderSignInCodeEmail,
  renderSignUpAttemptEmail,
  type RenderedEmail,
} from "../email/templates.ts";
import { retryWhileBusy } from "../db/busy.ts";
import { countRecipientEmail } from "../email/recipient-cap.ts";
import { describeError } from "../logger.ts";
import { MIN_PASSWORD_LENGTH } from "../../core/shared/passwords.ts";
import { accountRecipientKey, subscriptionRecipientKey } from "../db/alert-keys.ts";
import { presentWater, type WaterPresentation } from "../../core/report/present.ts";
import { MAX_MONITORED_ADDRESSES } from "../../core/shared/limits.ts";
import type { PickedAddress } from "../../core/types.ts";
import { evaluateWaterQuality } from "../../sections/water/index.ts";
import { findAddress, findAddressAt, insertAddressWithinLimit, listAddresses, updateAddressUdi } from "../db/repositories/addresses.ts";
import { toAddressColumnValues, type MonitoredAddressRow } from "../db/schema/index.ts";
import { loadCommuneData, selectWater, type CommuneWater } from "./commune-data.ts";
import { hashKey } from "./rate-limit.ts";
import { resolvePickedAddress } from "./geocoded-address.ts";
import { buildReport } from "./report.ts";

type Deps = Pick<AppDeps, "db" | "mailer" | "config" | "appSecret" | "clock" | "log">;

export const CONFIRM_LINK_HOURS = 48;
export const SIGN_IN_CODE_MINUTES = 10;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;

// A hash to compare against when the email is unknown, so that "no such account" and "wrong
// password" take the same time.
const decoyHashes = new Map<PasswordHashCost, Promise<string>>();
function getDecoyHash(cost: PasswordHashCost): Promise<string> {
  let hash = decoyHashes.get(cost);
  if (!hash) {
    hash = hashPassword("zone-sante-decoy-password", cost);
    decoyHashes.set(cost, hash);
  }
  return hash;
}

type ConfirmableUser = Pick<UserRow, "id" | "email" | "passwordHash" | "emailVerifiedAtMs">;

/**
 * The link's signature also covers the state it changes — unconfirmed, and the password hash the
 * account holds (none for sign-ups since issue 22; a legacy sign-up's, until a new sign-up drops
 * it) — so it stops working once used and after a password change, without a table of used links.
 */
async function confirmSignature(deps: Deps, user: ConfirmableUser, expiresAtMs: number): Promise<string> {
  const state = `${user.emailVerifiedAtMs ?? "pending"}:${user.passwordHash ?? ""}`;
  return hmacHex(deps.appSecret, `confirm-email:${user.id}:${user.email}:${expiresAtMs}:${state}`);
}

/** The page the email links to: opening it changes nothing, its button posts u, x and s to /api/auth/confirm. */
export async function buildConfirmUrl(deps: Deps, user: ConfirmableUser): Promise<string> {
  const expiresAtMs = deps.clock().getTime() + CONFIRM_LINK_HOURS * 3600 * 1000;
  const signature = await confirmSignature(deps, user, expiresAtMs);
  const query = new URLSearchParams({ u: user.id, x: String(expiresAtMs), s: signature });
  return `${deps.config.SITE_URL}/confirmation-compte?${query}`;
}

async function sendConfirmEmail(deps: Deps, user: UserRow): Promise<boolean> {
  const email = renderConfirmEmail({ firstName: user.firstName, confirmUrl: await buildConfirmUrl(deps, user), expiresInHours: CONFIRM_LINK_HOURS });
  const result = await deps.mailer.send({ to: user.email, ...email });
  if (!result.ok) deps.log({ level: "error", message: "confirmation email failed", fields: { error: result.error } });
  return result.ok;
}

/** To the owner of a confirmed account, instead of telling the requester that the address is taken. */
async function sendSignUpAttemptNotice(deps: Deps, owner: UserRow): Promise<boolean> {
  const email = renderSignUpAttemptEmail({ firstName: owner.firstName, signInUrl: `${deps.config.SITE_URL}/auth` });
  const result = await deps.mailer.send({ to: owner.email, ...email });
  if (!result.ok) deps.log({ level: "error", message: "sign-up attempt notice failed", fields: { error: result.error } });
  return result.ok;
}

/**
 * Runs after the answer (the route defers it), so that a taken address and a free one answer
 * alike, as fast: a confirmed account's owner gets a notice, any other address a confirmation link.
 * A sign-up carries no password: whoever confirms chooses it (confirmEmail). Failures are logged
 * here, by name only (describeError): nobody is waiting for them. True when an e-mail left.
 */
export async function signUp(deps: Deps, input: SignUpInput): Promise<boolean> {
  try {
    // Nobody waits for it: another writer's lock is waited out longer than a request would (decision 075).
    return await retryWhileBusy(() => signUpSteps(deps, input), DEFERRED_SIGN_UP_BUSY_BUDGET_MS);
  } catch (error) {
    deps.log({ level: "error", message: "sign-up failed", fields: describeError(error) });
    return false;
  }
}

type SignUpInput = { email: string; firstName: string | null; lastName: string | null };

/** How long the deferred sign-up keeps trying past another writer's lock (each step is safe to run again). */
const DEFERRED_SIGN_UP_BUSY_BUDGET_MS = 30_000;

async function signUpSteps(deps: Deps, input: SignUpInput): Promise<boolean> {
  const nowMs = deps.clock().getTime();
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing?.emailVerifiedAtMs) return await sendSignUpAttemptNotice(deps, existing);
  // A sign-up still waiting for confirmation does not hold the address: a new one gets a fresh link
  // (and drops the password a sign-up made before issue 22 carried), instead of « this address is
  // taken ». It keeps the names given first: whoever repeats a sign-up proves nothing, so a
  // stranger's repeat must not rename the account (issue 39); the owner changes them on /compte.
  let user = existing
    ? await replacePendingUser(deps.db, existing.id, { passwordHash: null, nowMs })
    : await insertUser(deps.db, { email: input.email, passwordHash: null, firstName: input.firstName, lastName: input.lastName, nowMs });
  if (!user) {
    // Confirmed, or created by a simultaneous sign-up, in the meantime: answer what it now is.
    const current = await findUserByEmail(deps.db, input.email);
    if (current?.emailVerifiedAtMs) return await sendSignUpAttemptNotice(deps, current);
    if (!current) return false;
    user = current;
  }
  if (existing) await invalidateUserSessions(deps.db, existing.id);
  return await sendConfirmEmail(deps, user);
}

type ConfirmLink = { userId: string; expiresAtMs: number; signature: string };

/** The account a confirmation link is for, while the link is valid (signed over its current state, not expired). */
async function findConfirmableUser(deps: Deps, link: ConfirmLink): Promise<UserRow | null> {
  const nowMs = deps.clock().getTime();
  if (!Number.isSafeInteger(link.expiresAtMs) || link.expiresAtMs < nowMs) return null;
  const user = await findUserById(deps.db, link.userId);
  if (!user || user.emailVerifiedAtMs !== null) return null;
  return hexEqual(await confirmSignature(deps, user, link.expiresAtMs), link.signature) ? user : null;
}

/** What the confirmation page shows before anything changes: the address the link would confirm. */
export async function checkConfirmLink(deps: Deps, link: ConfirmLink): Promise<{ kind: "ok"; email: string } | { kind: "invalid" }> {
  const user = await findConfirmableUser(deps, link);
  return user ? { kind: "ok", email: user.email } : { kind: "invalid" };
}

/** `password_breached`: the chosen password is in published breaches (only when PWNED_PASSWORDS_URL is set). */
export type ConfirmEmailOutcome = { kind: "ok"; user: UserRow } | { kind: "invalid" } | { kind: "password_breached" };

/**
 * The « Confirmer mon adresse » button of the page the link opens: checks the signature (over the
 * account's current state) and the age, then marks the address verified once, with the password
 * the confirming person chose on that page — never one chosen at sign-up, which may have been
 * someone else's (issue 22). Any session opened before is void (there should be none).
 */
export async function confirmEmail(deps: Deps, input: ConfirmLink & { password: string }): Promise<ConfirmEmailOutcome> {
  const user = await findConfirmableUser(deps, input);
  if (!user) return { kind: "invalid" };
  if ((await checkPwnedPassword(deps.config.PWNED_PASSWORDS_URL, input.password)).kind === "breached") return { kind: "password_breached" };
  const passwordHash = await hashPassword(input.password, deps.config.PASSWORD_HASH_COST);
  const verified = await markPendingUserVerified(deps.db, user.id, {
    nowMs: deps.clock().getTime(),
    expectedPasswordHash: user.passwordHash,
    changes: { passwordHash },
  });
  if (!verified) return { kind: "invalid" };
  await invalidateUserSessions(deps.db, user.id);
  return { kind: "ok", user: verified };
}

/**
 * The owner of the address has just proven it (emailed code or Google) on an account still
 * waiting for confirmation. Whoever signed up may have been someone else using that address: the
 * password a sign-up made before issue 22 carried and every session opened before are dropped; the
 * owner sets a password afterwards from « Mon compte ».
 */
async function claimPendingAccount(deps: Deps, user: UserRow, changes: { googleSubject?: string } = {}): Promise<UserRow> {
  const nowMs = deps.clock().getTime();
  const verified = await markPendingUserVerified(deps.db, user.id, { nowMs, changes: { ...changes, passwordHash: null } });
  if (verified) {
    await invalidateUserSessions(deps.db, user.id);
    return verified;
  }
  // Confirmed by another request in the meantime: nothing to drop any more.
  if (changes.googleSubject) await updateUser(deps.db, user.id, { googleSubject: changes.googleSubject, nowMs });
  return (await findUserById(deps.db, user.id)) ?? user;
}

/**
 * The password is right; `passwordTooShort`: shorter than today's minimum (accounts made when it was
 * 6); `passwordBreached`: found in published breaches (PWNED_PASSWORDS_URL set and answering). The
 * person is asked to choose another one, never refused.
 */
export type PasswordSignInOutcome =
  { kind: "ok"; user: UserRow; passwordTooShort: boolean; passwordBreached: boolean } | { kind: "invalid" } | { kind: "unconfirmed"; emailSent: boolean };

export async function signInWithPassword(deps: Deps, input: { email: string; password: string }): Promise<PasswordSignInOutcome> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user?.passwordHash) {
    await verifyPassword(input.password, await getDecoyHash(deps.config.PASSWORD_HASH_COST));
    return { kind: "invalid" };
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) return { kind: "invalid" };
  if (!user.emailVerifiedAtMs) return { kind: "unconfirmed", emailSent: await sendConfirmEmail(deps, user) };
  if (passwordNeedsRehash(user.passwordHash, deps.config.PASSWORD_HASH_COST)) {
    await updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.password, deps.config.PASSWORD_HASH_COST), nowMs: deps.clock().getTime() });
  }
  // Asked only once the password is right, so guesses make no outbound call; fails open.
  const pwned = await checkPwnedPassword(deps.config.PWNED_PASSWORDS_URL, input.password);
  return { kind: "ok", user, passwordTooShort: input.password.length < MIN_PASSWORD_LENGTH, passwordBreached: pwned.kind === "breached" };
}

async function codeHash(deps: Deps, email: string, code: string): Promise<string> {
  return hmacHex(deps.appSecret, `sign-in-code:${email}:${code}`);
}

/** The browser a code is bound to, as stored: a hash of its device id (auth/device.ts). */
async function requesterHashOf(deps: Deps, browserId: string): Promise<string> {
  return hashKey(`code-requester:${browserId}`, deps.appSecret);
}

/** Compared with when the browser has no live code, so that every refusal does the same work. */
const NO_CODE_HASH = "0".repeat(64);

/**
 * Sends a 6-digit code when an account exists, valid only in the browser that asked (`browserId`)
 * and only once the mailer accepted the email: a code nobody received cannot be guessed. Codes the
 * owner's own browser asks for spend the mailbox's security budget, which no stranger can reach
 * (email/recipient-cap.ts). The caller answers the same way either way, so the form does not
 * reveal which addresses have an account.
 */
/** `code`: chosen when the request was stored (the durable outbox's task, decision 093), so that running it again sends and keeps the same one. */
export async function sendSignInCode(
  deps: Deps,
  rawEmail: string,
  requester: { browserId: string; ownerBrowser: boolean; code?: string },
): Promise<{ sent: boolean }> {
  const email = normaliseEmail(rawEmail);
  const user = await findUserByEmail(deps.db, email);
  const category = requester.ownerBrowser ? ("security" as const) : undefined;
  if (!user) {
    // Counted in the mailbox's cap as the e-mail to an account is: what the cap answers next (an
    // alert sign-up's « trop de demandes », a sign-up's repeat) is the same for an account and none.
    await countRecipientEmail(deps, email, category);
    return { sent: false };
  }
  const code = requester.code ?? generateNumericCode(6);
  const result = await deps.mailer.send({
    to: email,
    ...renderSignInCodeEmail({ code, expiresInMinutes: SIGN_IN_CODE_MINUTES, accountUrl: `${deps.config.SITE_URL}/compte` }),
    ...(category ? { category } : {}),
  });
  if (!result.ok) {
    deps.log({ level: "error", message: "sign-in code email failed", fields: { error: result.error } });
    return { sent: false };
  }
  const nowMs = deps.clock().getTime();
  await replaceEmailCode(deps.db, {
    email,
    requesterHash: await requesterHashOf(deps, requester.browserId),
    codeHash: await codeHash(deps, email, code),
    nowMs,
    expiresAtMs: nowMs + SIGN_IN_CODE_MINUTES * 60 * 1000,
  });
  return { sent: true };
}

export type CodeSignInOutcome = { kind: "ok"; user: UserRow } | { kind: "invalid" };

/**
 * One answer, « invalid », for an unknown address, a wrong, expired or used-up code, and a code
 * asked for in another browser — with the same work done for each (one counting statement, one
 * HMAC, one constant-time comparison): the answer tells nothing about the account.
 */
export async function verifySignInCode(deps: Deps, input: { email: string; code: string; browserId: string | null }): Promise<CodeSignInOutcome> {
  const email = normaliseEmail(input.email);
  const nowMs = deps.clock().getTime();
  // A browser without an id gets a fresh one that matches no code.
  const requesterHash = await requesterHashOf(deps, input.browserId ?? generateRandomToken(20));
  // Count first, compare after: only a guess that was counted is ever checked.
  const attempt = await claimEmailCodeAttempt(deps.db, { email, requesterHash, nowMs, maxAttempts: SIGN_IN_CODE_MAX_ATTEMPTS });
  const matches = hexEqual(await codeHash(deps, email, input.code), attempt?.codeHash ?? NO_CODE_HASH);
  if (!attempt || !matches) return { kind: "invalid" };
  // One-time: of two requests carrying the right code at once, only the one that deletes it signs in.
  if (!(await takeEmailCode(deps.db, attempt.id))) return { kind: "invalid" };
  await deleteEmailCodes(deps.db, email);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return { kind: "invalid" };
  // Receiving the code proves the address, not the password chosen at sign-up.
  return { kind: "ok", user: user.emailVerifiedAtMs ? user : await claimPendingAccount(deps, user) };
}

export type GoogleSignInOutcome = { kind: "ok"; user: UserRow } | { kind: "unverified_email" };

/**
 * Finds the account by Google subject, else links it by verified email (and tells the owner: a new
 * way into the account, sent through `defer`, after the answer), else creates one.
 */
export async function signInWithGoogle(
  deps: Deps,
  identity: GoogleIdentity,
  options: { defer?: (task: Promise<unknown>) => void } = {},
): Promise<GoogleSignInOutcome> {
  const nowMs = deps.clock().getTime();
  const linked = await findUserByGoogleSubject(deps.db, identity.subject);
  if (linked) return { kind: "ok", user: linked };
  if (!identity.emailVerified) return { kind: "unverified_email" };
  const existing = await findUserByEmail(deps.db, identity.email);
  if (existing && !existing.emailVerifiedAtMs) return { kind: "ok", user: await claimPendingAccount(deps, existing, { googleSubject: identity.subject }) };
  if (existing) {
    await updateUser(deps.db, existing.id, { googleSubject: identity.subject, nowMs });
    const linked = { ...existing, googleSubject: identity.subject };
    const notice = sendSecurityNotice(deps, linked, {
      kind: "google linked",
      email: renderGoogleLinkedEmail({
        firstName: existing.firstName,
        linkedAt: deps.clock(),
        accountUrl: `${deps.config.SITE_URL}/compte`,
        privacyUrl: `${deps.config.SITE_URL}/confidentialite`,
      }),
    });
    if (options.defer) options.defer(notice);
    else await notice;
    return { kind: "ok", user: linked };
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

/**
 * A security notice to the owner (password set or changed, Google linked): logged by kind when it
 * fails, never fatal. Only the account's own session can start one, so it draws on the security
 * e-mail budget (decision 058); the sign-up attempt notice, which a stranger can start, does not.
 */
async function sendSecurityNotice(deps: Deps, user: UserRow, notice: { kind: string; email: RenderedEmail }): Promise<void> {
  const result = await deps.mailer.send({ to: user.email, ...notice.email, category: "security" });
  if (!result.ok) deps.log({ level: "error", message: "security notice failed", fields: { notice: notice.kind, error: result.error } });
}

/** `proof_required`: an account without a password, signed in longer ago than the window (see changePassword). */
export type ChangePasswordOutcome = { kind: "ok" } | { kind: "wrong_current" } | { kind: "proof_required" } | { kind: "password_breached" };

/**
 * The current password is required, except within the window a fresh proof opens (a sign-in with
 * an emailed code or with Google, PASSWORD_RESET_WINDOW_MS): that is the « mot de passe oublié »
 * path. An account without a password (Google or code only) needs that fresh proof too: a
 * session alone — perhaps a borrowed or stolen one — must not set the password that would then
 * outlive it (issue 22). Other sessions are signed out, and the owner is told by email (after the
 * answer, through `defer`).
 */
export async function changePassword(
  deps: Deps,
  input: {
    user: UserRow;
    sessionId: string;
    resetAllowed: boolean;
    currentPassword: string | null;
    newPassword: string;
    defer?: (task: Promise<unknown>) => void;
  },
): Promise<ChangePasswordOutcome> {
  const { user } = input;
  if (!input.resetAllowed) {
    if (!user.passwordHash) return { kind: "proof_required" };
    if (!input.currentPassword || !(await verifyPassword(input.currentPassword, user.passwordHash))) return { kind: "wrong_current" };
  }
  if ((await checkPwnedPassword(deps.config.PWNED_PASSWORDS_URL, input.newPassword)).kind === "breached") return { kind: "password_breached" };
  const changedAt = deps.clock();
  await updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.newPassword, deps.config.PASSWORD_HASH_COST), nowMs: changedAt.getTime() });
  await invalidateUserSessions(deps.db, user.id, { except: input.sessionId });
  await endPasswordResetWindow(deps.db, input.sessionId);
  const notice = sendSecurityNotice(deps, user, {
    kind: "password changed",
    email: renderPasswordChangedEmail({
      firstName: user.firstName,
      change: user.passwordHash ? "changed" : "set",
      changedAt,
      signInUrl: `${deps.config.SITE_URL}/auth`,
    }),
  });
  if (input.defer) input.defer(notice);
  else await notice;
  return { kind: "ok" };
}

/**
 * Deletes everything at once — with the alert sign-ups made without an account that reach the same
 * mailbox, and the address in the alert history —, then says so by email (the account is gone even
 * if the email fails).
 */
export async function deleteAccount(deps: Deps, user: UserRow): Promise<{ emailSent: boolean }> {
  const deletedAt = deps.clock();
  // Only a proven mailbox may take the sign-ups of that mailbox with it.
  const subscriptionIds = user.emailVerifiedAtMs ? await findMailboxSubscriptionIds(deps.db, user.email) : [];
  await deleteUserAndData(
    deps.db,
    user,
    eraseAlertDataStatements(deps.db, {
      recipientKeys: [accountRecipientKey(user.id), ...subscriptionIds.map(subscriptionRecipientKey)],
      subscriptionIds,
      erasedLabel: "Adresse effacée",
      homeUrl: `${deps.config.SITE_URL}/`,
    }),
  );
  const email = renderAccountDeletedEmail({ firstName: user.firstName, deletedAt, privacyUrl: `${deps.config.SITE_URL}/confidentialite` });
  // From the owner's own session: the security budget, which strangers filling the mailbox cannot spend.
  const result = await deps.mailer.send({ to: user.email, ...email, category: "security" });
  if (!result.ok) deps.log({ level: "error", message: "account deletion email failed", fields: { error: result.error } });
  return { emailSent: result.ok };
}

// ---------------------------------------------------------------- monitored addresses

type AddressDeps = Pick<AppDeps, "db" | "sources" | "cache" | "config" | "appSecret" | "clock" | "log">;

export type AddMonitoredAddressOutcome =
  | { kind: "added"; row: MonitoredAddressRow; officialData: boolean }
  | { kind: "duplicate" }
  | { kind: "limit" }
  /** the BAN knows no such address there (resolvePickedAddress), or did not answer */
  | { kind: "unknown" }
  | { kind: "unavailable" };

/**
 * Adds an address to the account, once per place and within the limit. The address stored (and
 * quoted by the PDF and the emails) is the BAN's, never the label sent (decision 055). The
 * official data are read before the insert so that the network (UDI) the report shows for it is
 * stored; the checks run first so that a refused add reads no upstream, and again in the insert
 * against races.
 */
export async function addMonitoredAddress(
  deps: AddressDeps,
  input: {
    userId: string;
    label: string | null;
    address: PickedAddress & { signature?: string | undefined };
    defer?: ((task: Promise<unknown>) => void) | undefined;
  },
): Promise<AddMonitoredAddressOutcome> {
  if (await findAddressAt(deps.db, input.userId, input.address)) return { kind: "duplicate" };
  const existing = await listAddresses(deps.db, input.userId);
  if (existing.length >= MAX_MONITORED_ADDRESSES) return { kind: "limit" };
  const resolved = await resolvePickedAddress(deps, input.address);
  if (resolved.kind !== "ok") return resolved;
  const { address } = resolved;
  const report = await buildReport(deps, { address, now: deps.clock(), defer: input.defer });
  const outcome = await insertAddressWithinLimit(deps.db, {
    userId: input.userId,
    label: input.label || `Domicile ${existing.length + 1}`,
    ...toAddressColumnValues(address),
    udiCode: report.water_quality.udi?.code ?? null,
    nowMs: deps.clock().getTime(),
  });
  return outcome.kind === "inserted" ? { kind: "added", row: outcome.row, officialData: report.water_quality.success } : outcome;
}

/** A network by code and name, as the report's chooser words it (« AMIENS CENTRE – quartier centre-ville »). */
type NetworkOption = WaterPresentation["networks"]["options"][number];

/**
 * The water networks of an address's commune, as /compte offers them: `selected` is the one the
 * alerts, the PDF and the emails read (the stored choice, else the report's default), null when
 * there is neither (no choice stored and the results, which set the default, unreadable now). « none »: the sanitary control lists no network for the commune;
 * « unavailable »: the list could not be read now.
 */
export type AddressNetworks = { status: "listed"; selected: NetworkOption | null; options: NetworkOption[] } | { status: "none" } | { status: "unavailable" };

function describeNetworks(water: CommuneWater, udiCode: string | null, now: Date): AddressNetworks {
  if (!water.udis.ok) return { status: "unavailable" };
  if (water.udis.data.length === 0) return { status: "none" };
  // The report's own presentation names the networks, so the account page words them as the report does.
  const { networks } = presentWater(evaluateWaterQuality({ ...selectWater(water, udiCode ?? undefined, now), now }));
  const selectedCode = networks.selected ?? udiCode;
  return { status: "listed", selected: networks.options.find((option) => option.code === selectedCode) ?? null, options: networks.options };
}

/** Each address's networks, by address id: one load per commune through the cached per-commune loader. */
export async function listAddressNetworks(deps: AddressDeps, rows: readonly MonitoredAddressRow[]): Promise<Map<string, AddressNetworks>> {
  const now = deps.clock();
  const communes = new Map<string, Promise<CommuneWater>>();
  for (const row of rows) {
    if (!communes.has(row.citycode)) {
      communes.set(
        row.citycode,
        loadCommuneData(deps.sources, { citycode: row.citycode, now, needs: { water: true, drought: false, air: false } }).then((data) => data.water),
      );
    }
  }
  const entries = await Promise.all(rows.map(async (row) => [row.id, describeNetworks(await communes.get(row.citycode)!, row.udiCode, now)] as const));
  return new Map(entries);
}

export type ChooseNetworkOutcome =
  { kind: "saved"; row: MonitoredAddressRow; networks: AddressNetworks } | { kind: "not_found" } | { kind: "unknown_network" } | { kind: "unavailable" };

/** Saves the person's network for one of their addresses, when the commune has that network. */
export async function chooseAddressNetwork(deps: AddressDeps, input: { userId: string; addressId: string; udiCode: string }): Promise<ChooseNetworkOutcome> {
  const row = await findAddress(deps.db, input.userId, input.addressId);
  if (!row) return { kind: "not_found" };
  const now = deps.clock();
  const { water } = await loadCommuneData(deps.sources, { citycode: row.citycode, now, needs: { water: true, drought: false, air: false } });
  if (!water.udis.ok) return { kind: "unavailable" };
  if (!water.udis.data.some((udi) => udi.code === input.udiCode)) return { kind: "unknown_network" };
  const saved = await updateAddressUdi(deps.db, input.userId, row.id, input.udiCode);
  if (!saved) return { kind: "not_found" };
  return { kind: "saved", row: saved, networks: describeNetworks(water, saved.udiCode, now) };
}
