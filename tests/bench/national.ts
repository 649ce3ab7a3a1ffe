// `npm run bench:national` (issue 14 « Bench »): the daily alert run at national scale against the
// fakes — 200 000 watched addresses over 34 900 communes by default, `--addresses N --communes M`
// for a smaller country. The fake upstreams (national mode: ATMO, Hub'Eau, VigiEau, API Géo
// answering in bulk with paging; the indice pollen's paged national read and Météo-France's map,
// read because one account in ten has pollen or weather alerts on — issue 26, decision 073) and the fake Resend run in a child process, so that the memory
// and CPU figures are the run's own. Two days are run on one temp libSQL file: day 1 is the first
// run (every commune new: water digests built from each département's year), day 2 the next day
// (VigiEau unchanged; the fake's samples are fixed in calendar time, one per commune per 30 days,
// so about one commune in 30 has a new sample, judged from its digest).
//
// The stages are the ones runAlerts (src/server/alerts/run.ts) chains — plan (bulk reads +
// enqueue), process (queue drained), send (first page enqueued, queue drained), purge — composed
// here from the same functions so that each stage is timed and each queue message measured (the
// run exposes no per-message hook). Keep this in step with run.ts.
//
// Every rate gate is off (ALERT_*_PER_SECOND=0, bathing included): the wall times are the
// pipeline's, and what production pacing adds is computed from the call counts, labelled as such.
// Memory is sampled every 10 ms and after a full collection before each message; V8 collects
// lazily in a big Node heap, so a batch's peak is an upper bound of what it holds. `--live-memory`
// forces a collection before every sample (every 100 ms) to measure the live set instead: much
// slower, its wall times mean nothing. `--days 1` stops after the first day, `--plan-only` after
// its plan stage.
// What a Worker isolate must fit (decision 062): the live heap after a full collection, probed at
// each stage's instrumentation points (every DB request, upstream answer and page of results), and
// the CPU time per invocation (process.cpuUsage, forced collections excluded; this process only, so
// the fakes are out but the local libSQL file's work is in: an upper bound of a Worker's, whose
// database is a network round trip).
// Prints a table; asserts nothing.
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Client, Transaction } from "@libsql/client";
import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { todayInParis } from "../../src/core/shared/time.ts";
import { createMemoryQueue } from "../../src/server/alerts/memory-queue.ts";
import { deadRunAfterMs } from "../../src/server/alerts/lifecycle.ts";
import { enqueueAlertPlan, type PlanOutcome } from "../../src/server/alerts/plan.ts";
import { startSendStage } from "../../src/server/alerts/send.ts";
import { createHandlerContext, handleAlertMessage, type AlertMessage, type AlertQueue } from "../../src/server/alerts/queue.ts";
import { generateRandomToken } from "../../src/server/auth/crypto.ts";
import { createMemoryCache } from "../../src/server/cache/memory.ts";
import type { Cache } from "../../src/server/cache/types.ts";
import { parseConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/index.ts";
import { openDatabase } from "../../src/server/db/node.ts";
import { acquireAlertRun, finishAlertRun } from "../../src/server/db/repositories/alert-runs.ts";
import { purgeExpiredData } from "../../src/server/db/repositories/purge.ts";
import * as schema from "../../src/server/db/schema/index.ts";
import { alertEvents } from "../../src/server/db/schema/index.ts";
import type { AppDeps, LogEntry } from "../../src/server/deps.ts";
import { createResendMailer } from "../../src/server/email/mailer.ts";
import { retryPendingConfirmations } from "../../src/server/services/subscriptions.ts";
import { createSources } from "../../src/server/services/sources.ts";
import { startFakeResend } from "../fakes/resend-server.ts";
import { startFakeUpstreams, upstreamConfigFor, type FakeRequest } from "../fakes/upstream-server.ts";
import { seedSubscribers, type SeedFigures } from "./seed-country.ts";

const DEFAULT_ADDRESSES = 200_000;
const DEFAULT_COMMUNES = 34_900;
const UPSTREAM_DELAY_MS = 50;
/** Day 1, 17:00 in Paris (summer time): when the Node scheduler starts the whole run. */
const DAY_ONE_AT_UTC = new Date("2026-07-15T15:00:00Z");
const DAY_MS = 24 * 3600 * 1000;
const MEMORY_SAMPLE_MS = 10;
const LIVE_MEMORY_SAMPLE_MS = 100;
/** wrangler.toml [[queues.consumers]] max_batch_size: messages one consumer invocation receives. */
const MESSAGES_PER_INVOCATION = 5;
/** Production pacing (config.ts defaults), for the computed lower bound of a paced run. */
// The indice pollen's national read goes through the ATMO gate (ALERT_ATMO_PER_SECOND).
const PRODUCTION_CALLS_PER_SECOND: Record<string, number> = { vigieau: 0.2, hubeau: 8, atmo: 5, pollen: 5, baignades: 1 };
const MB = 1024 * 1024;
/** wrangler.toml [limits] cpu_ms: the CPU time one invocation (cron or queue batch) may use. */
const WORKER_CPU_MS = 300_000;

// ---------------------------------------------------------------- the fakes, in a child process

type FakesCommand = { id: number; kind: "set-now"; nowIso: string } | { id: number; kind: "take-counts" };

interface FakeCounts {
  /** "source|what" → requests, since the previous take-counts */
  upstream: Record<string, number>;
  resendCalls: Record<string, number>;
  emails: number;
  distinctRecipients: number;
}

/** What a request to the fake was, in the terms of the issue: bulk or per commune. */
function describeRequest(request: FakeRequest): string {
  const last = request.path.split("/").filter(Boolean).at(-1) ?? "";
  switch (request.source) {
    case "hubeau":
      if (request.path.endsWith("/resultats_dis"))
        return `hubeau|results ${request.query.code_departement !== undefined ? "by département (bulk)" : "per commune"}`;
      return `hubeau|${last} per commune`;
    case "vigieau":
      return request.path.includes("/zones/departement/") ? "vigieau|zones by département (bulk)" : "vigieau|zones per commune";
    case "atmo":
      return /code_zone/.test(request.query.CQL_FILTER ?? "") ? "atmo|index per zone" : "atmo|indices by day (bulk page)";
    case "geo":
      return request.path === "/communes" ? "geo|commune list (bulk)" : "geo|commune per code";
    // Issue 26's sources: the indice pollen (Atmo France's national WFS), Météo-France's map, Open-Meteo.
    case "pollen":
      return /code_zone/.test(request.query.CQL_FILTER ?? "") ? "pollen|index per commune" : "pollen|indices by day (bulk page)";
    case "meteofrance":
      return "meteofrance|vigilance map (national)";
    case "openmeteo":
      return request.path === "/forecast" ? "openmeteo|forecast (UV)" : "openmeteo|air-quality model";
    default:
      return `${request.source}|${last}`;
  }
}

/**
 * The child: both fakes, with their logs folded into counters every second (200 000 captured
 * emails would otherwise hold gigabytes in the fake Resend).
 */
async function serveFakes(options: { communes: number; nowIso: string; rowsPerSample: number }): Promise<void> {
  const upstreams = await startFakeUpstreams({
    delayMs: UPSTREAM_DELAY_MS,
    now: new Date(options.nowIso),
    national: { communes: options.communes, rowsPerSample: options.rowsPerSample },
  });
  const resend = await startFakeResend();
  let counts: FakeCounts = { upstream: {}, resendCalls: {}, emails: 0, distinctRecipients: 0 };
  let recipients = new Set<string>();
  const fold = () => {
    for (const request of upstreams.requests) {
      const key = describeRequest(request);
      counts.upstream[key] = (counts.upstream[key] ?? 0) + 1;
    }
    upstreams.requests.length = 0;
    for (const call of resend.calls) {
      const key = `${call.path} ${call.status}`;
      counts.resendCalls[key] = (counts.resendCalls[key] ?? 0) + 1;
    }
    resend.calls.length = 0;
    for (const email of resend.emails) {
      counts.emails += 1;
      for (const to of email.to) recipients.add(to);
    }
    resend.emails.length = 0;
  };
  setInterval(fold, 1000);
  process.on("message", (command: FakesCommand) => {
    fold();
    if (command.kind === "set-now") {
      upstreams.setNow(new Date(command.nowIso));
      process.send?.({ id: command.id });
      return;
    }
    process.send?.({ id: command.id, counts: { ...counts, distinctRecipients: recipients.size } });
    counts = { upstream: {}, resendCalls: {}, emails: 0, distinctRecipients: 0 };
    recipients = new Set();
  });
  process.send?.({ id: 0, upstreamUrl: upstreams.baseUrl, resendUrl: resend.baseUrl });
}

export interface FakesHandle {
  upstreamUrl: string;
  resendUrl: string;
  setNow(now: Date): Promise<void>;
  takeCounts(): Promise<FakeCounts>;
  stop(): void;
}

export async function startFakesProcess(communes: number, now: Date, rowsPerSample: number): Promise<FakesHandle> {
  const child: ChildProcess = fork(import.meta.filename, ["--fakes-child", String(communes), now.toISOString(), String(rowsPerSample)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiting = new Map<number, { resolve: (reply: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  child.on("message", (reply: { id: number } & Record<string, unknown>) => {
    waiting.get(reply.id)?.resolve(reply);
    waiting.delete(reply.id);
  });
  child.once("exit", (code) => {
    for (const pending of waiting.values()) pending.reject(new Error(`the fakes' process exited with ${code}`));
    waiting.clear();
  });
  const ask = (id: number, command?: FakesCommand) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      if (command) child.send(command);
    });
  const ready = await ask(0);
  let nextId = 1;
  return {
    upstreamUrl: String(ready.upstreamUrl),
    resendUrl: String(ready.resendUrl),
    async setNow(date) {
      const id = nextId++;
      await ask(id, { id, kind: "set-now", nowIso: date.toISOString() });
    },
    async takeCounts() {
      const id = nextId++;
      return (await ask(id, { id, kind: "take-counts" })).counts as FakeCounts;
    },
    stop() {
      child.kill("SIGTERM");
    },
  };
}

// ---------------------------------------------------------------- counting what a batch costs

const counters = { dbRequests: 0, cacheOps: 0 };

/**
 * The libSQL client with every request counted as Turso would bill it against a Worker's
 * subrequests: one per execute or batch, and an interactive transaction's begin, statements and
 * commit one each (over HTTP each is a round trip).
 */
function countQueries(client: Client): Client {
  const countTransaction = (transaction: Transaction): Transaction =>
    new Proxy(transaction, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        const method = value.bind(target) as (...args: unknown[]) => unknown;
        if (property !== "execute" && property !== "batch" && property !== "executeMultiple" && property !== "commit") return method;
        return (...args: unknown[]) => {
          counters.dbRequests += 1;
          return method(...args);
        };
      },
    });
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = value.bind(target) as (...args: unknown[]) => unknown;
      if (property === "transaction") {
        return async (...args: unknown[]) => {
          counters.dbRequests += 1;
          return countTransaction((await method(...args)) as Transaction);
        };
      }
      if (property !== "execute" && property !== "batch" && property !== "executeMultiple") return method;
      return (...args: unknown[]) => {
        counters.dbRequests += 1;
        probeLiveHeap();
        return method(...args);
      };
    },
  });
}

