// `npm run content:typography`: puts French typography into content/ files (no-break spaces before
// : ; ! ? and inside « »), so writers can type ordinary spaces. Code blocks and inline code are
// left alone. The content test fails while a file still needs it.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { frenchTypography } from "../src/core/shared/format.ts";

const CONTENT = resolve(import.meta.dirname, "../content");

/** French typography outside ``` blocks and `inline code`. */
export function applyContentTypography(text: string): string {
  return text
    .split(/(```[\s\S]*?```|`[^`\n]*`)/g)
    .map((part, index) => (index % 2 === 1 ? part : frenchTypography(part)))
    .join("");
}

export function contentFiles(): string[] {
  return readdirSync(CONTENT, { recursive: true })
    .map((file) => join(CONTENT, String(file)))
    .filter((file) => /\.(md|json)$/.test(file) && !file.endsWith("README.md"));
}

if (import.meta.main) {
  let changed = 0;
  for (const file of contentFiles()) {
    const text = readFileSync(file, "utf8");
    const fixed = applyContentTypography(text);
    if (fixed !== text) {
      writeFileSync(file, fixed);
      changed++;
      console.log(`typographie corrigée : ${file.slice(CONTENT.length + 1)}`);
    }
  }
  console.log(`${changed} fichier(s) modifié(s).`);
}
