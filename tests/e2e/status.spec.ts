// The public status page (/etat, issue 24, decisions 061 and 085) in Chromium at a desktop and a
// phone width: it reads /api/v1/status, says each source's state in words in a table with a caption,
// beside its last attempt, has no serious axe violation, never scrolls sideways (a phone stacks each
// row), and is reached from the footer, from /sources and from a report's card whose source failed.
import { expect } from "@playwright/test";
import { seriousViolations, setUpstreamMode, test, waitForIslands } from "./helpers.ts";

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

// Issue 38: Hub'Eau answering 500 while /etat said it « à jour ». The report is asked for Pornichet,
// a commune no other journey reads, so that its water is not in the server's cache (a cache hit is
// no attempt). The times are the fakes' and the app's own clock: only their shape is asserted.
// Words and links, and the tables fitting a phone: at 390 px only (decision 096); the tables at
// 1366 px are checked above.
for (const viewport of [{ width: 390, height: 844 }]) {
  test(`/etat during an outage: the card says « Indisponible » and links to Hub'Eau's row, which says « échec à … » under a banner, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await setUpstreamMode("hubeau", "error500");
    try {
      await page.goto("/");
      await waitForIslands(page);
      await page.getByRole("combobox", { name: /Votre adresse/ }).pressSequentially("8 bd du Port", { delay: 20 });
      await page.getByRole("option", { name: /Pornichet/ }).click();
      const water = page.locator("#eau");
      await expect(water.locator(".card__badge")).toHaveText("Indisponible");
      const link = water.getByRole("link", { name: "État des sources" });
      await expect(link).toHaveAttribute("href", "/etat#source-hubeau");
      await link.click();
      await expect(page).toHaveURL(/\/etat#source-hubeau$/);

      const time = "\\d{1,2}\\sh\\s\\d{2}";
      const banner = page.locator("#etat-pannes");
      await expect(banner).toBeVisible();
      await expect(banner.getByText(/ne répond pas depuis/)).toHaveText(
        new RegExp(`^Hub'Eau ne répond pas depuis (${time}|le .+ à ${time})\\s: la qualité de l'eau du robinet est momentanément indisponible\\.$`),
      );
      const row = page.locator("#source-hubeau");
      await expect(row.getByRole("rowheader")).toHaveText(/^Hub'Eau/);
      await expect(row.getByRole("cell").nth(1)).toHaveAttribute("data-label", "Dernière tentative");
      await expect(row.getByRole("cell").nth(1)).toHaveText(new RegExp(`^échec (à\\s${time}|le .+ à ${time})$`));
      await expect(row).toBeInViewport();
      // The sources that answer say so, and have no line at the top.
      await expect(page.locator("#source-ban").getByRole("cell").nth(1)).toHaveText(new RegExp(`^réussie (à\\s${time}|le .+ à ${time})$`));
      await expect(banner.locator("p")).toHaveCount(1);
      for (const region of await page.locator(".status-table").all()) {
        expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      }
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await setUpstreamMode("hubeau", "ok");
    }
  });
}

test("the status page is linked from the footer and from /sources", async ({ page }) => {
  await page.goto("/sources");
  await expect(page.getByRole("main").getByRole("link", { name: "état du service" })).toHaveAttribute("href", "/etat");
  await page.getByRole("contentinfo").getByRole("link", { name: "État du service", exact: true }).click();
  await expect(page).toHaveURL(/\/etat$/);
});
