// `npm run bench:soak [-- --minutes N]` (issue 28): the Node server as `npm start` runs it (its
// bundle and V8 flags), on loopback, against the fake upstreams (national mode: every commune has
// data) and a fake Resend, under mixed traffic at ~25 requests a second from a few virtual users:
// reports cold (new communes) and warm, address search, static pages, alert sign-ups with their
// confirmation (link read at the fake Resend), code sign-ins (code read at the fake Resend), the
// account page and the PDF. Faults on for the middle fifth (Hub'Eau +4 s, VigiEau malformed JSON,
// ATMO 500), then off. Prints per minute: requests, 5xx, broken flows, p50/p95, the SERVER's RSS
// (/proc/<pid>/status) and V8 heap (its opt-in MEMORY_LOG_MS trace on stderr, workers/memory-log.ts);
// then memory at rest after 30 s idle against the start; then a killed alert run: N confirmed
// subscribers whose alerts fire, `scripts/alerts-run.ts` SIGKILLed mid-send, re-run, e-mails per
// recipient at the fake Resend. Every loop is bounded (duration, attempts). Figures only: no assertion.
//
// Needs `npm run build` first. Options: --minutes N (default 10), --subscribers N (default 120),
// --rerun-wait-seconds N (how long a refused re-run is retried, default 90).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { isNull } from "drizzle-orm";
import { subscriptionRecipientKey } from "../../src/server/db/alert-keys.ts";
import { alertEvents, alertSubscriptions } from "../../src/server/db/schema/index.ts";
import { signAddress } from "../../src/server/services/geocoded-address.ts";
import { createNodeRuntime } from "../../workers/node.ts";
import { MEMORY_LOG_MARKER, type MemorySample } from "../../workers/memory-log.ts";
import { startFakeResend, type CapturedEmail, type FakeResend } from "../fakes/resend-server.ts";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { confirmedSignUpRow } from "../helpers/sign-ups.ts";
import { npmStartEnv } from "../helpers/start-command.ts";
import { BENCH_APP_SECRET, startBenchServer } from "./bench-server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const { values: options } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    subscribers: { type: "string", default: "120" },
    "rerun-wait-seconds": { type: "string", default: "90" },
  },
});
const MINUTES = Math.max(1, Math.min(120, Number(options.minutes) || 10));
const SUBSCRIBERS = Math.max(10, Math.min(2000, Number(options.subscribers) || 120));
const RERUN_WAIT_MS = Math.max(0, Math.min(3600, Number(options["rerun-wait-seconds"]) || 0)) * 1000;
const TARGET_PER_SECOND = 25;
const VIRTUAL_USERS = 8;
const ACCOUNTS = 60;
const COMMUNES = 5000;
const IDLE_MS = 30_000;
const STATIC_PAGES = [
  "/",
  "/sources/",
  "/plan-du-site/",
  "/accessibilite/",
  "/confidentialite/",
  "/developpeurs/",
  "/etat/",
  "/inscription/",
  "/mentions-legales/",
  "/offre/",
];

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0);

// ---------------------------------------------------------------- figures

interface Minute {
  requests: number;
  serverErrors: number;
  brokenFlows: number;
  durations: number[];
  rss: number[];
  heapUsed: number[];
  external: number[];
  newSpace: number[];
  faults: boolean;
}
const minutes: Minute[] = [];
let soakStartedAt = 0;
let faultsOn = false;
const minuteNow = (): Minute => {
  const index = Math.max(0, Math.floor((performance.now() - soakStartedAt) / 60_000));
  while (minutes.length <= index)
    minutes.push({ requests: 0, serverErrors: 0, brokenFlows: 0, durations: [], rss: [], heapUsed: [], external: [], newSpace: [], faults: false });
  const minute = minutes[index]!;
  minute.faults ||= faultsOn;
  return minute;
};
const statusCounts = new Map<number, number>();
const brokenReasons = new Map<string, number>();
const broken = (reason: string) => {
  minuteNow().brokenFlows += 1;
  brokenReasons.set(reason, (brokenReasons.get(reason) ?? 0) + 1);
};

