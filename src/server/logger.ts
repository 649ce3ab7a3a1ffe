import type { LogEntry } from "./deps.ts";

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
