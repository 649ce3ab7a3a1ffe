// The search and the report page as a person uses them (issue 13): a picked suggestion starts the
// analysis, one message at a time, each report a page of the browser's history, the way to the
// alerts from a report, and a report that reads on a phone. Every journey runs on a desktop and a
// phone screen, with axe on each state it reaches.
import { expect, type Locator, type Page } from "@playwright/test";
import { seriousViolations, test, waitForIslands } from "./helpers.ts";

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

const TITLE_SUFFIX = " — qualité de l'eau, de l'air… | Zone Santé";

async function openHome(page: Page) {
  await page.goto("/");
  // Islands hydrate after load: wait until Astro removed the ssr marker, or the first keystrokes are lost.
  await waitForIslands(page);
}

function addressField(page: Page): Locator {
  return page.getByRole("combobox", { name: /Votre adresse/ });
}

/**
 * Where a new report puts the focus: its heading on a wide screen; on a phone (one column, under
 * 52rem) « L'essentiel », scrolled into view, so the verdict is not below the fold (issue 23).
 */
function arrivalHeading(page: Page, viewport: { width: number }): Locator {
  return viewport.width < 832 ? page.getByTestId("report").getByRole("heading", { name: "L'essentiel", exact: true }) : reportHeading(page);
}

function reportHeading(page: Page): Locator {
  return page.getByTestId("report").getByRole("heading", { name: /^Bilan pour/ });
}

