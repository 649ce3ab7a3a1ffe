// `astro build` step (integration in astro.config.mjs): turns public/_headers, the one definition
// of the pages' headers, into dist/_headers — the sha256 of every inline script the build emitted
// (Astro's island loaders, the sign-up frame's colour script, small page scripts) replaces
// {{INLINE_SCRIPT_HASHES}} in the script policy, and Strict-Transport-Security stays only when
// SITE_URL is https. A page whose inline script is missing from the policy would lose its script,
// so the hashes are computed from the files themselves, never written by hand.
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const HASHES_PLACEHOLDER = "{{INLINE_SCRIPT_HASHES}}";

// Types a browser runs; JSON-LD and other data blocks are not scripts for CSP.
const EXECUTABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/** CSP sources ('sha256-…') of the inline scripts of these HTML documents, without duplicates. */
export function inlineScriptHashes(documents: string[]): string[] {
  const hashes = new Set<string>();
  for (const html of documents) {
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      const attributes = match[1] ?? "";
      if (/\bsrc\s*=/i.test(attributes)) continue;
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
      if (!EXECUTABLE_TYPES.has(type)) continue;
      hashes.add(
        `'sha256-${createHash("sha256")
          .update(match[2] ?? "", "utf8")
          .digest("base64")}'`,
      );
    }
  }
  return [...hashes].sort();
}

export function renderHeadersFile(template: string, options: { hashes: string[]; siteUrl: string }): string {
  if (!template.includes(HASHES_PLACEHOLDER)) throw new Error(`public/_headers : ${HASHES_PLACEHOLDER} manquant dans la politique des scripts`);
  const https = new URL(options.siteUrl).protocol === "https:";
  return template
    .split("\n")
    .filter((line) => https || !/^\s*Strict-Transport-Security\s*:/i.test(line))
    .join("\n")
    .replaceAll(HASHES_PLACEHOLDER, options.hashes.join(" "));
}

async function htmlFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(".html")).map((entry) => join(entry.parentPath, entry.name));
}

/** Rewrites dist/_headers (copied from public/ by Astro) with the build's hashes. */
export async function writeBuiltHeaders(distDirectory: string, siteUrl: string): Promise<number> {
  const documents = await Promise.all((await htmlFiles(distDirectory)).map((file) => readFile(file, "utf8")));
  const hashes = inlineScriptHashes(documents);
  const file = join(distDirectory, "_headers");
  await writeFile(file, renderHeadersFile(await readFile(file, "utf8"), { hashes, siteUrl }));
  return hashes.length;
}

/** The Astro integration: runs once the pages are written. */
export function builtHeaders() {
  return {
    name: "zone-sante:built-headers",
    hooks: {
      "astro:build:done": async ({ dir, logger }: { dir: URL; logger: { info(message: string): void } }) => {
        const siteUrl = process.env.SITE_URL ?? "http://127.0.0.1:4321";
        const count = await writeBuiltHeaders(fileURLToPath(dir), siteUrl);
        logger.info(`_headers : ${count} script(s) en ligne autorisé(s) par empreinte sha256`);
      },
    },
  };
}
