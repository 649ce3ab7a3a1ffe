// The Worker build under `wrangler dev` (workerd, offline): static pages, the 404 page,
// /api/health and /api/report through the Cache API, against the fake upstreams; the alert run's
// crons and its queue (local Queues) up to the database boundary.
// Needs `npm run build` first (npm test does it). No database: rate limits fail open.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { APP_ROUTES, PAGE_ROUTES, REDIRECTS } from "../helpers/routes.ts";
import { freePort } from "../helpers/net.ts";
import { bundleSize, bundleSizeLine } from "../../scripts/worker-bundle-size.ts";
import { ROOT, startAppWorker, WORKERD_CANNOT_RUN, WORKERD_SKIP_REASON, type WranglerDev } from "../helpers/wrangler.ts";

/** The Worker's uncompressed bundle, source maps aside: 1 536 KiB at most (issue 25, decision 065). */
const WORKER_BUNDLE_BUDGET_BYTES = 1536 * 1024;

let upstreams: FakeUpstreams;
let wrangler: WranglerDev | undefined;
let baseUrl: string;
let directory: string;

if (WORKERD_CANNOT_RUN) console.log(WORKERD_SKIP_REASON);

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "zone-sante-wrangler-"));
  if (WORKERD_CANNOT_RUN) return;
  upstreams = await startFakeUpstreams();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  wrangler = await startAppWorker({
    port,
    directory,
    env: {
      ...upstreams.config,
      APP_SECRET: "smoke-test-secret-smoke-test-secret-0000",
      // Nothing listens there: the paths under test must not need the database.
      DATABASE_URL: "http://127.0.0.1:9",
      SITE_URL: baseUrl,
      // Required in production; nothing is sent by the paths under test.
      RESEND_API_KEY: "re_smoke_key",
      RESEND_BASE_URL: "http://127.0.0.1:9",
      UPSTREAM_TIMEOUT_MS: "10000",
    },
  });
}, 120_000);

