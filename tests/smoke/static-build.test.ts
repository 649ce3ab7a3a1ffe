// The static build itself (dist/, made by `npm test` before this suite): content pages ship no
// JavaScript, every page is French and has its SEO tags, the sitemap lists every page.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { pageJsGzipBytes } from "../helpers/page-js.ts";
import { API_DOCUMENT_ROUTES, APP_ROUTES, PAGE_ROUTES } from "../helpers/routes.ts";

const DIST = resolve(import.meta.dirname, "../../dist");
const htmlOf = (route: string) => readFileSync(join(DIST, route === "/" ? "index.html" : `${route.slice(1)}/index.html`), "utf8");
const executableScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>/g)].filter((match) => !/type="application\/ld\+json"/.test(match[1] ?? ""));
/** The header's one-line signed-in check (decision 063), the one script every page carries. */
const SESSION_HINT_SCRIPT = /<script>[^<]*zs_signed_in=1[^<]*<\/script>/;
const withoutSessionHint = (html: string) => html.replace(SESSION_HINT_SCRIPT, "");

describe("static build", () => {
  it("has a page for every route", () => {
    for (const route of PAGE_ROUTES) expect(existsSync(join(DIST, route === "/" ? "index.html" : `${route.slice(1)}/index.html`)), route).toBe(true);
  });

  it("ships no JavaScript on content pages", () => {
    for (const route of PAGE_ROUTES.filter((route) => route !== "/")) {
      const html = htmlOf(route);
      expect(html, route).toMatch(SESSION_HINT_SCRIPT);
      expect(executableScripts(withoutSessionHint(html)), route).toEqual([]);
      expect(html, route).not.toContain("<astro-island");
    }
  });

  it("ships only the search island (and its small helper script) on the home page", () => {
    const html = htmlOf("/");
    expect([...html.matchAll(/<astro-island\b/g)]).toHaveLength(1);
    expect(html).toContain("Analyse");
  });

  // Issue 23, « Done when »: « the home page's JavaScript does not grow ». Counted as the bench counts
  // it: every script the page loads, gzipped. The figure before issue 23 (commit a21215c) was
  // 94 753 B; issue 25's progressive report (reading the stream, the cards pending one by one,
  // decision 067) costs 1 031 B more than just before it (94 641 B), measured, and moved the ratchet to its new size;
  // issue 26's four sections (pollen, UV, vigilance, radon: their presentation, scales and card) cost
  // 2 639 B more, their « Réessayer » 64 B the « À retenir » link named by its advice 10 B and the address error's « Erreur : » 36 B (decision 067, amended), measured, and moved it again;
  // issue 36's edges of those sections (the coast's own vigilance line, decision 078: 253 B; radon's former
  // communes, parts and arrondissements on the card, decision 080: 361 B, after moving the arrondissement
  // codes out of the module with the départements' tables; the territory's own day in dates: 55 B),
  // measured on each branch's build, moved it to 99 090 B; the section registry (decision 083: the
  // sections' modules, the document's blocks and their card, a pending section's own shape, the richer
  // sections' documents) to 100 129 B, the advice kept out of the page; issue 38's « État des sources » on a
  // card whose source failed (decision 085: each section's status source, the link in its document, its line
  // on the card: 194 B) to 100 323 B; issue 38's verdict and compact report (decision 084: the one ranking
  // for cached reports, the calm line and its links, each card's advice line and « Détails », the advice's
  // disclosures, the alert slot: 765 B), the drought's tap-first card (decision 086: 118 B) and the tables'
  // day headings dropped (−42 B), measured on the merged build, to 101 172 B; issue 39's alert form
  // refusing addresses that can never receive mail and saying the server's « réessayez » when no e-mail
  // can leave now (decision 090: 169 B, with the Latin-script name rule of decision 091), measured on the
  // merged build, to 101 341 B. Issue 40 took it under 90 KB (decision 095): the server presents each
  // section and streams its document with its answer, so the page no longer carries the eight sections'
  // presentations, notes, scales and sources (~12 300 B: the page composes the documents and carries
  // only the sections' outlines), and three derived tables built at load are marked pure (~500 B);
  // React's 68 340 B unchanged; measured on the branch's build, to 89 042 B: any further growth fails.
  it("the home page's JavaScript does not grow past its size after issue 40 (89 042 B gzip)", () => {
    const { bytes } = pageJsGzipBytes(DIST, join(DIST, "index.html"));
    expect(bytes).toBeLessThanOrEqual(89_042);
  });

  it("gives every page its language, canonical URL and Open Graph tags", () => {
    for (const route of PAGE_ROUTES) {
      const html = htmlOf(route);
      expect(html, route).toContain('<html lang="fr">');
      expect(html, route).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+">/);
      expect(html, route).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/og-image\.png">/);
    }
    expect(existsSync(join(DIST, "og-image.png"))).toBe(true);
  });

  it("writes titles, descriptions and headings with French typography", () => {
    for (const route of PAGE_ROUTES) {
      const html = htmlOf(route);
      const texts = [
        ...html.matchAll(/<title>([^<]*)<\/title>/g),
        ...html.matchAll(/<meta name="description" content="([^"]*)"/g),
        ...html.matchAll(/<h[1-3][^>]*>([^<]*)<\/h[1-3]>/g),
      ].map((match) => match[1] ?? "");
      for (const text of texts) expect(text, route).not.toMatch(/ [:;!?»]|« /);
    }
  });

  it("has no broken internal link", () => {
    // The partner frame (decision 034) is linked from the accessibility declaration's list of audited pages.
    const known = new Set([
      ...PAGE_ROUTES,
      ...APP_ROUTES,
      ...API_DOCUMENT_ROUTES,
      "/inscription/cadre",
      "/sitemap.xml",
      "/robots.txt",
      "/og-image.png",
      "/favicon.svg",
    ]);
    for (const route of PAGE_ROUTES) {
      for (const match of htmlOf(route).matchAll(/href="(\/[^"#?]*)[^"]*"/g)) {
        const path = (match[1] ?? "/").replace(/(.)\/$/, "$1");
        if (path.startsWith("/_astro/")) continue;
        expect(known.has(path), `${route} links to ${path}`).toBe(true);
      }
    }
  });

  it("lists every page in sitemap.xml and points robots.txt at it", () => {
    const sitemap = readFileSync(join(DIST, "sitemap.xml"), "utf8");
    for (const route of PAGE_ROUTES) expect(sitemap, route).toMatch(new RegExp(`<loc>https?://[^<]+${route === "/" ? "/" : route}</loc>`));
    expect(readFileSync(join(DIST, "robots.txt"), "utf8")).toMatch(/^Sitemap: .+\/sitemap\.xml$/m);
  });
});
