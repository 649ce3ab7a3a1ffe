// `node scripts/rgaa-evidence.ts` (after `npm run build`): the evidence of the RGAA 4.1 audit
// (docs/accessibilite/README.md). It starts the app as the e2e tests do (scripts/demo.ts with its
// fake upstreams and fake Resend, on a temp database), opens each page of the audit's sample in
// Chromium, and writes docs/accessibilite/preuves/<page>.json: axe-core's results by rule, the
// accessibility tree (Playwright's ARIA snapshot: roles and names), languages, title, headings,
// landmarks, form fields with their labels and « required », images and their alternatives,
// links, buttons, frames, the keyboard's tab order with the focus ring seen, and the page at
// 320 px (sideways scrolling, smallest text, also with the WCAG text-spacing overrides).
// `scripts/rgaa-grid.ts` then turns the evidence and the hand judgments into grille.csv.
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BLOG_SLUGS } from "../tests/helpers/routes.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/helpers/chromium.ts";
import { freePort } from "../tests/helpers/net.ts";
import { NO_SERVICE_CEILINGS } from "../tests/helpers/service-ceilings.ts";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "docs/accessibilite/preuves");

const [port, upstreamPort, resendPort, oauthPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
const resend = `http://127.0.0.1:${resendPort}`;
const directory = mkdtempSync(join(tmpdir(), "zone-sante-rgaa-"));
const server = spawn(process.execPath, ["scripts/demo.ts"], {
  cwd: ROOT,
  stdio: ["ignore", "ignore", "ignore"],
  env: {
    ...process.env,
    PORT: String(port),
    DEMO_UPSTREAM_PORT: String(upstreamPort),
    DEMO_FAKE_RESEND_PORT: String(resendPort),
    DEMO_FAKE_OAUTH_PORT: String(oauthPort),
    SITE_URL: base,
    ALERTS_SCHEDULER: "off",
    ...NO_SERVICE_CEILINGS,
    DATABASE_URL: `file:${join(directory, "rgaa.db")}`,
    NODE_ENV: "test",
    PASSWORD_HASH_COST: "test",
  },
});

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error("scripts/demo.ts did not answer within 60 s (run `npm run build` first)");
}

async function linkInEmail(to: string, path: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const emails = (await (await fetch(`${resend}/_test/emails`)).json()) as { to: string[] | string; text: string }[];
    for (const email of [...emails].reverse()) {
      if (!String(email.to).includes(to)) continue;
      const link = new RegExp(`https?://\\S+${path}\\?\\S+`).exec(email.text)?.[0];
      if (link) return link;
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`no ${path} link sent to ${to}`);
}

async function waitForIslands(page: Page) {
  await page
    .waitForFunction(() => [...document.querySelectorAll("astro-island")].every((island) => !island.hasAttribute("ssr")), undefined, { timeout: 10_000 })
    .catch(() => undefined);
}

