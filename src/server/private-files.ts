// Node only. The files other local users must not read — the libSQL database (e-mails, password
// hashes, addresses, stored codes), its -wal and -shm, the app secret — are 0600 in 0700
// directories (decision 059). Earlier versions left them 0644 in a 0755 .data/: they are
// tightened at start, and the log names the file's role, never its path (paths name people:
// /home/marie/…).
import { chmod, mkdir, open, stat } from "node:fs/promises";
import type { LogEntry } from "./logger.ts";
import { describeError } from "./logger.ts";

/** What a log line may call a private file or directory. */
export type PrivateRole = "data directory" | "database directory" | "database" | "database -wal" | "database -shm" | "database journal" | "app secret";

type Log = (entry: LogEntry) => void;

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** group and other bits */
const OPEN_TO_OTHERS = 0o077;

const octal = (mode: number) => `0${(mode & 0o777).toString(8).padStart(3, "0")}`;

function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

async function modeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).mode & 0o777;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

async function tighten(path: string, role: PrivateRole, from: number, to: number, log: Log): Promise<void> {
  try {
    await chmod(path, to);
    log({ level: "warn", message: "permissions tightened: other local users could read this", fields: { file: role, from: octal(from), to: octal(to) } });
  } catch (error) {
    // Not ours to change (another owner): the server still starts, and says what is left open.
    log({
      level: "warn",
      message: "permissions left open: could not tighten them, chmod them yourself",
      fields: { file: role, mode: octal(from), ...describeError(error) },
    });
  }
}

/**
 * Creates `path` and its missing parents 0700. An existing directory open to others is tightened
 * when it is the app's own (`appOwned`: the data directory); any other is the operator's — maybe
 * their home or a shared folder — and is only reported.
 */
export async function ensurePrivateDirectory(path: string, options: { role: PrivateRole; appOwned: boolean; log: Log }): Promise<void> {
  const firstCreated = await mkdir(path, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  if (firstCreated !== undefined) return;
  const mode = await modeOf(path);
  if (mode === null || (mode & OPEN_TO_OTHERS) === 0) return;
  if (options.appOwned) return tighten(path, options.role, mode, PRIVATE_DIRECTORY_MODE, options.log);
  options.log({
    level: "warn",
    message: "permissions left open: the directory holding private files is not the app's own, chmod 700 it",
    fields: { file: options.role, mode: octal(mode) },
  });
}

/** An existing file open to others becomes 0600; a missing one stays missing. */
export async function tightenPrivateFile(path: string, options: { role: PrivateRole; log: Log }): Promise<void> {
  const mode = await modeOf(path);
  if (mode !== null && (mode & OPEN_TO_OTHERS) !== 0) await tighten(path, options.role, mode, PRIVATE_FILE_MODE, options.log);
}

/** Creates `path` empty and 0600 if it is missing (whatever the umask allows: never more); tightens it otherwise. */
export async function ensurePrivateFile(path: string, options: { role: PrivateRole; log: Log }): Promise<void> {
  try {
    await (await open(path, "wx", PRIVATE_FILE_MODE)).close();
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
    await tightenPrivateFile(path, options);
  }
}
