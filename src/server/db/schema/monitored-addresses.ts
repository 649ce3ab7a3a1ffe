import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { addressColumns } from "./address-columns.ts";
import { users } from "./users.ts";

/** Up to three addresses an account watches (the limit is enforced in the repository). */
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
    /** UDI (code_reseau) found when the address was added; null when none was found */
    udiCode: text("udi_code"),
    createdAtMs: integer("created_at_ms").notNull(),
  },
  (table) => [index("monitored_addresses_user_id").on(table.userId)],
);

export type MonitoredAddressRow = typeof monitoredAddresses.$inferSelect;
