// `npm test`: every suite, in order, with one closing line summed over all of them:
// "N passed, N failed, N skipped". Exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "test-results");
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): number {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const npx = join(ROOT, "node_modules", ".bin");

// 1. The static build, shared by the Node e2e server and the Worker smoke test.
if (run("astro build", join(npx, "astro"), ["build"]) !== 0) {
  console.error("The build failed.");
  broken = true;
}

// 2. Unit, integration and Worker smoke tests (vitest).
const vitestJson = join(OUT, "vitest.json");
const vitestProjects = broken ? ["unit", "integration"] : ["unit", "integration", "smoke"];
const vitestStatus = run("vitest", join(npx, "vitest"), [
  "run",
  ...vitestProjects.flatMap((project) => ["--project", project]),
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}
if (vitestStatus !== 0 && totals.failed === 0) broken = true;

// 3. End-to-end journeys in Chromium (Playwright) against the Node server and fake upstreams.
if (!broken) {
  const playwrightJson = join(OUT, "playwright.json");
  const playwrightStatus = run("playwright", join(npx, "playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  if (existsSync(playwrightJson)) {
    const report = JSON.parse(readFileSync(playwrightJson, "utf8")) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    if (playwrightStatus !== 0 && report.stats.unexpected === 0) broken = true;
  } else if (playwrightStatus !== 0) {
    broken = true;
  }
}

console.log("");
if (broken) console.log("Some suite could not run to completion (see above).");
console.log(`${totals.passed} passed, ${totals.failed + (broken ? 1 : 0)} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
