// `wrangler dev` for the smoke tests: started offline, waited for until a page answers, stopped.
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort } from "./net.ts";

export const ROOT = resolve(import.meta.dirname, "../..");

export interface WranglerDev {
  child: ChildProcess;
  /** what wrangler printed so far (for failure messages) */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Under Debian's faketime (libfaketime in LD_PRELOAD), workerd hangs at start — even
 * `workerd --version` never returns — and it cannot be given the fake clock any other way (its
 * Date is the machine's). The tests that need `wrangler dev` say so and are skipped there; every
 * other suite runs on the fake clock. Without faketime (CI, a developer's run) they always run.
 */
export const WORKERD_CANNOT_RUN = /faketime/i.test(process.env.LD_PRELOAD ?? "");
export const WORKERD_SKIP_REASON = "workerd hangs under libfaketime: the wrangler dev tests run without faketime";

/**
 * Runs `wrangler dev <args>` (with `env` added to its environment) and resolves once `readyUrl`
 * answers 2xx (90 s at most). Without an
 * `--inspector-port` of the caller's, a free one: wrangler's default, 9229, is shared, and two smoke
 * files starting their Worker in the same millisecond both took it (one died « Address already in use »).
 */
export async function startWranglerDev(args: string[], readyUrl: string, env: Record<string, string> = {}): Promise<WranglerDev> {
  let output = "";
  const inspector = args.includes("--inspector-port") ? [] : ["--inspector-port", String(await freePort()), "--inspector-ip", "127.0.0.1"];
  const child = spawn(join(ROOT, "node_modules", ".bin", "wrangler"), ["dev", ...args, ...inspector], {
    cwd: ROOT,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const wrangler: WranglerDev = {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolveExit) => child.once("exit", resolveExit));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolveWait) => setTimeout(resolveWait, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(readyUrl)).ok) return wrangler;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      await wrangler.stop();
      throw new Error(`wrangler dev did not start:\n${output}`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
  }
}

/**
 * The app's Worker under `wrangler dev` on 127.0.0.1:`port`: `env` written as its env file, its local
 * state (Cache API, queues) under `directory`, the Worker's own info lines in the output
 * (`--log-level log`) and cron triggers on demand (`--test-scheduled`, `/__scheduled?cron=`).
 * `inspectorPort`: where the isolate's DevTools protocol listens (tests/bench/isolate.ts).
 */
export async function startAppWorker(options: { port: number; directory: string; env: Record<string, string>; inspectorPort?: number }): Promise<WranglerDev> {
  const envFile = join(options.directory, "worker.env");
  writeFileSync(
    envFile,
    Object.entries(options.env)
      .map(([key, value]) => `${key}=${value}`)
      .join("\n"),
  );
  const args = ["--port", String(options.port), "--ip", "127.0.0.1", "--env-file", envFile, "--persist-to", join(options.directory, "state")];
  if (options.inspectorPort !== undefined) args.push("--inspector-port", String(options.inspectorPort), "--inspector-ip", "127.0.0.1");
  return startWranglerDev(
    [...args, "--log-level", "log", "--show-interactive-dev-session=false", "--test-scheduled"],
    `http://127.0.0.1:${options.port}/api/health`,
  );
}
