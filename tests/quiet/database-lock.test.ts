// Issue 28, « A database lock freezes the whole server » (decision 074), in the « quiet » project (run alone): another process holds the
// write lock of the libSQL file (`BEGIN IMMEDIATE`, what a long `npm run alerts:run`, a migration or
// a backup does) for longer than the write budget. Pages, warm reports and the health check keep
// answering at once (WAL readers never wait for a writer), the health check says « busy », a write
// either answers 503 « réessayez » or succeeds once the lock is gone, and the event loop — measured
// here, in the server's own process — is never blocked as a wait for the lock would block it.
//
// The bounds are for a freeze, not a speed (docs/tests.md, « Under load »): ten times what a read
// and the loop's longest block take on a quiet machine, and below the 2 s write budget and the old
// 5 s busy timeout, which a read or the loop waiting for the lock would spend.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_WRITE_BUDGET_MS } from "../../src/server/db/node.ts";
import type { LogEntry } from "../../src/server/deps.ts";
import { startServer, type RunningServer } from "../../workers/node.ts";
import { startFakeResend, type FakeResend } from "../fakes/resend-server.ts";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { freePort } from "../helpers/net.ts";
import { holdWriteLock } from "../helpers/write-lock.ts";

/** Longer than the write budget and than the old synchronous busy timeout (5 s). */
const LOCK_HELD_MS = Math.max(6000, DATABASE_WRITE_BUDGET_MS * 3);
/** Reads are sent this long after the lock is taken; the rest of LOCK_HELD_MS is a margin for a slow machine. */
const READ_WINDOW_MS = LOCK_HELD_MS - 2500;
/** A freeze, not a speed: ≥ 10 × a read's and the event loop's longest block on a quiet machine. */
const FREEZE_MS = 1000;

let upstreams: FakeUpstreams;
let resend: FakeResend;
let directory: string;
let server: RunningServer;
const logs: LogEntry[] = [];
let databaseFile: string;

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  resend = await startFakeResend();
  directory = mkdtempSync(join(tmpdir(), "zone-sante-lock-"));
  databaseFile = join(directory, "lock.db");
  const port = await freePort();
  server = await startServer({
    env: {
      NODE_ENV: "test",
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      APP_SECRET: "x".repeat(40),
      ALERTS_SCHEDULER: "off",
      DATABASE_URL: `file:${databaseFile}`,
      RESEND_API_KEY: "re_test_key",
      RESEND_BASE_URL: resend.baseUrl,
      UPSTREAM_TIMEOUT_MS: "2000",
      ...upstreams.config,
    },
    log: (entry) => logs.push(entry),
  });
});
afterAll(async () => {
  await server?.close();
  await upstreams.close();
  await resend.close();
  rmSync(directory, { recursive: true, force: true });
});

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

describe("a write lock held by another process (decision 074)", () => {
  it("pages, warm reports and health answer at once (never a freeze), writes answer 503 « réessayez » or succeed after it, the event loop never blocks", async () => {
    const base = server.url;
    const report = `${base}/api/report?${reportQueryOf(MAIN_SCENARIO)}`;
    // Warm: the report's sources are cached before the lock.
    expect((await timed(report)).status).toBe(200);
    expect(JSON.parse((await timed(`${base}/api/health`)).body)).toMatchObject({ database: "ok" });

    const loop = monitorEventLoopDelay({ resolution: 10 });
    const holder = await holdWriteLock(databaseFile, LOCK_HELD_MS);
    loop.enable();
    const lockedAt = performance.now();

    // A write started under the lock: it answers 503 « réessayez » within its budget, or succeeds.
    const write = timed(`${base}/api/subscriptions/manage-link`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email: "marie@exemple-zs.fr" }),
    });
    const reads: { path: string; ms: number; status: number; body: string }[] = [];
    // Rounds of reads while the window lasts (a round started late still ends under the lock).
    while (performance.now() - lockedAt < READ_WINDOW_MS) {
      for (const path of ["/", "/sources", "/api/health", report.slice(base.length)]) reads.push({ path, ...(await timed(`${base}${path}`)) });
      await new Promise((wait) => setTimeout(wait, 100));
    }
    const duringLock = await write;
    await holder.released;
    loop.disable();

    // One round at least, however slow the machine (about 20 on a quiet one).
    expect(reads.length).toBeGreaterThanOrEqual(4);
    for (const read of reads) {
      expect(read.status, read.path).toBe(200);
      expect(read.ms, `${read.path} took ${Math.round(read.ms)} ms under the lock`).toBeLessThan(FREEZE_MS);
    }
    const health = reads.filter((read) => read.path === "/api/health").map((read) => JSON.parse(read.body) as { database: string });
    expect(health.every((answer) => answer.database === "busy")).toBe(true);
    expect(loop.max / 1e6, "longest event-loop block (ms)").toBeLessThan(FREEZE_MS);

    if (duringLock.status === 503) {
      expect(JSON.parse(duringLock.body)).toMatchObject({ code: "database_busy", error: expect.stringContaining("Réessayez") });
      // Said in the log with its route, never the e-mail address.
      const refused = logs.filter((entry) => entry.message === "database busy: write refused");
      expect(refused.map((entry) => entry.fields)).toEqual([{ method: "POST", path: "/api/subscriptions/manage-link", quiet: 0 }]);
    } else {
      expect(duringLock.status).toBe(202);
    }
    // After the lock: the same write succeeds, the health check is « ok » again.
    const after = await timed(`${base}/api/subscriptions/manage-link`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email: "marie@exemple-zs.fr" }),
    });
    expect(after.status).toBe(202);
    expect(JSON.parse((await timed(`${base}/api/health`)).body)).toMatchObject({ database: "ok" });
    // Nobody's stack trace, and the busy database said once per kind, not per request.
    expect(logs.filter((entry) => entry.message === "unhandled error")).toEqual([]);
  }, 60_000);
});