/** Everything a reader of the page's code and accessibility tree would note, read in the page. */
function readDom() {
  const text = (node: Element | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 160);
  const byIds = (ids: string | null) =>
    (ids ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => text(document.getElementById(id)))
      .join(" ");
  const nameOf = (element: Element) =>
    element.getAttribute("aria-label") ||
    byIds(element.getAttribute("aria-labelledby")) ||
    ("labels" in element && (element as HTMLInputElement).labels?.length
      ? [...(element as HTMLInputElement).labels!].map((label) => text(label)).join(" ")
      : "") ||
    element.getAttribute("title") ||
    "";
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none";
  };
  return {
    url: location.pathname + location.search,
    title: document.title,
    doctype: document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : null,
    lang: document.documentElement.getAttribute("lang"),
    langChanges: [...document.querySelectorAll("body [lang]")].map((element) => ({
      tag: element.tagName.toLowerCase(),
      lang: element.getAttribute("lang"),
      text: text(element),
    })),
    headings: [...document.querySelectorAll("h1,h2,h3,h4,h5,h6,[role=heading]")].map((element) => ({
      level: Number(element.getAttribute("aria-level") ?? element.tagName.slice(1)),
      text: text(element),
      visible: visible(element),
    })),
    landmarks: [...document.querySelectorAll("header,nav,main,footer,aside,search,form[aria-label],section[aria-label],section[aria-labelledby],[role]")]
      .filter(
        (element) =>
          !element.getAttribute("role") || /^(banner|navigation|main|contentinfo|complementary|search|region|form)$/.test(element.getAttribute("role")!),
      )
      .map((element) => ({ tag: element.tagName.toLowerCase(), role: element.getAttribute("role"), name: nameOf(element) })),
    skipLink: (() => {
      const first = document.querySelector("body a[href^='#']");
      return first ? { text: text(first), href: first.getAttribute("href"), targetExists: Boolean(document.querySelector(first.getAttribute("href")!)) } : null;
    })(),
    fields: [...document.querySelectorAll("input,select,textarea")]
      .filter((element) => (element as HTMLInputElement).type !== "hidden")
      .map((element) => {
        const field = element as HTMLInputElement;
        return {
          tag: field.tagName.toLowerCase(),
          type: field.type,
          name: field.name,
          label: nameOf(field),
          visibleLabel: field.labels?.length ? [...field.labels].map((label) => text(label)).join(" ") : "",
          required: field.required,
          ariaRequired: field.getAttribute("aria-required"),
          ariaInvalid: field.getAttribute("aria-invalid"),
          description: byIds(field.getAttribute("aria-describedby")),
          autocomplete: field.getAttribute("autocomplete"),
          inFieldset: text(field.closest("fieldset")?.querySelector("legend")),
          visible: visible(field),
        };
      }),
    buttons: [...document.querySelectorAll("button,[role=button],input[type=submit]")].map((element) => ({
      name: nameOf(element) || text(element),
      disabled: (element as HTMLButtonElement).disabled || element.getAttribute("aria-disabled") === "true",
      visible: visible(element),
    })),
    links: [...document.querySelectorAll("a[href]")].map((element) => ({
      name: nameOf(element) || text(element) || [...element.querySelectorAll("img[alt]")].map((image) => image.getAttribute("alt")).join(" "),
      href: element.getAttribute("href"),
      target: element.getAttribute("target"),
      download: element.hasAttribute("download"),
    })),
    images: [
      ...[...document.querySelectorAll("img")].map((element) => ({
        tag: "img",
        src: element.getAttribute("src"),
        alt: element.getAttribute("alt"),
        role: element.getAttribute("role"),
      })),
      ...[...document.querySelectorAll("svg")].map((element) => ({
        tag: "svg",
        role: element.getAttribute("role"),
        ariaHidden: element.getAttribute("aria-hidden"),
        name: nameOf(element) || text(element.querySelector("title")),
        inLabelledControl: Boolean(element.closest("button,a")),
      })),
      ...[...document.querySelectorAll("[role=img]:not(svg):not(img)")].map((element) => ({
        tag: element.tagName.toLowerCase(),
        role: "img",
        name: nameOf(element),
      })),
      ...[...document.querySelectorAll("canvas,object,embed,area,input[type=image]")].map((element) => ({
        tag: element.tagName.toLowerCase(),
        name: nameOf(element),
      })),
    ],
    frames: [...document.querySelectorAll("iframe,frame")].map((element) => ({ title: element.getAttribute("title"), src: element.getAttribute("src") })),
    tables: [...document.querySelectorAll("table")].map((element) => ({
      caption: text(element.querySelector("caption")),
      role: element.getAttribute("role"),
      headers: [...element.querySelectorAll("th")].map((th) => ({ text: text(th), scope: th.getAttribute("scope") })),
    })),
    media: [...document.querySelectorAll("video,audio")].map((element) => ({
      tag: element.tagName.toLowerCase(),
      autoplay: (element as HTMLMediaElement).autoplay,
    })),
    lists: { ul: document.querySelectorAll("ul").length, ol: document.querySelectorAll("ol").length, dl: document.querySelectorAll("dl").length },
    quotes: [...document.querySelectorAll("blockquote,q")].map((element) => text(element)),
    liveRegions: [...document.querySelectorAll("[role=status],[role=alert],[aria-live]")].map((element) => ({
      role: element.getAttribute("role"),
      live: element.getAttribute("aria-live"),
      text: text(element),
    })),
    accesskeys: [...document.querySelectorAll("[accesskey]")].length,
    movingContent: [...document.querySelectorAll("marquee,blink")].length,
  };
}

