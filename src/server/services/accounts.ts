// Account flows: sign-up with email confirmation, password and emailed-code sign-in, Google,
// password change and deletion, and the monitored addresses with their water network. Routes
// validate input and map these outcomes to HTTP.
import type { UserRow } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { generateNumericCode, hexEqual, hmacHex } from "../auth/crypto.ts";
import type { GoogleIdentity } from "../auth/google.ts";
import { hashPassword, passwordNeedsRehash, verifyPassword } from "../auth/password.ts";
import { createSession, endPasswordResetWindow, invalidateUserSessions } from "../auth/session.ts";
import { claimEmailCodeAttempt, deleteEmailCodes, findLiveEmailCode, replaceEmailCode, takeEmailCode } from "../db/repositories/email-codes.ts";
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
import { renderAccountDeletedEmail, renderConfirmEmail, renderSignInCodeEmail } from "../email/templates.ts";
import { accountRecipientKey, subscriptionRecipientKey } from "../db/alert-keys.ts";
import { presentWater, type WaterPresentation } from "../../core/report/present.ts";
import { MAX_MONITORED_ADDRESSES } from "../../core/shared/limits.ts";
import type { PickedAddress } from "../../core/types.ts";
import { evaluateWaterQuality } from "../../core/water/index.ts";
import { findAddress, findAddressAt, insertAddressWithinLimit, listAddresses, updateAddressUdi } from "../db/repositories/addresses.ts";
import { toAddressColumnValues, type MonitoredAddressRow } from "../db/schema/index.ts";
import { loadCommuneData, selectWater, type CommuneWater } from "./commune-data.ts";
import { resolvePickedAddress } from "./geocoded-address.ts";
import { buildReport } from "./report.ts";

type Deps = Pick<AppDeps, "db" | "mailer" | "config" | "appSecret" | "clock" | "log">;

export const CONFIRM_LINK_HOURS = 48;
export const SIGN_IN_CODE_MINUTES = 10;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;

// A hash to compare against when the email is unknown, so that "no such account" and "wrong
// password" take the same time.
let decoyHash: Promise<string> | undefined;
const getDecoyHash = () => (decoyHash ??= hashPassword("zone-sante-decoy-password"));

type ConfirmableUser = Pick<UserRow, "id" | "email" | "passwordHash" | "emailVerifiedAtMs">;

/**
 * The link's signature also covers the state it changes — unconfirmed, and the password hash of
 * the sign-up — so it stops working once used, once a new sign-up replaced the pending one, and
 * after a password change, without a table of used links.
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

export type SignUpOutcome = { kind: "created"; emailSent: boolean } | { kind: "exists" };

export async function signUp(
  deps: Deps,
  input: { email: string; password: string; firstName: string | null; lastName: string | null },
): Promise<SignUpOutcome> {
  const nowMs = deps.clock().getTime();
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing?.emailVerifiedAtMs) return { kind: "exists" };
  const fields = { passwordHash: await hashPassword(input.password), firstName: input.firstName, lastName: input.lastName, nowMs };
  // A sign-up still waiting for confirmation does not hold the address: a new one replaces it (new
  // password, so the links already sent stop working), instead of « this address is taken ».
  const user = existing ? await replacePendingUser(deps.db, existing.id, fields) : await insertUser(deps.db, { email: input.email, ...fields });
  if (!user) return { kind: "exists" };
  if (existing) await invalidateUserSessions(deps.db, existing.id);
  return { kind: "created", emailSent: await sendConfirmEmail(deps, user) };
}

export type ConfirmEmailOutcome = { kind: "ok"; user: UserRow } | { kind: "invalid" };

/**
 * The « Confirmer mon adresse » button of the page the link opens: checks the signature (over the
 * account's current state) and the age, then marks the address verified once. Any session opened
 * before is void (there should be none).
 */
export async function confirmEmail(deps: Deps, input: { userId: string; expiresAtMs: number; signature: string }): Promise<ConfirmEmailOutcome> {
  const nowMs = deps.clock().getTime();
  if (!Number.isSafeInteger(input.expiresAtMs) || input.expiresAtMs < nowMs) return { kind: "invalid" };
  const user = await findUserById(deps.db, input.userId);
  if (!user || user.emailVerifiedAtMs !== null) return { kind: "invalid" };
  if (!hexEqual(await confirmSignature(deps, user, input.expiresAtMs), input.signature)) return { kind: "invalid" };
  const verified = await markPendingUserVerified(deps.db, user.id, { nowMs, expectedPasswordHash: user.passwordHash });
  if (!verified) return { kind: "invalid" };
  await invalidateUserSessions(deps.db, user.id);
  return { kind: "ok", user: verified };
}

/**
 * The owner of the address has just proven it (emailed code or Google) on an account still
 * waiting for confirmation. Whoever signed up may have been someone else using that address: the
 * password chosen then and every session opened before are dropped; the owner sets a password
 * afterwards from « Mon compte ».
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
  const result = await deps.mailer.send({
    to: email,
    ...renderSignInCodeEmail({ code, expiresInMinutes: SIGN_IN_CODE_MINUTES, accountUrl: `${deps.config.SITE_URL}/compte` }),
  });
  if (!result.ok) deps.log({ level: "error", message: "sign-in code email failed", fields: { error: result.error } });
  return { sent: result.ok };
}

export type CodeSignInOutcome = { kind: "ok"; user: UserRow } | { kind: "invalid" } | { kind: "exhausted" };

export async function verifySignInCode(deps: Deps, input: { email: string; code: string }): Promise<CodeSignInOutcome> {
  const email = normaliseEmail(input.email);
  const nowMs = deps.clock().getTime();
  // Count first, compare after: only a guess that was counted is ever checked.
  const attempt = await claimEmailCodeAttempt(deps.db, { email, nowMs, maxAttempts: SIGN_IN_CODE_MAX_ATTEMPTS });
  if (!attempt) return (await findLiveEmailCode(deps.db, email, nowMs)) ? { kind: "exhausted" } : { kind: "invalid" };
  if (!hexEqual(await codeHash(deps, email, input.code), attempt.codeHash)) {
    return attempt.attempts >= SIGN_IN_CODE_MAX_ATTEMPTS ? { kind: "exhausted" } : { kind: "invalid" };
  }
  // One-time: of two requests carrying the right code at once, only the one that deletes it signs in.
  if (!(await takeEmailCode(deps.db, attempt.id))) return { kind: "invalid" };
  await deleteEmailCodes(deps.db, email);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return { kind: "invalid" };
  // Receiving the code proves the address, not the password chosen at sign-up.
  return { kind: "ok", user: user.emailVerifiedAtMs ? user : await claimPendingAccount(deps, user) };
}

export type GoogleSignInOutcome = { kind: "ok"; user: UserRow } | { kind: "unverified_email" };

/** Finds the account by Google subject, else links it by verified email, else creates one. */
export async function signInWithGoogle(deps: Deps, identity: GoogleIdentity): Promise<GoogleSignInOutcome> {
  const nowMs = deps.clock().getTime();
  const linked = await findUserByGoogleSubject(deps.db, identity.subject);
  if (linked) return { kind: "ok", user: linked };
  if (!identity.emailVerified) return { kind: "unverified_email" };
  const existing = await findUserByEmail(deps.db, identity.email);
  if (existing && !existing.emailVerifiedAtMs) return { kind: "ok", user: await claimPendingAccount(deps, existing, { googleSubject: identity.subject }) };
  if (existing) {
    await updateUser(deps.db, existing.id, { googleSubject: identity.subject, nowMs });
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
  const result = await deps.mailer.send({ to: user.email, ...email });
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
