// Issue 38, the report's verdict first (decision 084): a report with nothing needing attention
// says so in one line; the advice card lists « Important » before « Précaution », and
// each card's one advice line names its section's first advice and opens it; on a phone the
// details wait behind their disclosures; the alerts are a few Tab presses after « L'essentiel ».
// In Chromium, at 1366 and 390 px. (The tap water unread as « À retenir »: verdict-tap-water-unread.spec.ts.)
import { expect, type Locator, type Page, type Route } from "@playwright/test";
import { readFileSync } from "node:fs";
import { recommendationsOfReport } from "../../src/core/recommendations/select.ts";
import { presentDocuments } from "../../src/core/report/present.ts";
import { evaluateDrought } from "../../src/sections/drought/evaluate.ts";
import { evaluatePollen } from "../../src/sections/pollen/evaluate.ts";
import { pollenCollectionSchema } from "../../src/sources/pollen/schema.ts";
import { mapPollenIndices } from "../../src/sources/pollen/to-domain.ts";
import { resolvePlaceholders } from "../fakes/upstream-server.ts";
import { analyseAddress, seriousViolations, test, waitForIslands } from "./helpers.ts";

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

/** The order of the advice card: « Important », then « Précaution », then information (rank.ts). */
const SEVERITY_RANK: Record<string, number> = { critical: 0, warning: 1, info: 2, success: 3 };

async function openReport(page: Page, typed: string) {
  await page.goto("/");
  await waitForIslands(page);
  await analyseAddress(page, typed);
  // The whole report: the advice card and the alert action come once every section has answered.
  await expect(page.getByTestId("report").locator(".recommendations")).toBeVisible();
  await expect(page.getByTestId("report").locator("[aria-busy]")).toHaveCount(0);
}

const summaryOf = (page: Page) => page.getByTestId("report").getByRole("list", { name: "L'essentiel" });
const cardOf = (page: Page, name: string) => page.getByTestId("report").getByRole("article", { name, exact: true });
const adviceItems = (page: Page) => page.getByTestId("report").locator("#conseils .recommendation");

/** A section card's key, as its class names it (`card--water`): the category of its advice. */
const sectionKeyOf = (card: Locator) =>
  card.evaluate((node) =>
    [...node.classList]
      .filter((name) => name.startsWith("card--") && name !== "card--document")
      .at(-1)
      ?.slice("card--".length),
  );

/**
 * Amiens as the server answers it on a calm day (derived from the real answer): no drought
 * restriction in force (VigiEau has no zone for the commune) and the agency's indice pollen out
 * of season (its recorded off-season answer, « Très faible »). The advice is chosen again from
 * the sections so changed, and the sections presented, as the server would.
 */
