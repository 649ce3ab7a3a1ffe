import axe, { type AxeResults } from "axe-core";
import { test as base, expect, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join, resolve } from "node:path";
import { formatDateFr } from "../../src/core/shared/format.ts";
import type { CapturedEmail } from "../fakes/resend-server.ts";
import { resolvePlaceholders, type FakeMode, type FakeSource } from "../fakes/upstream-server.ts";
import { NO_SERVICE_CEILINGS } from "../helpers/service-ceilings.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/** One worker's app: the real Node server (`scripts/demo.ts`, the `npm start` entry) and its fakes, on its own database. */
export interface E2EServer {
  /** the app, as the browser reaches it */
  baseURL: string;
  port: number;
  /** the fake upstreams (BAN, Hub'Eau, ATMO…) */
  upstreamURL: string;
  /** the fake Resend: the e-mails the app sent, at `/_test/emails` */
  resendURL: string;
  /** the fake OpenID provider (Google sign-in) */
  oauthURL: string;
}

/** This worker's server, set by the worker fixture `server` (each Playwright worker is its own process). */
let workerServer: E2EServer | undefined;

function currentServer(): E2EServer {
  if (!workerServer) throw new Error("No e2e server in this worker: use `test` from tests/e2e/helpers.ts.");
  return workerServer;
}

/** `count` TCP ports free on 127.0.0.1, held together while they are picked so they are distinct. */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let index = 0; index < count; index++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((listening, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => listening());
      });
    }
    return servers.map((server) => (server.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((closed) => server.close(closed))));
  }
}

