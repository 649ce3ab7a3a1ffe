// The password hash (scrypt via node:crypto) in workerd, the Workers runtime: it must run there
// and its cost must fit a request. Prints the figure recorded in the README.
import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../src/server/auth/password.ts";
import { freePort } from "../helpers/net.ts";

const ROOT = resolve(import.meta.dirname, "../..");
let wrangler: ChildProcess;
let baseUrl: string;
let output = "";

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  wrangler = spawn(
    join(ROOT, "node_modules", ".bin", "wrangler"),
    ["dev", "tests/smoke/workers/password-probe.ts", "--port", String(port), "--ip", "127.0.0.1", "--compatibility-date", "2026-10-01", "--compatibility-flags", "nodejs_compat", "--name", "password-probe", "--config", "/dev/null", "--log-level", "warn", "--show-interactive-dev-session=false"],
    { cwd: ROOT, env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  wrangler.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  wrangler.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/noop`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || wrangler.exitCode !== null) throw new Error(`wrangler dev did not start:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 500));
  }
}, 120_000);

afterAll(async () => {
  if (wrangler && wrangler.exitCode === null) {
    const exited = new Promise((resolveExit) => wrangler.once("exit", resolveExit));
    wrangler.kill("SIGTERM");
    await Promise.race([exited, new Promise((wait) => setTimeout(wait, 5000))]);
    if (wrangler.exitCode === null) wrangler.kill("SIGKILL");
  }
});

async function medianMs(run: () => Promise<unknown>, times = 5): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)] ?? Number.NaN;
}

describe("password hashing in both runtimes", () => {
  it("hashes and verifies with scrypt N=2^14, r=8, p=5 in workerd, and reports the cost", async () => {
    const response = await fetch(`${baseUrl}/hash`);
    expect(response.status, output).toBe(200);
    expect(await response.json()).toEqual({ hash: "scrypt$16384$8$5", verified: true, rejected: false });

    // One request does 3 derivations (hash, verify, wrong verify); the no-op request is the baseline.
    const workerd = ((await medianMs(() => fetch(`${baseUrl}/hash`))) - (await medianMs(() => fetch(`${baseUrl}/noop`)))) / 3;
    const node = await medianMs(async () => verifyPassword("x", await hashPassword("x")), 3).then((ms) => ms / 2);
    console.log(`scrypt N=2^14 r=8 p=5, one derivation: workerd ≈ ${workerd.toFixed(0)} ms, Node ≈ ${node.toFixed(0)} ms`);
    // Well inside the 30 s CPU budget of a paid Worker request; not a speed assertion.
    expect(workerd).toBeLessThan(10_000);
  }, 60_000);
});
