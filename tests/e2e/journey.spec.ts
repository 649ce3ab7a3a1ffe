// The core journey, as a person does it, in Chromium against the real Node server (`scripts/demo.ts`:
// the npm start entry pointed at the fake upstreams).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

async function openHome(page: Page) {
  await page.goto("/");
  // Islands hydrate after load: wait until Astro removed the ssr marker, or the first keystrokes are lost.
  await page.waitForFunction(() => {
    const islands = document.querySelectorAll("astro-island");
    return islands.length > 0 && [...islands].every((island) => !island.hasAttribute("ssr"));
  });
}

const CARD_HEADINGS = ["Eau du robinet", "Qualité de l'air", "Sécheresse", "Recommandations"];

test("type an address, pick a suggestion with the keyboard, analyse, see the four cards", async ({ page }) => {
  await openHome(page);
  const input = page.getByRole("combobox", { name: /Votre adresse/ });
  await input.click();
  await input.pressSequentially("8 bd du Port", { delay: 30 });

  const options = page.getByRole("option");
  await expect(options.first()).toBeVisible();
  const count = await options.count();
  expect(count).toBeGreaterThan(1);
  expect(count).toBeLessThanOrEqual(8);
  await expect(input).toHaveAttribute("aria-expanded", "true");

  await input.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  const pickedLabel = (await options.first().innerText()).split("\n")[0]!.trim();
  await input.press("Enter");
  await expect(input).toHaveValue(pickedLabel);
  await expect(page.getByRole("listbox")).toBeHidden();

  await page.getByRole("button", { name: "Analyser" }).click();
  for (const heading of CARD_HEADINGS) {
    await expect(page.getByTestId("report").getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Données environnementales récupérées avec succès")).toBeVisible();

  // Each data card shows a level badge, its data date and its official source.
  const results = page.locator("[data-testid=report]");
  await expect(results.getByText(/Prélèvement du \d{1,2}(er)?\u00a0\p{L}+\u00a0\d{4}/u)).toBeVisible();
  const card = (name: string) => results.getByRole("article", { name, exact: true });
  await expect(card("Eau du robinet").getByRole("link", { name: /Hub'Eau/ })).toHaveAttribute("href", /^https:\/\//);
  await expect(card("Sécheresse").getByRole("link", { name: /VigiEau/ })).toHaveAttribute("href", /^https:\/\//);
  await expect(card("Sécheresse").getByRole("link", { name: /Consulter l'arrêté \(PDF\)/ })).toBeVisible();
  await expect(card("Qualité de l'air").getByRole("link", { name: /Atmo|ATMO/ })).toHaveAttribute("href", /^https:\/\//);
  await expect(card("Qualité de l'air").getByText(/Indice du \d/)).toBeVisible();
  for (const name of ["Eau du robinet", "Qualité de l'air", "Sécheresse"]) {
    await expect(card(name).locator(".badge").first()).toHaveText(/^(Excellent|Bon|Acceptable|À surveiller|Critique|Non disponible)$/);
  }
  await expect(card("Eau du robinet").getByText(/% du seuil/).first()).toBeVisible();
  // Recommendations link to our articles in a new tab.
  const articleLink = card("Recommandations").getByRole("link", { name: /En savoir plus/ }).first();
  await expect(articleLink).toHaveAttribute("href", /^\/blog\/impact-/);
  await expect(articleLink).toHaveAttribute("target", "_blank");

  // The URL reflects the address: a reload shows the same report.
  expect(page.url()).toContain("lat=");
  await page.reload();
  await expect(page.getByTestId("report").getByRole("heading", { name: "Eau du robinet", exact: true })).toBeVisible();
  await expect(page.getByText(pickedLabel).first()).toBeVisible();
});

test("choosing another distribution network reloads the water card", async ({ page }) => {
  await openHome(page);
  const input = page.getByRole("combobox", { name: /Votre adresse/ });
  await input.pressSequentially("8 bd du Port", { delay: 20 });
  await page.getByRole("option").first().click();
  await page.getByRole("button", { name: "Analyser" }).click();
  const chooser = page.getByRole("combobox", { name: /Réseau de distribution/ });
  await expect(chooser).toBeVisible();
  const optionValues = await chooser.locator("option").evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  expect(optionValues.length).toBeGreaterThan(1);
  const other = optionValues.find((value) => value !== "" && value !== undefined && !page.url().includes(`udi=${value}`))!;
  await chooser.selectOption(other);
  await expect.poll(() => page.url()).toContain(`udi=${other}`);
  await expect(chooser).toHaveValue(other);
});

test("an empty submit asks for an address", async ({ page }) => {
  await openHome(page);
  await page.getByRole("button", { name: "Analyser" }).click();
  await expect(page.getByText("Veuillez saisir une adresse")).toBeVisible();
  await expect(page.getByRole("combobox", { name: /Votre adresse/ })).toBeFocused();
});

test("a failed report shows the error toast and a retry button", async ({ page }) => {
  // The browser's network is cut for the report call only: the app must say so calmly.
  await page.route("**/api/report?**", (route) => route.abort("connectionrefused"));
  await openHome(page);
  const input = page.getByRole("combobox", { name: /Votre adresse/ });
  await input.pressSequentially("8 bd du Port", { delay: 20 });
  await page.getByRole("option").first().click();
  await page.getByRole("button", { name: "Analyser" }).click();
  await expect(page.getByText("Erreur lors de la récupération des données")).toBeVisible();
  await expect(page.getByText(/Impossible de joindre le service/)).toBeVisible();
  await page.unroute("**/api/report?**");
  await page.getByRole("button", { name: "Réessayer" }).click();
  await expect(page.getByTestId("report").getByRole("heading", { name: "Eau du robinet", exact: true })).toBeVisible();
});

test("Escape closes the suggestions", async ({ page }) => {
  await openHome(page);
  const input = page.getByRole("combobox", { name: /Votre adresse/ });
  await input.pressSequentially("8 bd du Port", { delay: 20 });
  await expect(page.getByRole("option").first()).toBeVisible();
  await input.press("Escape");
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(input).toHaveAttribute("aria-expanded", "false");
});

test("unknown pages answer « Page introuvable » with HTTP 404", async ({ page }) => {
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
  await expect(page.getByRole("link", { name: /accueil/i }).first()).toBeVisible();
});

test("the home page and a report have no serious accessibility violations (axe)", async ({ page }) => {
  await openHome(page);
  const before = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(before.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const input = page.getByRole("combobox", { name: /Votre adresse/ });
  await input.pressSequentially("8 bd du Port", { delay: 20 });
  await page.getByRole("option").first().click();
  await page.getByRole("button", { name: "Analyser" }).click();
  await expect(page.getByTestId("report").getByRole("heading", { name: "Recommandations", exact: true })).toBeVisible();
  // Let the toast settle so its animation does not skew colour contrast.
  await page.waitForTimeout(400);
  const after = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(after.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("the mobile layout keeps the search usable", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openHome(page);
  await page.getByText("Menu").click();
  await expect(page.getByRole("navigation", { name: "Navigation mobile" }).getByRole("link", { name: "Sources" })).toBeVisible();
  const input = page.getByRole("combobox", { name: /Votre adresse/ });
  await input.pressSequentially("8 bd du Port", { delay: 20 });
  await page.getByRole("option").first().click();
  await page.getByRole("button", { name: "Analyser" }).click();
  await expect(page.getByTestId("report").getByRole("heading", { name: "Eau du robinet", exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the bathing card lists the nearest official sites, then their live status from the ministry", async ({ page }) => {
  await openHome(page);
  const input = page.getByRole("combobox", { name: /Votre adresse/ });
  await input.pressSequentially("Maraussan", { delay: 20 });
  await page.getByRole("option").first().click();
  await page.getByRole("button", { name: "Analyser" }).click();
  const card = page.getByTestId("report").getByRole("article", { name: "Baignade", exact: true });
  await expect(card).toBeVisible();
  await expect(card.locator(".bathing-site__name").first()).toContainText("ORB-REALS");
  await expect(card.getByText(/VALRAS-PLAGE · Eau côtière · à 17,6\u00a0km/)).toBeVisible();
  await expect(card.getByRole("link", { name: /Fiche officielle du site/ })).toHaveCount(3);
  // The slow ministry page is read in the background: a reload shows it. Its ban banner dates from
  // the 2026 summer season (15 June – 15 September): read in November it is information about that
  // season, never « Baignade interdite » nor the advice of a ban in force (issue 9).
  await expect
    .poll(async () => {
      await page.reload();
      await page.getByTestId("report").getByRole("article", { name: "Baignade", exact: true }).waitFor();
      return page.getByTestId("report").getByText(/Interdiction signalée pendant la saison 2026/).count();
    }, { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(page.getByTestId("report").getByText(/Lu sur le site du ministère le/).first()).toBeVisible();
  await expect(page.getByTestId("report").getByText("Baignade interdite", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("report").locator(".recommendation__title", { hasText: "Baignade interdite près de chez vous" })).toHaveCount(0);
});
