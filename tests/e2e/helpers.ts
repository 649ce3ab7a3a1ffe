import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { formatDateFr } from "../../src/core/shared/format.ts";
import type { CapturedEmail } from "../fakes/resend-server.ts";
import { resolvePlaceholders } from "../fakes/upstream-server.ts";

const PORT = Number(process.env.E2E_PORT ?? 4331);
/** the fake Resend that scripts/demo.ts starts for the e2e run (see playwright.config.ts) */
const FAKE_RESEND_URL = `http://127.0.0.1:${PORT + 200}`;
/** the fake upstreams of scripts/demo.ts (DEMO_UPSTREAM_PORT) */
const FAKE_UPSTREAMS_URL = `http://127.0.0.1:${PORT + 100}`;

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
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
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

/** Types an address in the home page's search and picks the first suggestion, which asks for its report. */
export async function analyseAddress(page: Page, typed: string) {
  await page.getByRole("combobox", { name: /Votre adresse/ }).pressSequentially(typed, { delay: 20 });
  await page.getByRole("option").first().click();
}

/** axe's serious and critical violations of WCAG 2.1 A/AA on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

/** The latest email the app sent to this address, waiting for it to arrive. */
export async function latestEmailTo(address: string, subject: RegExp): Promise<CapturedEmail> {
  let found: CapturedEmail | undefined;
  await expect
    .poll(async () => {
      const emails = (await (await fetch(`${FAKE_RESEND_URL}/_test/emails`)).json()) as CapturedEmail[];
      found = [...emails].reverse().find((email) => email.to.includes(address) && subject.test(email.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export async function setResendMode(mode: string): Promise<void> {
  await fetch(`${FAKE_RESEND_URL}/_test/mode`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ mode }) });
}

/** Slows one fake upstream of the e2e server down (`"reset"`: back to its usual pace). */
export async function setUpstreamDelay(source: "ban" | "hubeau" | "vigieau" | "atmo" | "openmeteo" | "geo" | "baignades", ms: number | "reset"): Promise<void> {
  const response = await fetch(`${FAKE_UPSTREAMS_URL}/_test/delay?source=${source}&ms=${ms}`, { method: "POST" });
  if (!response.ok) throw new Error(`fake upstreams: ${response.status}`);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
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
