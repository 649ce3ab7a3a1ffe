// The Worker build under `wrangler dev` (workerd, offline): static pages, the 404 page,
// /api/health and /api/report through the Cache API, against the fake upstreams.
// Needs `npm run build` first (npm test does it). No database: rate limits fail open.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { APP_ROUTES, PAGE_ROUTES, REDIRECTS } from "../helpers/routes.ts";
import { freePort } from "../helpers/net.ts";
import { ROOT, startWranglerDev, type WranglerDev } from "../helpers/wrangler.ts";

let upstreams: FakeUpstreams;
let wrangler: WranglerDev | undefined;
let baseUrl: string;
let directory: string;

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  directory = mkdtempSync(join(tmpdir(), "zone-sante-wrangler-"));
  const envFile = join(directory, "smoke.env");
  writeFileSync(
    envFile,
    Object.entries({
      ...upstreams.config,
      APP_SECRET: "smoke-test-secret-smoke-test-secret-0000",
      // Nothing listens there: the paths under test must not need the database.
      DATABASE_URL: "http://127.0.0.1:9",
      SITE_URL: baseUrl,
      // Required in production; nothing is sent by the paths under test.
      RESEND_API_KEY: "re_smoke_key",
      RESEND_BASE_URL: "http://127.0.0.1:9",
      UPSTREAM_TIMEOUT_MS: "2000",
    })
      .map(([key, value]) => `${key}=${value}`)
      .join("\n"),
  );
  wrangler = await startWranglerDev(
    ["--port", String(port), "--ip", "127.0.0.1", "--env-file", envFile, "--persist-to", join(directory, "state"), "--log-level", "warn", "--show-interactive-dev-session=false"],
    `${baseUrl}/api/health`,
  );
}, 120_000);

afterAll(async () => {
  await wrangler?.stop();
  await upstreams?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe("Worker build under wrangler dev", () => {
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
    expect(await response.text()).toContain("Page introuvable");
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

  it("builds a report and serves the repeat from the Cache API without calling upstreams again", async () => {
    const query = reportQueryOf(MAIN_SCENARIO);
    const first = await fetch(`${baseUrl}/api/report?${query}`);
    expect(first.status).toBe(200);
    const report = (await first.json()) as { water_quality: { success: boolean }; air_quality: { success: boolean }; drought: { success: boolean } };
    expect(report.water_quality.success).toBe(true);
    expect(report.air_quality.success).toBe(true);
    expect(report.drought.success).toBe(true);

    const callsAfterFirst = upstreams.requests.length;
    expect(callsAfterFirst).toBeGreaterThan(0);
    const second = await fetch(`${baseUrl}/api/report?${query}`);
    expect(second.status).toBe(200);
    expect(upstreams.requests.length).toBe(callsAfterFirst);
  });
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
  }, 90_000);
});