/** Types, clicks the first suggestion (nothing else) and gives back its label. */
async function pickFirstSuggestion(page: Page, typed: string): Promise<string> {
  await addressField(page).pressSequentially(typed, { delay: 20 });
  const option = page.getByRole("option").first();
  await expect(option).toBeVisible();
  const label = (await option.innerText()).split("\n")[0]!.trim();
  await option.click();
  return label;
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width} px`;
  // Where the layout decides (the first screen, where the focus lands, the overview) a journey runs
  // at both widths; a behaviour at one, alternating between the two (issue 40: CI time).
  const at = (width: number) => viewport.width === width;

  test.describe(size, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test(`the address field is in the first screen, under plain facts (${size})`, async ({ page }) => {
      await openHome(page);
      const box = await addressField(page).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      // « Sources officielles », « 100 % gratuit », « Conseils santé »: text, nothing to press.
      const facts = page.getByRole("list", { name: "En bref" });
      await expect(facts.getByRole("listitem")).toHaveCount(3);
      await expect(facts.locator("a, button")).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`picking a suggestion loads its report without pressing « Analyser » (${size})`, async ({ page }) => {
      await openHome(page);
      expect(await seriousViolations(page)).toEqual([]);

      const label = await pickFirstSuggestion(page, "8 bd du Port");
      await expect(reportHeading(page)).toContainText(label);
      await expect(arrivalHeading(page, viewport)).toBeFocused();
      await expect(arrivalHeading(page, viewport)).toBeInViewport();
      await expect(addressField(page)).toHaveValue(label);
      expect(page.url()).toContain("lat=");
      // The report is the feedback: no toast over its sources.
      await expect(page.getByText("Données environnementales récupérées avec succès")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Fermer la notification" })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    if (at(390))
      test(`an address the geocoder does not know says so under the field (${size})`, async ({ page }) => {
        await page.route("**/api/geocode?**", (route) => route.fulfill({ json: { results: [] } }));
        await openHome(page);
        await addressField(page).pressSequentially("Rue Imaginaire Xyzw", { delay: 20 });

        const empty = page.getByRole("status").filter({ hasText: "Aucune adresse trouvée pour" });
        await expect(empty).toBeVisible();
        await expect(empty).toContainText("Aucune adresse trouvée pour «\u00a0Rue Imaginaire Xyzw\u00a0». Vérifiez l'orthographe ou ajoutez la commune.");
        await expect(page.getByRole("listbox")).toBeHidden();
        expect(await seriousViolations(page)).toEqual([]);

        // A new search starts: the old message goes at once.
        await addressField(page).fill("");
        await expect(page.getByText(/Aucune adresse trouvée/)).toHaveCount(0);
      });

    if (at(1366))
      test(`a failed report shows one error with « Réessayer », and no toast (${size})`, async ({ page, consoleGuard }) => {
        consoleGuard.allow(/status of 503/);
        await page.route("**/api/report?**", (route) =>
          route.fulfill({
            status: 503,
            json: { error: "Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.", code: "upstream_unavailable" },
          }),
        );
        await openHome(page);
        await pickFirstSuggestion(page, "8 bd du Port");

        const error = page.getByRole("alert").filter({ hasText: "Le bilan n'a pas pu être établi." });
        await expect(error).toContainText("Le service est momentanément indisponible.");
        await expect(error).toBeFocused();
        // One place for the error: no second message under the field, no toast.
        await expect(page.getByRole("alert")).toHaveCount(1);
        await expect(page.getByRole("button", { name: "Fermer la notification" })).toHaveCount(0);
        await expect(page.getByTestId("report")).toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);

        await page.unroute("**/api/report?**");
        await error.getByRole("button", { name: "Réessayer" }).click();
        await expect(reportHeading(page)).toBeVisible();
        await expect(page.getByRole("alert")).toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);
      });

    if (at(390))
      test(`two reports in a row: Back shows the first, with its URL and title (${size})`, async ({ page }) => {
        await openHome(page);
        const homeTitle = await page.title();

        const first = await pickFirstSuggestion(page, "8 bd du Port");
        await expect(reportHeading(page)).toContainText(first);
        await expect(page).toHaveTitle(`${first}${TITLE_SUFFIX}`);
        const firstUrl = page.url();
        expect(new URL(firstUrl).searchParams.get("label")).toBe(first);

        // The second one with the keyboard: arrows, then Enter on the option.
        const field = addressField(page);
        await field.click();
        await field.fill("");
        await field.pressSequentially("Maraussan", { delay: 20 });
        await expect(page.getByRole("option").first()).toBeVisible();
        await field.press("ArrowDown");
        await field.press("Enter");
        await expect(reportHeading(page)).toContainText("Maraussan");
        await expect(page).toHaveTitle(/^Avenue du 8 Mai 1945 34370 Maraussan — qualité de l'eau, de l'air… \| Zone Santé$/);
        const secondUrl = page.url();
        expect(secondUrl).not.toBe(firstUrl);
        expect(await seriousViolations(page)).toEqual([]);

        await page.goBack();
        await expect(reportHeading(page)).toContainText(first);
        expect(page.url()).toBe(firstUrl);
        await expect(page).toHaveTitle(`${first}${TITLE_SUFFIX}`);
        await expect(field).toHaveValue(first);
        expect(await seriousViolations(page)).toEqual([]);

        await page.goForward();
        await expect(reportHeading(page)).toContainText("Maraussan");
        expect(page.url()).toBe(secondUrl);

        // Back to the page as it was before any report.
        await page.goBack();
        await page.goBack();
        await expect(page.getByTestId("report")).toHaveCount(0);
        await expect(page).toHaveTitle(homeTitle);
        await expect(field).toHaveValue("");
        expect(await seriousViolations(page)).toEqual([]);
      });

    if (at(1366))
      test(`a visitor's alert button leads to the sign-up with the address (${size})`, async ({ page }) => {
        await openHome(page);
        const label = await pickFirstSuggestion(page, "8 bd du Port");
        const link = page.getByTestId("report").getByRole("link", { name: "Recevoir des alertes pour cette adresse" });
        await expect(link).toBeVisible();
        await expect(page.getByRole("button", { name: "Ajouter à mes adresses surveillées" })).toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);

        await link.click();
        await expect(page).toHaveURL(/\/inscription\?/);
        const params = new URL(page.url()).searchParams;
        expect(params.get("label")).toBe(label);
        expect(params.get("citycode")).toBe("80021");
        expect(Number(params.get("lat"))).toBeGreaterThan(49);
        expect(Number(params.get("lon"))).toBeGreaterThan(2);
        await waitForIslands(page);
        expect(await seriousViolations(page)).toEqual([]);
      });

    if (at(390))
      test(`signed in, the alert button adds the address to the account without leaving the report (${size})`, async ({ page }) => {
        // The fake Google account (scripts/demo.ts): one address, under the limit of 3.
        await page.goto("/auth");
        await waitForIslands(page);
        await page.getByRole("link", { name: "Continuer avec Google" }).click();
        await expect(page).toHaveURL(/\/compte$/);

        await openHome(page);
        await pickFirstSuggestion(page, "Maraussan");
        const report = page.getByTestId("report");
        const add = report.getByRole("button", { name: "Ajouter à mes adresses surveillées" });
        await expect(add).toBeVisible();
        await expect(report.getByRole("link", { name: "Recevoir des alertes pour cette adresse" })).toHaveCount(0);
        await add.click();
        const added = report.getByRole("status").filter({ hasText: "Adresse ajoutée à vos adresses surveillées." });
        await expect(added).toBeVisible();
        await expect(added.getByRole("link", { name: "Voir mon compte" })).toHaveAttribute("href", "/compte");
        // The focus stays where the person pressed.
        await expect(report.getByRole("button", { name: "Adresse surveillée" })).toBeFocused();
        expect(await seriousViolations(page)).toEqual([]);

        // Once more after a reload, which forgets the answer: the account already has this address.
        await page.reload();
        await waitForIslands(page);
        await report.getByRole("button", { name: "Ajouter à mes adresses surveillées" }).click();
        await expect(report.getByRole("status").filter({ hasText: "Cette adresse fait déjà partie de vos adresses surveillées." })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });

    test(`the overview jumps to each section and « Haut de page » comes back (${size})`, async ({ page }) => {
      await openHome(page);
      await pickFirstSuggestion(page, "8 bd du Port");
      const overview = page.getByRole("region", { name: "L'essentiel" });
      await expect(overview).toBeVisible();
      // The whole report first: « À retenir » comes with the advice, last (decision 067), and shifts the links.
      await expect(page.getByTestId("report").locator("#conseils .recommendation").first()).toBeAttached();

      const links = overview.getByRole("link");
      const anchors = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href")));
      // Water, air, drought, bathing, the four of issue 26 and advice: every section is one tap away; « À retenir »,
      // when the day's advice has one to name, leads to that advice (issue 38).
      const retained = anchors.filter((anchor) => anchor?.startsWith("#conseil-"));
      expect(retained.length).toBeLessThanOrEqual(1);
      expect(new Set(anchors.filter((anchor) => !retained.includes(anchor)))).toEqual(
        new Set(["#eau", "#air", "#secheresse", "#baignade", "#vigilance", "#pollens", "#uv", "#radon", "#conseils"]),
      );
      for (let index = 0; index < anchors.length; index++) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await links.nth(index).click();
        const anchor = anchors[index] ?? "";
        const section = page.getByTestId("report").locator(`${retained.includes(anchor) ? "li" : "article"}${anchor}`);
        await expect(section).toBeFocused();
        await expect(section).toBeInViewport();
      }
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId("report").getByRole("link", { name: "Haut de page" }).click();
      await expect(page.locator("#analyse")).toBeFocused();
      await expect(addressField(page)).toBeInViewport();
      // The keyboard starts again from the top: the next Tab reaches the address field.
      await page.keyboard.press("Tab");
      await expect(addressField(page)).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`another water network reloads the report in place, the focus kept on the chooser (${size})`, async ({ page }) => {
      await openHome(page);
      await pickFirstSuggestion(page, "8 bd du Port");
      await expect(arrivalHeading(page, viewport)).toBeFocused();
      const report = await page.getByTestId("report").elementHandle();
      const chooser = page.getByRole("combobox", { name: /Réseau de distribution/ });
      const values = await chooser.locator("option").evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
      const current = await chooser.inputValue();
      const other = values.find((value) => value !== "" && value !== current)!;
      expect(other).toBeTruthy();

      await chooser.focus();
      await chooser.selectOption(other);
      await expect.poll(() => page.url()).toContain(`udi=${other}`);
      await expect(chooser).toHaveValue(other);
      // The same report, updated: never unmounted, so the focus stays where the person is.
      expect(await report!.evaluate((node) => node.isConnected)).toBe(true);
      await expect(chooser).toBeFocused();
      await expect(reportHeading(page)).not.toBeFocused();
      await expect(page).toHaveTitle(/— qualité de l'eau, de l'air… \| Zone Santé$/);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
