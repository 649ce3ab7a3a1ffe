// `npm run bench:isolate` (issue 24, item 3; decision 062): the alert run's plan and process stages
// measured INSIDE workerd, the Workers runtime, rather than on Node. The app Worker runs under
// `wrangler dev` (tests/helpers/wrangler.ts) against the test libSQL server (Hrana over HTTP, from
// a temp file seeded like `npm run bench:national`: tests/bench/seed-country.ts), the fake
// upstreams in national mode and the fake Resend (both in a child process, tests/bench/national.ts).
// The 14:30 plan cron is triggered on `/cdn-cgi/local/scheduled`; its `process` messages then go
// through wrangler's local queue to the same Worker (max_batch_size 5, as in wrangler.toml).
//
// The isolate's heap is read over its DevTools protocol (`wrangler dev --inspector-port`): every
// ~250 ms, `HeapProfiler.collectGarbage` (a full collection) then `Runtime.getHeapUsage`
// (`usedSize`: the live JS heap of the isolate). workerd has no `process.memoryUsage` and no
// `performance.memory`; its inspector implements V8's Runtime, Profiler and HeapProfiler domains.
// workerd answers `HeapProfiler.collectGarbage` only when the isolate next runs (V8 posts the
// collection as a task on the isolate's runner): while the plan or a consumer runs, that is at once;
// at rest the bench takes a heap snapshot instead, which collects first.
// Prints the heap at rest (after a first /api/health), the peak live heap during the plan and
// during the process messages, and wall times. Asserts nothing.
//
// `--addresses N --communes M` (default 200 000 over 34 900, the national bench's country);
// `--process-minutes K` stops sampling the process messages after K minutes (default 10): the
// national run has ~770 messages, more than fit in a bench that finishes within 20 minutes here.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/server/db/node.ts";
import { startFakeLibsqlServer } from "../fakes/libsql-server.ts";
import { upstreamConfigFor } from "../fakes/upstream-server.ts";
import { freePort } from "../helpers/net.ts";
import { startAppWorker } from "../helpers/wrangler.ts";
import { startFakesProcess } from "./national.ts";
import { seedSubscribers } from "./seed-country.ts";

const MB = 1024 * 1024;
const SAMPLE_MS = 250;
const DAY_MS = 24 * 3600 * 1000;
/** The plan's winter cron (14:30 Paris = 13:30 UTC); the summer one is 12:30 UTC. */
const PLAN_CRON = { winter: "30 13 * * *", summer: "30 12 * * *" };

