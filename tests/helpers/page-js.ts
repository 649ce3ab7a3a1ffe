// The JavaScript a built page makes the browser load, as the bench reports it and the static-build
// smoke test bounds it: inline scripts, island components, renderers and everything they import.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** gzip size of every JS file a page loads: its scripts, island components and their imports. */
export function pageJsGzipBytes(dist: string, htmlFile: string): { files: number; bytes: number } {
  const html = readFileSync(htmlFile, "utf8");
  const queue = [...html.matchAll(/(?:src|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const inlineScripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter((s) => s.trim());
  const seen = new Set<string>();
  let bytes = inlineScripts.reduce((sum, script) => sum + gzipSync(script).length, 0);
  for (const script of inlineScripts) {
    for (const match of script.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/_astro\/[^"']+\.js)["']/g)) queue.push(match[1]!);
  }
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const source = readFileSync(join(dist, path));
    bytes += gzipSync(source).length;
    for (const match of source.toString("utf8").matchAll(/(?:from|import)\s*\(?\s*["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(`/_astro/${match[1]!.slice(2)}`);
    }
  }
  return { files: seen.size, bytes };
}