/** The keyboard's path: each Tab's focused element and whether a focus ring (outline or box-shadow) is drawn. */
async function tabOrder(page: Page, presses = 60) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: { element: string; name: string; focusRing: boolean }[] = [];
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== "none" && style.boxShadow !== "");
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 80);
      return { element: element.tagName.toLowerCase() + (element.id ? `#${element.id}` : ""), name, focusRing: ring };
    });
    if (!stop) break;
    if (stops.length > 2 && stops[0]!.element === stop.element && stops[0]!.name === stop.name) break;
    stops.push(stop);
  }
  return stops;
}

/** At 320 CSS px (RGAA 10.11; also 200 % text on a 640 px window, 10.4): sideways scroll and the smallest text drawn. */
async function at320(page: Page) {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  // Closed disclosures (the report's 12-month history) are opened: their text is measured too.
  await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
  await page.waitForTimeout(200);
  const measure = () =>
    page.evaluate(() => {
      let smallest = { px: Infinity, text: "" };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || !node.textContent?.trim()) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || element.closest("[aria-hidden=true] *:not(svg *)")) continue;
        const style = getComputedStyle(element);
        if (style.visibility === "hidden" || style.clipPath.startsWith("inset(50%")) continue;
        let px = parseFloat(style.fontSize);
        // SVG text is scaled with its drawing: its size on screen is the font size times the scale.
        const svg = element.closest("svg");
        if (svg && element instanceof SVGGraphicsElement) px *= element.getScreenCTM()?.a ?? 1;
        if (px < smallest.px) smallest = { px: Math.round(px * 10) / 10, text: node.textContent.trim().slice(0, 60) };
      }
      // The elements wider than the window, innermost first: what makes the page scroll sideways.
      const overflowing = [...document.body.querySelectorAll("*")]
        .filter(
          (element) =>
            element.getBoundingClientRect().right > window.innerWidth + 1 &&
            ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 1),
        )
        .filter((element) => !element.closest("pre, [data-scroll-x]") || element.matches("pre"))
        .slice(0, 5)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""}: ${(element.textContent ?? "").trim().slice(0, 50)}`,
        );
      return { scrollsSideways: document.documentElement.scrollWidth > window.innerWidth, smallestText: smallest, overflowing };
    });
  const plain = await measure();
  await page.addStyleTag({
    content: "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }",
  });
  await page.waitForTimeout(100);
  const spaced = await page.evaluate(() => ({ scrollsSideways: document.documentElement.scrollWidth > window.innerWidth }));
  await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = false)));
  if (viewport) await page.setViewportSize(viewport);
  return { ...plain, withTextSpacing: spaced };
}

async function record(page: Page, name: string, status: number | null) {
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const byRule = (list: typeof axe.violations) =>
    list.map((rule) => ({ id: rule.id, impact: rule.impact, nodes: rule.nodes.length, targets: rule.nodes.slice(0, 5).map((node) => node.target.join(" ")) }));
  const dom = await page.evaluate(readDom);
  const tree = await page.locator("body").ariaSnapshot();
  const keyboard = await tabOrder(page);
  const narrow = await at320(page);
  const evidence = {
    page: name,
    status,
    ...dom,
    axe: {
      version: axe.testEngine.version,
      violations: byRule(axe.violations),
      incomplete: byRule(axe.incomplete),
      passes: axe.passes.map((rule) => rule.id).sort(),
    },
    keyboard,
    at320px: narrow,
    accessibilityTree: tree,
  };
  writeFileSync(join(OUT, `${name}.json`), JSON.stringify(evidence, null, 2) + "\n");
  console.log(
    `${name}: ${evidence.axe.violations.length} axe rule(s) failed, ${keyboard.length} tab stops, 320 px ${narrow.scrollsSideways ? "scrolls sideways" : "fits"}`,
  );
}

let browser: Browser | undefined;
try {
  await waitForServer();
  mkdirSync(OUT, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "fr-FR" });
  const page = await context.newPage();
  const visit = async (name: string, path: string) => {
    const response = await page.goto(base + path);
    await waitForIslands(page);
    await record(page, name, response?.status() ?? null);
  };

  await visit("accueil", "/");
  // A report with every card the fake upstreams serve (water, air, drought, bathing, pollen, UV, vigilance, radon).
  await page.goto(base + "/");
  await waitForIslands(page);
  await page.getByRole("combobox", { name: /Votre adresse/ }).pressSequentially("maraussan", { delay: 20 });
  await page.getByRole("option").first().click();
  await page.getByTestId("report").getByRole("heading", { name: "Recommandations", exact: true }).waitFor();
  await page.waitForTimeout(1500);
  await record(page, "rapport", 200);
  await visit("inscription", "/inscription");
  await visit("inscription-cadre", "/inscription/cadre");
  await visit("auth", "/auth");

  // The e-mail-link pages, reached through the links the app sent.
  const alertsEmail = `rgaa-alertes-${Date.now()}@exemple-zs.fr`;
  await page.goto(base + "/inscription");
  await waitForIslands(page);
  await page.getByRole("combobox", { name: "Adresse à surveiller" }).pressSequentially("Maraussan", { delay: 20 });
  await page.getByRole("option").first().click();
  await page.getByLabel("Adresse e-mail").fill(alertsEmail);
  await page.getByLabel(/J'accepte de recevoir par e-mail/).check();
  await page.getByRole("button", { name: "Recevoir les alertes" }).click();
  await visit(
    "confirmation-alertes",
    new URL(await linkInEmail(alertsEmail, "/confirmation-alertes")).pathname + new URL(await linkInEmail(alertsEmail, "/confirmation-alertes")).search,
  );
  await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
  await page.getByRole("heading", { name: "Inscription confirmée" }).waitFor();
  const unsubscribe = await linkInEmail(alertsEmail, "/desinscription").catch(() => `${base}/desinscription`);
  await visit("desinscription", new URL(unsubscribe).pathname + new URL(unsubscribe).search);

  const accountEmail = `rgaa-compte-${Date.now()}@exemple-zs.fr`;
  await page.goto(base + "/auth");
  await waitForIslands(page);
  await page.getByRole("tab", { name: "Créer un compte" }).click();
  await page.getByRole("tabpanel").getByLabel("Adresse e-mail").fill(accountEmail);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  const confirmAccount = new URL(await linkInEmail(accountEmail, "/confirmation-compte"));
  await visit("confirmation-compte", confirmAccount.pathname + confirmAccount.search);
  await page.getByLabel("Choisissez votre mot de passe").fill("mot-de-passe-solide");
  await page.getByRole("button", { name: "Confirmer mon adresse" }).click();
  await page.waitForURL(/\/compte$/);
  await visit("compte", "/compte");

  await visit("article", `/blog/${BLOG_SLUGS[0]}`);
  await visit("sources", "/sources");
  await visit("plan-du-site", "/plan-du-site");
  await visit("developpeurs", "/developpeurs");
  await visit("etat", "/etat");
  await visit("accessibilite", "/accessibilite");
  await visit("mentions-legales", "/mentions-legales");
  await visit("404", "/page-qui-n-existe-pas");
} finally {
  await browser?.close();
  server.kill("SIGTERM");
  rmSync(directory, { recursive: true, force: true });
}
