// The public pages of the site, as a person reaches them. Blog articles are read from content/ so
// that a new article is covered without touching the tests.
import { readdirSync } from "node:fs";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export const BLOG_SLUGS = readdirSync(resolve(ROOT, "content/blog"))
  .filter((file) => file.endsWith(".md"))
  .map((file) => file.replace(/\.md$/, ""))
  .sort();

export const LEGAL_ROUTES = ["/cgu", "/confidentialite", "/mentions-legales", "/cookies", "/accessibilite"];

/** Every page that must answer 200, in both runtimes. */
export const PAGE_ROUTES = [
  "/",
  "/sources",
  "/offre",
  "/guide/choisir-filtre-certifie",
  "/developpeurs",
  "/blog",
  ...BLOG_SLUGS.map((slug) => `/blog/${slug}`),
  ...LEGAL_ROUTES,
  "/plan-du-site",
];

/** Pages of the application (an island, no static content to index): they answer 200 too. */
export const APP_ROUTES = [
  "/auth",
  "/compte",
  "/inscription",
  "/merci",
  "/widget",
  "/desinscription",
  "/confirmation-alertes",
  "/admin-test",
  "/compte-supprime",
  // The status page reads /api/v1/status with its one script (decision 061).
  "/etat",
];

/** Documents the API serves (not the static build) that pages link to: the footer, /developpeurs. */
export const API_DOCUMENT_ROUTES = ["/api/v1/openapi.json"];

/** Aliases that redirect (301) to a page. */
export const REDIRECTS: Record<string, string> = { "/home": "/", "/index": "/", "/tarifs": "/offre" };
