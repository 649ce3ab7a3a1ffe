// Issue 28, « Memory out of proportion »: through a soak the Node server's RSS sat 200–300 MB above
// its V8 heap. Measured (decision 077): each password hash (scrypt N=2^14, r=8 → 16 MiB, in libuv's
// threads) left its block in a glibc arena, because glibc's dynamic mmap threshold rises to the size
// of the first block freed (up to 32 MiB) and later blocks come from — and stay in — the arenas.
// `npm start` fixes the threshold (MALLOC_MMAP_THRESHOLD_) so big blocks go back to the system, and
// caps the arenas (MALLOC_ARENA_MAX). glibc only (Linux): other systems ignore the variables.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SCRYPT_PARAMETERS } from "../../src/server/auth/password.ts";
import { npmStartEnv, parseStartCommand } from "../helpers/start-command.ts";

/** RSS growth (MiB) of a fresh node process after `hashes` password hashes, 4 at once (libuv's 4 threads). */
function rssGrowthAfterHashes(env: Record<string, string>, hashes: number): number {
  const script = `
    const { scrypt } = await import("node:crypto");
    const { readFileSync } = await import("node:fs");
    const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) / 1024;
    const one = () => new Promise((done, fail) => scrypt("mot-de-passe-du-test", "sel-sel-sel-sel!", 32, { ...${JSON.stringify(SCRYPT_PARAMETERS)}, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? fail(error) : done(key))));
    const before = rss();
    for (let round = 0; round < ${hashes / 4}; round++) await Promise.all([one(), one(), one(), one()]);
    console.log(rss() - before);`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { env: { PATH: process.env.PATH ?? "", ...env }, encoding: "utf8" });
  if (child.status !== 0) throw new Error(child.stderr);
  return Number(child.stdout.trim());
}

describe("the Node server's native memory (npm start's allocator settings)", () => {
  it.runIf(process.platform === "linux")(
    "password hashes give their 16 MiB back to the system under npm start's allocator settings (RSS grows < 24 MiB after 24 hashes, 4 at once)",
    () => {
      // Without the settings the same hashes keep ~16 MiB per libuv thread (measured 66 MiB): the test's own check that it measures something.
      expect(rssGrowthAfterHashes({}, 24)).toBeGreaterThan(40);
      expect(rssGrowthAfterHashes(npmStartEnv(), 24)).toBeLessThan(24);
    },
    300_000,
  );

  it("npm start's command keeps its allocator settings and its V8 flags apart (the smoke test and the benches start the server with both)", () => {
    expect(parseStartCommand("node a.mjs && A_B=2 C_=1048576 node --max-semi-space-size=8 build/node/server.mjs")).toEqual({
      env: { A_B: "2", C_: "1048576" },
      args: ["--max-semi-space-size=8", "build/node/server.mjs"],
    });
    expect(npmStartEnv()).toMatchObject({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "1048576" });
    expect(() => parseStartCommand("npm run build && tsx server.ts")).toThrow(/start script/);
  });
});
