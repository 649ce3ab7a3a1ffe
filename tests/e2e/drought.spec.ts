// Issue 38, part 2 (« Tap water first for drought », decision 086): VigiEau asks first which water
// you use. Amiens' only zone in force is a river's (SUP « Alerte »): the report's drought line and
// badge say the tap's water has no restriction of use, and the river's rule waits behind the card's
// question, readable once opened — with the keyboard too. Real Node server, fake upstreams (the
// recorded VigiEau answer, its decree dated from the fakes' clock), real Chromium.
import { expect } from "@playwright/test";
import { analyseAddress, seriousViolations, test, waitForIslands } from "./helpers.ts";

const QUESTION = "Vous utilisez un puits, un forage ou l'eau d'une rivière\u00a0?";

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`Amiens: the drought line is about tap water (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await waitForIslands(page);
    await analyseAddress(page, "8 bd du Port");
    const essentials = page.getByRole("list", { name: "L'essentiel" });
    await expect(essentials).toBeVisible();

    // The summary line and its badge: the tap's water, calmly, never the river's « Alerte ».
    const line = essentials.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Sécheresse", exact: true }) });
    await expect(line.locator(".badge")).toHaveText("Pas de restrictions");
    await expect(line).toContainText("Sécheresse\u00a0: pas de restriction d'usage de l'eau du réseau à votre adresse");
    await expect(line).not.toContainText("Alerte");
    // The river's zone is no « À retenir »: it only informs whoever draws river water.
    await expect(essentials.getByRole("listitem").first()).toContainText("À retenir");
    await expect(essentials.getByRole("listitem").first()).not.toContainText("Sécheresse");

    const card = page.getByTestId("report").getByRole("article", { name: "Sécheresse", exact: true });
    await expect(card.locator(".card__head .badge")).toHaveText("Pas de restrictions");
    await expect(card.getByText("Pas de restriction d'usage de l'eau du réseau à votre adresse.", { exact: true })).toBeVisible();
    // The river's rule sits behind the question, closed.
    const disclosure = card.locator("details", { has: page.locator("summary", { hasText: QUESTION }) });
    const question = disclosure.locator("summary");
    await expect(question).toBeVisible();
    await expect(disclosure).not.toHaveAttribute("open");
    const river = disclosure.locator(".drought-zone").filter({ hasText: "Eau superficielle" });
    await expect(river).toBeHidden();
    await expect(card.getByText("Arrosage des pelouses, massifs fleuris", { exact: true })).toBeHidden();

    // Opened with the keyboard (a native disclosure): the river's level and its rules are readable.
    await question.focus();
    await expect(question).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(disclosure).toHaveAttribute("open");
    await expect(river).toBeVisible();
    await expect(river.locator(".drought-zone__badge")).toHaveText("Alerte");
    await expect(river.getByText("Pour l'eau prélevée dans les cours d'eau et rivières")).toBeVisible();
    await expect(river.getByText("Somme aval et Avre")).toBeVisible();
    await expect(river.getByRole("heading", { name: "Arroser" })).toBeVisible();
    await expect(river.getByText("Arrosage des pelouses, massifs fleuris", { exact: true })).toBeVisible();
    await expect(river.getByRole("link", { name: /Consulter l'arrêté \(PDF\)/ })).toHaveAttribute("href", /^https:\/\//);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // And closed again.
    await page.keyboard.press("Enter");
    await expect(disclosure).not.toHaveAttribute("open");
    await expect(river).toBeHidden();
  });
}
