import type { LibSQLDatabase } from "drizzle-orm/libsql";
import type * as schema from "./schema/index.ts";

export type Database = LibSQLDatabase<typeof schema>;
