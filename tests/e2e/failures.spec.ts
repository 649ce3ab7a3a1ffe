// Issue 23, « Failures are kept and spread »: a section whose source failed has its own « Réessayer »
// that keeps the rest of the report on screen; a change of water network that cannot load keeps the
// report and says so under the chooser; typing offline says once, calmly, that the suggestions wait
// for the connection, and « Analyser » offline says it once. On a desktop and a phone screen.
import { expect, type Locator, type Page, type Route } from "@playwright/test";
import { presentDocuments } from "../../src/core/report/present.ts";
import { evaluateDrought } from "../../src/sections/drought/evaluate.ts";
import { evaluatePollen } from "../../src/sections/pollen/evaluate.ts";
import { seriousViolations, test, waitForIslands } from "./helpers.ts";

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

const STILL_UNAVAILABLE = "Toujours indisponible. Réessayez dans quelques minutes.";
const OFFLINE_SUGGESTIONS = "Pas de connexion\u00a0: les suggestions d'adresses reviendront dès que la connexion sera rétablie.";

async function openHome(page: Page) {
  await page.goto("/");
  await waitForIslands(page);
}

function addressField(page: Page): Locator {
  return page.getByRole("combobox", { name: /Votre adresse/ });
}

function reportHeading(page: Page): Locator {
  return page.getByTestId("report").getByRole("heading", { name: /^Bilan pour/ });
}

async function pickFirstSuggestion(page: Page, typed: string) {
  await addressField(page).pressSequentially(typed, { delay: 20 });
  await page.getByRole("option").first().click();
  await expect(reportHeading(page)).toBeVisible();
}

/**
 * The report as the server answers it when VigiEau cannot be read (derived from the real answer:
 * its drought section is the one the server builds for a failed source).
 */
async function answerWithFailedDrought(route: Route) {
  // The whole JSON answer (not the island's stream, decision 067), changed, then handed over whole.
  const response = await route.fetch({ headers: { ...route.request().headers(), accept: "application/json" } });
  const report = await response.json();
  report.drought = evaluateDrought({ zones: { ok: false, reason: "timeout" }, now: new Date(), citycode: report.address.citycode });
  // Each section's document, as the server sends it with its answer (decision 095).
  await route.fulfill({ response, json: { ...report, documents: presentDocuments(report) } });
}

/**
 * The report as the server answers it when the indice pollen cannot be read (derived from the real
 * answer: its pollen section is the one the server builds for a failed source).
 */
