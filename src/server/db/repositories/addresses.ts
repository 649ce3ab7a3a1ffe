import { and, asc, eq, gt, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { MAX_MONITORED_ADDRESSES } from "../../../core/shared/limits.ts";
import { generateRandomToken } from "../../auth/crypto.ts";
import type { Database } from "../index.ts";
import { alertPreferences, monitoredAddresses, users, type AlertSourceType, type MonitoredAddressRow } from "../schema/index.ts";

/** Every account's addresses, for the daily run (the one read not scoped by an owner). */
export async function listAllAddresses(db: Database): Promise<MonitoredAddressRow[]> {
  return db.select().from(monitoredAddresses);
}

/**
 * The daily run's planning reads communes, not addresses: the next `limit` communes (keyset on
 * the code, after `afterCitycode`) where a verified account watches an address, and how many
 * addresses each has (to size the batches). Reading all addresses at once does not fit a Worker's
 * 128 MB at national scale.
 */
export async function countVerifiedAddressesPerCommunePage(
  db: Database,
  input: { afterCitycode: string | null; limit: number; beforeCitycode?: string },
): Promise<Array<{ citycode: string; count: number }>> {
  return db
    .select({ citycode: monitoredAddresses.citycode, count: sql<number>`count(*)`.mapWith(Number) })
    .from(monitoredAddresses)
    .innerJoin(users, eq(users.id, monitoredAddresses.userId))
    .where(
      and(
        isNotNull(users.emailVerifiedAtMs),
        input.afterCitycode === null ? undefined : gt(monitoredAddresses.citycode, input.afterCitycode),
        input.beforeCitycode === undefined ? undefined : lt(monitoredAddresses.citycode, input.beforeCitycode),
      ),
    )
    .groupBy(monitoredAddresses.citycode)
    .orderBy(asc(monitoredAddresses.citycode))
    .limit(input.limit);
}

/**
 * The same page for one opt-in topic only (decision 073): the communes where a verified account
 * that turned `topic` on watches an address, and how many such addresses each has. A pass that
 * judges one topic on its own (the Worker's 17:00 pass, decision 079) reads these, not every commune.
 */
export async function countTopicAddressesPerCommunePage(
  db: Database,
  input: { topic: AlertSourceType; afterCitycode: string | null; limit: number },
): Promise<Array<{ citycode: string; count: number }>> {
  return db
    .select({ citycode: monitoredAddresses.citycode, count: sql<number>`count(*)`.mapWith(Number) })
    .from(monitoredAddresses)
    .innerJoin(users, eq(users.id, monitoredAddresses.userId))
    .innerJoin(
      alertPreferences,
      and(eq(alertPreferences.userId, monitoredAddresses.userId), eq(alertPreferences.sourceType, input.topic), eq(alertPreferences.emailEnabled, true)),
    )
    .where(and(isNotNull(users.emailVerifiedAtMs), input.afterCitycode === null ? undefined : gt(monitoredAddresses.citycode, input.afterCitycode)))
    .groupBy(monitoredAddresses.citycode)
    .orderBy(asc(monitoredAddresses.citycode))
    .limit(input.limit);
}

/**
 * The addresses verified accounts watch in these communes: one batch of the run, never all of
 * them. With `part`, only the rows whose rowid is `index` modulo `of` (a slice of a crowded commune).
 */
export async function listVerifiedAddressesInCommunes(
  db: Database,
  citycodes: readonly string[],
  part?: { index: number; of: number },
): Promise<MonitoredAddressRow[]> {
  if (citycodes.length === 0) return [];
  const rows = await db
    .select({ address: monitoredAddresses })
    .from(monitoredAddresses)
    .innerJoin(users, eq(users.id, monitoredAddresses.userId))
    .where(
      and(
        isNotNull(users.emailVerifiedAtMs),
        inArray(monitoredAddresses.citycode, [...citycodes]),
        // Qualified: users has a rowid too.
        part === undefined ? undefined : sql`${monitoredAddresses}.rowid % ${part.of} = ${part.index}`,
      ),
    );
  return rows.map((row) => row.address);
}

/** The names accounts gave these addresses (« Maison »), for one page of digests. */
export async function listAddressLabelsByIds(db: Database, ids: readonly string[]): Promise<Array<{ id: string; label: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: monitoredAddresses.id, label: monitoredAddresses.label })
    .from(monitoredAddresses)
    .where(inArray(monitoredAddresses.id, [...ids]));
}