function readFlag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} expects a positive number`);
  return value;
}

/** A minimal DevTools protocol client over the inspector's WebSocket (Node 24's global WebSocket). */
async function connectInspector(
  port: number,
): Promise<{ send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>; close(): void }> {
  const deadline = Date.now() + 30_000;
  let targets: Array<{ title?: string; webSocketDebuggerUrl?: string }> = [];
  while (Date.now() < deadline) {
    try {
      targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as typeof targets;
      if (targets.some((target) => target.webSocketDebuggerUrl)) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
  }
  const target =
    targets.find((candidate) => candidate.webSocketDebuggerUrl && /zone-sante/.test(candidate.title ?? "")) ?? targets.find((c) => c.webSocketDebuggerUrl);
  if (!target?.webSocketDebuggerUrl) throw new Error(`no inspector target on port ${port}: ${JSON.stringify(targets)}`);
  console.log(`  inspector target: ${target.title ?? "?"} (${targets.length} listed)`);
  // wrangler's inspector proxy wants an Origin it allows (a local one) from a client that sends a User-Agent.
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "http://127.0.0.1" } } as unknown as string[]);
  await new Promise<void>((resolveOpen, reject) => {
    socket.addEventListener("open", () => resolveOpen(), { once: true });
    socket.addEventListener("error", () => reject(new Error("inspector WebSocket failed")), { once: true });
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  socket.addEventListener("message", (event) => {
    if (process.env.BENCH_CDP_DEBUG) console.log(`  CDP ← ${String(event.data).slice(0, 200)}`);
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
    if (message.id === undefined) {
      client.onEvent?.((message as { method?: string }).method ?? "");
      return;
    }
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) pending?.reject(new Error(message.error.message));
    else pending?.resolve(message.result ?? {});
  });
  const client: {
    onEvent?: (method: string) => void;
    send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
    close(): void;
  } = {
    send(method, params = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${method}: no answer in 60 s`)), 60_000);
        waiting.set(id, {
          resolve: (result) => {
            clearTimeout(timer);
            resolve(result);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => socket.close(),
  };
  return client;
}

type Phase = "rest" | "plan" | "process" | "after";

async function main(): Promise<void> {
  const addresses = readFlag("--addresses", 200_000);
  const communeCount = readFlag("--communes", 34_900);
  const processMinutes = readFlag("--process-minutes", 10);
  const now = new Date();
  const directory = mkdtempSync(join(tmpdir(), "zone-sante-bench-isolate-"));
  const fakes = await startFakesProcess(communeCount, now, 1);
  const stops: Array<() => Promise<void> | void> = [() => fakes.stop(), () => rmSync(directory, { recursive: true, force: true })];
  try {
    // The country, seeded into the file the libSQL server will serve (migrated by openDatabase).
    const path = join(directory, "turso.db");
    const database = await openDatabase({ url: `file:${path}` });
    const communes = ((await (await fetch(`${fakes.upstreamUrl}/geo/communes?fields=code`)).json()) as Array<{ code: string }>).map((c) => c.code).sort();
    console.log(`Seeding ${addresses} watched addresses over ${communes.length} communes…`);
    const seed = await seedSubscribers(database.db, communes, addresses, now.getTime() - DAY_MS);
    database.close();
    console.log(
      `  ${seed.signUps} sign-ups, ${seed.accountAddresses} account addresses; largest commune ${seed.largestCommune}; ${(seed.seedMs / 1000).toFixed(1)} s`,
    );
    const libsql = await startFakeLibsqlServer({ path, streamIdleMs: 60_000 });
    stops.unshift(() => libsql.close());

    const port = await freePort();
    const inspectorPort = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    console.log("Starting the Worker under wrangler dev…");
    const wrangler = await startAppWorker({
      port,
      directory,
      inspectorPort,
      env: {
        ...upstreamConfigFor(fakes.upstreamUrl),
        APP_SECRET: "bench-isolate-secret-bench-isolate-secret-0",
        DATABASE_URL: libsql.baseUrl,
        SITE_URL: baseUrl,
        RESEND_API_KEY: "re_bench",
        RESEND_BASE_URL: fakes.resendUrl,
        UPSTREAM_TIMEOUT_MS: "30000",
        // Rate gates off, as in the national bench: the wall times are the pipeline's.
        ALERT_HUBEAU_PER_SECOND: "0",
        ALERT_VIGIEAU_PER_SECOND: "0",
        ALERT_ATMO_PER_SECOND: "0",
        ALERT_BAIGNADES_PER_SECOND: "0",
      },
    });
    stops.unshift(() => wrangler.stop());
    if (process.env.BENCH_DUMP) stops.unshift(() => writeFileSync(process.env.BENCH_DUMP!, wrangler.output()));
    const health = await fetch(`${baseUrl}/api/health`);
    console.log(`  /api/health ${health.status}`);
    const inspector = await connectInspector(inspectorPort);
    stops.unshift(() => inspector.close());

    let phase: Phase = "rest";
    const peaks: Record<Phase, { bytes: number; samples: number }> = {
      rest: { bytes: 0, samples: 0 },
      plan: { bytes: 0, samples: 0 },
      process: { bytes: 0, samples: 0 },
      after: { bytes: 0, samples: 0 },
    };
    const liveHeap = async (): Promise<number> => {
      await inspector.send("HeapProfiler.collectGarbage");
      const usage = await inspector.send("Runtime.getHeapUsage");
      return Number(usage.usedSize);
    };
    // At rest the isolate runs no task, so HeapProfiler.collectGarbage (a task V8 posts to the
    // isolate's own runner) would wait for the next event; a heap snapshot collects garbage at once.
    const snapshotStarted = Date.now();
    await inspector.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    const atRest = Number((await inspector.send("Runtime.getHeapUsage")).usedSize);
    console.log(`  heap snapshot (forces a full collection) in ${Date.now() - snapshotStarted} ms`);
    peaks.rest = { bytes: atRest, samples: 1 };
    console.log(`  isolate heap at rest (after /api/health, full GC): ${(atRest / MB).toFixed(1)} MB`);
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const started = Date.now();
        const bytes = await liveHeap().catch(() => 0);
        const peak = peaks[phase];
        peak.bytes = Math.max(peak.bytes, bytes);
        peak.samples += 1;
        await new Promise((resolveWait) => setTimeout(resolveWait, Math.max(0, SAMPLE_MS - (Date.now() - started))));
      }
    })();

    // The plan's cron at today's 14:30 in Paris (the Worker reads its own clock for the day).
    const winter = new Date(`${now.toISOString().slice(0, 10)}T12:00:00Z`).toLocaleString("en-GB", { timeZone: "Europe/Paris", hour: "2-digit" }) === "13";
    const cron = winter ? PLAN_CRON.winter : PLAN_CRON.summer;
    const at = Date.parse(`${now.toISOString().slice(0, 10)}T${winter ? "13" : "12"}:30:00Z`);
    const outputFrom = wrangler.output().length;
    phase = "plan";
    const planStarted = Date.now();
    const trigger = await fetch(`${baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}&time=${at}`);
    if (!trigger.ok) throw new Error(`the scheduled trigger answered ${trigger.status}`);
    const planLine = await waitFor(
      () => /\{[^\n]*"alert plan enqueued"[^\n]*\}|\{[^\n]*"alert plan stage failed"[^\n]*\}/.exec(wrangler.output().slice(outputFrom))?.[0],
      20 * 60_000,
    );
    const planMs = Date.now() - planStarted;
    phase = "process";
    const planPeak = peaks.plan.bytes;
    const enqueued = Number((/"messages":(\d+)/.exec(planLine) ?? [])[1] ?? 0);
    console.log(`  plan done in ${(planMs / 1000).toFixed(1)} s: ${planLine.slice(0, 400)}`);
    console.log(`  plan peak live heap: ${(planPeak / MB).toFixed(1)} MB over ${peaks.plan.samples} samples`);

    // The process messages: wrangler prints one line per queue consumer invocation.
    const processStarted = Date.now();
    const processDeadline = processStarted + processMinutes * 60_000;
    const consumed = () =>
      [
        ...wrangler
          .output()
          .slice(outputFrom)
          .matchAll(/QUEUE zone-sante-alerts (\d+)\/(\d+)/g),
      ].reduce((sum, match) => sum + Number(match[1]), 0);
    let lastReport = 0;
    while (consumed() < enqueued && Date.now() < processDeadline) {
      if (Date.now() - lastReport > 30_000) {
        lastReport = Date.now();
        console.log(`  … ${consumed()} of ${enqueued} messages, peak ${(peaks.process.bytes / MB).toFixed(1)} MB`);
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, 1000));
    }
    const processMs = Date.now() - processStarted;
    phase = "after";
    await new Promise((resolveWait) => setTimeout(resolveWait, 2 * SAMPLE_MS));
    sampling = false;
    await sampler;
    await inspector.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    const afterwards = Number((await inspector.send("Runtime.getHeapUsage")).usedSize);
    const failures = wrangler
      .output()
      .slice(outputFrom)
      .split("\n")
      .filter((line) => /"level":"(error|warn)"/.test(line));

    console.log(
      `\nZone Santé — the alert run inside workerd (wrangler dev), ${addresses} addresses over ${communes.length} communes, rate gates off, ` +
        `${process.platform} ${process.arch}, Node ${process.version} for the fakes\n`,
    );
    const rows: Array<[string, string]> = [
      ["isolate live heap at rest (after /api/health)", `${(atRest / MB).toFixed(1)} MB`],
      ["plan: peak live heap", `${(planPeak / MB).toFixed(1)} MB (${peaks.plan.samples} samples)`],
      ["plan: wall time", `${(planMs / 1000).toFixed(1)} s`],
      [`process: peak live heap (${consumed()} of ${enqueued} messages)`, `${(peaks.process.bytes / MB).toFixed(1)} MB (${peaks.process.samples} samples)`],
      ["process: wall time", `${(processMs / 1000).toFixed(1)} s${consumed() < enqueued ? ` (stopped after ${processMinutes} min)` : ""}`],
      ["live heap afterwards", `${(afterwards / MB).toFixed(1)} MB`],
      ["warn/error log lines", String(failures.length)],
    ];
    for (const [measure, value] of rows) console.log(`${measure.padEnd(60)} ${value}`);
    for (const line of failures.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
  } finally {
    for (const stop of stops) await stop();
  }
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
}

await main();