async function answerCalmAmiens(route: Route) {
  const response = await route.fetch({ headers: { ...route.request().headers(), accept: "application/json" } });
  const report = await response.json();
  const now = new Date();
  const { citycode } = report.address;
  report.drought = evaluateDrought({ zones: { ok: true, data: [] }, now, citycode });
  const offSeason = readFileSync(new URL("../fixtures/pollen/ind-national-pol-derived-80021-off-season.json", import.meta.url), "utf8");
  const indices = mapPollenIndices(pollenCollectionSchema.parse(JSON.parse(resolvePlaceholders(offSeason, now))));
  report.pollen = evaluatePollen({ indices: { ok: true, data: indices }, now, citycode });
  report.recommendations = recommendationsOfReport(report, now);
  // Each section's document, as the server sends it with its answer (decision 095).
  await route.fulfill({ response, json: { ...report, documents: presentDocuments(report) } });
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width} px`;
  const phone = viewport.width < 832;

  test.describe(size, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test(`nothing needs attention: « L'essentiel » is one calm line naming every section, each leading to its card (${size})`, async ({ page }) => {
      await page.route("**/api/report?**", answerCalmAmiens);
      await openReport(page, "8 bd du Port");
      const lines = summaryOf(page).getByRole("listitem");
      await expect(lines).toHaveCount(1);
      await expect(lines.first()).toHaveText(
        "Rien ne demande d'attention particulière aujourd'hui\u00a0: Eau du robinet – Conforme, Air aujourd'hui – Moyen, " +
          "Sécheresse – Pas de restrictions, Baignade – Aucun site proche, Vigilance météo – Vigilance verte, Pollens – Très faible, " +
          "Indice UV – Faible (prévision), Radon – Catégorie 1.",
      );
      // « Qualité de l'air moyenne » is advice whose words say nothing changes for most people: never « À retenir ».
      await expect(summaryOf(page)).not.toContainText("À retenir");
      await expect(adviceItems(page)).toHaveText([/Qualité de l'air moyenne/]);
      await expect(page.getByTestId("report").locator(".card__advice--critical, .card__advice--warning")).toHaveCount(0);
      // Each section's name is the link to its card.
      const links = lines.first().getByRole("link");
      await expect(links).toHaveCount(8);
      for (const [name, anchor] of [
        ["Sécheresse", "secheresse"],
        ["Radon", "radon"],
      ] as const) {
        await lines.first().getByRole("link", { name, exact: true }).click();
        await expect(page.getByTestId("report").locator(`article#${anchor}`)).toBeFocused();
        await expect(page.getByTestId("report").locator(`article#${anchor}`)).toBeInViewport();
      }
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`the advice card lists « Important » before « Précaution », and each card's advice line names its section's first advice (${size})`, async ({
      page,
    }) => {
      await openReport(page, "Maraussan");
      const items = adviceItems(page);
      const severities = await items.evaluateAll((nodes) => nodes.map((node) => /recommendation--(\w+)/.exec(node.className)?.[1] ?? ""));
      // Both severities on this report: non-compliant water (nitrates) and the orange vigilance, the estimated air.
      expect(severities).toContain("critical");
      expect(severities).toContain("warning");
      const ranks = severities.map((severity) => SEVERITY_RANK[severity] ?? Number.NaN);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      // The label a person reads says the same, item by item.
      const labels = await items.locator(".recommendation__severity").allTextContents();
      expect(labels.indexOf("Précaution")).toBeGreaterThan(labels.lastIndexOf("Important"));
      // Each advice once.
      const ids = await items.evaluateAll((nodes) => nodes.map((node) => node.id));
      expect(new Set(ids).size).toBe(ids.length);

      // Each section card with advice: one line, « <severity> : <title> » of its section's first advice in that order.
      const cards = page.getByTestId("report").locator("article.report-section:not(.card--recommendations)");
      let lined = 0;
      for (const card of await cards.all()) {
        const key = await sectionKeyOf(card);
        const ofSection = page.getByTestId("report").locator(`#conseils .recommendation[data-domain="${key}"]`);
        const first = ofSection.first();
        const line = card.locator(".card__advice");
        if ((await ofSection.count()) === 0) {
          await expect(line, `${key}: no advice, no line`).toHaveCount(0);
          continue;
        }
        lined += 1;
        await expect(line, key).toHaveCount(1);
        const severity = (await first.locator(".recommendation__severity").textContent())!;
        const title = (await first.locator(".recommendation__title").textContent())!;
        await expect(line, key).toHaveText(`${severity}\u00a0: ${title}`);
        await expect(line.getByRole("link"), key).toHaveAttribute("href", `#${(await first.getAttribute("id"))!}`);
      }
      expect(lined).toBeGreaterThanOrEqual(3);
      // The water's own advice says the non-compliance: its line is the nitrates', « Important ».
      await expect(cardOf(page, "Eau du robinet").locator(".card__advice")).toHaveText(
        "Important\u00a0: Nitrates au-dessus de la limite\u00a0: précautions pour les femmes enceintes et les nourrissons",
      );
      await expect(cardOf(page, "Qualité de l'air").locator(".card__advice")).toHaveText(
        "Précaution\u00a0: Air «\u00a0Dégradé\u00a0» (estimation)\u00a0: adaptez vos activités à l'extérieur",
      );
    });

    test(`the details are ${phone ? "closed on a phone" : "open on a wide screen"}; a card's advice line opens the advice it names (${size})`, async ({
      page,
    }) => {
      await openReport(page, "Maraussan");
      const report = page.getByTestId("report");
      const sectionCards = await report.locator("article.report-section:not(.card--recommendations)").count();
      await expect(report.locator("details.card__more")).toHaveCount(sectionCards);
      await expect(report.locator(phone ? "details.card__more[open]" : "details.card__more:not([open])")).toHaveCount(0);
      const adviceCount = await adviceItems(page).count();
      expect(adviceCount).toBeGreaterThan(1);
      await expect(adviceItems(page).locator(phone ? "details[open]" : "details:not([open])")).toHaveCount(0);
      // On a phone what is behind « Détails » waits: the water's measurements, an advice's text.
      const water = cardOf(page, "Eau du robinet");
      const measured = water.getByText(/62\u00a0mg\/L, soit 24\u00a0% au-dessus de la limite de qualité/);
      const nitrates = report.locator("#conseil-water-nitrates");
      if (phone) {
        await expect(measured).toBeHidden();
        await expect(nitrates.locator(".recommendation__text")).toBeHidden();
      } else {
        await expect(measured).toBeVisible();
      }

      await water
        .locator(".card__advice")
        .getByRole("link", { name: /^Nitrates au-dessus de la limite/ })
        .click();
      await expect(nitrates.locator("details")).toHaveJSProperty("open", true);
      await expect(nitrates.locator(".recommendation__text")).toBeVisible();
      await expect(nitrates.locator(".recommendation__text")).toContainText("nourrissons");
      await expect(nitrates).toBeFocused();
      await expect(nitrates).toBeInViewport();
      expect(page.url().endsWith("#conseil-water-nitrates")).toBe(true);
      // Only the advice it names opened on a phone; the others as they were.
      if (phone) await expect(adviceItems(page).locator("details[open]")).toHaveCount(1);
      else await expect(adviceItems(page).locator("details[open]")).toHaveCount(adviceCount);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`from « L'essentiel », the alerts are the first Tab stop after its links; the PDF stays at the bottom (${size})`, async ({ page }) => {
      await openReport(page, "8 bd du Port");
      const report = page.getByTestId("report");
      const heading = report.getByRole("heading", { name: "L'essentiel", exact: true });
      // A phone lands there when the report arrives; a wide screen on the report's title, just above.
      if (phone) await expect(heading).toBeFocused();
      else await heading.focus();
      const summaryLinks = await page.getByRole("region", { name: "L'essentiel" }).getByRole("link").count();
      const alert = report.getByRole("link", { name: "Recevoir des alertes pour cette adresse" });
      let presses = 0;
      // Before decision 084 it took 39 presses (every card's links came first).
      while (presses < 39 && !(await alert.evaluate((node) => node === document.activeElement))) {
        await page.keyboard.press("Tab");
        presses += 1;
      }
      await expect(alert).toBeFocused();
      expect(presses).toBe(summaryLinks + 1);
      expect(presses).toBeLessThanOrEqual(12);
      // Under « L'essentiel », before the first card; the PDF after the advice card.
      await expect(report.getByRole("link", { name: "Télécharger le rapport PDF" })).toBeVisible();
      const positions = await report.evaluate((root) => {
        const all = [...root.querySelectorAll("*")];
        return [".summary", ".report__alert-slot", "article#eau", "article#conseils", 'a[href^="/api/report/pdf"]'].map((selector) =>
          all.indexOf(root.querySelector(selector)!),
        );
      });
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    });
  });
}