/**
 * The sources with the live heap probed when each answer is in hand (before the code folds it)
 * and at each page of results a reader hands over (`onResults`): the moments the plan's bulk
 * reads hold the most.
 */
function probeSources(sources: AppDeps["sources"]): AppDeps["sources"] {
  return new Proxy(sources, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = value.bind(target) as (...args: unknown[]) => unknown;
      if (property === "forAlertRun") return () => probeSources(method() as AppDeps["sources"]);
      return (...args: unknown[]) => {
        const probed = args.map((arg) => {
          if (typeof arg !== "object" || arg === null || !("onResults" in arg) || typeof arg.onResults !== "function") return arg;
          const onResults = arg.onResults as (...rows: unknown[]) => unknown;
          return {
            ...arg,
            onResults: (...rows: unknown[]) => {
              const returned = onResults(...rows);
              probeLiveHeap({ force: true });
              return returned;
            },
          };
        });
        const result = method(...probed);
        if (!(result instanceof Promise)) return result;
        return result.then((answer: unknown) => {
          probeLiveHeap({ force: true });
          return answer;
        });
      };
    },
  });
}

/** The Node runtime's cache (an in-process LRU), its reads and writes counted (the Cache API on Workers). */
function countCacheOps(cache: Cache): Cache {
  return {
    get: (key) => {
      counters.cacheOps += 1;
      return cache.get(key);
    },
    set: (key, value, ttlSeconds) => {
      counters.cacheOps += 1;
      return cache.set(key, value, ttlSeconds);
    },
  };
}

