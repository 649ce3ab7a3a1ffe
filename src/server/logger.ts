export interface LogEntry {
  level: "info" | "warn" | "error";
  message: string;
  /** never personal data: no query strings, addresses, emails or IPs */
  fields?: Record<string, string | number | boolean | null>;
}

// A last safety net: an email address that slipped into an error message never reaches the logs.
const EMAIL_PATTERN = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

function redact(value: unknown): unknown {
  return typeof value === "string" ? value.replace(EMAIL_PATTERN, "[email]") : value;
}

/** One JSON line per entry on stdout/stderr: what both Node and Workers log collectors expect. */
export function logJson(entry: LogEntry): void {
  const fields = Object.fromEntries(Object.entries(entry.fields ?? {}).map(([key, value]) => [key, redact(value)]));
  const line = JSON.stringify({ time: new Date().toISOString(), level: entry.level, message: entry.message, ...fields });
  if (entry.level === "error") console.error(line);
  else console.log(line);
}

/** "insert users", "select sessions"…: what a failed statement was, without its values. */
function nameQuery(query: string): string {
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? "query";
  const table = /\b(?:into|update|from)\s+["`[]?(\w+)/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/**
 * The loggable part of an error: its class, the class and code of its cause, and for a failed
 * query the statement's verb and table. Never `message`: drizzle and libSQL put the SQL and every
 * parameter there (password hashes, emails, addresses), and other errors may quote input.
 */
export function describeError(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return { error: typeof error };
  const fields: Record<string, string> = { error: error.constructor.name };
  const cause: unknown = error.cause;
  if (cause instanceof Error) fields.cause = cause.constructor.name;
  const code = [error, cause]
    .map((item) => (item && typeof item === "object" && "code" in item ? item.code : undefined))
    .find((item) => typeof item === "string");
  if (typeof code === "string") fields.code = code;
  if ("query" in error && typeof error.query === "string") fields.query = nameQuery(error.query);
  return fields;
}

/** A request id a proxy or Cloudflare set (`x-request-id`, `cf-ray`) is kept if it looks like one; anything else is replaced. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;

/** The id of a request: the one its front set, else a new one. Never anything the request says of a person. */
export function requestIdOf(headers: Headers): string {
  for (const name of ["x-request-id", "cf-ray"]) {
    const value = headers.get(name)?.trim();
    if (value && REQUEST_ID_PATTERN.test(value)) return value;
  }
  return crypto.randomUUID();
}

/**
 * At most one line per key and interval: a failure that every request meets (an upstream down, a
 * busy database) is said once, then again with how many times it was kept quiet. Returns null to
 * keep quiet, else the number of lines kept quiet since the last one.
 */
export function createLogThrottle(intervalMs: number, now: () => number = () => Date.now()): (key: string) => number | null {
  const last = new Map<string, { atMs: number; quiet: number }>();
  return (key) => {
    const entry = last.get(key);
    const nowMs = now();
    if (entry && nowMs - entry.atMs < intervalMs) {
      entry.quiet++;
      return null;
    }
    // Bounded: the keys are a source and a kind of failure, or a route; never more than a few hundred.
    if (last.size > 1000) last.clear();
    last.set(key, { atMs: nowMs, quiet: 0 });
    return entry?.quiet ?? 0;
  };
}
