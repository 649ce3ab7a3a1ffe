// A database busy with another writer (decision 074). On the local file, SQLite gives one writer
// at a time the write lock; readers never wait for it (WAL). A statement that meets the lock fails
// at once with SQLITE_BUSY (no synchronous busy timeout: it would block the event loop, and every
// request with it) and is tried again after a pause, asynchronously, within a short budget; past
// it, the request is answered 503 « réessayez », having written nothing.

/** The write could not take the database's lock within its budget: nothing was written. */
export class DatabaseBusyError extends Error {
  readonly waitedMs: number;
  constructor(waitedMs: number) {
    super("the database stayed locked by another writer");
    this.waitedMs = waitedMs;
    this.name = "DatabaseBusyError";
  }
}

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT…), as the libSQL client reports them. */
export function isBusyError(error: unknown): boolean {
  // drizzle wraps the client's error as its cause (DrizzleQueryError)
  for (let item: unknown = error, depth = 0; typeof item === "object" && item !== null && depth < 5; item = (item as { cause?: unknown }).cause, depth++) {
    if (item instanceof DatabaseBusyError) return true;
    const code = (item as { code?: unknown }).code;
    const rawCode = (item as { rawCode?: unknown }).rawCode;
    if ((typeof code === "string" && code.startsWith("SQLITE_BUSY")) || (typeof rawCode === "number" && (rawCode & 0xff) === 5)) return true;
  }
  return false;
}

/** Pauses between tries: short first (an in-process write ends in a millisecond), then every 50 ms. */
const PAUSES_MS = [1, 2, 5, 10, 20, 50];

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY, pausing between tries without holding
 * the event loop, for at most `budgetMs`; then throws DatabaseBusyError. A budget of 0 tries once.
 * Only for what SQLite undoes entirely when it fails busy: one statement, a batch, a BEGIN.
 */
export async function retryWhileBusy<T>(attempt: () => Promise<T>, budgetMs: number): Promise<T> {
  const started = performance.now();
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusyError(error)) throw error;
      const waited = performance.now() - started;
      const pause = PAUSES_MS[Math.min(tries, PAUSES_MS.length - 1)]!;
      if (waited + pause > budgetMs) throw new DatabaseBusyError(Math.round(waited));
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** What a retrying client or database has without the retries (Node's local file); other runtimes have none. */
const NO_WAIT = new WeakMap<object, object>();

export function registerNoWait<Value extends object>(retrying: Value, raw: Value): void {
  NO_WAIT.set(retrying, raw);
}

/**
 * The same client or database without the retries: for what must answer at once or not at all
 * (the health check's write probe, the public reads' rate-limit counters, which fail open).
 */
export function noWait<Value extends object>(retrying: Value): Value {
  return (NO_WAIT.get(retrying) as Value | undefined) ?? retrying;
}