let lastSample: MemorySample | null = null;
const onServerStderr = (line: string) => {
  if (line.includes(MEMORY_LOG_MARKER)) {
    try {
      lastSample = JSON.parse(line) as MemorySample;
      if (soakStartedAt > 0) {
        const minute = minuteNow();
        minute.heapUsed.push(lastSample.heapUsed);
        minute.external.push(lastSample.external);
        minute.newSpace.push(lastSample.newSpace);
      }
      return;
    } catch {
      // not ours after all
    }
  }
  if (/"level":"(error|warn)"/.test(line)) process.stderr.write(`[server] ${line.slice(0, 300)}\n`);
};

/** The server's own resident memory, from the kernel (not the bench's). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

// ---------------------------------------------------------------- a browser

class Browser {
  readonly cookies = new Map<string, string>();
  /** requests sent, for the pace */
  sent = 0;
  private readonly base: string;
  private readonly ip: string;
  constructor(base: string, ip: string) {
    this.base = base;
    this.ip = ip;
  }

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const headers: Record<string, string> = { "x-forwarded-for": this.ip, cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") };
    if (method !== "GET") {
      headers.origin = this.base;
      headers["content-type"] = "application/json";
    }
    const started = performance.now();
    this.sent += 1;
    let status: number;
    let json: Record<string, unknown> = {};
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        redirect: "manual",
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      for (const line of response.headers.getSetCookie()) {
        const [pair = ""] = line.split(";");
        const name = pair.slice(0, pair.indexOf("="));
        const value = pair.slice(pair.indexOf("=") + 1);
        if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      if ((response.headers.get("content-type") ?? "").includes("json")) json = (await response.json()) as Record<string, unknown>;
      else await response.arrayBuffer();
    } catch {
      status = 0; // connection reset or 30 s without an answer: counted as a server failure
    }
    if (soakStartedAt > 0) {
      const minute = minuteNow();
      minute.requests += 1;
      minute.durations.push(performance.now() - started);
      if (status === 0 || status >= 500) minute.serverErrors += 1;
      statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
    }
    return { status, json };
  }
  get(path: string) {
    return this.request("GET", path);
  }
  post(path: string, body: unknown) {
    return this.request("POST", path, body);
  }
}

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** The latest e-mail to that address whose subject matches, within 10 s (the e-mail leaves after the answer). */
async function mailTo(resend: FakeResend, address: string, subject: RegExp, after: number): Promise<CapturedEmail | null> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = resend.emails.slice(after).find((email) => email.to.includes(address) && subject.test(email.subject));
    if (mail) return mail;
    await sleep(100);
  }
  return null;
}
const linkIn = (text: string, pattern: RegExp) =>
  [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0].replace(/&amp;/g, "&")).find((candidate) => pattern.test(candidate)) ?? null;

// ---------------------------------------------------------------- flows

interface Account {
  email: string;
  browser: Browser;
  uses: number[];
  /** in a flow now: a second code asked for it would void the first */
  busy: boolean;
}

