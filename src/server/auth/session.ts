// Sessions following the Lucia author's guide: token = "<id>.<secret>", SHA-256 of the secret at
// rest, constant-time comparison, sliding expiry within an absolute lifetime. Pure functions over
// the database; the cookie is handled by the middleware.
import { isBusyError, noWait } from "../db/busy.ts";
import type { Database } from "../db/index.ts";
import {
  clearPasswordResetWindow,
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  insertSession,
  updateSessionActivity,
} from "../db/repositories/sessions.ts";
import type { SessionRow, UserRow } from "../db/schema/index.ts";
import { generateRandomToken, hashSecret, secretsEqual } from "./crypto.ts";

const DAY_MS = 24 * 3600 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** However active, a session ends this long after sign-in: a stolen cookie does not live for ever. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;
/** The expiry slides at most once an hour, so a busy session does not write on every request. */
export const SESSION_ACTIVITY_CHECK_MS = 3600 * 1000;
/** After signing in with an emailed code, a new password may be set without the old one for 15 min. */
export const PASSWORD_RESET_WINDOW_MS = 15 * 60 * 1000;

/** 30 days after the last activity, never past 90 days after creation. */
function expiryAfterActivity(createdAtMs: number, activeAtMs: number): number {
  return Math.min(activeAtMs + SESSION_LIFETIME_MS, createdAtMs + SESSION_ABSOLUTE_LIFETIME_MS);
}

export interface ValidSession {
  session: SessionRow;
  user: UserRow;
  /** true when the expiry moved: the cookie must be sent again with the new lifetime */
  refreshed: boolean;
}

export async function createSession(
  db: Database,
  input: { userId: string; nowMs: number; allowPasswordReset?: boolean },
): Promise<{ token: string; session: SessionRow }> {
  const id = generateRandomToken();
  const secret = generateRandomToken();
  const session: SessionRow = {
    id,
    userId: input.userId,
    secretHash: Buffer.from(hashSecret(secret)),
    createdAtMs: input.nowMs,
    lastActiveAtMs: input.nowMs,
    expiresAtMs: expiryAfterActivity(input.nowMs, input.nowMs),
    passwordResetUntilMs: input.allowPasswordReset ? input.nowMs + PASSWORD_RESET_WINDOW_MS : null,
  };
  await insertSession(db, session);
  return { token: `${id}.${secret}`, session };
}

/** A void session is deleted when the database can take it at once; under a lock it is left for the purge (it stays void). */
async function deleteVoidSession(db: Database, id: string): Promise<void> {
  try {
    await deleteSession(noWait(db), id);
  } catch (error) {
    if (!isBusyError(error)) throw error;
  }
}

export async function validateSessionToken(db: Database, token: string, nowMs: number): Promise<ValidSession | null> {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const row = await findSessionWithUser(db, id);
  if (!row) return null;
  const { session, user } = row;
  if (!secretsEqual(hashSecret(secret), new Uint8Array(session.secretHash))) return null;
  // The second test also ends sessions created before the absolute lifetime existed.
  if (session.expiresAtMs <= nowMs || session.createdAtMs + SESSION_ABSOLUTE_LIFETIME_MS <= nowMs) {
    await deleteVoidSession(db, id);
    return null;
  }
  // Only a proven address reaches an account, and only with a session opened after the proof: one
  // opened before belongs to whoever signed up, who may not own the address (pre-claimed account).
  if (user.emailVerifiedAtMs === null || session.createdAtMs < user.emailVerifiedAtMs) {
    await deleteVoidSession(db, id);
    return null;
  }
  if (nowMs - session.lastActiveAtMs < SESSION_ACTIVITY_CHECK_MS) return { session, user, refreshed: false };
  const refreshedSession = { ...session, lastActiveAtMs: nowMs, expiresAtMs: expiryAfterActivity(session.createdAtMs, nowMs) };
  try {
    // Never waited for (decision 074): under another writer's lock the session stays as it is,
    // valid, and is extended by a later request — reading an account page needs no write.
    await updateSessionActivity(noWait(db), id, { lastActiveAtMs: refreshedSession.lastActiveAtMs, expiresAtMs: refreshedSession.expiresAtMs });
  } catch (error) {
    if (!isBusyError(error)) throw error;
    return { session, user, refreshed: false };
  }
  return { session: refreshedSession, user, refreshed: true };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

export async function invalidateUserSessions(db: Database, userId: string, options: { except?: string } = {}): Promise<void> {
  await deleteUserSessions(db, userId, options);
}

/** Closes the « set a new password without the old one » window once it has been used. */
export async function endPasswordResetWindow(db: Database, sessionId: string): Promise<void> {
  await clearPasswordResetWindow(db, sessionId);
}