/** Starts `scripts/demo.ts` on free ports and waits for its health check; rejects with its output if it stops first. */
async function startServer(name: string): Promise<{ server: E2EServer; child: ChildProcess; output: () => string }> {
  const [port, upstreamPort, resendPort, oauthPort] = await freePorts(4);
  const server: E2EServer = {
    baseURL: `http://127.0.0.1:${port}`,
    port: port!,
    upstreamURL: `http://127.0.0.1:${upstreamPort}`,
    resendURL: `http://127.0.0.1:${resendPort}`,
    oauthURL: `http://127.0.0.1:${oauthPort}`,
  };
  const outputDir = join(ROOT, "test-results");
  mkdirSync(outputDir, { recursive: true });
  const database = join(outputDir, `e2e-${name}.db`);
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(database + suffix, { force: true });
  // The same process.execPath as this worker (Node from node_modules), as `npm start` would run it.
  const child = spawn(process.execPath, ["scripts/demo.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      DEMO_UPSTREAM_PORT: String(upstreamPort),
      DEMO_FAKE_RESEND_PORT: String(resendPort),
      DEMO_FAKE_OAUTH_PORT: String(oauthPort),
      // The demo's summer scene (canicule in the Hérault, grass pollen in Amiens) whatever the day
      // the journeys run: the demo otherwise follows the season (tests/fixtures/scenarios.ts).
      DEMO_SEASON_DAY: "07-15",
      SITE_URL: server.baseURL,
      ADMIN_EMAILS: "admin-e2e@exemple-zs.fr",
      ALERTS_SCHEDULER: "off",
      ALERT_VIGIEAU_PER_SECOND: "0",
      ALERT_BAIGNADES_PER_SECOND: "0",
      // The service-wide ceilings (decision 058) out of the way: the journeys run in a few minutes.
      ...NO_SERVICE_CEILINGS,
      // The fakes answer in milliseconds; on a busy machine (a CPU hog, other suites) an answer took
      // longer than production's 2,5 s and the report said « indisponible ». A hang bound, ten times
      // over: no journey relies on the timeout firing (progressive.spec.ts delays Hub'Eau 2 s).
      UPSTREAM_TIMEOUT_MS: "25000",
      DATABASE_URL: `file:${database}`,
      NODE_ENV: "test",
      // Cheap password hashing (tests only; refused outside NODE_ENV=test).
      PASSWORD_HASH_COST: "test",
    },
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) => reject(new Error(`scripts/demo.ts stopped (${signal ?? `exit ${code}`}) before it answered:\n${output}`))),
  );
  const healthy = (async () => {
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${server.baseURL}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((wait) => setTimeout(wait, 100));
    }
    throw new Error(`scripts/demo.ts did not answer ${server.baseURL}/api/health within 180 s:\n${output}`);
  })();
  try {
    await Promise.race([healthy, exited]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  exited.catch(() => {});
  return { server, child, output: () => output };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const stopped = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await stopped;
  clearTimeout(timer);
}

// Chromium's note for an HTTP error answer. A 4xx on a page or an API call is an answer the test
// asked for and asserts on (404 page, wrong password, rate limit); on a script, style, image or
// font it is a broken page, and a 5xx is always a failure.
const FAILED_LOAD = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

export interface ConsoleGuard {
  /** This test provokes browser errors matching `pattern` on purpose (say, a refused connection). */
  allow(pattern: RegExp): void;
}

/**
 * `test` for every journey: an error in the browser console or an uncaught exception in any page of
 * the test's context fails the test, unless the test declared it with `consoleGuard.allow(…)`.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }, { server: E2EServer; ownServer: boolean }>({
  /**
   * `test.use({ ownServer: true })`: these journeys get workers, and so servers, of their own
   * (Playwright never gives a worker tests of other worker options). For a journey whose source
   * must fail for a commune other journeys read: a server that read it already answers from its
   * cache (Hub'Eau's for 12 hours), whatever the fake's mode.
   */
  ownServer: [false, { scope: "worker", option: true }],
  // One app per worker (its own server, fakes and database), so the workers run side by side:
  // nothing a journey does (accounts, rate limits per IP, a fake's mode, the admin) reaches another
  // worker's journeys. A worker restarted after a failure starts a fresh one.
  server: [
    async ({ ownServer }, use, workerInfo) => {
      const { server, child } = await startServer(`${ownServer ? "own-" : ""}worker${workerInfo.workerIndex}`);
      workerServer = server;
      try {
        await use(server);
      } finally {
        workerServer = undefined;
        await stopServer(child);
      }
    },
    { scope: "worker", auto: true, timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  consoleGuard: [
    async ({ context }, use) => {
      const errors: { text: string; url: string }[] = [];
      const answered4xx = new Set<string>();
      const allowed: RegExp[] = [];
      context.on("console", (message) => {
        if (message.type() === "error") errors.push({ text: message.text(), url: message.location().url });
      });
      context.on("weberror", (webError) => {
        const error = webError.error();
        errors.push({ text: `Uncaught ${error.stack ?? error.message}`, url: webError.page()?.url() ?? "" });
      });
      context.on("response", (response) => {
        const kind = response.request().resourceType();
        if (response.status() >= 400 && response.status() < 500 && (kind === "document" || kind === "fetch" || kind === "xhr")) {
          answered4xx.add(response.url());
        }
      });

      await use({ allow: (pattern) => void allowed.push(pattern) });

      const unexpected = errors.filter(
        (error) => !(FAILED_LOAD.test(error.text) && answered4xx.has(error.url)) && !allowed.some((pattern) => pattern.test(error.text)),
      );
      if (unexpected.length > 0) {
        throw new Error(`Unexpected browser console errors:\n${unexpected.map((error) => `${error.text}${error.url ? ` (${error.url})` : ""}`).join("\n")}`);
      }
    },
    { auto: true },
  ],
});

export async function waitForIslands(page: Page) {
  await page.waitForFunction(() => {
    const islands = document.querySelectorAll("astro-island");
    return islands.length > 0 && [...islands].every((island) => !island.hasAttribute("ssr"));
  });
}

/**
 * The same wait inside a frame (a partner page's `<iframe>`): keys typed before the island hydrates
 * are lost (« Maraussan » arrives as « raussan »), which a busy machine shows.
 */
export async function waitForIslandsIn(scope: FrameLocator) {
  await expect(scope.locator("astro-island").first()).toBeAttached();
  await expect(scope.locator("astro-island[ssr]")).toHaveCount(0);
}

/** Types an address in the home page's search and picks the first suggestion, which asks for its report. */
export async function analyseAddress(page: Page, typed: string) {
  await page.getByRole("combobox", { name: /Votre adresse/ }).pressSequentially(typed, { delay: 20 });
  await page.getByRole("option").first().click();
}

/**
 * Opens a report card's « Détails » as a person would: closed on a phone, open on a wide screen
 * (decision 084), where it is left as it is — a click there would close it.
 */
export async function openCardDetails(card: Locator): Promise<void> {
  const details = card.locator("details.card__more");
  if (!(await details.evaluate((node) => (node as HTMLDetailsElement).open))) await details.locator(":scope > summary").click();
  await expect(details).toHaveJSProperty("open", true);
}

/** axe's serious and critical violations of WCAG 2.1 A/AA on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await axeViolations(page);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core's WCAG 2.1 A/AA violations of the page as it is now, its frames included (a partner's
 * frame from another origin too). What `new AxeBuilder({ page }).withTags(…).analyze()` finds, for
 * a third of its cost: AxeBuilder injects axe's 600 KB into the page on every call, then runs it
 * again in a blank page it opens to merge the frames' results; here axe is injected once per
 * document (a frame that has it keeps it) and `axe.run` merges the frames itself. axe runs over
 * a hundred times in the journeys; their CPU is what bounds the suite's time (decision 097).
 */
export async function axeViolations(page: Page): Promise<AxeResults["violations"]> {
  for (const frame of page.frames()) {
    if (frame.isDetached() || (await frame.evaluate(() => "axe" in window).catch(() => true))) continue;
    await frame.evaluate(`${axe.source};axe.configure({ allowedOrigins: ["<unsafe_all_origins>"] });`).catch(() => {
      // a frame that navigated or closed meanwhile: axe reports it as not analysed
    });
  }
  const result = await page.evaluate(
    // `resultTypes`: only the violations are listed node by node (the passes, one node each), which
    // halves axe's time on a report; the violations found are the same.
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }),
    AXE_TAGS,
  );
  return result.violations;
}

