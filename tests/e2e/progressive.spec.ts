// Issue 25, « Progressive report » (decision 067): each card appears as soon as its own source has
// answered. With Hub'Eau slow, the air card shows its content while the water card is still being
// read (busy), and « L'essentiel » says the water is not yet known — never a verdict, never
// « Bonne nouvelle » — until it arrives. On a desktop and a phone screen; each width asks for an
// address no other spec asks for, so that no cached answer hides the slow source.
import { expect } from "@playwright/test";
import { analyseAddress, seriousViolations, setUpstreamDelay, test, waitForIslands } from "./helpers.ts";

const CASES = [
  { width: 1366, typed: "Les Abymes" },
  { width: 390, typed: "13 rue Albert Einstein" },
];

/** Hub'Eau's delay: well past the fast sources, under the server's upstream timeout (2,5 s; 25 s in the journeys). */
const SLOW_HUBEAU_MS = 2_000;

for (const { width, typed } of CASES) {
  test(`a card shows as soon as its source answered: air read while Hub'Eau is slow, « L'essentiel » says the water is being read (${width} px)`, async ({
    page,
  }) => {
    await setUpstreamDelay("hubeau", SLOW_HUBEAU_MS);
    try {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await waitForIslands(page);
      await analyseAddress(page, typed);

      const report = page.getByTestId("report");
      const air = report.locator("#air");
      const water = report.locator("#eau");
      const waterLine = report.locator(".summary__item--water");
      // The air card with its content (its official word, its source) while the water card waits;
      // on a phone its source is among its closed « Détails » (decision 084).
      await expect(air.locator(".card__head .badge")).toBeVisible();
      if (width >= 832) await expect(air.locator(".card__source")).toBeVisible();
      else await expect(air.locator("details.card__more:not([open]) .card__source")).toBeAttached();
      await expect(air).not.toHaveAttribute("aria-busy");
      await expect(water).toHaveAttribute("aria-busy", "true");
      await expect(water).toContainText("En cours de lecture…");
      await expect(waterLine).toHaveText("Eau du robinet\u00a0: en cours de lecture…");
      await expect(report.locator(".summary__item--advice")).toHaveCount(0);
      await expect(report).not.toContainText("Bonne nouvelle");
      await expect(report.getByRole("link", { name: "Télécharger le rapport PDF" })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      // Hub'Eau answers: the water card and its place in the summary take their place, the report is
      // whole. No analysis is published for either address: nothing to see, so the water joins the
      // calm sections' line, with its word (decision 084).
      await expect(water).not.toHaveAttribute("aria-busy", { timeout: SLOW_HUBEAU_MS + 30_000 });
      await expect(waterLine).toHaveCount(0);
      await expect(report.locator(".summary")).not.toContainText("en cours de lecture");
      await expect(report.locator(".summary__item--calm")).toContainText("Eau du robinet – Aucune analyse publiée");
      await expect(report.locator("[aria-busy]")).toHaveCount(0);
      await expect(report.getByRole("link", { name: "Télécharger le rapport PDF" })).toBeVisible();
      // RGAA 13.3: the PDF is untagged; the link says, visibly and in its description, that this page is its accessible version.
      await expect(report.getByRole("link", { name: "Télécharger le rapport PDF" })).toHaveAccessibleDescription(
        "Le rapport PDF n'est pas accessible aux lecteurs d'écran\u00a0: la page du bilan en est la version accessible.",
      );
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await setUpstreamDelay("hubeau", "reset");
    }
  });
}
