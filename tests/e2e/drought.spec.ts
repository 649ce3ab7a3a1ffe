// Issue 38, part 2 (« Tap water first for drought », decision 086): VigiEau asks first which water
// you use. Amiens' only zone in force is a river's (SUP « Alerte »): the report's drought line and
// badge say the tap's water has no restriction of use, and the river's rule waits behind the card's
// question (inside « Détails », closed on a phone: decision 084), readable once opened — with the
// keyboard too. Real Node server, fake upstreams (the recorded VigiEau answer, its decree dated from
// the fakes' clock), real Chromium.
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

    // The summary: the tap's water, calmly, never the river's « Alerte » — the drought is one of the
    // calm sections, with VigiEau's word for the tap (the report's one calm line, decision 084), and
    // the river's zone is no « À retenir »: it only informs whoever draws river water.
    const line = essentials.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Sécheresse", exact: true }) });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(/^(Rien à signaler|Rien ne demande d'attention particulière aujourd'hui)\u00a0: /);
    await expect(line).toContainText("Sécheresse – Pas de restrictions");
    await expect(line.getByRole("link", { name: "Sécheresse", exact: true })).toHaveAttribute("href", "#secheresse");
    await expect(line).not.toContainText("Alerte");
    // « À retenir », when the day has one (the season's pollen…), is never the river's.
    await expect(essentials.getByRole("listitem").filter({ hasText: "À retenir" })).not.toContainText(/Sécheresse|puits/);

    const card = page.getByTestId("report").getByRole("article", { name: "Sécheresse", exact: true });
    await expect(card.locator(".card__head .badge")).toHaveText("Pas de restrictions");
    await expect(card.getByText("Pas de restriction d'usage de l'eau du réseau à votre adresse.", { exact: true })).toBeVisible();
    // The card's one advice line is for whoever draws river water: information, never a precaution.
    await expect(card.locator(".card__advice")).toContainText(
      /^Information\s*:\s*Si vous utilisez un puits, un forage ou l'eau d'une rivière\s*:\s*niveau Alerte$/,
    );
    // « Détails »: open on a wide screen, closed on a phone, where a person opens it.
    const more = card.locator("details.card__more");
    if (viewport.width < 800) {
      await expect(more).not.toHaveAttribute("open");
      await more.locator(":scope > summary").click();
    }
    await expect(more).toHaveAttribute("open");
    // The river's rule sits behind the question, closed.
    const question = card.locator("summary", { hasText: QUESTION });
    const disclosure = question.locator("xpath=..");
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
