// The sessions table (auth/session.ts holds the rules: token, hashing, sliding expiry).
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../index.ts";
import { sessions, users, type SessionRow, type UserRow } from "../schema/index.ts";

export async function insertSession(db: Database, session: SessionRow): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function findSessionWithUser(db: Database, id: string): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [row] = await db.select().from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, id)).limit(1);
  return row ? { session: row.sessions, user: row.users } : null;
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: Database, userId: string, options: { except?: string } = {}): Promise<void> {
  await db.delete(sessions).where(options.except ? and(eq(sessions.userId, userId), ne(sessions.id, options.except)) : eq(sessions.userId, userId));
}

export async function updateSessionActivity(db: Database, id: string, input: { lastActiveAtMs: number; expiresAtMs: number }): Promise<void> {
  await db.update(sessions).set({ lastActiveAtMs: input.lastActiveAtMs, expiresAtMs: input.expiresAtMs }).where(eq(sessions.id, id));
}

export async function clearPasswordResetWindow(db: Database, id: string): Promise<void> {
  await db.update(sessions).set({ passwordResetUntilMs: null }).where(eq(sessions.id, id));
}
