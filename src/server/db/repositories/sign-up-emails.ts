// When each sign-up last had its e-mail (services/sign-up-emails.ts holds the interval).
import { and, eq, lte } from "drizzle-orm";
import type { Database } from "../index.ts";
import { signUpEmails } from "../schema/index.ts";

export type SignUpEmailClaim = { kind: "claimed" } | { kind: "taken"; sentAtMs: number };

/**
 * One atomic upsert: takes the sign-up's turn to send at `nowMs` unless its last e-mail left
 * after `notBeforeMs`. Of two requests at once, only one takes it; the other reads when the
 * e-mail that holds the turn left.
 */
export async function claimSignUpEmail(db: Database, input: { key: string; nowMs: number; notBeforeMs: number }): Promise<SignUpEmailClaim> {
  // A turn given back between the two statements is free again: try once more.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [claimed] = await db
      .insert(signUpEmails)
      .values({ key: input.key, sentAtMs: input.nowMs })
      .onConflictDoUpdate({ target: signUpEmails.key, set: { sentAtMs: input.nowMs }, setWhere: lte(signUpEmails.sentAtMs, input.notBeforeMs) })
      .returning({ sentAtMs: signUpEmails.sentAtMs });
    if (claimed) return { kind: "claimed" };
    const [holder] = await db.select({ sentAtMs: signUpEmails.sentAtMs }).from(signUpEmails).where(eq(signUpEmails.key, input.key)).limit(1);
    if (holder) return { kind: "taken", sentAtMs: holder.sentAtMs };
  }
  return { kind: "taken", sentAtMs: input.nowMs };
}

/** Gives the turn back when its e-mail did not leave (only the claim made at `sentAtMs`). */
export async function releaseSignUpEmail(db: Database, input: { key: string; sentAtMs: number }): Promise<void> {
  await db.delete(signUpEmails).where(and(eq(signUpEmails.key, input.key), eq(signUpEmails.sentAtMs, input.sentAtMs)));
}
