// A person's alert data outside their account rows: the sign-ups they made without an account
// (matched by mailbox, as the recipient caps are) and the address in the history of alerts sent.
import { inArray, like, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { normaliseRecipientAddress } from "../../../core/shared/email-address.ts";
import type { Database } from "../index.ts";
import { alertEvents, alertSubscriptions } from "../schema/index.ts";

/** The ids of every sign-up without account, confirmed or not, that reaches this mailbox. */
export async function findMailboxSubscriptionIds(db: Database, email: string): Promise<string[]> {
  const mailbox = normaliseRecipientAddress(email);
  const domain = mailbox.slice(mailbox.lastIndexOf("@") + 1);
  const domains = domain === "gmail.com" ? ["gmail.com", "googlemail.com"] : [domain];
  // The domain narrows the rows; the mailbox comparison itself is ours (SQL cannot strip a +tag).
  const rows = await db
    .select({ id: alertSubscriptions.id, email: alertSubscriptions.email })
    .from(alertSubscriptions)
    .where(or(...domains.map((candidate) => like(alertSubscriptions.email, `%@${candidate}`))));
  return rows.filter((row) => normaliseRecipientAddress(row.email) === mailbox).map((row) => row.id);
}

/**
 * Statements (for the caller's batch) that delete those sign-ups and strip the address from the
 * alerts sent to the account or to them: the label is replaced and the report link, which
 * carries the coordinates, points to the home page. What was sent and when stays, for the
 * 24 months of the privacy policy.
 */
export function eraseAlertDataStatements(
  db: Database,
  input: { recipientKeys: readonly string[]; subscriptionIds: readonly string[]; erasedLabel: string; homeUrl: string },
): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(alertEvents)
      .set({
        payloadJson: sql`case when json_valid(${alertEvents.payloadJson}) then json_set(${alertEvents.payloadJson}, '$.addressLabel', ${input.erasedLabel}, '$.reportUrl', ${input.homeUrl}) else '{}' end`,
      })
      .where(inArray(alertEvents.recipientKey, [...input.recipientKeys])),
  ];
  if (input.subscriptionIds.length > 0) statements.push(db.delete(alertSubscriptions).where(inArray(alertSubscriptions.id, [...input.subscriptionIds])));
  return statements;
}
