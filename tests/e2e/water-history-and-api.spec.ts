// Issue 15 as a person and a partner site meet it: the twelve-month water history on the report
// (keyboard, table, axe, mobile) and the developers page. The public API read from another origin
// (CORS open to reads, closed to writes) is tests/integration/api-v1.test.ts.
import { expect, type Page } from "@playwright/test";
import { analyseAddress, fixtureSampleDays, seriousViolations, test, waitForIslands } from "./helpers.ts";

async function reportFor(page: Page, typed: string) {
  await page.goto("/");
  await waitForIslands(page);
  await analyseAddress(page, typed);
  await expect(page.getByTestId("report").getByRole("heading", { name: "Recommandations", exact: true })).toBeVisible();
}

// 320 px: the width at which RGAA asks content to reflow without horizontal scrolling.
for (const viewport of [
  { width: 1280, height: 900 },
  { width: 320, height: 700 },
]) {
  test(`Maraussan: the history draws the non-compliant nitrates above the limit line, readable by keyboard and as a table (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await reportFor(page, "maraussan");
    // One disclosure, closed by default (issue 23): the report reads around « L'essentiel ».
    const water = page.getByTestId("report").locator("details.water-history");
    await expect(water).not.toHaveAttribute("open");
    await water.getByText("Historique sur 12 mois", { exact: true }).click();
    await expect(water).toHaveAttribute("open");

    const nitrates = water.getByRole("group", { name: /^Nitrates/ });
    await expect(nitrates).toBeVisible();
    // The limit is a labelled line (its label beside the chart, never over a point); the newest sample is a point with its value and date.
    await expect(nitrates.locator("xpath=ancestor::figure[1]").getByText("Limite de qualité\u00a0: 50\u00a0mg/L", { exact: true })).toBeVisible();
    const newest = nitrates.locator("[role=img][tabindex='0']");
    await expect(newest).toHaveCount(1);
    await newest.focus();
    // Maraussan's samples (a derived fixture) are dated from today: 62 mg/L newest, then the one before.
    const [newestDay, previousDay] = fixtureSampleDays("hubeau/resultats-dis-derived-nitrates-62.json");
    await expect(newest).toHaveAttribute("aria-label", new RegExp(`${newestDay ?? "no sample"}.*62\u00a0mg/L.*Non conforme`));
    await expect(page.getByText(/62\u00a0mg\/L \(Non conforme\)/).first()).toBeVisible();
    // The point sits above the line (SVG y grows downwards).
    const pointY = Number(await newest.locator("circle").last().getAttribute("cy"));
    const limitY = Number(await nitrates.locator("line.history-chart__limit").getAttribute("y1"));
    expect(pointY).toBeLessThan(limitY);
    // Arrow keys walk the samples.
    await page.keyboard.press("ArrowLeft");
    await expect(page.locator(":focus")).toHaveAttribute("aria-label", new RegExp(previousDay ?? "no previous sample"));

    // « Non détecté » is said as such, never as zero: E. coli never detected is one sentence, no chart of rings on the axis.
    await expect(water.getByRole("group", { name: /^E\. coli/ })).toHaveCount(0);
    await expect(
      water.getByRole("listitem").filter({ hasText: /^Escherichia coli \(E\. coli\)\u00a0: jamais détecté sur 12\u00a0mois \(2\u00a0prélèvements/ }),
    ).toBeVisible();
    await nitrates.locator("xpath=ancestor::figure[1]").getByText("Voir les valeurs").click();
    const table = nitrates.locator("xpath=ancestor::figure[1]").getByRole("table");
    await expect(table.getByRole("cell", { name: "Non conforme" }).first()).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Résultat" })).toBeVisible();

    // Every table open: a narrow screen scrolls a table, never the page.
    const closed = water.locator(".history-chart details:not([open]) > summary");
    while ((await closed.count()) > 0) await closed.first().click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("Amiens: the history shows each key parameter measured, with a gap of months as empty space", async ({ page }) => {
  await reportFor(page, "8 bd du Port");
  const water = page.getByTestId("report").locator("details.water-history");
  await water.getByText("Historique sur 12 mois", { exact: true }).click();
  const nitrates = water.getByRole("group", { name: /^Nitrates/ });
  await expect(nitrates).toBeVisible();
  const xs = await nitrates
    .locator("[role=img]")
    .evaluateAll((points) => points.map((point) => Number(point.querySelector("circle:last-of-type")?.getAttribute("cx"))));
  expect(xs.length).toBeGreaterThanOrEqual(3);
  // May, then October and November: the first gap is much wider than the last.
  const gaps = xs.slice(1).map((x, index) => x - xs[index]!);
  expect(gaps[0]!).toBeGreaterThan(3 * gaps.at(-1)!);
  expect(await seriousViolations(page)).toEqual([]);
});

test("/developpeurs is in the footer and the sitemap, with the OpenAPI document", async ({ page }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  await footer.getByRole("link", { name: /API/ }).first().click();
  await expect(page).toHaveURL(/\/developpeurs$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // No JavaScript but the header's one-line signed-in hint (decision 063).
  const scripts = await page.locator("script:not([type='application/ld+json'])").evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/zs_signed_in=1/);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/developpeurs</loc>");
  expect(sitemap).toContain("/api/v1/openapi.json</loc>");
  const document = (await (await page.request.get("/api/v1/openapi.json")).json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toMatch(/^3\.1\./);
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/report", "/geocode", "/bathing-sites"]));
  expect(await seriousViolations(page)).toEqual([]);
});
