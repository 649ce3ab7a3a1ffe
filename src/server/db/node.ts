import { dirname, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema/index.ts";
import type { Database } from "./index.ts";
import type { LogEntry } from "../deps.ts";
import { logJson } from "../logger.ts";
import { ensurePrivateDirectory, ensurePrivateFile, tightenPrivateFile, type PrivateRole } from "../private-files.ts";
import { PROJECT_ROOT } from "../project-root.ts";

export const MIGRATIONS_FOLDER = resolve(PROJECT_ROOT, "migrations");
/** The app's own directory (the default database, the generated app secret): 0700, tightened at start. */
export const DEFAULT_DATA_DIRECTORY = resolve(PROJECT_ROOT, ".data");
/** how long a statement on the local file waits for another writer's lock before SQLITE_BUSY */
export const BUSY_TIMEOUT_MS = 5000;

/** A relative `file:` URL is relative to the project, whatever the working directory. */
export function resolveDatabaseUrl(url: string): string {
  if (!url.startsWith("file:") || url.startsWith("file:/") || url === "file::memory:") return url;
  return `file:${resolve(PROJECT_ROOT, url.slice("file:".length))}`;
}

/** SQLite's companions of a database file, which it creates with the database file's mode. */
const COMPANIONS: [suffix: string, role: PrivateRole][] = [
  ["-wal", "database -wal"],
  ["-shm", "database -shm"],
  ["-journal", "database journal"],
];

/**
 * A local database file holds e-mails, password hashes, addresses and codes: its directory is
 * 0700 and the file 0600 before libSQL opens it (libSQL would create it 0644, and SQLite gives
 * the -wal and -shm it creates the database file's mode). Files left open by earlier versions are
 * tightened; the data directory too, any other existing directory only reported.
 */
async function securePrivateDatabaseFile(path: string, options: { dataDirectory: string; log: (entry: LogEntry) => void }): Promise<void> {
  const directory = dirname(path);
  const appOwned = directory === resolve(options.dataDirectory);
  await ensurePrivateDirectory(directory, { role: appOwned ? "data directory" : "database directory", appOwned, log: options.log });
  // An empty file is a new SQLite database.
  await ensurePrivateFile(path, { role: "database", log: options.log });
  for (const [suffix, role] of COMPANIONS) await tightenPrivateFile(`${path}${suffix}`, { role, log: options.log });
}

/** Opens a libSQL database (a local file by default) and applies the committed migrations. */
export async function openDatabase(options: {
  url: string;
  authToken?: string | undefined;
  /** the app's own directory, tightened when it holds the database (tests pass a temp one) */
  dataDirectory?: string;
  log?: (entry: LogEntry) => void;
}): Promise<{
  db: Database;
  close: () => void;
}> {
  if (options.url.startsWith("file:")) {
    const path = options.url.slice("file:".length);
    if (path && path !== ":memory:") {
      await securePrivateDatabaseFile(resolve(path), { dataDirectory: options.dataDirectory ?? DEFAULT_DATA_DIRECTORY, log: options.log ?? logJson });
    }
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
