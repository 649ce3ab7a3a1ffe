// Another process holding the write lock of a libSQL file (`BEGIN IMMEDIATE`), as a long
// `npm run alerts:run`, a migration or a backup does (issue 28, decision 074).
import { spawn } from "node:child_process";

export interface HeldWriteLock {
  /** resolves once the other process has committed and exited */
  released: Promise<void>;
}

/** Resolves once the other process holds the lock; it commits after `holdMs`. */
export async function holdWriteLock(file: string, holdMs: number): Promise<HeldWriteLock> {
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import Database from "libsql";
       const db = new Database(${JSON.stringify(file)});
       db.exec("BEGIN IMMEDIATE");
       db.exec("insert into rate_limits (scope, bucket_key, window_start_seconds, count) values ('lock-holder', 'k', 0, 1) on conflict do nothing");
       console.log("locked");
       setTimeout(() => { db.exec("COMMIT"); db.close(); }, ${holdMs});`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const released = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the lock holder exited (${code}) before taking the lock`)));
  });
  return { released };
}
