// The public status page (/etat, issue 24, decision 061) in Chromium at a desktop and a phone
// width: it reads /api/v1/status, says each source's state in words in a table with a caption,
// has no serious axe violation, never scrolls sideways (a phone stacks each row), and is reached from the footer and from /sources.
import { expect } from "@playwright/test";
import { seriousViolations, test } from "./helpers.ts";

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`/etat says each official source's state in words, in a captioned table, axe-clean at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/etat");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("État du service");
    const sources = page.getByRole("table", { name: "Fraîcheur des sources officielles" });
    const atmo = sources.getByRole("row", { name: /Indice ATMO/ });
    // Never a colour alone: the state is one of the words, whatever the fake sources were asked today.
    await expect(atmo.getByRole("cell").first()).toHaveText(/^(à jour|en retard|indisponible)$/);
    await expect(
      sources
        .getByRole("row", { name: /Baignades/ })
        .getByRole("cell")
        .first(),
    ).toHaveText(/^(à jour|en retard|indisponible|hors saison)$/);
    await expect(page.getByRole("status")).toHaveText(/^État lu le \d{1,2}(er)?\s\S+\s\d{4} à \d{1,2}\sh\s\d{2}\.$/);
    await expect(page.getByRole("table", { name: "Les 7 derniers passages des alertes" })).toBeVisible();
    // Nothing scrolls sideways, at either width: on a phone each row is stacked, every value after its column's name.
    await expect(atmo.getByRole("cell").first()).toHaveAttribute("data-label", "État");
    for (const region of await page.locator(".status-table").all()) {
      expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the status page is linked from the footer and from /sources", async ({ page }) => {
  await page.goto("/sources");
  await expect(page.getByRole("main").getByRole("link", { name: "état du service" })).toHaveAttribute("href", "/etat");
  await page.getByRole("contentinfo").getByRole("link", { name: "État du service", exact: true }).click();
  await expect(page).toHaveURL(/\/etat$/);
});