/** Every other query is scoped by the owner: an id alone never reaches another account's row. */
export async function listAddresses(db: Database, userId: string): Promise<MonitoredAddressRow[]> {
  return (
    db
      .select()
      .from(monitoredAddresses)
      .where(eq(monitoredAddresses.userId, userId))
      // Oldest first, the order they were added in (« Domicile 1 », « Domicile 2 »…): /compte, the PDF
      // and the report email list them alike.
      .orderBy(asc(monitoredAddresses.createdAtMs), asc(monitoredAddresses.id))
  );
}

export async function countAddresses(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(monitoredAddresses)
    .where(eq(monitoredAddresses.userId, userId));
  return Number(row?.count ?? 0);
}

/** The place a monitored address stands for: one account holds each place once (unique index). */
export type AddressPlace = Pick<MonitoredAddressRow, "citycode" | "latitude" | "longitude">;

function samePlace(userId: string, place: AddressPlace) {
  return and(
    eq(monitoredAddresses.userId, userId),
    eq(monitoredAddresses.citycode, place.citycode),
    eq(monitoredAddresses.latitude, place.latitude),
    eq(monitoredAddresses.longitude, place.longitude),
  );
}

export async function findAddressAt(db: Database, userId: string, place: AddressPlace): Promise<MonitoredAddressRow | undefined> {
  const [row] = await db.select().from(monitoredAddresses).where(samePlace(userId, place)).limit(1);
  return row;
}

export type InsertAddressOutcome = { kind: "inserted"; row: MonitoredAddressRow } | { kind: "limit" } | { kind: "duplicate" };

/**
 * Inserts only while the account has fewer than 3 addresses and not this place yet, in one
 * statement, so that two concurrent adds can make neither a fourth address nor a second copy.
 */
export async function insertAddressWithinLimit(
  db: Database,
  input: Omit<MonitoredAddressRow, "id" | "createdAtMs"> & { nowMs: number },
): Promise<InsertAddressOutcome> {
  const id = generateRandomToken(12);
  // The unique index settles a race the `not exists` cannot see; `on conflict` needs the `where`
  // of an insert…select (SQLite's parsing rule), which is there.
  const result = await db.run(sql`
    insert into ${monitoredAddresses}
      (id, user_id, label, address_label, latitude, longitude, citycode, postcode, city, udi_code, created_at_ms)
    select ${id}, ${input.userId}, ${input.label}, ${input.addressLabel}, ${input.latitude}, ${input.longitude},
      ${input.citycode}, ${input.postcode}, ${input.city}, ${input.udiCode}, ${input.nowMs}
    where (select count(*) from ${monitoredAddresses} where user_id = ${input.userId}) < ${MAX_MONITORED_ADDRESSES}
      and not exists (select 1 from ${monitoredAddresses} where ${samePlace(input.userId, input)})
    on conflict do nothing
  `);
  if (result.rowsAffected === 0) return (await findAddressAt(db, input.userId, input)) ? { kind: "duplicate" } : { kind: "limit" };
  const row = await findAddress(db, input.userId, id);
  return row ? { kind: "inserted", row } : { kind: "limit" };
}

/** The network (UDI) the alerts, the PDF and the emails read for this address. Null when no such address belongs to this account. */
export async function updateAddressUdi(db: Database, userId: string, id: string, udiCode: string): Promise<MonitoredAddressRow | null> {
  const [row] = await db
    .update(monitoredAddresses)
    .set({ udiCode })
    .where(and(eq(monitoredAddresses.id, id), eq(monitoredAddresses.userId, userId)))
    .returning();
  return row ?? null;
}

export async function findAddress(db: Database, userId: string, id: string): Promise<MonitoredAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(monitoredAddresses)
    .where(and(eq(monitoredAddresses.id, id), eq(monitoredAddresses.userId, userId)))
    .limit(1);
  return row;
}

/** False when no such address belongs to this account. */
export async function deleteAddress(db: Database, userId: string, id: string): Promise<boolean> {
  const result = await db.delete(monitoredAddresses).where(and(eq(monitoredAddresses.id, id), eq(monitoredAddresses.userId, userId)));
  return result.rowsAffected > 0;
}
