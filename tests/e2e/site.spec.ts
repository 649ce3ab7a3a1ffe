// The public site in Chromium: every page answers, is titled, described and accessible; the
// header button, the mobile menu, the FAQ, the blog and its « Tester votre zone » buttons work.
import { expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { rgaaConformity, type RgaaRate } from "../../src/core/shared/rgaa.ts";
import { BLOG_SLUGS, PAGE_ROUTES } from "../helpers/routes.ts";
import { genericLinkNames, requiredInAccessibilityTree, seriousViolations, tabStopsInDocumentOrder, test } from "./helpers.ts";

async function waitForIslands(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll("astro-island")].every((island) => !island.hasAttribute("ssr")));
}

// The pages in four journeys of five (one of twenty took ~36 s, the longest journey of the suite, and
// ran last on one worker while the other waited): each page is loaded and axe-checked once.
const PAGES = [...PAGE_ROUTES, "/auth"];
const PAGES_PER_JOURNEY = 5;
for (let first = 0; first < PAGES.length; first += PAGES_PER_JOURNEY) {
  const routes = PAGES.slice(first, first + PAGES_PER_JOURNEY);
  test(`every page answers 200 with a title and description, a canonical URL, one h1 and no serious axe violation: ${routes.join(", ")}`, async ({ page }) => {
    test.slow();
    for (const route of routes) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(200);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(title.length, route).toBeGreaterThan(10);
      expect(description?.length ?? 0, route).toBeGreaterThan(50);
      expect(await page.locator("html").getAttribute("lang")).toBe("fr");
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical, route).toMatch(new RegExp(`^https?://[^/]+${route === "/" ? "/" : route}$`));
      expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(title);
      await expect(page.locator("h1"), route).toHaveCount(1);
      // RGAA 6.1: no link named « ici », « en savoir plus »… alone.
      expect(await genericLinkNames(page), route).toEqual([]);
      expect(await seriousViolations(page), route).toEqual([]);
    }
  });
}

test("no two pages share a title or a description", async ({ page }) => {
  await page.goto("/plan-du-site");
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const route of PAGES) {
    const html = await (await page.request.get(route)).text();
    // Chromium's own HTML parser, as the pages above read them.
    const { title, description } = await page.evaluate((source) => {
      const parsed = new DOMParser().parseFromString(source, "text/html");
      return { title: parsed.title, description: parsed.querySelector('meta[name="description"]')?.getAttribute("content") ?? "" };
    }, html);
    expect(title.length, route).toBeGreaterThan(10);
    expect(titles.has(title), `${route}: duplicate title`).toBe(false);
    expect(descriptions.has(description), `${route}: duplicate description`).toBe(false);
    titles.add(title);
    descriptions.add(description);
  }
});

test("the site map lists every page of the site and is one footer link away from every page (RGAA 12.1, 12.3, 12.4)", async ({ page }) => {
  await page.goto("/plan-du-site");
  const listed = new Set(
    await page
      .getByRole("main")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
  );
  for (const route of [...PAGE_ROUTES.filter((route) => route !== "/plan-du-site"), "/inscription", "/auth", "/etat", "/widget"]) {
    expect(listed.has(route), route).toBe(true);
  }
  for (const route of ["/", "/sources", "/etat", "/inscription", "/auth"]) {
    await page.goto(route);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Plan du site", exact: true }), route).toHaveAttribute("href", "/plan-du-site");
  }
});

test('English parts of French pages carry lang="en" (RGAA 8.7: each change of language is indicated in the code)', async ({ page }) => {
  const languageOf = (locator: ReturnType<Page["locator"]>) => locator.evaluate((element) => element.closest("[lang]")?.getAttribute("lang"));
  await page.goto("/developpeurs");
  // Code, HTTP headers and the API's English field names; the page itself stays French.
  for (const text of ["snake_case", "Access-Control-Allow-Origin: *", "RateLimit-Policy", "Retry-After"]) {
    expect(await languageOf(page.locator("code", { hasText: text }).first()), text).toBe("en");
  }
  expect(await languageOf(page.locator("pre code", { hasText: "console.log" })), "the fetch example").toBe("en");
  expect(await languageOf(page.getByRole("link", { name: "draft-ietf-httpapi-ratelimit-headers" }))).toBe("en");
  expect(await languageOf(page.getByRole("heading", { level: 1 }))).toBe("fr");
  await page.goto("/confidentialite");
  expect(await languageOf(page.getByText("Data Privacy Framework", { exact: true }))).toBe("en");
});

