import { mkdir } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema/index.ts";
import type { Database } from "./index.ts";

const PROJECT_ROOT = resolve(import.meta.dirname, "../../..");
export const MIGRATIONS_FOLDER = resolve(PROJECT_ROOT, "migrations");
/** how long a statement on the local file waits for another writer's lock before SQLITE_BUSY */
export const BUSY_TIMEOUT_MS = 5000;

/** A relative `file:` URL is relative to the project, whatever the working directory. */
export function resolveDatabaseUrl(url: string): string {
  if (!url.startsWith("file:") || url.startsWith("file:/") || url === "file::memory:") return url;
  return `file:${resolve(PROJECT_ROOT, url.slice("file:".length))}`;
}

/** Opens a libSQL database (a local file by default) and applies the committed migrations. */
export async function openDatabase(options: { url: string; authToken?: string | undefined }): Promise<{
  db: Database;
  close: () => void;
}> {
  if (options.url.startsWith("file:")) {
    const path = options.url.slice("file:".length);
    if (path && path !== ":memory:") await mkdir(dirname(resolve(path)), { recursive: true });
  }
  // The busy timeout is a client option, not a PRAGMA: the client keeps a pool of connections
  // (a transaction takes one, the next statement opens another) and a PRAGMA set one of them
  // only, so the others failed at once with SQLITE_BUSY while another process wrote.
  const client = createClient({ url: options.url, authToken: options.authToken, timeout: BUSY_TIMEOUT_MS });
  if (options.url.startsWith("file:")) {
    // WAL lets the alert run write while pages read.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA foreign_keys = ON");
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, close: () => client.close() };
}
