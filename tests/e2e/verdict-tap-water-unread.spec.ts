// Issue 38, the tap water that could not be checked (decision 084): with Hub'Eau failing, nobody
// can say today whether the water may be drunk, and « À retenir » says so before any estimate or
// any advice of its severity. Maraussan, with the fake Hub'Eau answering 500, in Chromium at 390 px
// (the words are what is tested, not the layout; one journey, since each forces a server of its own).
import { expect, type Page } from "@playwright/test";
import { analyseAddress, seriousViolations, setUpstreamMode, test, waitForIslands } from "./helpers.ts";

// Maraussan's water, once read by any journey of a worker, is in its server's cache for 12 hours,
// whatever the fake's mode: this file's journeys get servers of their own (a top-level option,
// since it forces a new worker).
test.use({ ownServer: true });

const PHONE = { width: 390, height: 844 };

const UNREAD_TITLE = "Nous n'avons pas pu vérifier l'eau du robinet aujourd'hui";

async function openReport(page: Page, typed: string) {
  await page.goto("/");
  await waitForIslands(page);
  await analyseAddress(page, typed);
  await expect(page.getByTestId("report").locator(".recommendations")).toBeVisible();
  await expect(page.getByTestId("report").locator("[aria-busy]")).toHaveCount(0);
}

{
  const viewport = PHONE;
  const size = `${viewport.width} px`;
  // Maraussan's drought advice follows its drinking-water zone (« Alerte »: a « Précaution »,
  // decision 086), which the tap water unread outranks at equal severity (decision 084).
  test(`Maraussan, Hub'Eau failing: « À retenir » names the tap water that could not be checked (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await setUpstreamMode("hubeau", "error500");
    try {
      await openReport(page, "Maraussan");
      const report = page.getByTestId("report");
      const summary = report.getByRole("list", { name: "L'essentiel" });
      await expect(summary.getByRole("listitem").first()).toHaveText(`À retenir\u00a0: ${UNREAD_TITLE}`);
      // The water's own line says its source failed (a section that could not be read is never among the calm ones).
      const waterLine = summary.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Eau du robinet", exact: true }) });
      await expect(waterLine.locator(".summary__badge")).toHaveText("Indisponible");
      await expect(waterLine.locator(".summary__text")).toHaveText("Eau du robinet\u00a0: résultats momentanément indisponibles.");
      const water = report.getByRole("article", { name: "Eau du robinet", exact: true });
      await expect(water.locator(".card__head .badge")).toHaveText("Indisponible");
      await expect(water.getByRole("button", { name: "Réessayer" })).toBeVisible();
      await expect(water.locator(".card__advice")).toHaveText(`Précaution\u00a0: ${UNREAD_TITLE}`);
      // The water's own advice, once; the general « Données momentanément incomplètes » is air's and drought's only.
      const advice = report.locator("#conseils .recommendation");
      await expect(advice.filter({ hasText: UNREAD_TITLE })).toHaveCount(1);
      await expect(advice.filter({ hasText: "Données momentanément incomplètes" })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await setUpstreamMode("hubeau", "ok");
    }
  });
}
