import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { addressColumns } from "./address-columns.ts";
import { users } from "./users.ts";

/**
 * Up to three addresses an account watches (the limit is enforced in the repository), each once:
 * a picked address is stored without the BAN's id, so the same place is the same commune and
 * coordinates. That unique index also serves the per-account reads (it starts with user_id).
 */
export const monitoredAddresses = sqliteTable(
  "monitored_addresses",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the person's name for it, « Domicile 1 » by default */
    label: text("label").notNull(),
    ...addressColumns(),
    /** UDI (code_reseau) chosen by the person, else the one found when the address was added; null when none was found */
    udiCode: text("udi_code"),
    createdAtMs: integer("created_at_ms").notNull(),
  },
  // citycode alone: the alert plan pages through watched communes and reads a batch's communes.
  (table) => [
    uniqueIndex("monitored_addresses_user_place").on(table.userId, table.citycode, table.latitude, table.longitude),
    index("monitored_addresses_citycode").on(table.citycode),
  ],
);

export type MonitoredAddressRow = typeof monitoredAddresses.$inferSelect;
