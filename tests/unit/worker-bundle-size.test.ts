import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { bundleSize, bundleSizeLine } from "../../scripts/worker-bundle-size.ts";

describe("CI prints the Worker bundle's size (issue 24: « CI runs wrangler deploy --dry-run and prints the bundle size »)", () => {
  let outdir = "";
  afterEach(() => rmSync(outdir, { recursive: true, force: true }));

  it("counts every file wrangler would upload, raw and gzip, source maps and its README aside", () => {
    outdir = mkdtempSync(join(tmpdir(), "zs-bundle-test-"));
    const code = "export default { fetch() { return new Response('ok'); } };\n".repeat(200);
    writeFileSync(join(outdir, "cloudflare.js"), code);
    mkdirSync(join(outdir, "chunks"));
    writeFileSync(join(outdir, "chunks", "data.json"), "[1,2,3]");
    writeFileSync(join(outdir, "cloudflare.js.map"), "x".repeat(100_000));
    writeFileSync(join(outdir, "README.md"), "This folder contains the built output assets for the worker.");
    const size = bundleSize(outdir);
    expect(size.bytes).toBe(code.length + 7);
    expect(size.gzipBytes).toBe(gzipSync(code).length + gzipSync("[1,2,3]").length);
  });

  it("says it in one line of KiB", () => {
    expect(bundleSizeLine({ bytes: 1_263_718, gzipBytes: 353_894 })).toBe("Worker bundle: 1234.1 KiB (gzip 345.6 KiB)");
  });
});
