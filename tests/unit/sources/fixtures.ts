// Reads tests/fixtures files for the mapper tests; derived files get their date placeholders
// resolved against the given clock, exactly as the fake server does.
import { readFileSync } from "node:fs";
import { resolvePlaceholders } from "../../fakes/upstream-server.ts";

export function readFixture(relativePath: string, now: Date = new Date()): unknown {
  const text = readFileSync(new URL(`../../fixtures/${relativePath}`, import.meta.url), "utf8");
  return JSON.parse(resolvePlaceholders(text, now));
}
