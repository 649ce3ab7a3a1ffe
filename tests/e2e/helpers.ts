import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { CapturedEmail } from "../fakes/resend-server.ts";

const PORT = Number(process.env.E2E_PORT ?? 4331);
/** the fake Resend that scripts/demo.ts starts for the e2e run (see playwright.config.ts) */
const FAKE_RESEND_URL = `http://127.0.0.1:${PORT + 200}`;

export async function waitForIslands(page: Page) {
  await page.waitForFunction(() => {
    const islands = document.querySelectorAll("astro-island");
    return islands.length > 0 && [...islands].every((island) => !island.hasAttribute("ssr"));
  });
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

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}