/**
 * RGAA 6.1 (« Chaque lien est-il explicite ? »): the links whose whole name is a generic label, which
 * says nothing of where they go. The name is the link's text (screen-reader-only words included) or its aria-label.
 */
export async function genericLinkNames(page: Page): Promise<string[]> {
  return page.locator("a[href]").evaluateAll((links) => {
    const generic = /^(à retenir|ici|cliquez ici|cliquez|en savoir plus|lire la suite|voir|plus|lien)\s*[.:!]?$/i;
    return links.map((link) => (link.getAttribute("aria-label") ?? link.textContent ?? "").replace(/\s+/g, " ").trim()).filter((name) => generic.test(name));
  });
}

/**
 * Text smaller than `minPx` among what `root` shows (computed font size of each visible text's
 * element; screen-reader-only text, clipped to 1 px, is not shown), as « 10.9px: text ».
 */
export async function textSmallerThan(root: Locator, minPx: number): Promise<string[]> {
  return root.evaluate((element, min) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      const box = parent.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || parent.closest("[hidden], details:not([open]) > :not(summary)")) continue;
      const size = parseFloat(getComputedStyle(parent).fontSize);
      if (size < min) found.push(`${size}px: ${text.slice(0, 40)}`);
    }
    return found;
  }, minPx);
}

/**
 * RGAA 11.10: whether the accessibility tree (Chromium's, through the DevTools protocol) marks the
 * field named `name` as required — what a screen reader announces as « obligatoire ».
 */
export async function requiredInAccessibilityTree(page: Page, name: string | RegExp): Promise<boolean> {
  const session = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await session.send("Accessibility.getFullAXTree")) as {
      nodes: Array<{ name?: { value?: string }; ignored?: boolean; properties?: Array<{ name: string; value: { value?: unknown } }> }>;
    };
    const named = (value: string | undefined) => (typeof name === "string" ? value === name : name.test(value ?? ""));
    const field = nodes.find((node) => !node.ignored && named(node.name?.value) && node.properties?.some((property) => property.name === "focusable"));
    if (!field) throw new Error(`No focusable node named « ${name} » in the accessibility tree`);
    return field.properties?.some((property) => property.name === "required" && property.value.value === true) ?? false;
  } finally {
    await session.detach();
  }
}