function upstreamCallsSoFar(deps: AppDeps): Record<string, number> {
  return Object.fromEntries(deps.sources.upstreamStatus().map((status) => [status.name, status.calls]));
}

function sumValues(record: Record<string, number>): number {
  return Object.values(record).reduce((sum, value) => sum + value, 0);
}

// ---------------------------------------------------------------- memory

// A full collection before each message, so that a batch's growth is its own and not the garbage
// of the previous one. `--expose-gc` cannot be passed through the npm script, hence the flag here.
setFlagsFromString("--expose-gc");
const runGc = runInNewContext("gc") as () => void;
/** Time spent in forced collections, taken out of the stage wall times. */
let forcedGcMs = 0;

/** CPU time spent in forced collections, taken out of the CPU figures (a Worker never forces one). */
let forcedGcCpuMs = 0;

function collectGarbage(): void {
  const started = performance.now();
  const cpu = process.cpuUsage();
  runGc();
  const spent = process.cpuUsage(cpu);
  forcedGcCpuMs += (spent.user + spent.system) / 1000;
  forcedGcMs += performance.now() - started;
}

/** CPU time of this process since `from` (user + system), forced collections excluded. */
function cpuMsSince(from: { cpu: NodeJS.CpuUsage; gcCpuMs: number }): number {
  const spent = process.cpuUsage(from.cpu);
  return (spent.user + spent.system) / 1000 - (forcedGcCpuMs - from.gcCpuMs);
}

function cpuMark(): { cpu: NodeJS.CpuUsage; gcCpuMs: number } {
  return { cpu: process.cpuUsage(), gcCpuMs: forcedGcCpuMs };
}

/**
 * The live set as an isolate would hold it: a full collection, then the heap in use plus buffers,
 * taken at the stage's instrumentation points (every DB request, every upstream answer and page
 * of results, at most every LIVE_PROBE_MS unless forced) while a probe window is open. The
 * largest value is the stage's live peak: what must fit a Worker's 128 MB (target ≤ 64 MB).
 */
const liveProbe = { open: false, peakBytes: 0, lastAt: 0 };
const LIVE_PROBE_MS = 100;

function probeLiveHeap(options: { force?: boolean } = {}): void {
  if (!liveProbe.open) return;
  if (!options.force && performance.now() - liveProbe.lastAt < LIVE_PROBE_MS) return;
  collectGarbage();
  liveProbe.peakBytes = Math.max(liveProbe.peakBytes, jsMemoryBytes());
  liveProbe.lastAt = performance.now();
}

function openLiveProbe(): void {
  liveProbe.open = true;
  liveProbe.peakBytes = 0;
  liveProbe.lastAt = 0;
  probeLiveHeap({ force: true });
}

function closeLiveProbe(): number {
  probeLiveHeap({ force: true });
  liveProbe.open = false;
  return liveProbe.peakBytes;
}

/** JS memory a Worker's 128 MB covers: the V8 heap in use plus buffers outside it. */
function jsMemoryBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

interface MemoryWindow {
  peakJsBytes: number;
  peakRssBytes: number;
}

const openWindows = new Set<MemoryWindow>();

function openMemoryWindow(): MemoryWindow {
  const window = { peakJsBytes: jsMemoryBytes(), peakRssBytes: process.memoryUsage.rss() };
  openWindows.add(window);
  return window;
}

function closeMemoryWindow(window: MemoryWindow): MemoryWindow {
  sampleMemory();
  openWindows.delete(window);
  return window;
}

function sampleMemory(): void {
  const js = jsMemoryBytes();
  const rss = process.memoryUsage.rss();
  for (const window of openWindows) {
    window.peakJsBytes = Math.max(window.peakJsBytes, js);
    window.peakRssBytes = Math.max(window.peakRssBytes, rss);
  }
}