function reportPath(commune: string, index: number): string {
  const latitude = 45 + (index % 400) / 100;
  const longitude = 2 + (index % 300) / 100;
  const signed = signAddress(BENCH_APP_SECRET, { label: `${index} rue du Banc d'Essai`, latitude, longitude, citycode: commune, postcode: "", city: "" });
  return `/api/report?${new URLSearchParams({ lat: String(latitude), lon: String(longitude), citycode: commune, label: signed.label, signature: signed.signature })}`;
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, "dist", "index.html")) || !existsSync(join(ROOT, "build", "node", "server.mjs"))) throw new Error("Build first (npm run build).");
  const upstreams = await startFakeUpstreams({ national: { communes: COMMUNES } });
  const resend = await startFakeResend();
  const communes = ((await (await fetch(`${upstreams.baseUrl}/geo/communes?fields=code`)).json()) as Array<{ code: string }>).map((commune) => commune.code);
  const server = await startBenchServer({
    upstreamConfig: upstreams.config,
    upstreamTimeoutMs: 2500, // the default (config.ts)
    env: {
      RESEND_API_KEY: "re_soak",
      RESEND_BASE_URL: resend.baseUrl,
      TRUSTED_PROXIES: "127.0.0.1",
      MEMORY_LOG_MS: "1000",
      RATE_LIMIT_GEOCODE_PER_MINUTE: "1000000",
      UPSTREAM_POLLEN_PER_MINUTE: "1000000",
      UPSTREAM_METEOFRANCE_PER_MINUTE: "1000000",
      ...Object.fromEntries(
        ["GLOBAL", "SECURITY"].flatMap((budget) => ["MINUTE", "HOUR", "DAY"].map((period) => [`EMAIL_${budget}_PER_${period}`, "1000000"])),
      ),
      PDF_GLOBAL_PER_MINUTE: "1000000",
    },
    onStderrLine: onServerStderr,
  });
  const pid = server.server.pid!;
  const base = server.base;
  await sleep(1500);
  /** the fixed start-up cost: the server ready, before any request */
  const rssFresh = rssOf(pid);
  try {
    console.log(
      `Soak: ${MINUTES} min, ~${TARGET_PER_SECOND} req/s from ${VIRTUAL_USERS} virtual users, server pid ${pid} (node ${server.server.spawnargs.slice(1, -1).join(" ")})`,
    );

    // The accounts that sign in by code later (each sign-up confirmed with a password once).
    const accounts: Account[] = [];
    for (let index = 0; index < ACCOUNTS; index++) {
      const email = `compte${index}@exemple-zs.fr`;
      const browser = new Browser(base, freshIp());
      const before = resend.emails.length;
      await browser.post("/api/auth/signup", { email, firstName: "Camille", lastName: "Soak" });
      const mail = await mailTo(resend, email, /Confirmez/, before);
      const link = mail && linkIn(mail.text, /confirmation-compte/);
      if (!link) throw new Error(`no confirmation e-mail for ${email}`);
      const params = new URL(link).searchParams;
      await browser.post("/api/auth/confirm", { u: params.get("u"), x: params.get("x"), s: params.get("s"), password: "mot-de-passe-solide-du-banc" });
      const address = signAddress(BENCH_APP_SECRET, MAIN_SCENARIO);
      await browser.post("/api/account/addresses", { label: "Maison", address });
      await browser.post("/api/auth/signout", {});
      accounts.push({ email, browser, uses: [], busy: false });
    }
    const warmPaths = communes.slice(0, 20).map((commune, index) => reportPath(commune, index));
    const warmUp = new Browser(base, freshIp());
    for (const path of warmPaths) await warmUp.get(path);
    await sleep(3000);
    const rssAtStart = rssOf(pid);
    const heapAtStart = lastSample?.heapUsed ?? 0;
    console.log(`At start (server up, ${ACCOUNTS} accounts, ${warmPaths.length} reports warm): RSS ${mb(rssAtStart)} MB, heap ${mb(heapAtStart)} MB`);

    let coldIndex = 20;
    let flowCounter = 0;
    const flows: Record<string, number> = {};
    const count = (name: string) => (flows[name] = (flows[name] ?? 0) + 1);

    const actions: Array<[number, (browser: Browser) => Promise<Browser | void>]> = [
      [30, async (browser) => void (count("warm report"), await browser.get(warmPaths[flowCounter % warmPaths.length]!))],
      [
        14,
        async (browser) => {
          count("cold report");
          coldIndex += 1;
          await browser.get(reportPath(communes[coldIndex % communes.length]!, coldIndex));
        },
      ],
      [
        20,
        async (browser) =>
          void (
            count("address search"),
            await browser.get(`/api/geocode?${new URLSearchParams({ q: ["8 bd du Port", "Maraussan", "Les Abymes", "Alès"][flowCounter % 4]! })}`)
          ),
      ],
      [24, async (browser) => void (count("static page"), await browser.get(STATIC_PAGES[flowCounter % STATIC_PAGES.length]!))],
      [
        6,
        async (browser) => {
          count("alert sign-up + confirmation");
          const email = `alerte${flowCounter}@exemple-zs.fr`;
          const before = resend.emails.length;
          const signedUp = await browser.post("/api/subscriptions", { email, address: flowCounter % 2 ? MAIN_SCENARIO : CRISIS_SCENARIO, consent: true });
          if (signedUp.status !== 202) return broken(`alert sign-up answered ${signedUp.status}`);
          const mail = await mailTo(resend, email, /./, before);
          const link = mail && linkIn(mail.text, /confirmation-alertes/);
          if (!link) return broken("alert sign-up: no confirmation e-mail");
          const params = new URL(link).searchParams;
          const confirmed = await browser.post("/api/subscriptions/confirm", { i: params.get("i"), t: params.get("t") });
          if (confirmed.status !== 200) broken(`alert confirmation answered ${confirmed.status}`);
        },
      ],
      [
        6,
        async () => {
          // An account not used 4 times in the last 15 minutes (the owner browser's allowance is 5).
          const now = performance.now();
          const account = accounts.find((candidate) => !candidate.busy && candidate.uses.filter((at) => now - at < 15 * 60_000).length < 4);
          if (!account) return;
          account.uses.push(now);
          account.busy = true;
          try {
            return await signInByCode(account);
          } finally {
            account.busy = false;
          }
        },
      ],
    ];
    const signInByCode = async (account: Account): Promise<Browser | void> => {
      count("code sign-in + account + PDF");
      const browser = account.browser;
      browser.sent = 0;
      const before = resend.emails.length;
      const asked = await browser.post("/api/auth/code", { email: account.email });
      if (asked.status !== 200) return broken(`code request answered ${asked.status}`);
      const mail = await mailTo(resend, account.email, /code de connexion/, before);
      const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) return void broken("code sign-in: no code e-mail");
      const verified = await browser.post("/api/auth/code/verify", { email: account.email, code });
      if (verified.status !== 200) return broken(`code verification answered ${verified.status}`);
      await browser.get("/compte/");
      const addresses = await browser.get("/api/account/addresses");
      if (addresses.status !== 200) broken(`account addresses answered ${addresses.status}`);
      const pdf = await browser.get("/api/account/report.pdf");
      if (pdf.status !== 200) broken(`PDF answered ${pdf.status}`);
      await browser.post("/api/auth/signout", {});
      return browser;
    };
    const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0);
    const pick = () => {
      let roll = (flowCounter * 7919) % totalWeight;
      for (const [weight, action] of actions) {
        if (roll < weight) return action;
        roll -= weight;
      }
      return actions[0]![1];
    };

    const durationMs = MINUTES * 60_000;
    soakStartedAt = performance.now();
    const sampler = setInterval(() => minuteNow().rss.push(rssOf(pid)), 1000);
    const faultStart = durationMs * 0.4;
    const faultEnd = durationMs * 0.6;
    // The fault window: Hub'Eau slow, VigiEau malformed, ATMO failing; then all answering again.
    const setFaults = (on: boolean) => {
      faultsOn = on;
      upstreams.setDelay(on ? 4000 : 0, "hubeau");
      upstreams.setMode("vigieau", on ? "malformed" : "ok");
      upstreams.setMode("atmo", on ? "error500" : "ok");
    };
    const faultTimers = [setTimeout(() => setFaults(true), faultStart), setTimeout(() => setFaults(false), faultEnd)];
    // Each virtual user paces itself to its share of the rate: one action every VIRTUAL_USERS / TARGET seconds.
    const perUserIntervalMs = (VIRTUAL_USERS * 1000) / TARGET_PER_SECOND;
    await Promise.all(
      Array.from({ length: VIRTUAL_USERS }, async (_, user) => {
        let next = performance.now() + (user * perUserIntervalMs) / VIRTUAL_USERS;
        while (performance.now() - soakStartedAt < durationMs) {
          const wait = next - performance.now();
          if (wait > 0) await sleep(wait);
          flowCounter += 1;
          const browser = new Browser(base, freshIp());
          const action = pick();
          // The code sign-in's browser is the account's own (its device cookie): counted through the action's returned browser.
          const used = (await action(browser)) ?? browser;
          // A flow of k requests counts as k slots of the pace.
          next += perUserIntervalMs * Math.max(1, used.sent);
          if (next < performance.now() - 5000) next = performance.now();
        }
      }),
    );
    clearInterval(sampler);
    for (const timer of faultTimers) clearTimeout(timer);

    console.log("\nminute  requests  5xx  broken  p50 ms  p95 ms   RSS MB (min–max)   heap used MB (min–max)  external MB  new space MB  faults");
    for (const [index, minute] of minutes.entries()) {
      const sorted = [...minute.durations].sort((a, b) => a - b);
      const range = (values: number[]) => (values.length ? `${mb(Math.min(...values))}–${mb(Math.max(...values))}` : "–");
      console.log(
        [
          String(index + 1).padStart(6),
          String(minute.requests).padStart(9),
          String(minute.serverErrors).padStart(4),
          String(minute.brokenFlows).padStart(7),
          percentile(sorted, 50).toFixed(0).padStart(7),
          percentile(sorted, 95).toFixed(0).padStart(7),
          range(minute.rss).padStart(18),
          range(minute.heapUsed).padStart(24),
          (minute.external.length ? mb(Math.max(...minute.external)) : "–").padStart(12),
          (minute.newSpace.length ? mb(Math.max(...minute.newSpace)) : "–").padStart(13),
          minute.faults ? "  on" : "",
        ].join(" "),
      );
    }
    const all = minutes.flatMap((minute) => minute.durations).sort((a, b) => a - b);
    const totalRequests = minutes.reduce((sum, minute) => sum + minute.requests, 0);
    console.log(
      `\nTotal: ${totalRequests} requests (${(totalRequests / (durationMs / 1000)).toFixed(1)}/s), ${minutes.reduce((sum, minute) => sum + minute.serverErrors, 0)} 5xx or no answer, ${minutes.reduce((sum, minute) => sum + minute.brokenFlows, 0)} broken flows; p50 ${percentile(all, 50).toFixed(0)} ms, p95 ${percentile(all, 95).toFixed(0)} ms`,
    );
    console.log(
      `Flows: ${Object.entries(flows)
        .map(([name, n]) => `${name} ${n}`)
        .join(", ")}`,
    );
    console.log(
      `Statuses: ${[...statusCounts]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${n}`)
        .join(", ")}`,
    );
    if (brokenReasons.size) console.log(`Broken: ${[...brokenReasons].map(([reason, n]) => `${reason} ×${n}`).join(", ")}`);
    const peakRss = Math.max(...minutes.flatMap((minute) => minute.rss));
    const liveHeap = Math.max(...minutes.map((minute) => (minute.heapUsed.length ? Math.min(...minute.heapUsed) : 0)));
    console.log(
      `Peak RSS ${mb(peakRss)} MB; live heap (the highest per-minute low of heap used) ${mb(liveHeap)} MB; bound 2 × live heap + start-up RSS (${mb(rssFresh)} MB, ready before any request) = ${mb(2 * liveHeap + rssFresh)} MB: ${peakRss <= 2 * liveHeap + rssFresh ? "within" : "OVER"}`,
    );

    // At rest: nothing forced, 30 s without a request.
    soakStartedAt = 0;
    await sleep(IDLE_MS);
    const rest = lastSample as MemorySample | null;
    console.log(
      `At rest after ${IDLE_MS / 1000} s idle: RSS ${mb(rssOf(pid))} MB (at start ${mb(rssAtStart)} MB), heap used ${mb(rest?.heapUsed ?? 0)} MB (at start ${mb(heapAtStart)} MB), heap reserved ${mb(rest?.heapTotal ?? 0)} MB, outside the heap ${mb(rest?.external ?? 0)} MB (array buffers ${mb(rest?.arrayBuffers ?? 0)} MB)`,
    );
    const serverEnv = { ...process.env, ...npmStartEnv() };
    console.log(
      `Server's allocator: ${["MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"].map((name) => `${name}=${serverEnv[name] ?? "(unset)"}`).join(" ")}`,
    );
  } finally {
    server.stop();
  }

  try {
    await killedAlertRun(upstreams, resend);
  } finally {
    await upstreams.close();
    await resend.close();
  }
}