afterAll(async () => {
  await wrangler?.stop();
  await upstreams?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe.skipIf(WORKERD_CANNOT_RUN)("Worker build under wrangler dev", () => {
  it("serves the prerendered home page", async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('lang="fr"');
    expect(html).toContain("Analysez votre zone");
  });

  it("serves every public page, the aliases as 301 redirects, the sitemap and robots.txt", async () => {
    for (const route of [...PAGE_ROUTES, ...APP_ROUTES]) {
      const response = await fetch(`${baseUrl}${route}`, { redirect: "manual" });
      expect(response.status, route).toBe(200);
      expect(response.headers.get("x-frame-options"), route).toBe("DENY");
      expect(response.headers.get("content-security-policy"), route).toMatch(/^script-src 'self' 'sha256-.*frame-ancestors 'none'$/);
    }
    for (const [from, to] of Object.entries(REDIRECTS)) {
      const response = await fetch(`${baseUrl}${from}`, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(new URL(response.headers.get("location") ?? "", baseUrl).pathname, from).toBe(to);
    }
    // Only the alert sign-up's frame may be framed by partner sites (public/_headers).
    const frameable = await fetch(`${baseUrl}/inscription/cadre?accent=0B5E55`);
    expect(frameable.status).toBe(200);
    expect(frameable.headers.get("x-frame-options")).toBeNull();
    expect(frameable.headers.get("content-security-policy")).toMatch(/^script-src 'self' 'sha256-.*; frame-ancestors \*$/);
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    for (const route of PAGE_ROUTES) expect(sitemap, route).toContain(`${route === "/" ? "/" : route}</loc>`);
    expect(await (await fetch(`${baseUrl}/robots.txt`)).text()).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });

  it("answers unknown pages with the « Page introuvable » page and HTTP 404", async () => {
    const response = await fetch(`${baseUrl}/cette-page-n-existe-pas`);
    expect(response.status).toBe(404);
    const page = await response.text();
    expect(page).toContain("Page introuvable");
    expect(page).toContain('<a class="btn btn--primary" href="/#analyse">Saisir mon adresse</a>');
  });

  it("answers the session context of a signed-out visitor without a database", async () => {
    const response = await fetch(`${baseUrl}/api/auth/session`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: null, subscription: null, googleEnabled: false });
  });

  it("answers /api/health", async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  it("reads the bathing data set from the static assets, not from its bundle (decision 065)", async () => {
    // Maraussan (Hérault): the three nearest official sites, from dist/donnees/baignades.json through env.ASSETS.
    const response = await fetch(`${baseUrl}/api/v1/bathing-sites?lat=${CRISIS_SCENARIO.latitude}&lon=${CRISIS_SCENARIO.longitude}`);
    expect(response.status).toBe(200);
    const section = (await response.json()) as { success: boolean; sites: Array<{ name: string }> };
    expect(section.success).toBe(true);
    expect(section.sites.map((site) => site.name)).toHaveLength(3);
  });

  it("builds a report and serves the repeat from the Cache API without calling upstreams again", async () => {
    const query = reportQueryOf(MAIN_SCENARIO);
    const first = await fetch(`${baseUrl}/api/report?${query}`);
    expect(first.status).toBe(200);
    const report = (await first.json()) as {
      water_quality: { success: boolean };
      air_quality: { success: boolean };
      drought: { success: boolean };
      radon: { success: boolean; category: number | null };
    };
    expect(report.water_quality.success).toBe(true);
    // Amiens: category 1, read from dist/donnees/radon.json through env.ASSETS (decision 072)
    expect(report.radon).toMatchObject({ success: true, category: 1 });
    expect(report.air_quality.success).toBe(true);
    expect(report.drought.success).toBe(true);

    const callsAfterFirst = upstreams.requests.length;
    expect(callsAfterFirst).toBeGreaterThan(0);
    const second = await fetch(`${baseUrl}/api/report?${query}`);
    expect(second.status).toBe(200);
    expect(upstreams.requests.length).toBe(callsAfterFirst);
  });

  it("merges concurrent identical upstream calls: the deps live as long as the isolate", async () => {
    // A slow address search: the three requests overlap while the first call is in flight, so
    // neither the Cache API nor a finished call can explain a single upstream request.
    upstreams.setDelay(1500, "ban");
    try {
      const q = "3 rue des Jacobins Amiens";
      const answers = await Promise.all([1, 2, 3].map(() => fetch(`${baseUrl}/api/geocode?q=${encodeURIComponent(q)}&limit=5`)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(upstreams.requests.filter((request) => request.source === "ban" && request.query.q === q)).toHaveLength(1);
    } finally {
      upstreams.setDelay(0, "ban");
    }
  });
});

/** Waits until wrangler's output (the Worker's JSON log lines included) matches, 30 s at most. */
async function waitForOutput(pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const match = pattern.exec(wrangler?.output() ?? "");
    if (match) return match[0];
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`no ${pattern} in wrangler's output:\n${wrangler?.output() ?? ""}`);
}

/** Fires a cron trigger as if it were scheduled at `at` (wrangler dev --test-scheduled; this wrangler serves it at /cdn-cgi/local/scheduled, older ones at /__scheduled). */
async function triggerCron(cron: string, at: string): Promise<void> {
  const response = await fetch(`${baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}&time=${Date.parse(at)}`);
  expect(response.status).toBe(200);
}

// Without a database: DATABASE_URL points at a closed port, so the plan stage stops at its first
// query (the run lock) and a queued message at its first read. What this proves is the failure
// path: the cron dispatch by Paris time, the queue producer binding, the local queue delivering to
// the consumer, and the retry on failure. The whole run against a libSQL server (the test libSQL
// server in tests/fakes/libsql-server.ts) is tests/smoke/worker-e2e.test.ts.
describe.skipIf(WORKERD_CANNOT_RUN)("the alert run's crons and queue under wrangler dev", () => {
  it("skips the trigger of the other season", async () => {
    await triggerCron("30 12 * * *", "2026-11-22T12:30:00Z");
    await waitForOutput(/"message":"scheduled trigger skipped \(not an alert stage time in Paris\)"[^\n]*"cron":"30 12 \* \* \*"/);
  });

  it("runs the plan stage at 14:30 Paris time, which stops at the database (the run lock)", async () => {
    await triggerCron("30 13 * * *", "2026-11-22T13:30:00Z");
    await waitForOutput(/"message":"alert plan stage failed"[^\n]*"cron":"30 13 \* \* \*"/);
    expect(wrangler?.output()).not.toContain("alert plan enqueued");
  });

  it("at 17:00 Paris time enqueues the first send page; the consumer receives it, stops at the database and retries", async () => {
    await triggerCron("0 16 * * *", "2026-11-22T16:00:00Z");
    // The producer binding took the message before the purge reached the database.
    await waitForOutput(/"message":"alert send stage enqueued"/);
    await waitForOutput(/"message":"alert send stage failed"/);
    // max_batch_timeout is 5 s: the local queue delivers the message to this Worker's consumer.
    const failed = await waitForOutput(/"message":"alert message failed, retried"[^\n]*/);
    expect(failed).toContain('"kind":"send"');
    expect(failed).toContain('"attempts":1');
    // Three waits in a row (each up to 30 s: the queue's 5 s batch timeout, then the consumer's
    // failed connection), on a loaded CI machine: the test's own limit covers all three.
  }, 100_000);
});

describe("wrangler deploy --dry-run", () => {
  it("bundles the Worker entry with the static assets, offline", async () => {
    const outdir = join(directory, "bundle");
    const child = spawn(join(ROOT, "node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
      cwd: ROOT,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const code = await new Promise<number | null>((resolveExit) => child.once("exit", resolveExit));
    expect(code, log).toBe(0);
    expect(log).toContain("--dry-run: exiting now.");
    expect(log).toMatch(/env\.ASSETS/);
    // The alert queue's producer binding is part of the bundle's bindings.
    expect(log).toMatch(/env\.ALERT_QUEUE/);
    // Issue 25: « Worker ≤ 1,5 MB uncompressed » — a build fact, measured as CI prints it (scripts/worker-bundle-size.ts).
    const { bytes } = bundleSize(outdir);
    expect(bytes, bundleSizeLine(bundleSize(outdir))).toBeLessThanOrEqual(WORKER_BUNDLE_BUDGET_BYTES);
  }, 90_000);
});