async function answerWithFailedPollen(route: Route) {
  const response = await route.fetch({ headers: { ...route.request().headers(), accept: "application/json" } });
  const report = await response.json();
  report.pollen = evaluatePollen({ indices: { ok: false, reason: "http", status: 500 }, now: new Date(), citycode: report.address.citycode });
  await route.fulfill({ response, json: { ...report, documents: presentDocuments(report) } });
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width} px`;

  test.describe(size, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test(`a failed section has its own « Réessayer », which keeps the rest of the report (${size})`, async ({ page }) => {
      let answers = 0;
      let releaseSecond: () => void = () => undefined;
      const secondHeld = new Promise<void>((resolve) => (releaseSecond = resolve));
      await page.route("**/api/report?**", async (route) => {
        answers += 1;
        if (answers === 2) await secondHeld;
        if (answers <= 2) await answerWithFailedDrought(route);
        else await route.continue();
      });
      await openHome(page);
      await pickFirstSuggestion(page, "8 bd du Port");

      const drought = page.locator("#secheresse");
      await expect(drought.getByText("Indisponible", { exact: true })).toBeVisible();
      // One « Réessayer », on the card whose source failed; no full-page error.
      const retry = drought.getByRole("button", { name: "Réessayer" });
      await expect(retry).toBeVisible();
      await expect(page.getByRole("button", { name: "Réessayer" })).toHaveCount(1);
      await expect(page.getByText("Le bilan n'a pas pu être établi.")).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      // While it retries, the button says so and the report stays.
      await retry.click();
      const busy = drought.getByRole("button", { name: "Nouvelle tentative…" });
      await expect(busy).toHaveAttribute("aria-busy", "true");
      await expect(reportHeading(page)).toBeVisible();
      await expect(page.locator("#eau")).toBeVisible();
      releaseSecond();

      // Still failing: a calm sentence beside the button, the report on screen, the focus kept.
      await expect(drought.getByRole("status")).toHaveText(STILL_UNAVAILABLE);
      await expect(retry).toBeFocused();
      await expect(reportHeading(page)).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      // Back: the section replaces its « Indisponible », the focus goes to its card.
      await retry.click();
      await expect(page.getByRole("button", { name: "Réessayer" })).toHaveCount(0);
      await expect(drought.getByText("Indisponible", { exact: true })).toHaveCount(0);
      await expect(drought).toBeFocused();
      expect(answers).toBe(3);
    });

    // Issue 26 follow-up: the four new cards follow the same rule, here the pollen card.
    test(`a failed pollen read has its own « Réessayer » on its card, which brings it back and leaves the rest of the report (${size})`, async ({ page }) => {
      let answers = 0;
      await page.route("**/api/report?**", async (route) => {
        answers += 1;
        if (answers <= 2) await answerWithFailedPollen(route);
        else await route.continue();
      });
      await openHome(page);
      await pickFirstSuggestion(page, "8 bd du Port");

      const pollen = page.locator("#pollens");
      const unread = pollen.getByText("L'indice pollen n'a pas pu être lu\u00a0: la source est momentanément indisponible.");
      await expect(unread).toBeVisible();
      // One « Réessayer », on the pollen card only.
      const retry = pollen.getByRole("button", { name: "Réessayer" });
      await expect(retry).toBeVisible();
      await expect(page.getByRole("button", { name: "Réessayer" })).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      const waterBefore = await page.locator("#eau").innerText();

      // Still failing: the sentence beside the button, the report on screen.
      await retry.click();
      await expect(pollen.getByRole("status")).toHaveText(STILL_UNAVAILABLE);
      await expect(retry).toBeFocused();
      await expect(reportHeading(page)).toBeVisible();

      // The source back: the pollen card shows its index, the focus goes to it, the rest is as it was.
      await retry.click();
      await expect(page.getByRole("button", { name: "Réessayer" })).toHaveCount(0);
      await expect(unread).toHaveCount(0);
      await expect(pollen).toBeFocused();
      expect(await page.locator("#eau").innerText()).toBe(waterBefore);
      expect(answers).toBe(3);
    });

    test(`a change of water network that cannot load keeps the report and says so under the chooser (${size})`, async ({ page, consoleGuard }) => {
      consoleGuard.allow(/ERR_INTERNET_DISCONNECTED/);
      await openHome(page);
      await pickFirstSuggestion(page, "8 bd du Port");
      const chooser = page.getByRole("combobox", { name: /Réseau de distribution/ });
      await expect(chooser).toBeVisible();
      const shown = await chooser.inputValue();
      const shownLabel = (await chooser.locator("option:checked").innerText()).trim();
      const other = (await chooser.locator("option").evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value))).find(
        (value) => value !== "" && value !== shown,
      )!;
      await chooser.scrollIntoViewIfNeeded();
      const scrollBefore = await page.evaluate(() => window.scrollY);
      const urlBefore = page.url();

      await page.context().setOffline(true);
      await chooser.focus();
      await chooser.selectOption(other);

      const status = page.locator(".udi-chooser").getByRole("status");
      await expect(status).toHaveText(
        `Le changement de réseau n'a pas pu être chargé (connexion interrompue). Le bilan affiché reste celui du réseau «\u00a0${shownLabel}\u00a0».`,
      );
      // The report stays, with the network it is about; nothing jumps, the focus stays on the chooser.
      await expect(chooser).toHaveValue(shown);
      await expect(chooser).toBeFocused();
      await expect(reportHeading(page)).toBeVisible();
      await expect(page.getByText("Le bilan n'a pas pu être établi.")).toHaveCount(0);
      expect(page.url()).toBe(urlBefore);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThan(2);
      expect(await seriousViolations(page)).toEqual([]);

      // Back online, the same choice loads and the sentence goes.
      await page.context().setOffline(false);
      await chooser.selectOption(other);
      await expect.poll(() => page.url()).toContain(`udi=${other}`);
      await expect(chooser).toHaveValue(other);
      await expect(status).toHaveText("");
    });

    test(`offline, the address field says once that suggestions wait for the connection, and « Analyser » says it once (${size})`, async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(/ERR_INTERNET_DISCONNECTED/);
      await openHome(page);
      // Counts each time the offline sentence is put in the page: a live region announces each one.
      await page.evaluate((text) => {
        const counter = window as unknown as { offlineShown: number };
        counter.offlineShown = 0;
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.addedNodes) if (node.textContent?.includes(text.slice(0, 20))) counter.offlineShown += 1;
        }).observe(document.body, { childList: true, subtree: true });
      }, OFFLINE_SUGGESTIONS);

      await page.context().setOffline(true);
      await addressField(page).pressSequentially("8 bd du P", { delay: 20 });
      const note = page.getByRole("status").filter({ hasText: OFFLINE_SUGGESTIONS });
      await expect(note).toBeVisible();
      await addressField(page).pressSequentially("ort", { delay: 80 });
      await expect(note).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { offlineShown: number }).offlineShown)).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      // « Analyser »: one sentence, under the field, once.
      await page.getByRole("button", { name: "Analyser" }).click();
      await expect(page.getByText(/Impossible de joindre le service/)).toHaveCount(1);
      await expect(page.getByRole("alert")).toHaveCount(1);
      await expect(page.getByText("Le bilan n'a pas pu être établi.")).toHaveCount(0);
      await expect(addressField(page)).toBeFocused();

      // The connection back: the suggestions come for the text typed meanwhile.
      await page.context().setOffline(false);
      await expect(page.getByRole("option").first()).toBeVisible();
    });
  });
}
