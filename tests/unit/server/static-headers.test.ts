// Pages' headers have one definition, public/_headers: the build fills in the script hashes and
// HSTS, Cloudflare's static assets obey the result, and the Node entry reads the same file.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, renderHeadersFile } from "../../../scripts/build-headers.ts";
import { headersForPath, parseHeadersFile } from "../../../src/server/static/headers.ts";

const TEMPLATE = readFileSync(resolve(import.meta.dirname, "../../../public/_headers"), "utf8");
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes every inline script that runs, once, and skips external and data scripts", () => {
    const html = `<script>a()</script><script type="module">b()</script><script type="module" src="/x.js"></script>
      <script type="application/ld+json">{"@type":"WebSite"}</script><script is:inline>a()</script><SCRIPT>a()</SCRIPT>`;
    expect(inlineScriptHashes([html]).sort()).toEqual([sha("a()"), sha("b()")].sort());
  });
});

describe("renderHeadersFile", () => {
  it("puts the hashes in every script policy and keeps HSTS only for an https site", () => {
    const https = renderHeadersFile(TEMPLATE, { hashes: ["'sha256-AAA='"], siteUrl: "https://zone-sante.fr" });
    const rules = parseHeadersFile(https);
    const home = headersForPath(rules, "/");
    expect(home.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(home.get("content-security-policy")).toContain("script-src 'self' 'sha256-AAA='");
    expect(home.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(home.get("x-frame-options")).toBe("DENY");
    expect(https).not.toContain("{{");

    const http = headersForPath(parseHeadersFile(renderHeadersFile(TEMPLATE, { hashes: [], siteUrl: "http://127.0.0.1:4321" })), "/");
    expect(http.has("strict-transport-security")).toBe(false);
  });

  it("refuses a template without the hashes' placeholder", () => {
    expect(() => renderHeadersFile("/*\n  X-Frame-Options: DENY\n", { hashes: [], siteUrl: "https://a.example" })).toThrow();
  });
});

describe("headersForPath", () => {
  const rules = parseHeadersFile(renderHeadersFile(TEMPLATE, { hashes: ["'sha256-AAA='"], siteUrl: "https://zone-sante.fr" }));

  it("lets only the sign-up frame be framed, by any site", () => {
    const frame = headersForPath(rules, "/inscription/cadre");
    expect(frame.has("x-frame-options")).toBe(false);
    expect(frame.get("content-security-policy")).toContain("frame-ancestors *");
    expect(frame.get("content-security-policy")).not.toContain("'none'; frame-ancestors *");
    expect(frame.get("content-security-policy")).toContain("'sha256-AAA='");
    for (const path of ["/inscription", "/widget", "/"]) {
      expect(headersForPath(rules, path).get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(headersForPath(rules, path).get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("reads splats and placeholders as Cloudflare does", () => {
    const custom = parseHeadersFile("/blog/*\n  X-A: 1\n/guide/:slug\n  X-B: 2\n# comment\n/a\n  X-C: 3\n  X-C: 4\n");
    expect(headersForPath(custom, "/blog/x/y").get("x-a")).toBe("1");
    expect(headersForPath(custom, "/guide/filtre").get("x-b")).toBe("2");
    expect(headersForPath(custom, "/guide/filtre/plus").has("x-b")).toBe(false);
    expect(headersForPath(custom, "/a").get("x-c")).toBe("3, 4");
  });
});