/** The process's true peak RSS (the kernel's high-water mark, not a sample). */
function peakRssBytesOfProcess(): number {
  const status = readFileSync("/proc/self/status", "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

// ---------------------------------------------------------------- the country and its subscribers

// ---------------------------------------------------------------- one day's run

interface MessageMeasure {
  kind: AlertMessage["kind"];
  ok: boolean;
  wallMs: number;
  /** JS memory (heap in use + external) at the start, after a full collection, and its peak */
  startJsBytes: number;
  peakJsBytes: number;
  peakRssBytes: number;
  /** JS memory the next message found after its full collection, minus this one's start: what this one left behind */
  retainedBytes: number;
  /** live heap after a full collection, largest at the message's probes */
  livePeakBytes: number;
  /** CPU time of the message (this process: fakes excluded, local SQLite included) */
  cpuMs: number;
  dbRequests: number;
  upstreamCalls: number;
  resendCalls: number;
  queueSends: number;
  cacheOps: number;
  subjects: number;
  emails: number;
}

interface StageFigures {
  wallMs: number;
  fake: FakeCounts;
  /** the app's own count of calls per upstream (what runAlerts's summary reports) */
  appCalls: Record<string, number>;
  startJsBytes: number;
  peakJsBytes: number;
  peakRssBytes: number;
  /** live heap after a full collection, largest at the stage's probes (plan: its one invocation) */
  livePeakBytes: number;
  /** live heap after the full collection that opens the stage */
  liveStartBytes: number;
  /** CPU time of the whole stage (plan: its one Worker invocation) */
  cpuMs: number;
  queueMessages: number;
  dbRequests: number;
}

interface DayFigures {
  label: string;
  startedAt: Date;
  plan: PlanOutcome;
  stages: { plan: StageFigures; process: StageFigures; send: StageFigures; purge: StageFigures };
  totalMs: number;
  messages: MessageMeasure[];
  deadLetters: number;
  alertsDetected: number;
  subjectsChecked: number;
  sent: number;
  failed: number;
  providerCalls: number;
  /** events detected this day, per source */
  alertsBySource: Record<string, number>;
  logCounts: Map<string, number>;
}

async function runDay(deps: AppDeps, fakes: FakesHandle, label: string, logCounts: Map<string, number>, uncounted: Database): Promise<DayFigures> {
  logCounts.clear();
  const startedAt = deps.clock();
  const runId = generateRandomToken(10);
  if (!(await acquireAlertRun(deps.db, { runId, nowMs: startedAt.getTime(), deadAfterMs: deadRunAfterMs(deps.config) })))
    throw new Error("an alert run is already in progress");
  const dayStarted = performance.now();
  const gcBefore = forcedGcMs;
  const messages: MessageMeasure[] = [];
  const totals = { alertsDetected: 0, subjectsChecked: 0, sent: 0, failed: 0, providerCalls: 0 };
  let queueSends = 0;
  let queueMessages = 0;
  await retryPendingConfirmations(deps);

  const context = createHandlerContext(deps.config);
  const memoryQueue = createMemoryQueue({
    log: deps.log,
    handle: async (message) => {
      collectGarbage();
      const before = { ...counters, upstream: sumValues(upstreamCallsSoFar(deps)), queueSends };
      const startJsBytes = jsMemoryBytes();
      const previous = messages.at(-1);
      if (previous) previous.retainedBytes = startJsBytes - previous.startJsBytes;
      const window = openMemoryWindow();
      openLiveProbe();
      const cpu = cpuMark();
      const started = performance.now();
      const measure: MessageMeasure = {
        kind: message.kind,
        ok: false,
        wallMs: 0,
        startJsBytes,
        peakJsBytes: 0,
        peakRssBytes: 0,
        retainedBytes: 0,
        livePeakBytes: 0,
        cpuMs: 0,
        dbRequests: 0,
        upstreamCalls: 0,
        resendCalls: 0,
        queueSends: 0,
        cacheOps: 0,
        subjects: 0,
        emails: 0,
      };
      try {
        const outcome = await handleAlertMessage(deps, message, queue, context);
        measure.ok = true;
        if (outcome.kind === "process" || outcome.kind === "topic-page") {
          measure.subjects = outcome.subjectsChecked;
          if (outcome.kind === "process") totals.subjectsChecked += outcome.subjectsChecked;
          totals.alertsDetected += outcome.alertsDetected;
        } else {
          measure.emails = outcome.outcome.sent + outcome.outcome.failed;
          measure.resendCalls = outcome.outcome.providerCalls;
          totals.sent += outcome.outcome.sent;
          totals.failed += outcome.outcome.failed;
          totals.providerCalls += outcome.outcome.providerCalls;
        }
      } finally {
        measure.cpuMs = cpuMsSince(cpu);
        measure.livePeakBytes = closeLiveProbe();
        closeMemoryWindow(window);
        measure.wallMs = performance.now() - started;
        measure.peakJsBytes = window.peakJsBytes;
        measure.peakRssBytes = window.peakRssBytes;
        measure.dbRequests = counters.dbRequests - before.dbRequests;
        measure.cacheOps = counters.cacheOps - before.cacheOps;
        measure.upstreamCalls = sumValues(upstreamCallsSoFar(deps)) - before.upstream;
        measure.queueSends = queueSends - before.queueSends;
        messages.push(measure);
        // Progress, so that a long run shows its worst batch so far.
        if (messages.length % 100 === 0) {
          const worstLive = messages.reduce((max, each) => Math.max(max, each.livePeakBytes), 0);
          const worstCpu = messages.reduce((max, each) => Math.max(max, each.cpuMs), 0);
          console.log(`  ${messages.length} messages: worst live heap ${fmtMb(worstLive)}, worst CPU ${fmtCpu(worstCpu)}`);
        }
      }
    },
  });
  // Cloudflare's producer takes 100 messages per call: one subrequest per 100 messages there.
  const queue: AlertQueue = {
    async sendBatch(batch) {
      queueSends += Math.ceil(batch.length / 100);
      queueMessages += batch.length;
      await memoryQueue.sendBatch(batch);
    },
  };

  const runStage = async (work: () => Promise<void>, options: { probeLive?: boolean } = {}): Promise<StageFigures> => {
    const callsBefore = upstreamCallsSoFar(deps);
    const messagesBefore = queueMessages;
    const dbBefore = counters.dbRequests;
    const gcBefore = forcedGcMs;
    collectGarbage();
    const startJsBytes = jsMemoryBytes();
    const window = openMemoryWindow();
    if (options.probeLive) openLiveProbe();
    const cpu = cpuMark();
    const started = performance.now();
    await work();
    const cpuMs = cpuMsSince(cpu);
    const wallMs = performance.now() - started - (forcedGcMs - gcBefore);
    const livePeakBytes = options.probeLive ? closeLiveProbe() : 0;
    closeMemoryWindow(window);
    const callsAfter = upstreamCallsSoFar(deps);
    return {
      wallMs,
      fake: await fakes.takeCounts(),
      appCalls: Object.fromEntries(
        Object.entries(callsAfter)
          .map(([name, calls]) => [name, calls - (callsBefore[name] ?? 0)])
          .filter(([, calls]) => calls !== 0),
      ),
      startJsBytes,
      peakJsBytes: window.peakJsBytes,
      peakRssBytes: window.peakRssBytes,
      livePeakBytes,
      liveStartBytes: startJsBytes,
      cpuMs,
      queueMessages: queueMessages - messagesBefore,
      dbRequests: counters.dbRequests - dbBefore,
    };
  };

  let plan: PlanOutcome | undefined;
  const plan_ = await runStage(
    async () => {
      plan = await enqueueAlertPlan(deps, queue, { runId, day: todayInParis(startedAt), now: startedAt });
    },
    { probeLive: true },
  );
  console.log(
    `  plan stage: live heap at its peak ${fmtMb(plan_.livePeakBytes)} (at rest ${fmtMb(plan_.liveStartBytes)}), CPU ${fmtCpu(plan_.cpuMs)}, ${fmtSeconds(plan_.wallMs)}`,
  );
  if (process.argv.includes("--plan-only")) throw new PlanOnlyDone();
  const process_ = await runStage(() => memoryQueue.drain());
  const send = await runStage(async () => {
    await startSendStage(deps, queue, { runId });
    await memoryQueue.drain();
  });
  const purge = await runStage(() => purgeExpiredData(deps.db, deps.clock().getTime()));
  const totalMs = performance.now() - dayStarted - (forcedGcMs - gcBefore);
  await finishAlertRun(deps.db, { runId, finishedAtMs: deps.clock().getTime(), summaryJson: JSON.stringify({ bench: label }) });
  const bySourceRows = await uncounted
    .select({ source: alertEvents.source, events: count() })
    .from(alertEvents)
    .where(eq(alertEvents.detectedAtMs, startedAt.getTime()))
    .groupBy(alertEvents.source);
  return {
    label,
    startedAt,
    plan: plan!,
    stages: { plan: plan_, process: process_, send, purge },
    totalMs,
    messages,
    deadLetters: memoryQueue.deadLetters.length,
    ...totals,
    alertsBySource: Object.fromEntries(bySourceRows.map((row) => [row.source, row.events])),
    logCounts: new Map(logCounts),
  };
}

/** `--plan-only`: the run stops after its plan stage (its figures printed as a progress line). */
class PlanOnlyDone extends Error {}

// ---------------------------------------------------------------- the report

const fmtInt = (value: number) => Math.round(value).toLocaleString("en-US").replaceAll(",", " ");
const fmtMb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const fmtCpu = (ms: number) => `${fmtInt(ms)} ms`;
const fmtSeconds = (ms: number) => (ms >= 120_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

function subrequestsOf(measure: MessageMeasure): number {
  return measure.dbRequests + measure.upstreamCalls + measure.resendCalls + measure.queueSends;
}

/** The worst `size` consecutive messages of a kind: what one consumer invocation (max_batch_size) would carry. */
function worstInvocation(messages: readonly MessageMeasure[], size: number, pick: (measure: MessageMeasure) => number = subrequestsOf): number {
  let worst = 0;
  for (let start = 0; start < messages.length; start += 1) {
    worst = Math.max(
      worst,
      messages.slice(start, start + size).reduce((sum, measure) => sum + pick(measure), 0),
    );
  }
  return worst;
}

/** "source" → calls, folding the fake's detailed keys. */
function bySource(counts: Record<string, number>): Record<string, number> {
  const sources: Record<string, number> = {};
  for (const [key, calls] of Object.entries(counts)) {
    const source = key.split("|")[0]!;
    sources[source] = (sources[source] ?? 0) + calls;
  }
  return sources;
}

function addCounts(...records: Array<Record<string, number>>): Record<string, number> {
  const total: Record<string, number> = {};
  for (const record of records) for (const [key, value] of Object.entries(record)) total[key] = (total[key] ?? 0) + value;
  return total;
}

function clockTime(base: Date, plusMs: number): string {
  return new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(
    new Date(base.getTime() + plusMs),
  );
}

type Row = [string, ...string[]];

function reportRows(days: readonly DayFigures[], seed: SeedFigures, liveMemory: boolean): Row[] {
  const rows: Row[] = [];
  const growthLabel = liveMemory ? " (live set, full GC every 100 ms)" : " (lazy GC: upper bound)";
  const each = (name: string, value: (day: DayFigures) => string, target = "") => rows.push([name, ...days.map(value), target]);
  const heading = (name: string) => rows.push([name, ...days.map(() => ""), ""]);
  const upstreamOf = (day: DayFigures) =>
    addCounts(day.stages.plan.fake.upstream, day.stages.process.fake.upstream, day.stages.send.fake.upstream, day.stages.purge.fake.upstream);
  const sourcesOf = (day: DayFigures) => bySource(upstreamOf(day));
  const waterAirDrought = (day: DayFigures) => {
    const sources = sourcesOf(day);
    return (sources.hubeau ?? 0) + (sources.atmo ?? 0) + (sources.vigieau ?? 0) + (sources.geo ?? 0);
  };
  const processMessages = (day: DayFigures) => day.messages.filter((measure) => measure.kind === "process" && measure.ok);
  const sendMessages = (day: DayFigures) => day.messages.filter((measure) => measure.kind === "send" && measure.ok);
  const worst = (list: MessageMeasure[], pick: (measure: MessageMeasure) => number) => list.reduce((max, measure) => Math.max(max, pick(measure)), 0);
  const growth = (measure: MessageMeasure) => measure.peakJsBytes - measure.startJsBytes;

  heading("wall time (measured, every rate gate off)");
  each("  plan: bulk reads + enqueue", (day) => `${fmtSeconds(day.stages.plan.wallMs)} (ingest ${fmtSeconds(day.plan.ingest.durationMs)})`);
  each("  process: every batch", (day) => fmtSeconds(day.stages.process.wallMs));
  each("  send: every page to Resend", (day) => fmtSeconds(day.stages.send.wallMs), "< 60 min after 17:00");
  each("  purge", (day) => fmtSeconds(day.stages.purge.wallMs));
  each("  whole run", (day) => fmtSeconds(day.totalMs), "Node starts it all at 17:00: < 60 min");
  each("  last email handed to Resend (Node, run at 17:00)", (day) => clockTime(day.startedAt, day.totalMs - day.stages.purge.wallMs), "≤ 18:00");

  heading("upstream calls (fake's request log)");
  const keys = [...new Set(days.flatMap((day) => Object.keys(upstreamOf(day))))].sort();
  for (const key of keys) each(`  ${key.replace("|", ": ")}`, (day) => fmtInt(upstreamOf(day)[key] ?? 0));
  // Issue 26 « Done when »: still < 2 000 with pollen and weather alerts on; the new sources are counted apart below.
  each(
    "  water + air + drought (Hub'Eau, ATMO, VigiEau, API Géo)",
    (day) => `${fmtInt(waterAirDrought(day))}${waterAirDrought(day) < 2000 ? "" : " (NOT MET)"}`,
    "< 2 000",
  );
  each("    of which in the plan stage (bulk reads)", (day) => {
    const sources = bySource(day.stages.plan.fake.upstream);
    return fmtInt((sources.hubeau ?? 0) + (sources.atmo ?? 0) + (sources.vigieau ?? 0) + (sources.geo ?? 0));
  });
  heading("issue 26 sources (opt-in pollen / weather alerts; not in the < 2 000 above)");
  each("  accounts with pollen alerts on (taxa chosen) / weather warnings on", () => `${fmtInt(seed.pollenAccounts)} / ${fmtInt(seed.weatherAccounts)}`);
  each(
    "  indice pollen WFS: pages of the national read",
    (day) => fmtInt(upstreamOf(day)["pollen|indices by day (bulk page)"] ?? 0),
    "one paged read per run, only if someone opted in",
  );
  each(
    "    indices kept (watched départements, 2 days) / read ok",
    (day) => `${fmtInt(day.plan.ingest.pollen.indicesKept)} / ${day.plan.ingest.pollen.ok ? "yes" : "no"}`,
  );
  each("  indice pollen WFS: per-commune reads", (day) => fmtInt(upstreamOf(day)["pollen|index per commune"] ?? 0), "0");
  each(
    "  Météo-France vigilance map",
    (day) => `${fmtInt(sourcesOf(day).meteofrance ?? 0)} (read ${day.plan.ingest.vigilance.ok ? "ok" : "failed"})`,
    "1 per run, only if someone opted in",
  );
  each("  Open-Meteo forecast (UV)", (day) => fmtInt(upstreamOf(day)["openmeteo|forecast (UV)"] ?? 0), "0 (no UV alert)");
  each("  issue 26 sources in all", (day) =>
    fmtInt((sourcesOf(day).pollen ?? 0) + (sourcesOf(day).meteofrance ?? 0) + (upstreamOf(day)["openmeteo|forecast (UV)"] ?? 0)),
  );
  each(
    "  bathing portal (one read per site near a subscriber at most)",
    (day) => fmtInt(sourcesOf(day).baignades ?? 0),
    `≤ ${fmtInt(seed.sitesNearSubscribers)} sites near`,
  );
  each("  app's own count (as in runAlerts' summary), all sources", (day) =>
    fmtInt(sumValues(addCounts(day.stages.plan.appCalls, day.stages.process.appCalls, day.stages.send.appCalls, day.stages.purge.appCalls))),
  );
  each("  water digests: communes seeded from a year read / changed / read per commune", (day) => {
    const { water } = day.plan.ingest;
    return `${fmtInt(water.seededCommunes)} (${fmtInt(water.seededDepartments)} dép.) / ${fmtInt(water.changedCommunes)} / ${fmtInt(water.perCommuneCommunes)}`;
  });
  each("  Hub'Eau results folded from the bulk reads", (day) => fmtInt(day.plan.ingest.water.bulkResults));
  each("  VigiEau départements changed", (day) => fmtInt(day.plan.ingest.drought.departmentsChanged));
  each(
    "  computed: same calls at production pacing, slowest source",
    (day) => {
      const sources = sourcesOf(day);
      const [source, seconds] = Object.entries(PRODUCTION_CALLS_PER_SECOND)
        .map(([name, perSecond]) => [name, (sources[name] ?? 0) / perSecond] as const)
        .sort((a, b) => b[1] - a[1])[0]!;
      return `≥ ${fmtSeconds(seconds * 1000)} (${source})`;
    },
    "extrapolated, not measured",
  );

  heading("alerts and emails");
  each("  subjects checked / alerts detected", (day) => `${fmtInt(day.subjectsChecked)} / ${fmtInt(day.alertsDetected)}`);
  each(
    "  alerts by source",
    (day) =>
      Object.entries(day.alertsBySource)
        .sort()
        .map(([source, events]) => `${source} ${fmtInt(events)}`)
        .join(", ") || "none",
  );
  each("  emails accepted / failed (app)", (day) => `${fmtInt(day.sent)} / ${fmtInt(day.failed)}`);
  each(
    "  Resend calls (app) / emails received (fake)",
    (day) => `${fmtInt(day.providerCalls)} / ${fmtInt(day.stages.send.fake.emails)}`,
    "calls ≈ emails / 100",
  );
  each(
    "  fake Resend: calls by status",
    (day) =>
      Object.entries(day.stages.send.fake.resendCalls)
        .map(([key, calls]) => `${key}: ${fmtInt(calls)}`)
        .join(", ") || "none",
  );
  each("  distinct recipients (fake) = emails: one digest per person", (day) => fmtInt(day.stages.send.fake.distinctRecipients));

  heading("queue");
  each(
    "  process messages (≤ 50 communes, ≈ 1 000 subjects) / send pages (500 recipients)",
    (day) => `${fmtInt(day.plan.messages)} / ${fmtInt(sendMessages(day).length)}`,
  );
  each("  consumer invocations at max_batch_size 5 (computed)", (day) =>
    fmtInt(Math.ceil(day.plan.messages / MESSAGES_PER_INVOCATION) + Math.ceil(sendMessages(day).length / MESSAGES_PER_INVOCATION)),
  );
  each("  failed deliveries / dead-lettered", (day) => `${day.messages.filter((measure) => !measure.ok).length} / ${day.deadLetters}`);

  heading("memory (this Node process; the fakes run in another)");
  each("  peak RSS / JS memory (heap + external), whole day", (day) => {
    const stages = Object.values(day.stages);
    return `${fmtMb(Math.max(...stages.map((stage) => stage.peakRssBytes)))} / ${fmtMb(Math.max(...stages.map((stage) => stage.peakJsBytes)))}`;
  });
  each(`  plan stage (bulk reads): growth to its peak${growthLabel}`, (day) => fmtMb(day.stages.plan.peakJsBytes - day.stages.plan.startJsBytes), "< 100 MB");
  each(
    `  process batch: growth to its peak${growthLabel}, worst (p95)`,
    (day) => `${fmtMb(worst(processMessages(day), growth))} (${fmtMb(percentile(processMessages(day).map(growth), 95))})`,
    "< 100 MB",
  );
  each("    subjects of that batch", (day) => fmtInt(processMessages(day).reduce((max, measure) => (growth(measure) > growth(max) ? measure : max)).subjects));
  each("  process batch: still held after it (cache entries), worst", (day) => fmtMb(worst(processMessages(day), (measure) => measure.retainedBytes)));
  each(
    "  process batch: JS memory at its start, worst / at its peak, worst",
    (day) =>
      `${fmtMb(worst(processMessages(day), (measure) => measure.startJsBytes))} / ${fmtMb(worst(processMessages(day), (measure) => measure.peakJsBytes))}`,
  );
  each(`  send page: growth to its peak${growthLabel}, worst`, (day) => fmtMb(worst(sendMessages(day), growth)), "< 100 MB");

  heading(`isolate: live heap after a full GC at the stage's peak, CPU per invocation (cpu_ms ${fmtInt(WORKER_CPU_MS)})`);
  each("  live heap at rest, before the plan (Node: this bench's own data and module code)", (day) => fmtMb(day.stages.plan.liveStartBytes));
  each(
    "  plan stage (one invocation): live heap at its peak / CPU",
    (day) => `${fmtMb(day.stages.plan.livePeakBytes)} / ${fmtCpu(day.stages.plan.cpuMs)}`,
    "≤ 64 MB / ≤ cpu_ms",
  );
  each(
    "  process batch: live heap at its peak, worst (p95)",
    (day) =>
      `${fmtMb(worst(processMessages(day), (measure) => measure.livePeakBytes))} (${fmtMb(
        percentile(
          processMessages(day).map((measure) => measure.livePeakBytes),
          95,
        ),
      )})`,
    "≤ 64 MB",
  );
  each(
    "  process batch: CPU, worst (p95)",
    (day) =>
      `${fmtCpu(worst(processMessages(day), (measure) => measure.cpuMs))} (${fmtCpu(
        percentile(
          processMessages(day).map((measure) => measure.cpuMs),
          95,
        ),
      )})`,
  );
  each(
    "  process: 5 consecutive batches (one consumer invocation): CPU, worst",
    (day) => fmtCpu(worstInvocation(processMessages(day), MESSAGES_PER_INVOCATION, (measure) => measure.cpuMs)),
    "≤ cpu_ms",
  );
  each("  send page: live heap at its peak, worst", (day) => fmtMb(worst(sendMessages(day), (measure) => measure.livePeakBytes)), "≤ 64 MB");
  each(
    "  send: 5 consecutive pages (one consumer invocation): CPU, worst",
    (day) => fmtCpu(worstInvocation(sendMessages(day), MESSAGES_PER_INVOCATION, (measure) => measure.cpuMs)),
    "≤ cpu_ms",
  );

  heading("subrequests (DB requests + upstream + Resend + queue sends)");
  each(
    "  process batch: worst (p95)",
    (day) => `${fmtInt(worst(processMessages(day), subrequestsOf))} (${fmtInt(percentile(processMessages(day).map(subrequestsOf), 95))})`,
    "< 1 000",
  );
  each(
    "    its DB requests / upstream calls (worst of each)",
    (day) =>
      `${fmtInt(worst(processMessages(day), (measure) => measure.dbRequests))} / ${fmtInt(worst(processMessages(day), (measure) => measure.upstreamCalls))}`,
  );
  each(
    "    its subjects (worst) / cache reads+writes (worst)",
    (day) => `${fmtInt(worst(processMessages(day), (measure) => measure.subjects))} / ${fmtInt(worst(processMessages(day), (measure) => measure.cacheOps))}`,
  );
  each("  send page: worst", (day) => fmtInt(worst(sendMessages(day), subrequestsOf)), "< 1 000");
  each("  5 consecutive messages (one invocation, computed): worst", (day) =>
    fmtInt(Math.max(worstInvocation(processMessages(day), MESSAGES_PER_INVOCATION), worstInvocation(sendMessages(day), MESSAGES_PER_INVOCATION))),
  );
  each("  plan stage DB requests / upstream calls", (day) => `${fmtInt(day.stages.plan.dbRequests)} / ${fmtInt(sumValues(day.stages.plan.appCalls))}`);

  const warnings = [...new Set(days.flatMap((day) => [...day.logCounts.keys()]))].sort();
  if (warnings.length > 0) heading("warnings and errors logged");
  for (const key of warnings) each(`  ${key}`, (day) => fmtInt(day.logCounts.get(key) ?? 0));
  return rows;
}

function printTable(header: Row, rows: Row[]): void {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => (row[column] ?? "").length)));
  const line = (row: Row) =>
    row
      .map((cell, column) => (column === 0 || column === row.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------- main

function readFlag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} expects a positive whole number`);
  return value;
}

async function main(): Promise<void> {
  const addresses = readFlag("--addresses", DEFAULT_ADDRESSES);
  const liveMemory = process.argv.includes("--live-memory");
  const dayCount = Math.min(2, readFlag("--days", 2));
  const communeCount = readFlag("--communes", DEFAULT_COMMUNES);
  // Hub'Eau result rows per sample (one per parameter upstream; the fake's template has 8).
  const rowsPerSample = readFlag("--rows-per-sample", 1);
  let now = DAY_ONE_AT_UTC;
  const fakes = await startFakesProcess(communeCount, now, rowsPerSample);
  const directory = mkdtempSync(join(tmpdir(), "zone-sante-bench-national-"));
  const database = await openDatabase({ url: `file:${join(directory, "national.db")}` });
  try {
    const config = parseConfig({
      NODE_ENV: "test",
      SITE_URL: "https://zone-sante.fr",
      APP_SECRET: "bench-secret-bench-secret-bench-secret-00",
      ALERTS_SCHEDULER: "off",
      UPSTREAM_TIMEOUT_MS: "10000",
      RESEND_API_KEY: "re_bench",
      RESEND_BASE_URL: fakes.resendUrl,
      ALERT_HUBEAU_PER_SECOND: "0",
      ALERT_VIGIEAU_PER_SECOND: "0",
      ALERT_ATMO_PER_SECOND: "0",
      ALERT_BAIGNADES_PER_SECOND: "0",
      ...upstreamConfigFor(fakes.upstreamUrl),
    });
    const clock = () => now;
    // The cache's expiry follows the bench's clock, so that day 2 finds day 1's short-lived entries gone.
    const cache = countCacheOps(createMemoryCache({ now: () => clock().getTime() }));
    const db: Database = drizzle(countQueries(database.db.$client), { schema });
    const logCounts = new Map<string, number>();
    const deps: AppDeps = {
      config,
      db,
      cache,
      sources: probeSources(createSources({ config, cache, clock })),
      mailer: createResendMailer({ apiKey: config.RESEND_API_KEY ?? "", baseUrl: config.RESEND_BASE_URL, from: config.MAIL_FROM }),
      clock,
      appSecret: config.APP_SECRET ?? "",
      clientIp: () => "127.0.0.1",
      // The bench runs the stages itself; nothing asks for a run on the queue.
      alertQueue: {
        sendBatch: async () => {
          throw new Error("the bench asks for no run on the queue");
        },
      },
      // Counted, not printed: 200 000 subjects would drown the table.
      log: (entry: LogEntry) => {
        if (entry.level === "info") return;
        const key = `${entry.level}: ${entry.message}`;
        logCounts.set(key, (logCounts.get(key) ?? 0) + 1);
      },
    };

    // The country as the fake generates it (its API Géo list), read outside the measured days.
    const communes = ((await (await fetch(`${fakes.upstreamUrl}/geo/communes?fields=code`)).json()) as Array<{ code: string }>)
      .map((commune) => commune.code)
      .sort();
    console.log(`Seeding ${fmtInt(addresses)} watched addresses over ${fmtInt(communes.length)} communes…`);
    const seedFigures = await seedSubscribers(database.db, communes, addresses, now.getTime() - DAY_MS);
    console.log(
      `  ${fmtInt(seedFigures.signUps)} sign-ups, ${fmtInt(seedFigures.accountAddresses)} addresses of ${fmtInt(seedFigures.accounts)} accounts ` +
        `(pollen on ${fmtInt(seedFigures.pollenAccounts)}, weather on ${fmtInt(seedFigures.weatherAccounts)}), ` +
        `${fmtInt(seedFigures.unconfirmed)} unconfirmed; largest commune ${fmtInt(seedFigures.largestCommune)} addresses; ${fmtSeconds(seedFigures.seedMs)}`,
    );
    await fakes.takeCounts();

    const days: DayFigures[] = [];
    for (const label of ["day 1 (first run)", "day 2 (next day)"].slice(0, dayCount)) {
      console.log(`Running ${label}…`);
      const figures = await runDay(deps, fakes, label, logCounts, database.db).catch((error: unknown) => {
        if (error instanceof PlanOnlyDone) return null;
        throw error;
      });
      if (!figures) return;
      days.push(figures);
      console.log(`  done in ${fmtSeconds(figures.totalMs)}`);
      now = new Date(now.getTime() + DAY_MS);
      await fakes.setNow(now);
    }

    console.log(
      `\nZone Santé — national alert run: ${fmtInt(addresses)} addresses over ${fmtInt(communes.length)} communes, ` +
        `fakes answer after ${UPSTREAM_DELAY_MS} ms, rate gates off (bathing included), ALERT_CONCURRENCY ${config.ALERT_CONCURRENCY}, ` +
        `${process.platform} ${process.arch}, ${(await import("node:os")).cpus().length} cores, Node ${process.version}\n`,
    );
    printTable(["measure", ...days.map((day) => day.label), "target"], reportRows(days, seedFigures, liveMemory));
    console.log(`\nProcess peak RSS (kernel high-water mark, seeding included): ${fmtMb(peakRssBytesOfProcess())}`);
  } finally {
    database.close();
    fakes.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--fakes-child") {
  await serveFakes({ communes: Number(process.argv[3]), nowIso: process.argv[4] ?? new Date().toISOString(), rowsPerSample: Number(process.argv[5] ?? 1) });
} else if (import.meta.main) {
  const sampler = process.argv.includes("--live-memory")
    ? setInterval(() => {
        collectGarbage();
        sampleMemory();
      }, LIVE_MEMORY_SAMPLE_MS)
    : setInterval(sampleMemory, MEMORY_SAMPLE_MS);
  try {
    await main();
  } finally {
    clearInterval(sampler);
  }
}
