// The password hash (scrypt via node:crypto) in workerd, the Workers runtime: it must run there
// and its cost must fit a request. Prints the figure recorded in docs/known-limits.md.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../src/server/auth/password.ts";
import { freePort } from "../helpers/net.ts";
import { startWranglerDev, WORKERD_CANNOT_RUN, WORKERD_SKIP_REASON, type WranglerDev } from "../helpers/wrangler.ts";

let wrangler: WranglerDev | undefined;
let baseUrl: string;

if (WORKERD_CANNOT_RUN) console.log(WORKERD_SKIP_REASON);

beforeAll(async () => {
  if (WORKERD_CANNOT_RUN) return;
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  wrangler = await startWranglerDev(
    [
      "tests/smoke/workers/password-probe.ts",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--compatibility-date",
      "2026-10-01",
      "--compatibility-flags",
      "nodejs_compat",
      "--name",
      "password-probe",
      "--config",
      "/dev/null",
      "--log-level",
      "warn",
      "--show-interactive-dev-session=false",
    ],
    `${baseUrl}/noop`,
  );
}, 120_000);

afterAll(async () => {
  await wrangler?.stop();
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

describe.skipIf(WORKERD_CANNOT_RUN)("password hashing in both runtimes", () => {
  it("hashes and verifies with scrypt N=2^14, r=8, p=5 in workerd, and reports the cost", async () => {
    const response = await fetch(`${baseUrl}/hash`);
    expect(response.status, wrangler?.output()).toBe(200);
    expect(await response.json()).toEqual({ hash: "scrypt$16384$8$5", verified: true, rejected: false });

    // One request does 3 derivations (hash, verify, wrong verify); the no-op request is the baseline.
    const workerd = ((await medianMs(() => fetch(`${baseUrl}/hash`))) - (await medianMs(() => fetch(`${baseUrl}/noop`)))) / 3;
    const node = await medianMs(async () => verifyPassword("x", await hashPassword("x")), 3).then((ms) => ms / 2);
    console.log(`scrypt N=2^14 r=8 p=5, one derivation: workerd ≈ ${workerd.toFixed(0)} ms, Node ≈ ${node.toFixed(0)} ms`);
    // Well inside the 30 s CPU budget of a paid Worker request; not a speed assertion.
    expect(workerd).toBeLessThan(10_000);
  }, 60_000);
});