test("required fields are required in the accessibility tree and Tab follows the reading order on the main forms (RGAA 11.10, 12.8)", async ({ page }) => {
  await page.goto("/");
  await waitForIslands(page);
  expect(await requiredInAccessibilityTree(page, "Votre adresse")).toBe(true);
  await page.getByRole("combobox", { name: "Votre adresse" }).focus();
  expect(await tabStopsInDocumentOrder(page, 1)).toEqual({ names: ["Votre adresse", "Analyser"], inOrder: true });

  await page.goto("/inscription");
  await waitForIslands(page);
  for (const name of ["Adresse à surveiller", "Adresse e-mail"]) expect(await requiredInAccessibilityTree(page, name), name).toBe(true);
  // Chromium exposes no « required » on a checkbox: the box is required in the DOM, and the form says in words that every field is.
  await expect(page.getByRole("checkbox", { name: /^J'accepte de recevoir par e-mail/ })).toHaveJSProperty("required", true);
  await expect(page.getByText("Tous les champs sont obligatoires.")).toBeVisible();
  await page.getByRole("combobox", { name: "Adresse à surveiller" }).focus();
  const signUp = await tabStopsInDocumentOrder(page, 4);
  expect(signUp.inOrder, signUp.names.join(" → ")).toBe(true);
  expect(signUp.names).toEqual([
    "Adresse à surveiller",
    "Adresse e-mail",
    expect.stringMatching(/^J'accepte/),
    "politique de confidentialité",
    "Recevoir les alertes",
  ]);

  await page.goto("/auth");
  await waitForIslands(page);
  const panel = page.getByRole("tabpanel");
  for (const name of ["Adresse e-mail", "Mot de passe"]) expect(await requiredInAccessibilityTree(page, name), name).toBe(true);
  await panel.getByLabel("Adresse e-mail").focus();
  const signIn = await tabStopsInDocumentOrder(page, 3);
  expect(signIn.inOrder, signIn.names.join(" → ")).toBe(true);
  expect(signIn.names).toEqual(["Adresse e-mail", "Mot de passe", "Afficher le mot de passe", "Se connecter"]);
});

for (const width of [1366, 320]) {
  test(`the 404 page is a page of the site: header, footer, what happened, the way to the address search and the main pages (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto("/guide/page-qui-n-existe-pas");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page introuvable – Zone Santé");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("banner").getByRole("link", { name: "Zone Santé, accueil" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Contact");
    // The site's styles, whatever the path's depth: the header is the sticky bar, not a bare list.
    await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
    await expect(page.getByRole("main")).toContainText("Le lien est peut-être incomplet");
    await expect(page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
    const pages = page.getByRole("navigation", { name: "Pages principales" });
    for (const [name, href] of [
      ["Accueil", "/"],
      ["Alertes par e-mail", "/inscription"],
      ["Se connecter ou créer un compte", "/auth"],
      ["Sources officielles", "/sources"],
      ["Blog", "/blog"],
      ["Plan du site", "/plan-du-site"],
    ] as const)
      await expect(pages.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await genericLinkNames(page)).toEqual([]);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // « Saisir mon adresse »: the home page's address field, focused, ready to type.
    await page.getByRole("link", { name: "Saisir mon adresse" }).click();
    await expect(page).toHaveURL(/\/#analyse$/);
    await waitForIslands(page);
    await expect(page.getByRole("combobox", { name: /Votre adresse/ })).toBeFocused();
  });
}

test("the header button scrolls to the search and focuses the address field", async ({ page }) => {
  await page.goto("/");
  await waitForIslands(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("banner").getByRole("link", { name: "Tester ma zone" }).click();
  const input = page.getByRole("combobox", { name: /Votre adresse/ });
  await expect(input).toBeFocused();
  await expect(page.locator("#analyse")).toBeInViewport();
});

test("the how-it-works button, and the header button from another page, lead to a focused search field", async ({ page }) => {
  await page.goto("/");
  await waitForIslands(page);
  await page.locator("#comment-ca-marche").getByRole("link", { name: "Tester ma zone" }).click();
  await expect(page.getByRole("combobox", { name: /Votre adresse/ })).toBeFocused();

  await page.goto("/sources");
  await page.getByRole("banner").getByRole("link", { name: "Tester ma zone" }).click();
  await expect(page).toHaveURL(/\/#analyse$/);
  await expect(page.getByRole("combobox", { name: /Votre adresse/ })).toBeFocused();
});

test("the mobile menu opens and closes with the keyboard and leads to its pages", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/blog");
  const menu = page.locator(".menu-toggle summary");
  await menu.focus();
  await page.keyboard.press("Enter");
  const mobileNav = page.getByRole("navigation", { name: "Navigation mobile" });
  await expect(mobileNav.getByRole("link", { name: "Sources" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(mobileNav.getByRole("link", { name: "Sources" })).toBeHidden();
  await page.keyboard.press("Enter");
  await mobileNav.getByRole("link", { name: "Sources" }).click();
  await expect(page).toHaveURL(/\/sources$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sources officielles");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the FAQ has 9 questions, opens one at a time and closes again", async ({ page }) => {
  await page.goto("/");
  const questions = page.locator(".faq details");
  await expect(questions).toHaveCount(9);
  const first = questions.nth(0);
  const second = questions.nth(1);
  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open", "");
  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open", "");
  await expect(first).not.toHaveAttribute("open", "");
  await second.locator("summary").click();
  await expect(second).not.toHaveAttribute("open", "");
  // Keyboard: Space on a focused question toggles it.
  await first.locator("summary").focus();
  await page.keyboard.press("Space");
  await expect(first).toHaveAttribute("open", "");
});

test("the blog lists every article with its date and reading time, and an article leads back and to the search", async ({ page }) => {
  await page.goto("/blog");
  const posts = page.locator(".post");
  await expect(posts).toHaveCount(BLOG_SLUGS.length);
  for (const post of await posts.all()) {
    await expect(post.locator("time")).toHaveText(/^\d{1,2}(er)?\u00a0\p{L}+\u00a0\d{4}$/u);
    await expect(post).toContainText(/\d+\u00a0min de lecture/);
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('.post a[href="/blog/impact-eau-sante"]').click();
  await expect(page).toHaveURL(/\/blog\/impact-eau-sante$/);
  // A new page starts at the top.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<string, unknown>;
  expect(jsonLd).toMatchObject({ "@type": "Article", datePublished: "2024-08-20" });
  await page.getByRole("link", { name: "← Retour au blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);

  await page.goto("/blog/impact-air-sante");
  await page.getByRole("link", { name: "Tester votre zone" }).click();
  await expect(page).toHaveURL(/\/#analyse$/);
  await expect(page.getByRole("combobox", { name: /Votre adresse/ })).toBeFocused();
});

test("the bathing-water article links to the sign-in page and the official sources", async ({ page }) => {
  await page.goto("/blog/impact-baignade-sante");
  await expect(page.getByRole("link", { name: "Surveiller mes sites de baignade" })).toHaveAttribute("href", "/auth");
  await page.getByRole("link", { name: "Données officielles" }).click();
  await expect(page).toHaveURL(/\/sources$/);
});

test("the guide shows three certified product types as examples, one link to the certification directory and no affiliate wording", async ({ page }) => {
  await page.goto("/guide/choisir-filtre-certifie");
  const products = page.locator(".product");
  await expect(products).toHaveCount(3);
  for (const product of await products.all()) {
    await expect(product.getByRole("link")).toHaveCount(0);
    await expect(product.locator(".tags--cert li").first()).toBeVisible();
  }
  await expect(page.locator('a[rel~="sponsored"]')).toHaveCount(0);
  await expect(page.getByText(/commission/)).toHaveCount(0);
  const directory = page.getByRole("link", { name: "Vérifier la certification d'un filtre (site externe)" });
  await expect(directory).toHaveAttribute("href", "https://info.nsf.org/Certified/DWTU/");
  await expect(directory).not.toHaveAttribute("target", /.+/);
  for (const heading of ["Critère 1", "Critère 2", "Critère 3"]) {
    await expect(page.getByRole("heading", { name: new RegExp(heading) })).toBeVisible();
  }
});

test("the offer is free forever and leads both to the alerts without an account and to account creation", async ({ page }) => {
  await page.goto("/tarifs");
  await expect(page).toHaveURL(/\/offre$/);
  await expect(page.locator("main")).not.toContainText(/30 jours|essai|premium|\/mois/i);
  await expect(page.getByRole("main").getByRole("link", { name: "Recevoir les alertes de mon adresse" })).toHaveAttribute("href", "/inscription");
  await expect(page.getByRole("link", { name: "Créer mon compte gratuit" })).toHaveAttribute("href", "/auth");
});

test("the footer gives the service, legal and contact links on every page", async ({ page }) => {
  await page.goto("/cookies");
  const footer = page.getByRole("contentinfo");
  for (const name of [
    "Conditions d'utilisation",
    "Confidentialité",
    "Mentions légales",
    "Cookies",
    // The state the audit grid gives (docs/accessibilite/taux.json, computed from grille.csv).
    `Accessibilité\u00a0: ${rgaaConformity(JSON.parse(readFileSync(new URL("../../docs/accessibilite/taux.json", import.meta.url), "utf8")) as RgaaRate)} conforme`,
    "Sources officielles",
    "Alertes par e-mail, sans compte",
    "Intégrer les alertes sur votre site",
  ]) {
    await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await page.getByRole("link", { name: "Mentions légales", exact: true }).click();
  await expect(page.getByText("Hébergeur", { exact: true })).toBeVisible();
});

// One test per page: each axe run has its own time budget, and the pages spread over the workers.
for (const route of [
  "/inscription",
  "/inscription?embed=1&accent=FFDD00",
  "/merci",
  "/widget",
  "/desinscription",
  "/confirmation-alertes",
  "/confirmation-compte?u=a&x=1&s=b",
  "/compte-supprime",
]) {
  test(`the application page ${route} has no serious accessibility violation either`, async ({ page }) => {
    await page.goto(route);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page), route).toEqual([]);
  });
}
