// The static build served by the Node runtime as Cloudflare's static assets serve it in
// production: the same dist/ files, dist/_redirects, dist/_headers and 404 page.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { HSTS } from "../middleware/security.ts";
import { headersForPath, parseHeadersFile } from "./headers.ts";
import { parseRedirectsFile } from "./redirects.ts";

/**
 * Mounts the pages of `distDir` on `root`, after its API routes. Throws when the site is not built.
 * `siteUrl` is the running server's SITE_URL: it decides the pages' HSTS, as it does the API's.
 */
export async function mountStaticBuild(root: Hono, distDir: string, options: { siteUrl: string }): Promise<void> {
  if (!existsSync(join(distDir, "index.html"))) {
    throw new Error("Le site n'est pas construit : lancez `npm run build` (ou `npm start`, qui le fait).");
  }
  const notFoundFile = join(distDir, "404.html");
  if (!existsSync(notFoundFile)) throw new Error("Le site construit n'a pas de page 404.html : relancez `npm run build`.");
  const redirectsFile = join(distDir, "_redirects");
  const redirects = existsSync(redirectsFile) ? parseRedirectsFile(await readFile(redirectsFile, "utf8")) : [];
  for (const { from, to, status } of redirects) {
    root.get(from, (c) => c.redirect(to, status));
  }
  // Page headers: dist/_headers, the file Cloudflare's static assets obey (CSP with the build's
  // script hashes, the one frameable page). Its HSTS line was kept or dropped by the SITE_URL of
  // the build, which may not be this server's (a build on http, a server behind TLS, or the
  // reverse): here HSTS follows the running SITE_URL, like the API's (decision 092).
  const headerRules = parseHeadersFile(await readFile(join(distDir, "_headers"), "utf8"));
  const https = new URL(options.siteUrl).protocol === "https:";
  root.use("*", async (c, next) => {
    await next();
    if (c.req.path === "/api" || c.req.path.startsWith("/api/")) return;
    const headers = headersForPath(headerRules, c.req.path);
    headers.delete("Strict-Transport-Security");
    if (https) headers.set("Strict-Transport-Security", HSTS);
    for (const [name, value] of headers) c.header(name, value);
  });
  root.use("*", serveStatic({ root: distDir }));
  // Read when asked, as serveStatic reads every other page: a build made while the server runs
  // replaces the styles' hashed names, and a 404 page kept from the start would point at the old
  // ones (a bare page). While that build has emptied dist/, the answer is still a 404, in words.
  root.notFound(async (c) => {
    const page = await readFile(notFoundFile, "utf8").catch(() => null);
    return page === null ? c.text("Page introuvable", 404) : c.html(page, 404);
  });
}
