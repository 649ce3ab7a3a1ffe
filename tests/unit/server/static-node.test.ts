// The Node runtime's static build (src/server/static/node.ts) on a throwaway dist/: an unknown path
// gets the build's 404 page with HTTP 404, read as the build is now (a rebuild while the server
// runs renames the styles: a 404 page kept from the start pointed at styles that were gone).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { mountStaticBuild } from "../../../src/server/static/node.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function builtSite(notFound: string, headers = "/*\n  X-Frame-Options: DENY\n"): string {
  const dist = mkdtempSync(join(tmpdir(), "zs-dist-"));
  dirs.push(dist);
  writeFileSync(join(dist, "index.html"), "<h1>Accueil</h1>");
  writeFileSync(join(dist, "404.html"), notFound);
  writeFileSync(join(dist, "_headers"), headers);
  return dist;
}

describe("mountStaticBuild", () => {
  it("answers an unknown path with the built 404 page, HTTP 404 and the pages' headers", async () => {
    const root = new Hono();
    await mountStaticBuild(root, builtSite(`<link rel="stylesheet" href="/_astro/a.css"><h1>Page introuvable</h1>`), { siteUrl: "http://127.0.0.1:4321" });
    const response = await root.request("/nulle-part/ni-ailleurs");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(await response.text()).toContain("<h1>Page introuvable</h1>");
    expect((await root.request("/")).status).toBe(200);
  });

  it("serves the 404 page of the build on disk now, not the one there at start", async () => {
    const root = new Hono();
    const dist = builtSite(`<link rel="stylesheet" href="/_astro/avant.css"><h1>Page introuvable</h1>`);
    await mountStaticBuild(root, dist, { siteUrl: "http://127.0.0.1:4321" });
    writeFileSync(join(dist, "404.html"), `<link rel="stylesheet" href="/_astro/apres.css"><h1>Page introuvable</h1>`);
    const text = await (await root.request("/nulle-part")).text();
    expect(text).toContain("/_astro/apres.css");
    expect(text).not.toContain("/_astro/avant.css");
  });

  it("still answers 404, in words, while a rebuild has emptied dist/", async () => {
    const root = new Hono();
    const dist = builtSite("<h1>Page introuvable</h1>");
    await mountStaticBuild(root, dist, { siteUrl: "http://127.0.0.1:4321" });
    rmSync(join(dist, "404.html"));
    const response = await root.request("/nulle-part");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Page introuvable");
  });

  it("refuses to start on a build without a 404 page", async () => {
    const dist = builtSite("");
    rmSync(join(dist, "404.html"));
    await expect(mountStaticBuild(new Hono(), dist, { siteUrl: "http://127.0.0.1:4321" })).rejects.toThrow(/404\.html/);
  });

  // Issue 39 (low): the pages' HSTS followed the SITE_URL of the build, not the running server's.
  it("sends the pages' HSTS when the running SITE_URL is https, whatever SITE_URL the site was built with", async () => {
    const builtOnHttp = builtSite("<h1>Page introuvable</h1>");
    const https = new Hono();
    await mountStaticBuild(https, builtOnHttp, { siteUrl: "https://zone-sante.example.fr" });
    for (const path of ["/", "/nulle-part"]) {
      expect((await https.request(path)).headers.get("strict-transport-security"), path).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("sends no HSTS when the running SITE_URL is http, even from a build made for https", async () => {
    const builtOnHttps = builtSite(
      "<h1>Page introuvable</h1>",
      "/*\n  X-Frame-Options: DENY\n  Strict-Transport-Security: max-age=31536000; includeSubDomains\n",
    );
    const http = new Hono();
    await mountStaticBuild(http, builtOnHttps, { siteUrl: "http://127.0.0.1:4321" });
    const home = await http.request("/");
    expect(home.headers.get("strict-transport-security")).toBeNull();
    expect(home.headers.get("x-frame-options")).toBe("DENY");
  });
});
