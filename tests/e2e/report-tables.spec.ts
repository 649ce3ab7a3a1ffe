// The report's tables on a 320 px screen (issue 38): no word is cut inside a cell (« Graminé-es »
// in the pollen grid was), nothing runs out of its cell, and the tables keep their headers for
// assistive technologies once stacked. The demo's summer scene (tests/e2e/helpers.ts): grass
// pollen and water histories in Amiens, a canicule vigilance in the Hérault.
import { expect, type Page } from "@playwright/test";
import { analyseAddress, seriousViolations, test, waitForIslands } from "./helpers.ts";

/**
 * The words of the report's table cells that the layout split over two lines (a word being what
 * lies between spaces or after a hyphen, where a line may break), and the cells whose content
 * runs out of them. Each word's characters are measured as a Range: a word on one line has all
 * its boxes on one line.
 */
async function cutWordsInTables(page: Page): Promise<string[]> {
  return page.getByTestId("report").evaluate((report) => {
    const problems: string[] = [];
    for (const cell of report.querySelectorAll<HTMLElement>("table th, table td")) {
      if (cell.getClientRects().length === 0) continue;
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`overflows its cell: « ${cell.textContent} »`);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/[^\s-]+-?/g)) {
          if (match[0].length < 2) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
          if (lines.size > 1) problems.push(`cut: « ${match[0]} » in « ${cell.textContent} »`);
        }
      }
    }
    return problems;
  });
}

/** Every disclosure of the report open (the water histories' « Voir les valeurs » hold tables). */
async function openEveryDisclosure(page: Page) {
  await page.getByTestId("report").evaluate((report) => {
    for (const details of report.querySelectorAll("details")) details.open = true;
  });
  await expect(page.getByTestId("report").locator("details:not([open])")).toHaveCount(0);
}

/** Chromium's own accessibility tree (what a screen reader reads), not Playwright's reading of the DOM. */
async function tableRolesOf(page: Page): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: { role?: { value?: string } }[] };
  await cdp.detach();
  const counts: Record<string, number> = {};
  for (const node of nodes) {
    const role = node.role?.value ?? "";
    if (["table", "row", "rowheader", "columnheader", "cell"].includes(role)) counts[role] = (counts[role] ?? 0) + 1;
  }
  return counts;
}

test.describe("the report's tables at 320 px", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto("/");
    await waitForIslands(page);
  });

  test("the pollen and vigilance grids and the water histories: every word whole, every cell's headers kept", async ({ page }) => {
    // Two reports and axe: three times the usual timeout.
    test.slow();
    await analyseAddress(page, "8 bd du Port");
    // The grids and histories sit behind the cards' disclosures (« Détails », « Voir les valeurs »).
    const pollen = page.getByRole("table", { name: "Indice pollen par taxon" });
    await expect(page.getByTestId("report").locator("table.level-table").first()).toBeAttached();
    await expect(page.getByTestId("report").locator("table.history-table").first()).toBeAttached();
    await openEveryDisclosure(page);
    await expect(pollen).toBeVisible();
    await expect(page.getByTestId("report").getByRole("table", { name: /^Nitrates/ })).toBeVisible();

    expect(await cutWordsInTables(page)).toEqual([]);
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // Stacked, the grid is still a table: a row header per taxon, a column header per day, and each
    // cell named by its official word only (its day, written beside it, is the column's header).
    await expect(pollen.getByRole("rowheader", { name: "Graminées" })).toBeAttached();
    const days = pollen.getByRole("columnheader");
    await expect(days.first()).toHaveText(/^Aujourd'hui \(/);
    const cell = pollen
      .getByRole("row", { name: /^Graminées/ })
      .getByRole("cell")
      .first();
    await expect(cell).toContainText(/^Aujourd'hui \(/);
    await expect(cell).toHaveAccessibleName(/^(Très faible|Faible|Modéré|Élevé|Très élevé|Extrêmement élevé|Non publié)$/);
    // The day shown in each cell, hidden from assistive technologies.
    await expect(cell.locator("[aria-hidden=true]").first()).toBeVisible();
    const roles = await tableRolesOf(page);
    expect(roles.table ?? 0).toBeGreaterThanOrEqual(2);
    expect(roles.rowheader ?? 0).toBeGreaterThanOrEqual(6);
    expect(roles.columnheader ?? 0).toBeGreaterThanOrEqual(3);
    expect(await seriousViolations(page)).toEqual([]);

    // Another place, another grid: the canicule's vigilance in the Hérault, by phenomenon.
    await page.goto("/");
    await waitForIslands(page);
    await analyseAddress(page, "Maraussan");
    await expect(page.getByTestId("report").locator("table.level-table").first()).toBeAttached();
    await expect(page.getByTestId("report").locator("table.history-table").first()).toBeAttached();
    await openEveryDisclosure(page);
    await expect(page.getByRole("table", { name: "Vigilance par phénomène" })).toBeVisible();
    expect(await cutWordsInTables(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
