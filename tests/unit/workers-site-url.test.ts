// Issue 39 (low): on Workers the pages' HSTS is dist/_headers as built, so `npm run build:workers`
// builds only with the deploy's own SITE_URL (wrangler.toml [vars]), the one the API reads.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { wranglerSiteUrl, workersSiteUrlRefusal } from "../../scripts/check-workers-site-url.ts";
import { renderHeadersFile } from "../../scripts/build-headers.ts";

const WRANGLER_TOML = readFileSync(resolve(import.meta.dirname, "../../wrangler.toml"), "utf8");
const TEMPLATE = readFileSync(resolve(import.meta.dirname, "../../public/_headers"), "utf8");

describe("the Workers build's SITE_URL is the deploy's", () => {
  it("reads [vars] SITE_URL from wrangler.toml, an https address, so the built pages carry HSTS", () => {
    const deployed = wranglerSiteUrl(WRANGLER_TOML);
    expect(deployed).toMatch(/^https:\/\//);
    expect(renderHeadersFile(TEMPLATE, { hashes: [], siteUrl: deployed ?? "" })).toMatch(
      /^\s*Strict-Transport-Security: max-age=31536000; includeSubDomains$/m,
    );
  });

  it("lets the build go on with the deploy's SITE_URL (a trailing slash apart)", () => {
    const deployed = wranglerSiteUrl(WRANGLER_TOML) ?? "";
    expect(workersSiteUrlRefusal(deployed, WRANGLER_TOML)).toBeNull();
    expect(workersSiteUrlRefusal(`${deployed}/`, WRANGLER_TOML)).toBeNull();
  });

  it("refuses a build without SITE_URL, or with another one, saying which to use, in French", () => {
    const deployed = wranglerSiteUrl(WRANGLER_TOML) ?? "";
    for (const shell of [undefined, "http://127.0.0.1:4321", "https://autre.example.fr"]) {
      const refusal = workersSiteUrlRefusal(shell, WRANGLER_TOML);
      expect(refusal, String(shell)).toContain(`SITE_URL=${deployed} npm run build:workers`);
      expect(refusal).toContain("HSTS");
    }
  });

  it("reads SITE_URL only in [vars], and refuses a wrangler.toml without it", () => {
    expect(wranglerSiteUrl('[other]\nSITE_URL = "https://a.example"\n[vars]\nSITE_URL = "https://b.example"\n')).toBe("https://b.example");
    expect(wranglerSiteUrl('[other]\nSITE_URL = "https://a.example"\n')).toBeNull();
    expect(workersSiteUrlRefusal("https://a.example", "[vars]\n")).toMatch(/\[vars\] SITE_URL manquant/);
  });
});
