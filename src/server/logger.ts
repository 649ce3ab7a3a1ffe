import type { LogEntry } from "./deps.ts";

/** One JSON line per entry on stdout/stderr: what both Node and Workers log collectors expect. */
export function logJson(entry: LogEntry): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level: entry.level, message: entry.message, ...entry.fields });
  if (entry.level === "error") console.error(line);
  else console.log(line);
}

export function silentLog(_entry: LogEntry): void {}
