import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { generateRandomToken } from "../../auth/crypto.ts";
import type { Database } from "../index.ts";
import { alertPreferences, emailCodes, monitoredAddresses, sessions, users, type UserRow } from "../schema/index.ts";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return user;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Accounts whose email is proven: the only ones alerts are sent to. */
export async function listVerifiedUserIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(isNotNull(users.emailVerifiedAtMs));
  return rows.map((row) => row.id);
}

export async function listUsersByIds(db: Database, ids: readonly string[]): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
}

export async function findUserByGoogleSubject(db: Database, subject: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  return user;
}

/** Null when the email is already taken (the unique index decides, so concurrent sign-ups are safe). */
export async function insertUser(
  db: Database,
  input: {
    email: string;
    passwordHash: string | null;
    firstName: string | null;
    lastName: string | null;
    googleSubject?: string | null;
    emailVerifiedAtMs?: number | null;
    nowMs: number;
  },
): Promise<UserRow | null> {
  const row: UserRow = {
    id: generateRandomToken(15),
    email: normaliseEmail(input.email),
    passwordHash: input.passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    googleSubject: input.googleSubject ?? null,
    emailVerifiedAtMs: input.emailVerifiedAtMs ?? null,
    createdAtMs: input.nowMs,
    updatedAtMs: input.nowMs,
  };
  const inserted = await db.insert(users).values(row).onConflictDoNothing({ target: users.email }).returning();
  return inserted[0] ?? null;
}

export async function updateUser(
  db: Database,
  id: string,
  changes: Partial<Pick<UserRow, "passwordHash" | "firstName" | "lastName" | "googleSubject" | "emailVerifiedAtMs">> & { nowMs: number },
): Promise<void> {
  const { nowMs, ...fields } = changes;
  await db
    .update(users)
    .set({ ...fields, updatedAtMs: nowMs })
    .where(eq(users.id, id));
}

/**
 * A new sign-up for an address still waiting for confirmation renews it: no password (sign-ups
 * carry none since issue 22) and a new creation date (the purge of unconfirmed accounts counts from
 * it). The names stay the first sign-up's: a repeat proves nothing, so it renames nobody (issue 39).
 * Null when the account was confirmed meanwhile: the condition is in the statement, so a
 * confirmation wins.
 */
export async function replacePendingUser(db: Database, id: string, input: { passwordHash: null; nowMs: number }): Promise<UserRow | null> {
  const { nowMs, ...fields } = input;
  const [row] = await db
    .update(users)
    .set({ ...fields, createdAtMs: nowMs, updatedAtMs: nowMs })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAtMs)))
    .returning();
  return row ?? null;
}

/**
 * Marks the address verified, once: only the statement that still finds the account unconfirmed
 * (and, when given, with the password hash a confirmation link was signed over) changes it, so
 * two requests carrying the same proof cannot both succeed. Null for the one that lost.
 */
export async function markPendingUserVerified(
  db: Database,
  id: string,
  input: { nowMs: number; expectedPasswordHash?: string | null; changes?: Partial<Pick<UserRow, "passwordHash" | "googleSubject">> },
): Promise<UserRow | null> {
  const { expectedPasswordHash } = input;
  const samePassword =
    expectedPasswordHash === undefined ? undefined : expectedPasswordHash === null ? isNull(users.passwordHash) : eq(users.passwordHash, expectedPasswordHash);
  const [row] = await db
    .update(users)
    .set({ ...input.changes, emailVerifiedAtMs: input.nowMs, updatedAtMs: input.nowMs })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAtMs), samePassword))
    .returning();
  return row ?? null;
}

/**
 * Deletes an account and everything attached to it in one transaction. Explicit deletes rather
 * than relying on ON DELETE CASCADE, which depends on a per-connection pragma.
 */
export async function deleteUserAndData(
  db: Database,
  user: Pick<UserRow, "id" | "email">,
  alsoInTransaction: readonly BatchItem<"sqlite">[] = [],
): Promise<void> {
  await db.batch([
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    db.delete(monitoredAddresses).where(eq(monitoredAddresses.userId, user.id)),
    db.delete(alertPreferences).where(eq(alertPreferences.userId, user.id)),
    db.delete(emailCodes).where(eq(emailCodes.email, user.email)),
    ...alsoInTransaction,
    db.delete(users).where(eq(users.id, user.id)),
  ]);
}
