// The local outbox of the Node runtime without a Resend key (read at /dev/mails).
import { desc, eq } from "drizzle-orm";
import type { Database } from "../index.ts";
import { devOutbox } from "../schema/index.ts";

export type DevOutboxRow = typeof devOutbox.$inferSelect;

export async function insertOutboxMail(db: Database, row: DevOutboxRow): Promise<void> {
  await db.insert(devOutbox).values(row).onConflictDoNothing({ target: devOutbox.id });
}

export async function listOutbox(db: Database, limit = 50): Promise<DevOutboxRow[]> {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.createdAtMs)).limit(limit);
}

export async function findOutboxMail(db: Database, id: string): Promise<DevOutboxRow | undefined> {
  const [mail] = await db.select().from(devOutbox).where(eq(devOutbox.id, id)).limit(1);
  return mail;
}
