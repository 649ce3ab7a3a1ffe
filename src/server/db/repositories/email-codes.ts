import { and, desc, eq, gt, inArray, lt, lte, or, sql } from "drizzle-orm";
import { generateRandomToken } from "../../auth/crypto.ts";
import type { Database } from "../index.ts";
import { emailCodes } from "../schema/index.ts";

/** A browser's new code replaces its previous ones (only its latest can be used); other browsers' codes stay. */
export async function replaceEmailCode(
  db: Database,
  input: { email: string; requesterHash: string; codeHash: string; nowMs: number; expiresAtMs: number },
): Promise<void> {
  await db.batch([
    db
      .delete(emailCodes)
      .where(and(eq(emailCodes.email, input.email), or(eq(emailCodes.requesterHash, input.requesterHash), lte(emailCodes.expiresAtMs, input.nowMs)))),
    db.insert(emailCodes).values({
      id: generateRandomToken(12),
      email: input.email,
      requesterHash: input.requesterHash,
      codeHash: input.codeHash,
      createdAtMs: input.nowMs,
      expiresAtMs: input.expiresAtMs,
    }),
  ]);
}

/**
 * Counts one attempt on the latest live code this browser asked for and returns it, in a single
 * statement; nothing when there is no live code or its attempts are used up. A read then a write
 * would let parallel guesses all see « attempts < max » before any of them counted (40 of them
 * did, against Turso).
 */
export async function claimEmailCodeAttempt(db: Database, input: { email: string; requesterHash: string; nowMs: number; maxAttempts: number }) {
  const latest = db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, input.email), eq(emailCodes.requesterHash, input.requesterHash), gt(emailCodes.expiresAtMs, input.nowMs)))
    .orderBy(desc(emailCodes.createdAtMs))
    .limit(1);
  const [row] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(inArray(emailCodes.id, latest), lt(emailCodes.attempts, input.maxAttempts)))
    .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash, attempts: emailCodes.attempts });
  return row;
}

/** Deletes a code once it has been used; true only for the one request that deleted it. */
export async function takeEmailCode(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(emailCodes).where(eq(emailCodes.id, id)).returning({ id: emailCodes.id });
  return deleted.length > 0;
}

export async function deleteEmailCodes(db: Database, email: string): Promise<void> {
  await db.delete(emailCodes).where(eq(emailCodes.email, email));
}
