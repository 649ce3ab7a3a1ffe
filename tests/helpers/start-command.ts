// What `npm start` runs once the build is done: the last command of package.json's `start` script
// (`[NAME=value …] node <V8 flags> build/node/server.mjs`): its environment assignments (glibc's
// allocator settings, decision 077) and its node arguments, so that the smoke test and the benches
// start the server exactly as a newcomer does (one home for the flags: package.json).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export interface StartCommand {
  /** the `NAME=value` assignments before `node` */
  env: Record<string, string>;
  /** node's arguments: the V8 flags, then build/node/server.mjs */
  args: string[];
}

/** Parses a start script's last command; throws when it is not `[NAME=value …] node … build/node/server.mjs`. */
export function parseStartCommand(script: string | undefined): StartCommand {
  const words = script?.split("&&").at(-1)?.trim().split(/\s+/) ?? [];
  const env: Record<string, string> = {};
  while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=\S*$/.test(words[0]!)) {
    const [name = "", ...value] = words.shift()!.split("=");
    env[name] = value.join("=");
  }
  if (words[0] !== "node" || !words.at(-1)?.endsWith(".mjs"))
    throw new Error(`package.json's start script should end with « node … build/node/server.mjs »: ${script}`);
  return { env, args: words.slice(1) };
}

export function npmStartCommand(): StartCommand {
  const { scripts } = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  return parseStartCommand(scripts.start);
}

export function npmStartNodeArgs(): string[] {
  return npmStartCommand().args;
}

/** The environment assignments of `npm start` (empty when it has none). */
export function npmStartEnv(): Record<string, string> {
  return npmStartCommand().env;
}
