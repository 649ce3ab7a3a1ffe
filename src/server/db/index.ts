import type { Client } from "@libsql/client";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import type * as schema from "./schema/index.ts";

/** What drizzle(client, { schema }) gives, in Node and on Workers alike (with its libSQL client). */
export type Database = LibSQLDatabase<typeof schema> & { $client: Client };
