// Bundles the Worker as `wrangler deploy` would, offline (`wrangler deploy --dry-run --outdir`), and
// prints one line for the CI log: `Worker bundle: N KiB (gzip M KiB)`, the size of what would be
// uploaded (source maps aside). Needs the static build (`dist/`, the Worker's assets) first: CI runs
// it after `npm test`. Exits non-zero, with wrangler's output, when the dry run fails.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const ROOT = resolve(import.meta.dirname, "..");

/** Raw and gzip bytes of the bundle's files in `outdir`, source maps and wrangler's README aside. */
export function bundleSize(outdir: string): { bytes: number; gzipBytes: number } {
  let bytes = 0;
  let gzipBytes = 0;
  for (const name of readdirSync(outdir, { recursive: true, encoding: "utf8" })) {
    const path = join(outdir, name);
    // wrangler writes a README.md beside the bundle; it is not uploaded.
    if (name.endsWith(".map") || name === "README.md" || !statSync(path).isFile()) continue;
    const content = readFileSync(path);
    bytes += content.length;
    gzipBytes += gzipSync(content).length;
  }
  return { bytes, gzipBytes };
}

/** `Worker bundle: 1234.1 KiB (gzip 345.6 KiB)`, one decimal (an English log line). */
export function bundleSizeLine(size: { bytes: number; gzipBytes: number }): string {
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  return `Worker bundle: ${kib(size.bytes)} KiB (gzip ${kib(size.gzipBytes)} KiB)`;
}

if (import.meta.main) {
  const outdir = mkdtempSync(join(tmpdir(), "zs-worker-bundle-"));
  try {
    // Wrangler under this very Node (the project's pinned one), whatever `node` the PATH names first.
    const wrangler = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
    const path = [dirname(process.execPath), process.env.PATH ?? ""].join(delimiter);
    const run = spawnSync(process.execPath, [wrangler, "deploy", "--dry-run", "--outdir", outdir], {
      cwd: ROOT,
      env: { ...process.env, PATH: path, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
      encoding: "utf8",
    });
    if (run.status !== 0) {
      process.stderr.write(`${run.stdout}${run.stderr}\nwrangler deploy --dry-run failed (exit ${run.status ?? run.signal})\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`${bundleSizeLine(bundleSize(outdir))}\n`);
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
