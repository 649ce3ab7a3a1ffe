// Runs before `astro build` in `npm run build:workers` (the build a Worker deploys). On Workers the
// pages are static assets served without the Worker (wrangler.toml runs it first for /api/* only),
// so their headers are dist/_headers as built: HSTS is there only when the build's SITE_URL is
// https (scripts/build-headers.ts), and the canonical links and the sitemap name the build's
// SITE_URL too. The deploy's running SITE_URL is wrangler.toml's [vars] SITE_URL, which the API
// reads: a build with another SITE_URL (or none, which builds for http://127.0.0.1:4321) would serve
// pages without the HSTS the API sends. This check makes the build's value the running one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../src/server/project-root.ts";

/** `SITE_URL = "…"` in wrangler.toml's [vars] table, or null when it is not there. */
export function wranglerSiteUrl(wranglerToml: string): string | null {
  let inVars = false;
  for (const line of wranglerToml.split("\n")) {
    const table = /^\s*\[([^\]]+)\]\s*(#.*)?$/.exec(line);
    if (table) {
      inVars = table[1]?.trim() === "vars";
      continue;
    }
    const value = inVars ? /^\s*SITE_URL\s*=\s*"([^"]*)"/.exec(line) : null;
    if (value) return value[1] ?? null;
  }
  return null;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Why this Workers build must not go on, in French, or null when its SITE_URL is the deploy's. */
export function workersSiteUrlRefusal(shellSiteUrl: string | undefined, wranglerToml: string): string | null {
  const deployed = wranglerSiteUrl(wranglerToml);
  if (!deployed || !originOf(deployed)) return "wrangler.toml\u00a0: [vars] SITE_URL manquant ou illisible (l'adresse publique du site déployé).";
  if (shellSiteUrl && originOf(shellSiteUrl) === originOf(deployed)) return null;
  return [
    `SITE_URL\u00a0: le build des Workers doit utiliser l'adresse du site déployé, celle de wrangler.toml ([vars] SITE_URL = ${deployed})${
      shellSiteUrl ? `, pas ${shellSiteUrl}` : ""
    }.`,
    "Les pages sont servies telles que construites\u00a0: leurs en-têtes (HSTS en https), leurs liens canoniques et le plan du site en dépendent.",
    `Relancez\u00a0: SITE_URL=${deployed} npm run build:workers`,
  ].join("\n");
}

if (import.meta.main) {
  const refusal = workersSiteUrlRefusal(process.env.SITE_URL, readFileSync(join(PROJECT_ROOT, "wrangler.toml"), "utf8"));
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
}
