// The core journey, as a person does it, in Chromium against the real Node server (`scripts/demo.ts`:
// the npm start entry pointed at the fake upstreams).
import { expect, type Page } from "@playwright/test";
import { analyseAddress, openCardDetails, seriousViolations, test, waitForIslands } from "./helpers.ts";
import { OPEN_METEO_ATTRIBUTION_URL } from "../../src/core/shared/sources.ts";

async function openHome(page: Page) {
  await page.goto("/");
  // Islands hydrate after load: wait until Astro removed the ssr marker, or the first keystrokes are lost.
  await waitForIslands(page);
}

const CARD_HEADINGS = ["Eau du robinet", "Qualité de l'air", "Sécheresse", "Recommandations"];

/** The sources' words a data card may have as its headline (issue 10); VigiEau's is the tap zone's level (decision 086). */
const OFFICIAL_HEADLINE =
  /^(Conforme|Non conforme|Conforme sous dérogation|Bon|Moyen|Dégradé|Mauvais|Très mauvais|Extrêmement mauvais|Pas de restrictions|Vigilance|Alerte|Alerte renforcée|Crise)( \(estimation\))?$/;

test("type an address, pick a suggestion with the keyboard: the report comes at once, with the four cards", async ({ page }) => {
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
  // Enter on the option picks it and starts the analysis: no « Analyser » to press.
  await input.press("Enter");
  await expect(input).toHaveValue(pickedLabel);
  await expect(page.getByRole("listbox")).toBeHidden();

  for (const heading of CARD_HEADINGS) {
    await expect(page.getByTestId("report").getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  // The report and the focus on its heading say it is ready: no toast over the sources.
  await expect(page.getByTestId("report").getByRole("heading", { name: /^Bilan pour/ })).toBeFocused();
  await expect(page.getByText("Données environnementales récupérées avec succès")).toHaveCount(0);

  // Each data card shows a level badge, its data date and its official source.
  const results = page.locator("[data-testid=report]");
  await expect(results.getByText(/Prélèvement du \d{1,2}(er)?\u00a0\p{L}+\u00a0\d{4}/u)).toBeVisible();
  const card = (name: string) => results.getByRole("article", { name, exact: true });
  await expect(card("Eau du robinet").getByRole("link", { name: /Hub'Eau/ })).toHaveAttribute("href", /^https:\/\//);
  await expect(card("Sécheresse").getByRole("link", { name: /VigiEau/ })).toHaveAttribute("href", /^https:\/\//);
  // Amiens' only zone is a river's: its decree behind the card's question (decision 086).
  await openCardDetails(card("Sécheresse"));
  await card("Sécheresse").locator("summary", { hasText: "Vous utilisez un puits" }).click();
  await expect(card("Sécheresse").getByRole("link", { name: /Consulter l'arrêté \(PDF\)/ })).toBeVisible();
  await expect(card("Qualité de l'air").getByRole("link", { name: /Atmo|ATMO/ })).toHaveAttribute("href", /^https:\/\//);
  await expect(card("Qualité de l'air").getByText(/Indice du \d/)).toBeVisible();
  // Each headline is its source's own word (ARS verdict, ATMO index, VigiEau level), never our scale's.
  for (const name of ["Eau du robinet", "Qualité de l'air", "Sécheresse"]) {
    await expect(card(name).locator(".card__head .badge")).toHaveText(OFFICIAL_HEADLINE);
  }
  await expect(
    card("Eau du robinet")
      .getByText(/\d\u00a0% de la limite de qualité/)
      .first(),
  ).toBeVisible();
  // Recommendations link to our articles in a new tab.
  const articleLink = card("Recommandations")
    .getByRole("link", { name: /En savoir plus/ })
    .first();
  await expect(articleLink).toHaveAttribute("href", /^\/blog\/impact-/);
  // An internal link opens in the same tab (RGAA: no unannounced new window).
  await expect(articleLink).not.toHaveAttribute("target");

  // The URL reflects the address: a reload shows the same report.
  expect(page.url()).toContain("lat=");
  await page.reload();
  await expect(page.getByTestId("report").getByRole("heading", { name: "Eau du robinet", exact: true })).toBeVisible();
  await expect(page.getByText(pickedLabel).first()).toBeVisible();
});

test("choosing another distribution network reloads the water card", async ({ page }) => {
  await openHome(page);
  await analyseAddress(page, "8 bd du Port");
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

test("a failed report shows one error with a retry button, and no toast", async ({ page, consoleGuard }) => {
  // The browser's network is cut for the report call only: the app must say so calmly.
  consoleGuard.allow(/net::ERR_CONNECTION_REFUSED/);
  await page.route("**/api/report?**", (route) => route.abort("connectionrefused"));
  await openHome(page);
  await analyseAddress(page, "8 bd du Port");
  const error = page.getByRole("alert").filter({ hasText: "Le bilan n'a pas pu être établi." });
  await expect(error).toContainText(/Impossible de joindre le service/);
  await expect(page.getByRole("alert")).toHaveCount(1);
  await expect(page.getByText("Erreur lors de la récupération des données")).toHaveCount(0);
  await page.unroute("**/api/report?**");
  await error.getByRole("button", { name: "Réessayer" }).click();
  await expect(page.getByTestId("report").getByRole("heading", { name: "Eau du robinet", exact: true })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
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
  expect(await seriousViolations(page)).toEqual([]);

  await analyseAddress(page, "8 bd du Port");
  await expect(page.getByTestId("report").getByRole("heading", { name: "Recommandations", exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the mobile layout keeps the search usable", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openHome(page);
  await page.getByText("Menu").click();
  await expect(page.getByRole("navigation", { name: "Navigation mobile" }).getByRole("link", { name: "Sources" })).toBeVisible();
  await analyseAddress(page, "8 bd du Port");
  await expect(page.getByTestId("report").getByRole("heading", { name: "Eau du robinet", exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the bathing card lists the nearest official sites, then their live status from the ministry", async ({ page }) => {
  await openHome(page);
  await analyseAddress(page, "Maraussan");
  const card = page.getByTestId("report").getByRole("article", { name: "Baignade", exact: true });
  await expect(card).toBeVisible();
  await expect(card.locator(".bathing-site__name").first()).toContainText("Orb-Reals");
  await expect(card.getByText(/Valras-Plage · Eau côtière · à 17,6\u00a0km/)).toBeVisible();
  await expect(card.getByRole("link", { name: /Fiche officielle du site/ })).toHaveCount(3);
  // The slow ministry page is read in the background: a reload shows it. Its ban banner dates from
  // the 2026 summer season (15 June – 15 September): read in November it is information about that
  // season, never « Baignade interdite » nor the advice of a ban in force (issue 9).
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByTestId("report").getByRole("article", { name: "Baignade", exact: true }).waitFor();
        return page
          .getByTestId("report")
          .getByText(/Interdiction signalée pendant la saison 2026/)
          .count();
      },
      { timeout: 45_000 },
    )
    .toBeGreaterThan(0);
  await expect(
    page
      .getByTestId("report")
      .getByText(/Lu sur le site du ministère le/)
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId("report").getByText("Baignade interdite", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("report").locator(".recommendation__title", { hasText: "Baignade interdite près de chez vous" })).toHaveCount(0);
});

// ---------------------------------------------------------------- the summary in official words (issue 10)

/** Our scale's words that must never stand for a source's verdict (« Bon » is also ATMO's word). */
const SCALE_WORDS = ["Excellent", "Acceptable", "À surveiller", "Critique"];

/** Picking the suggestion is enough: the report follows, and no toast covers it. */
async function openReport(page: Page, typed: string) {
  await openHome(page);
  const input = page.getByRole("combobox", { name: /Votre adresse/ });
  await input.pressSequentially(typed, { delay: 20 });
  await page.getByRole("option").first().click();
  await expect(page.getByRole("list", { name: "L'essentiel" })).toBeVisible();
}

/** One line of the summary, found by the link that names its section. */
function summaryLine(page: Page, label: string) {
  return page
    .getByRole("list", { name: "L'essentiel" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: label, exact: true }) });
}

/** Every link of the summary lands on its card, below the sticky header, with the focus on it. */
async function expectSummaryLinksJump(page: Page) {
  const links = page.getByRole("list", { name: "L'essentiel" }).getByRole("link");
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(4);
  for (let index = 0; index < count; index++) {
    const link = links.nth(index);
    const anchor = (await link.getAttribute("href"))!;
    // A card, the advice card, or — « À retenir » — the advice it names, opened (issue 38).
    expect(anchor).toMatch(/^#(eau|air|secheresse|baignade|vigilance|pollens|uv|radon|conseils|conseil-[a-z0-9-]+)$/);
    await link.click();
    const section = page.getByTestId("report").locator(`${anchor.startsWith("#conseil-") ? "li" : "article"}${anchor}`);
    if (anchor.startsWith("#conseil-")) await expect(section.locator("details")).toHaveAttribute("open", "");
    await expect(section).toBeFocused();
    await expect(section).toBeInViewport();
    expect(page.url().endsWith(anchor)).toBe(true);
    const headerBottom = await page.locator(".site-header").evaluate((header) => header.getBoundingClientRect().bottom);
    const sectionTop = await section.evaluate((node) => node.getBoundingClientRect().top);
    // The card starts below the header, unless the page could not scroll that far (the last cards).
    const atEnd = await page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight);
    if (!atEnd) expect(sectionTop).toBeGreaterThanOrEqual(headerBottom);
    await page.evaluate(() => window.scrollTo(0, 0));
  }
}

async function expectNoScaleWordAsHeadline(page: Page) {
  const badges = await page.getByTestId("report").locator(".badge").allInnerTexts();
  expect(badges.length).toBeGreaterThan(0);
  expect(badges.map((text) => text.trim()).filter((text) => SCALE_WORDS.includes(text))).toEqual([]);
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`Amiens: the summary says the sources' words and jumps to each card (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openReport(page, "8 bd du Port");
    const report = page.getByTestId("report");
    await expect(page.getByRole("heading", { name: "L'essentiel" })).toBeVisible();

    // Amiens' only drought zone is a river's: the tap's water is not restricted, VigiEau's word for
    // it among the calm sections (decision 086), and the river is no « À retenir » (the day's
    // pollen forecast is).
    await expect(page.getByRole("list", { name: "L'essentiel" }).getByRole("listitem").first()).toHaveText(/^À retenir\u00a0: Pollens/);
    // The calm sections on one line, each named with its source's own word (the tap water's ARS verdict, ATMO's index, VigiEau's).
    await expect(page.locator(".summary__item--calm")).toHaveText(
      "Rien à signaler\u00a0: Eau du robinet – Conforme, Air aujourd'hui – Moyen, Sécheresse – Pas de restrictions, Baignade – Aucun site proche, " +
        "Vigilance météo – Vigilance verte, Pollens – Faible, Indice UV – Faible (prévision), Radon – Catégorie 1.",
    );
    await expect(summaryLine(page, "Eau du robinet")).toHaveClass(/summary__item--calm/);
    await expect(summaryLine(page, "Sécheresse")).toHaveClass(/summary__item--calm/);

    const card = (name: string) => report.getByRole("article", { name, exact: true });
    await expect(card("Eau du robinet").locator(".card__head .badge")).toHaveText("Conforme");
    await expect(card("Qualité de l'air").locator(".card__head .badge")).toHaveText("Moyen");
    await expect(card("Sécheresse").locator(".card__head .badge")).toHaveText("Pas de restrictions");
    await expect(card("Sécheresse").getByText(/^Pas de restriction d'usage de l'eau du réseau à votre adresse\.$/)).toBeVisible();
    // The rest of each card behind « Détails », opened as a person would on a phone.
    for (const name of ["Eau du robinet", "Qualité de l'air", "Sécheresse"]) await openCardDetails(card(name));
    // The nitrates at 32,5 mg/L are compliant: said so, with the limit, never in red.
    const nitrates = card("Eau du robinet").getByRole("listitem").filter({ hasText: "Nitrates" });
    await expect(nitrates.locator(".badge")).toHaveText("Conforme");
    await expect(nitrates).toContainText(/% de la limite de qualité \(50\u00a0mg\/L\)/);
    // Tomorrow's forecast index, ATMO's word.
    await expect(
      card("Qualité de l'air")
        .locator(".details__row")
        .filter({ hasText: /^Demain/ }),
    ).toHaveText(/^Demain\s*Dégradé \(indice ATMO prévu\)$/);
    await expect(card("Qualité de l'air").getByRole("link", { name: /Open-Meteo\.com/ })).toHaveAttribute("href", OPEN_METEO_ATTRIBUTION_URL);
    // The river's restrictions, behind the card's question.
    await card("Sécheresse").locator("summary", { hasText: "Vous utilisez un puits" }).click();
    await expect(
      card("Sécheresse")
        .getByText(/\d+ restrictions? s'applique/)
        .first(),
    ).toBeVisible();
    await expectNoScaleWordAsHeadline(page);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await expectSummaryLinksJump(page);
  });

  test(`Maraussan: non-compliant water, estimated air, drought crisis, no ban in November (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openReport(page, "Maraussan");
    const report = page.getByTestId("report");

    await expect(summaryLine(page, "Eau du robinet").locator(".badge")).toHaveText("Non conforme");
    await expect(summaryLine(page, "Eau du robinet")).toContainText(/Nitrates 62\u00a0mg\/L/);
    await expect(summaryLine(page, "Air aujourd'hui").locator(".badge")).toHaveText("Dégradé (estimation)");
    await expect(summaryLine(page, "Air aujourd'hui")).toContainText(/l'ozone/);
    // The tap zone's « Alerte » leads, in words of its uses; the river's « Crise » is on its card (decision 086).
    await expect(summaryLine(page, "Sécheresse").locator(".badge")).toHaveText("Alerte");
    await expect(summaryLine(page, "Sécheresse")).toContainText(/Sécheresse\s*:\s*restrictions d'usage de l'eau du réseau, niveau Alerte\./);
    await expect(summaryLine(page, "Sécheresse")).not.toContainText("Crise");
    // Out of season, a ban of the summer is information, not today's verdict: the bathing is among the calm sections.
    await expect(summaryLine(page, "Baignade")).toHaveClass(/summary__item--calm/);
    await expect(summaryLine(page, "Baignade")).toContainText("Baignade – Hors saison");
    await expect(page.getByRole("list", { name: "L'essentiel" })).not.toContainText(/interdite/i);
    await expect(page.getByRole("list", { name: "L'essentiel" }).getByRole("listitem").first()).toContainText(/À retenir\s*:\s*Nitrates/);
    // Météo-France's word for the Hérault (the demo's map): the colour with its phenomenon, and tomorrow's.
    await expect(summaryLine(page, "Vigilance météo").locator(".badge")).toHaveText("Vigilance orange (canicule)");
    await expect(summaryLine(page, "Vigilance météo")).toContainText(/demain\s*:\s*Vigilance orange \(orages, canicule\)/);

    const card = (name: string) => report.getByRole("article", { name, exact: true });
    await expect(card("Eau du robinet").locator(".card__head .badge")).toHaveText("Non conforme");
    await openCardDetails(card("Eau du robinet"));
    await expect(card("Eau du robinet").getByText(/62\u00a0mg\/L, soit 24\u00a0% au-dessus de la limite de qualité/)).toBeVisible();
    await expect(card("Qualité de l'air").locator(".card__head .badge")).toHaveText("Dégradé (estimation)");
    // The tap zone's level and its advice in one line; its decree, then the river's « Crise » behind its question.
    await expect(card("Sécheresse").locator(".card__head .badge")).toHaveText("Alerte");
    await expect(card("Sécheresse").locator(".card__advice")).toContainText(/Précaution\s*:\s*Sécheresse\s*:\s*restrictions d'usage de l'eau, niveau Alerte/);
    await openCardDetails(card("Sécheresse"));
    // The tap zone's restrictions, grouped by theme, among the card's « Détails ».
    await expect(card("Sécheresse").locator(".drought-tap").getByRole("heading", { name: "Arroser" })).toBeVisible();
    const river = card("Sécheresse").locator("summary", { hasText: "Vous utilisez un puits" }).locator("xpath=..");
    await expect(river.locator(".drought-zone__badge")).toBeHidden();
    await river.locator(":scope > summary").click();
    await expect(river.locator(".drought-zone__badge")).toHaveText(["Crise"]);
    await expect(river.getByRole("heading", { name: "Arroser" })).toBeVisible();
    await expect(card("Baignade").locator(".card__head .badge")).not.toHaveText("Baignade interdite");
    // Every advice once, in one list (decision 084): no second list of « Autres conseils »; the
    // nitrates advice says why the water is non-compliant, so « Eau non conforme » is not said again.
    const advice = card("Recommandations").locator(".recommendation");
    const ids = await advice.evaluateAll((nodes) => nodes.map((node) => node.id));
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(ids.length);
    await expect(card("Recommandations").locator(".recommendation-compact")).toHaveCount(0);
    await expect(card("Recommandations").getByText("Autres conseils")).toHaveCount(0);
    await expect(advice.first()).toHaveAttribute("id", "conseil-water-nitrates");
    await expect(advice.filter({ hasText: "Eau non conforme" })).toHaveCount(0);
    await expectNoScaleWordAsHeadline(page);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await expectSummaryLinksJump(page);
  });
}