/**
 * RGAA 12.8 (focus order): presses Tab `presses` times from the focused element and returns, for
 * each stop, its position in the document, which follows the reading order when it only grows.
 */
export async function tabStopsInDocumentOrder(page: Page, presses: number): Promise<{ names: string[]; inOrder: boolean }> {
  const names: string[] = [];
  const positions: number[] = [];
  const stop = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      const all = [...document.querySelectorAll("*")];
      const label = active instanceof HTMLInputElement && active.labels?.[0] ? active.labels[0].textContent : active?.textContent;
      return { index: active ? all.indexOf(active) : -1, name: (active?.getAttribute("aria-label") ?? label ?? "").replace(/\s+/g, " ").trim().slice(0, 40) };
    });
  for (let press = 0; press <= presses; press++) {
    if (press > 0) await page.keyboard.press("Tab");
    const { index, name } = await stop();
    positions.push(index);
    names.push(name);
  }
  return { names, inOrder: positions.every((position, index) => index === 0 || position > (positions[index - 1] ?? -1)) };
}

/** The latest email the app sent to this address, waiting for it to arrive. */
export async function latestEmailTo(address: string, subject: RegExp): Promise<CapturedEmail> {
  let found: CapturedEmail | undefined;
  await expect
    .poll(async () => {
      const emails = await sentEmails();
      found = [...emails].reverse().find((email) => email.to.includes(address) && subject.test(email.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** Every email this worker's app sent so far (its fake Resend's record). */
export async function sentEmails(): Promise<CapturedEmail[]> {
  return (await (await fetch(`${currentServer().resendURL}/_test/emails`)).json()) as CapturedEmail[];
}

export async function setResendMode(mode: string): Promise<void> {
  await fetch(`${currentServer().resendURL}/_test/mode`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ mode }) });
}

/** Slows one fake upstream of the e2e server down (`"reset"`: back to its usual pace). */
export async function setUpstreamDelay(source: "ban" | "hubeau" | "vigieau" | "atmo" | "openmeteo" | "geo" | "baignades", ms: number | "reset"): Promise<void> {
  const response = await fetch(`${currentServer().upstreamURL}/_test/delay?source=${source}&ms=${ms}`, { method: "POST" });
  if (!response.ok) throw new Error(`fake upstreams: ${response.status}`);
}

/**
 * Switches one fake upstream of the e2e server to a fault mode (`"ok"`: answering again). The
 * server keeps what it read within the source's lifetime: a failure shows only for what it has
 * not read yet (see `ownServer`).
 */
export async function setUpstreamMode(source: FakeSource, mode: FakeMode): Promise<void> {
  const response = await fetch(`${currentServer().upstreamURL}/_test/mode?source=${source}&mode=${mode}`, { method: "POST" });
  if (!response.ok) throw new Error(`fake upstreams: ${response.status}`);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple-zs.fr`;
}

/**
 * The sample days of a derived Hub'Eau fixture, newest first, as the report writes them today. The
 * fake upstreams resolve `{{DATETIME:n}}` against the clock of this machine (the same one this
 * test reads, faketime included), so the expected words follow the day of the run.
 */
export function fixtureSampleDays(fixture: string, now: Date = new Date()): string[] {
  const text = readFileSync(new URL(`../fixtures/${fixture}`, import.meta.url), "utf8");
  const offsets = [...new Set([...text.matchAll(/"date_prelevement":\s*"\{\{DATETIME:([+-]?\d+)\}\}"/g)].map((match) => Number(match[1])))];
  return offsets.sort((a, b) => b - a).map((days) => formatDateFr(resolvePlaceholders(`{{DATETIME:${days}}}`, now)));
}
