import { dirname, resolve } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema/index.ts";
import type { Database } from "./index.ts";
import { registerNoWait, retryWhileBusy } from "./busy.ts";
import { closeConnectionsThatFailBusy } from "./libsql-busy-connection.ts";
import type { LogEntry } from "../logger.ts";
import { logJson } from "../logger.ts";
import { ensurePrivateDirectory, ensurePrivateFile, tightenPrivateFile, type PrivateRole } from "../private-files.ts";
import { PROJECT_ROOT } from "../project-root.ts";

export const MIGRATIONS_FOLDER = resolve(PROJECT_ROOT, "migrations");
/** The app's own directory (the default database, the generated app secret): 0700, tightened at start. */
export const DEFAULT_DATA_DIRECTORY = resolve(PROJECT_ROOT, ".data");
/**
 * How long a statement on the local file keeps trying, asynchronously, to get past another
 * writer's lock before the request is answered 503 « réessayez » (decision 074). Long jobs
 * (`npm run alerts:run`, migrations) pass a longer one.
 */
export const DATABASE_WRITE_BUDGET_MS = 2000;

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

/** The client calls that SQLite undoes entirely when they fail busy, so that trying again is safe. */
const RETRIED_CALLS = new Set<PropertyKey>(["execute", "batch", "transaction", "migrate"]);

/** The local client, its whole-statement calls tried again while busy (the raw one stays reachable: noWait). */
function retryingWhileBusy(client: Client, budgetMs: number): Client {
  const wrapped = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
      if (!RETRIED_CALLS.has(property)) return method;
      return (...args: unknown[]) => retryWhileBusy(() => method(...args), budgetMs);
    },
  });
  registerNoWait(wrapped, client);
  return wrapped;
}

/** Opens a libSQL database (a local file by default) and applies the committed migrations. */
export async function openDatabase(options: {
  url: string;
  authToken?: string | undefined;
  /** the app's own directory, tightened when it holds the database (tests pass a temp one) */
  dataDirectory?: string;
  log?: (entry: LogEntry) => void;
  /** how long a write keeps trying past another writer's lock (DATABASE_WRITE_BUDGET_MS by default) */
  writeBudgetMs?: number;
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
  const local = options.url.startsWith("file:");
  if (local) closeConnectionsThatFailBusy();
  // No synchronous busy timeout on the local file (decision 074): SQLite's busy handler sleeps on
  // the thread that asked, which is the event loop, and froze every request while another
  // process held the write lock. A statement that meets the lock fails at once and is tried again
  // asynchronously (retryWhileBusy). A client option, not a PRAGMA: the client keeps a pool of
  // connections and a PRAGMA would set one of them only.
  const raw = createClient({ url: options.url, authToken: options.authToken, ...(local ? { timeout: 0 } : {}) });
  const client = local ? retryingWhileBusy(raw, options.writeBudgetMs ?? DATABASE_WRITE_BUDGET_MS) : raw;
  if (local) {
    // WAL lets the alert run write while pages read.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA foreign_keys = ON");
  }
  const db = drizzle(client, { schema });
  if (client !== raw) registerNoWait(db, drizzle(raw, { schema }));
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, close: () => client.close() };
}