// ---------------------------------------------------------------- the killed alert run

async function killedAlertRun(upstreams: FakeUpstreams, resend: FakeResend): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), "zone-sante-soak-alerts-"));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...upstreams.config,
    NODE_ENV: "test",
    DATABASE_URL: `file:${join(directory, "alerts.db")}`,
    APP_SECRET: BENCH_APP_SECRET,
    RESEND_API_KEY: "re_soak",
    RESEND_BASE_URL: resend.baseUrl,
    ALERT_HUBEAU_PER_SECOND: "0",
    ALERT_VIGIEAU_PER_SECOND: "0",
    ALERT_ATMO_PER_SECOND: "0",
    ALERT_BAIGNADES_PER_SECOND: "0",
    EMAIL_GLOBAL_PER_MINUTE: "1000000",
  };
  try {
    const { deps, database } = await createNodeRuntime({ env, log: () => {} });
    const communes = ((await (await fetch(`${upstreams.baseUrl}/geo/communes?fields=code`)).json()) as Array<{ code: string }>).map((commune) => commune.code);
    const nowMs = Date.now();
    const rows = Array.from({ length: SUBSCRIBERS }, (_, index) =>
      confirmedSignUpRow({
        id: `soak${index}`,
        email: `destinataire${index}@exemple-zs.fr`,
        atMs: nowMs,
        address: {
          addressLabel: `${index} rue du Banc d'Essai`,
          latitude: 45 + (index % 97) / 1000,
          longitude: 2.3 + (index % 89) / 1000,
          citycode: communes[index % communes.length]!,
          postcode: "",
          city: `Commune ${index}`,
        },
      }),
    );
    for (let start = 0; start < rows.length; start += 500) await deps.db.insert(alertSubscriptions).values(rows.slice(start, start + 500));
    database.close();

    resend.reset();
    resend.setLatency(400); // a send page takes a while: the kill lands mid-send
    const run = () => {
      const child = spawn(process.execPath, ["scripts/alerts-run.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
      return { child, exited, output: () => output };
    };
    const first = run();
    const killAfter = performance.now() + 120_000;
    while (resend.emails.length === 0 && first.child.exitCode === null && performance.now() < killAfter) await sleep(20);
    const sentBeforeKill = resend.emails.length;
    const killedMidSend = first.child.exitCode === null;
    first.child.kill("SIGKILL");
    await first.exited;
    console.log(
      `\nKilled alert run: ${SUBSCRIBERS} confirmed subscribers; ${killedMidSend ? `SIGKILL after the first e-mails (${sentBeforeKill} received)` : `the run ended before the kill (${sentBeforeKill} e-mails)`}`,
    );

    resend.setLatency(0);
    const rerunUntil = performance.now() + RERUN_WAIT_MS;
    for (let attempt = 1; ; attempt++) {
      const again = run();
      const code = await again.exited;
      const refused = code !== 0 && /déjà en cours/.test(again.output());
      console.log(`Re-run ${attempt}: ${code === 0 ? "done" : refused ? "refused (« déjà en cours »: the killed run's lock)" : `exit ${code}`}`);
      console.log(`  ${again.output().trim().split("\n").slice(-2).join("\n  ")}`);
      if (!refused || performance.now() > rerunUntil) break;
      await sleep(15_000);
    }

    // Who had an alert that day: the events the runs recorded (a subscriber whose commune has nothing to say gets nothing).
    const after = await createNodeRuntime({ env, log: () => {} });
    const alerted = new Set((await after.deps.db.selectDistinct({ recipientKey: alertEvents.recipientKey }).from(alertEvents)).map((row) => row.recipientKey));
    const unsent = (await after.deps.db.select({ id: alertEvents.id }).from(alertEvents).where(isNull(alertEvents.sentAtMs))).length;
    after.database.close();
    const perRecipient = new Map<string, number>(rows.map((row) => [row.email, 0]));
    for (const email of resend.emails) for (const to of email.to) if (perRecipient.has(to)) perRecipient.set(to, perRecipient.get(to)! + 1);
    const expected = rows.filter((row) => alerted.has(subscriptionRecipientKey(row.id)));
    const counts = expected.map((row) => perRecipient.get(row.email)!);
    const unexpected = rows.filter((row) => !alerted.has(subscriptionRecipientKey(row.id)) && perRecipient.get(row.email)! > 0).length;
    console.log(
      `E-mails per recipient with an alert that day (${expected.length} of ${rows.length} subscribers; the others' communes had nothing to say): min ${Math.min(...counts)}, max ${Math.max(...counts)}; ${counts.filter((n) => n !== 1).length} got ≠ 1 (${counts.filter((n) => n === 0).length} none, ${counts.filter((n) => n > 1).length} more than one); e-mails to subscribers without an alert: ${unexpected}; events left unsent: ${unsent}`,
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
