// `npm test`: everything a fresh machine needs, then every suite in order, with one closing line
// summed over all of them: "N passed, N failed, N skipped", then "N flaky" on its own line (tests
// that failed, then passed on a retry: not counted as passed). Exits non-zero on any failure.
// 0. Debian packages (Chromium, poppler-utils): installed when we are root with apt-get, else the
//    exact command to run, and stop. 1. The check gate (type check + lint + format), counted as one test.
// 2. The build. 3. vitest. 4. Playwright.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { CHROMIUM_PATH } from "../tests/helpers/chromium.ts";
import type { JSONReport } from "@playwright/test/reporter";
import { readPlaywrightReport, readVitestReport, type ReadReport, type VitestJsonReport } from "./test-reports.ts";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "test-results");

const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
/** steps that failed without a test count of their own (build, a crashed suite, an unhandled error) */
const brokenSteps: string[] = [];
/** each failed test, repeated at the very end of the output (a CI log's tail shows it) */
const failedTests: string[] = [];

function add(read: ReadReport): void {
  totals.passed += read.counts.passed;
  totals.failed += read.counts.failed;
  totals.skipped += read.counts.skipped;
  totals.flaky += read.counts.flaky;
  failedTests.push(...read.failures);
}

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): number {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? "").split(delimiter).some((directory) => directory && isExecutable(join(directory, command)));
}

function finish(): never {
  const failed = totals.failed + brokenSteps.length;
  console.log("");
  if (failedTests.length > 0) {
    console.log("Failed tests:");
    for (const line of failedTests) console.log(`  ✗ ${line}`);
  }
  if (brokenSteps.length > 0) console.log(`Failed steps: ${brokenSteps.join("; ")} (see above).`);
  console.log(`${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
  console.log(`${totals.flaky} flaky`);
  process.exit(failed > 0 ? 1 : 0);
}

// 0. Debian packages the tests need: Chromium (e2e, Lighthouse) and poppler-utils (PDF checks).
const missing = [...(isExecutable(CHROMIUM_PATH) ? [] : ["chromium"]), ...(onPath("pdftotext") ? [] : ["poppler-utils"])];
if (missing.length > 0) {
  const canInstall = process.getuid?.() === 0 && onPath("apt-get");
  if (canInstall) {
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    const installed =
      run("apt-get update", "apt-get", ["update", "-qq"], env) === 0 &&
      run(`apt-get install ${missing.join(" ")}`, "apt-get", ["install", "-y", "-qq", ...missing], env) === 0;
    if (!installed || !isExecutable(CHROMIUM_PATH) || !onPath("pdftotext")) {
      brokenSteps.push(`installing ${missing.join(" ")} with apt-get`);
      finish();
    }
  } else {
    console.error(
      `\nThe tests need ${missing.join(" and ")}, which this machine lacks. Install ${missing.length > 1 ? "them" : "it"}, then run npm test again:\n`,
    );
    console.error(`  sudo apt-get install -y ${missing.join(" ")}\n`);
    if (missing.includes("chromium")) console.error(`(Or set CHROMIUM_PATH to another Chromium; now ${CHROMIUM_PATH}.)\n`);
    brokenSteps.push(`missing ${missing.join(", ")}`);
    finish();
  }
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

// 1. The check gate: every part runs, so one run shows every type, lint and format error; one test.
const typecheckStatus = run("check: typecheck", "npm", ["run", "--silent", "typecheck"]);
const lintStatus = run("check: lint", "npm", ["run", "--silent", "lint"]);
const formatStatus = run("check: format", "npm", ["run", "--silent", "format:check"]);
if (typecheckStatus === 0 && lintStatus === 0 && formatStatus === 0) totals.passed += 1;
else {
  totals.failed += 1;
  const failed = [typecheckStatus !== 0 && "type errors", lintStatus !== 0 && "lint errors", formatStatus !== 0 && "unformatted files (npm run format)"].filter(
    Boolean,
  );
  console.error(`The check failed: ${failed.join(", ")}.`);
  failedTests.push(`the check (npm run check): ${failed.join(", ")}`);
}

const npx = join(ROOT, "node_modules", ".bin");

// 2. The static build, shared by the Node e2e server and the Worker smoke test, and the Node server
//    bundle `npm start` runs (the smoke tests start it).
const built = run("astro build", join(npx, "astro"), ["build"]) === 0 && run("server bundle", process.execPath, ["scripts/build-server.ts"]) === 0;
if (!built) brokenSteps.push("astro build or the server bundle");

// 3. Unit, integration and Worker smoke tests (vitest), then the tests that measure the event loop
//    alone (the « quiet » project: no other file's CPU counted as theirs).
function runVitest(title: string, projects: string[], extra: string[] = []): void {
  const vitestJson = join(OUT, `${title}.json`);
  const vitestStatus = run(title, join(npx, "vitest"), [
    "run",
    ...projects.flatMap((project) => ["--project", project]),
    ...extra,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestJson}`,
  ]);
  let vitestFailed = 0;
  if (existsSync(vitestJson)) {
    const read = readVitestReport(JSON.parse(readFileSync(vitestJson, "utf8")) as VitestJsonReport, ROOT);
    vitestFailed = read.counts.failed;
    add(read);
  }
  // Non-zero with no failed test: a file that did not load, or an unhandled error / rejection.
  if (vitestStatus !== 0 && vitestFailed === 0) brokenSteps.push(`${title} (a file failed to load or an unhandled error)`);
}
runVitest("vitest", built ? ["unit", "integration", "smoke"] : ["unit", "integration"]);
if (built) runVitest("vitest-quiet", ["quiet"], ["--maxWorkers=1"]);

// 4. End-to-end journeys in Chromium (Playwright) against the Node server and fake upstreams.
if (built) {
  const playwrightJson = join(OUT, "playwright.json");
  const playwrightStatus = run("playwright", join(npx, "playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  if (existsSync(playwrightJson)) {
    const read = readPlaywrightReport(JSON.parse(readFileSync(playwrightJson, "utf8")) as JSONReport, "tests/e2e");
    add(read);
    if (playwrightStatus !== 0 && read.counts.failed === 0) brokenSteps.push("playwright");
  } else if (playwrightStatus !== 0) {
    brokenSteps.push("playwright (no report)");
  }
}

finish();
