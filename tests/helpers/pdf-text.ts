// A PDF's text as a reader sees it, read back with poppler's pdftotext (-layout), for tests that
// check what a PDF says. pdftotext breaks lines and turns the no-break spaces of French typography
// into spaces: whitespace is folded to single spaces.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function pdfText(bytes: ArrayBuffer | Uint8Array): string {
  const directory = mkdtempSync(join(tmpdir(), "zone-sante-pdf-"));
  try {
    const path = join(directory, "report.pdf");
    writeFileSync(path, bytes instanceof Uint8Array ? bytes : Buffer.from(bytes));
    return execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
