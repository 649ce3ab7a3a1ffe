// What `npm start` runs once the build is done: the last command of package.json's `start` script
// (`node <V8 flags> build/node/server.mjs`), as node arguments, so that the smoke test and the
// bench start the server exactly as a newcomer does (one home for the flags: package.json).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export function npmStartNodeArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const last = scripts.start?.split("&&").at(-1)?.trim().split(/\s+/) ?? [];
  if (last[0] !== "node" || !last.at(-1)?.endsWith(".mjs"))
    throw new Error(`package.json's start script should end with « node … build/node/server.mjs »: ${scripts.start}`);
  return last.slice(1);
}
