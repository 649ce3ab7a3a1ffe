import { eq } from "drizzle-orm";
import { generateRandomToken } from "../../auth/crypto.ts";
import type { Database } from "../index.ts";
import { alertPreferences, emailCodes, monitoredAddresses, sessions, users, type UserRow } from "../schema/index.ts";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, normaliseEmail(email))).limit(1);
  return user;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findUserByGoogleSubject(db: Database, subject: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  return user;
}

/** Null when the email is already taken (the unique index decides, so concurrent sign-ups are safe). */
export async function insertUser(
  db: Database,
  input: { email: string; passwordHash: string | null; firstName: string | null; lastName: string | null; googleSubject?: string | null; emailVerifiedAtMs?: number | null; nowMs: number },
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
  await db.update(users).set({ ...fields, updatedAtMs: nowMs }).where(eq(users.id, id));
}

/**
 * Deletes an account and everything attached to it in one transaction. Explicit deletes rather
 * than relying on ON DELETE CASCADE, which depends on a per-connection pragma.
 */
export async function deleteUserAndData(db: Database, user: Pick<UserRow, "id" | "email">): Promise<void> {
  await db.batch([
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    db.delete(monitoredAddresses).where(eq(monitoredAddresses.userId, user.id)),
    db.delete(alertPreferences).where(eq(alertPreferences.userId, user.id)),
    db.delete(emailCodes).where(eq(emailCodes.email, user.email)),
    db.delete(users).where(eq(users.id, user.id)),
  ]);
}
