// An opt-in memory trace of the Node server for `npm run bench:soak`: with
// MEMORY_LOG_MS set (≥ 100), one JSON line on stderr every that many ms with the process's own
// figures (RSS, V8 heap, outside the heap, the young generation's size). Off by default, never
// reachable over HTTP: the bench reads it from the child process's stderr.
import { getHeapSpaceStatistics } from "node:v8";

/** The marker the bench looks for on stderr. */
export const MEMORY_LOG_MARKER = "zone-sante-memory";

export interface MemorySample {
  marker: typeof MEMORY_LOG_MARKER;
  atMs: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** V8's young generation (new space) as reserved: garbage-to-be, not live data */
  newSpace: number;
}

export function sampleMemory(): MemorySample {
  const usage = process.memoryUsage();
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;
  return { marker: MEMORY_LOG_MARKER, atMs: Date.now(), ...usage, newSpace };
}

/** Starts the trace when MEMORY_LOG_MS asks for it; the timer never keeps the process alive. */
export function startMemoryLog(
  env: Record<string, string | undefined>,
  write: (line: string) => void = (line) => process.stderr.write(line),
): (() => void) | null {
  const everyMs = Number(env.MEMORY_LOG_MS ?? "");
  if (!Number.isFinite(everyMs) || everyMs < 100) return null;
  const timer = setInterval(() => write(`${JSON.stringify(sampleMemory())}\n`), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
