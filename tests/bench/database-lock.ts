// `npm run bench:lock` (issue 40; decision 074's targets, which `tests/quiet/database-lock.test.ts` no
// longer holds as timed assertions): the Node server, in this process, answers while another process
// holds its libSQL file's write lock for LOCK_HELD_MS. Prints each read's p50 / p95 / max (pages, the
// health check, a warm report) and the event loop's longest block, measured in the server's process,
// against the targets: < 100 ms each. Asserts nothing. `-- --seconds N` holds the lock N seconds (6).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startServer } from "../../workers/node.ts";
import { startFakeResend } from "../fakes/resend-server.ts";
import { startFakeUpstreams } from "../fakes/upstream-server.ts";
import { MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { freePort } from "../helpers/net.ts";
import { holdWriteLock } from "../helpers/write-lock.ts";

const TARGET_MS = 100;
const secondsFlag = process.argv.indexOf("--seconds");
const LOCK_HELD_MS = 1000 * (secondsFlag >= 0 ? Number(process.argv[secondsFlag + 1]) : 6);
if (!Number.isFinite(LOCK_HELD_MS) || LOCK_HELD_MS < 2000) throw new Error("--seconds expects a number ≥ 2");

const upstreams = await startFakeUpstreams();
const resend = await startFakeResend();
const directory = mkdtempSync(join(tmpdir(), "zone-sante-bench-lock-"));
const databaseFile = join(directory, "lock.db");
const port = await freePort();
const server = await startServer({
  env: {
    NODE_ENV: "test",
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    APP_SECRET: "x".repeat(40),
    ALERTS_SCHEDULER: "off",
    DATABASE_URL: `file:${databaseFile}`,
    RESEND_API_KEY: "re_test_key",
    RESEND_BASE_URL: resend.baseUrl,
    ...upstreams.config,
  },
  log: () => {},
});

const paths = ["/", "/sources", "/api/health", `/api/report?${reportQueryOf(MAIN_SCENARIO)}`];
const labels = ["home page", "/sources", "/api/health", "warm report"];
const samples = new Map<string, number[]>(paths.map((path) => [path, []]));
try {
  // Warm: the report's sources cached, the pages read once.
  for (const path of paths) await (await fetch(`${server.url}${path}`)).arrayBuffer();

  const loop = monitorEventLoopDelay({ resolution: 10 });
  const holder = await holdWriteLock(databaseFile, LOCK_HELD_MS);
  loop.enable();
  const lockedAt = performance.now();
  while (performance.now() - lockedAt < LOCK_HELD_MS - 1500) {
    for (const path of paths) {
      const started = performance.now();
      await (await fetch(`${server.url}${path}`)).arrayBuffer();
      samples.get(path)!.push(performance.now() - started);
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  await holder.released;
  loop.disable();

  const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`Reads under another process's write lock (${LOCK_HELD_MS / 1000} s), target < ${TARGET_MS} ms each:`);
  for (const [index, path] of paths.entries()) {
    const sorted = [...samples.get(path)!].sort((a, b) => a - b);
    console.log(
      `  ${labels[index]!.padEnd(12)} n=${sorted.length}  p50 ${ms(quantile(sorted, 0.5))}  p95 ${ms(quantile(sorted, 0.95))}  max ${ms(sorted.at(-1)!)}`,
    );
  }
  console.log(`  event loop's longest block: ${ms(loop.max / 1e6)} (target < ${TARGET_MS} ms)`);
} finally {
  await server.close();
  await upstreams.close();
  await resend.close();
  rmSync(directory, { recursive: true, force: true });
}
