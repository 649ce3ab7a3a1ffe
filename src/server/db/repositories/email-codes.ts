import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { generateRandomToken } from "../../auth/crypto.ts";
import type { Database } from "../index.ts";
import { emailCodes } from "../schema/index.ts";

/** A new code replaces the previous ones: only the latest can be used. */
export async function replaceEmailCode(db: Database, input: { email: string; codeHash: string; nowMs: number; expiresAtMs: number }): Promise<void> {
  await db.batch([
    db.delete(emailCodes).where(eq(emailCodes.email, input.email)),
    db.insert(emailCodes).values({ id: generateRandomToken(12), email: input.email, codeHash: input.codeHash, createdAtMs: input.nowMs, expiresAtMs: input.expiresAtMs }),
  ]);
}

export async function findLiveEmailCode(db: Database, email: string, nowMs: number) {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), gt(emailCodes.expiresAtMs, nowMs)))
    .orderBy(desc(emailCodes.createdAtMs))
    .limit(1);
  return row;
}

export async function countEmailCodeAttempt(db: Database, id: string): Promise<void> {
  await db.update(emailCodes).set({ attempts: sql`${emailCodes.attempts} + 1` }).where(eq(emailCodes.id, id));
}

export async function deleteEmailCodes(db: Database, email: string): Promise<void> {
  await db.delete(emailCodes).where(eq(emailCodes.email, email));
}

export async function purgeExpiredEmailCodes(db: Database, nowMs: number): Promise<void> {
  await db.delete(emailCodes).where(lt(emailCodes.expiresAtMs, nowMs));
}
