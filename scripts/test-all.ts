// `npm test`: everything a fresh machine needs, then every suite in order, with one closing line
// summed over all of them: "N passed, N failed, N skipped", then "N flaky" on its own line (tests
// that failed, then passed on a retry: not counted as passed). Exits non-zero on any failure.
// 0. Debian packages (Chromium, poppler-utils): installed when we are root with apt-get (beside 1 and 2),
//    else the exact command to run, and stop. 1. The check gate (type check + lint + format), counted as
//    one test, and 2. the build: single-threaded jobs in two lanes side by side (decision 096).
//    3. vitest: unit and integration, then the quiet project alone. 4. Playwright's journeys, with the
//    vitest smoke tests beside them (decision 097).
// Then a table of each phase's wall-clock time and the total, so a CI log shows where the time goes.
import { spawn, spawnSync } from "node:child_process";
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

/** Each phase's wall-clock time, printed as a table at the end (`concurrent`: ran beside other jobs). */
const phases: { name: string; seconds: number; cpuSeconds?: number; concurrent?: boolean }[] = [];
const startedAt = performance.now();

/** CPU time (user + system) of the ended child processes so far, their own children included (Linux's
 *  /proc/self/stat cutime + cstime, in 1/100 s); undefined elsewhere. On a machine shared with other
 *  work the wall clock says little, but half a phase's CPU time is what it costs on 2 quiet CPUs. */
function childrenCpuSeconds(): number | undefined {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ").at(-1)!.split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

function cpuSince(before: number | undefined): number | undefined {
  const now = childrenCpuSeconds();
  return before === undefined || now === undefined ? undefined : now - before;
}

/** Runs `step` and records its wall-clock and CPU time as the phase `name`. */
function timed<T>(name: string, step: () => T): T {
  const start = performance.now();
  const cpuBefore = childrenCpuSeconds();
  try {
    return step();
  } finally {
    phases.push({ name, seconds: (performance.now() - start) / 1000, cpuSeconds: cpuSince(cpuBefore) });
  }
}

/** One command of a concurrent stage: its output is held and printed whole when it ends, under its title. */
interface Job {
  title: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

function runBuffered(job: Job): Promise<{ status: number; output: string; seconds: number }> {
  const start = performance.now();
  return new Promise((done) => {
    const child = spawn(job.command, job.args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0", ...job.env } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => void (output += chunk.toString()));
    child.once("error", (error) => done({ status: 1, output: output + String(error), seconds: (performance.now() - start) / 1000 }));
    child.once("close", (code) => done({ status: code ?? 1, output, seconds: (performance.now() - start) / 1000 }));
  });
}

/** Runs each lane's jobs one after another, the lanes side by side; a lane stops at its first failure
 *  only when `stopOnFailure` says so for that job. Returns each job's exit status by title. */
async function runLanes(lanes: { job: Job; stopOnFailure?: boolean }[][]): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const { job, stopOnFailure } of lane) {
        console.log(`\n(started: ${job.title}; its output follows when it ends)`);
        const { status, output, seconds } = await runBuffered(job);
        console.log(`\n=== ${job.title} (${seconds.toFixed(0)} s) ===`);
        process.stdout.write(output);
        phases.push({ name: job.title, seconds, concurrent: true });
        statuses.set(job.title, status);
        if (status !== 0 && stopOnFailure) break;
      }
    }),
  );
  return statuses;
}

function printPhases(): void {
  if (phases.length === 0) return;
  const total = (performance.now() - startedAt) / 1000;
  const npmCi = Number(process.env.CI_NPM_CI_SECONDS);
  const rows = [
    ...(Number.isFinite(npmCi) && npmCi > 0 ? [{ name: "npm ci (.ci/run, before npm test)", seconds: npmCi }] : []),
    ...phases,
    { name: "npm test in all", seconds: total, cpuSeconds: childrenCpuSeconds() },
  ];
  const width = Math.max(...rows.map((row) => row.name.length));
  const format = (seconds: number | undefined) => (seconds === undefined ? "".padStart(9) : `${seconds.toFixed(1).padStart(7)} s`);
  console.log("\nPhase times (wall clock, then CPU time of its processes; ∥ = ran in a lane beside the others):");
  for (const row of rows) {
    const cpu = "cpuSeconds" in row ? row.cpuSeconds : undefined;
    const concurrent = "concurrent" in row && row.concurrent;
    console.log(`  ${row.name.padEnd(width)} ${format(row.seconds)}  ${concurrent ? "        ∥" : format(cpu)}`);
  }
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
  printPhases();
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
/** apt-get's jobs, run beside the check and the build (mostly downloads and unpacking: little CPU). */
const installLane: { job: Job; stopOnFailure?: boolean }[] = [];
if (missing.length > 0) {
  const canInstall = process.getuid?.() === 0 && onPath("apt-get");
  if (canInstall) {
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    installLane.push(
      { job: { title: "Debian packages: apt-get update", command: "apt-get", args: ["update", "-qq"], env }, stopOnFailure: true },
      { job: { title: `Debian packages: apt-get install ${missing.join(" ")}`, command: "apt-get", args: ["install", "-y", "-qq", ...missing], env } },
    );
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

// 1. The check gate and 2. the build, side by side: every part of the check runs, so one run shows
//    every type, lint and format error (one test). Each job is single-threaded (astro check, tsc,
//    ESLint, Prettier; the build mostly), so two lanes fill the two CPUs of the CI machine; see
//    decision 096. `astro check` type-checks every file of tsconfig.json (.ts and .astro alike), so
//    `tsc -p tsconfig.json` would check them twice; tsconfig.worker.json is the Worker's own check.
//    `astro sync` first writes .astro/ (the content types), read by astro check and ESLint; the build
//    (which syncs again) comes last in its lane, long after ESLint has read its program. The lanes
//    weigh about the same (measured: astro check + Prettier + build ≈ ESLint + the Worker's tsc).
const npx = join(ROOT, "node_modules", ".bin");
const node = process.execPath;
const astro = join(ROOT, "node_modules", "astro", "bin", "astro.mjs");
const synced = timed("astro sync", () => run("astro sync", node, [astro, "sync"]) === 0);
const job = (title: string, command: string, args: string[]): Job => ({ title, command, args });
const lanesStart = performance.now();
const lanesCpuBefore = childrenCpuSeconds();
const statuses = await runLanes([
  [
    { job: job("check: astro check (types of every file)", node, [astro, "check", "--noSync"]) },
    { job: job("check: format", "npm", ["run", "--silent", "format:check"]) },
    { job: job("astro build", node, [astro, "build"]), stopOnFailure: true },
    { job: job("server bundle", node, ["scripts/build-server.ts"]) },
  ],
  [
    { job: job("check: lint", "npm", ["run", "--silent", "lint"]) },
    { job: job("check: tsc (the Worker entry)", node, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", "tsconfig.worker.json"]) },
  ],
  installLane,
]);
if (missing.length > 0 && (!installLane.every(({ job }) => statuses.get(job.title) === 0) || !isExecutable(CHROMIUM_PATH) || !onPath("pdftotext"))) {
  brokenSteps.push(`installing ${missing.join(" ")} with apt-get`);
  finish();
}
phases.push({ name: "check + build (+ apt-get), the lanes above", seconds: (performance.now() - lanesStart) / 1000, cpuSeconds: cpuSince(lanesCpuBefore) });
const checkFailures = [
  (!synced || statuses.get("check: astro check (types of every file)") !== 0 || statuses.get("check: tsc (the Worker entry)") !== 0) && "type errors",
  statuses.get("check: lint") !== 0 && "lint errors",
  statuses.get("check: format") !== 0 && "unformatted files (npm run format)",
].filter(Boolean);
if (checkFailures.length === 0) totals.passed += 1;
else {
  totals.failed += 1;
  console.error(`The check failed: ${checkFailures.join(", ")}.`);
  failedTests.push(`the check (npm run check): ${checkFailures.join(", ")}`);
}
const built = statuses.get("astro build") === 0 && statuses.get("server bundle") === 0;
if (!built) brokenSteps.push("astro build or the server bundle");

// 3. Unit and integration tests (vitest), then the tests that measure the event loop alone (the
//    « quiet » project: no other file's CPU counted as theirs), then 4. the smoke tests (vitest)
//    beside the journeys (Playwright): the smoke files mostly wait (wrangler dev starting workerd,
//    its local queues' batch timeouts), the journeys keep both CPUs busy (decision 097).
function vitestArgs(title: string, projects: string[], extra: string[] = []): string[] {
  return [
    "run",
    ...projects.flatMap((project) => ["--project", project]),
    ...extra,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${join(OUT, `${title}.json`)}`,
  ];
}

/** Counts a vitest run's JSON report; a non-zero exit with no failed test is a file that did not
 *  load, or an unhandled error / rejection. */
function addVitest(title: string, status: number): void {
  const vitestJson = join(OUT, `${title}.json`);
  let vitestFailed = 0;
  if (existsSync(vitestJson)) {
    const read = readVitestReport(JSON.parse(readFileSync(vitestJson, "utf8")) as VitestJsonReport, ROOT);
    vitestFailed = read.counts.failed;
    add(read);
  }
  if (status !== 0 && vitestFailed === 0) brokenSteps.push(`${title} (a file failed to load or an unhandled error)`);
}

function runVitest(title: string, phase: string, projects: string[], extra: string[] = []): void {
  addVitest(
    title,
    timed(phase, () => run(title, join(npx, "vitest"), vitestArgs(title, projects, extra))),
  );
}

runVitest("vitest", "vitest (unit, integration, module-mocks)", ["unit", "integration", "module-mocks"]);
if (built) runVitest("vitest-quiet", "vitest (quiet, alone)", ["quiet"], ["--maxWorkers=1"]);

if (built) {
  // Playwright's output streams to the log; the smoke tests' is held and printed whole when they end.
  // Playwright writes its artefacts under test-results/playwright/, which it empties first, so the
  // smoke run's report beside it in test-results/ is left alone.
  const playwrightJson = join(OUT, "playwright.json");
  const stageStart = performance.now();
  const stageCpuBefore = childrenCpuSeconds();
  const smoke = runLanes([
    [{ job: { title: "vitest (smoke), beside the journeys", command: join(npx, "vitest"), args: vitestArgs("vitest-smoke", ["smoke"]) } }],
  ]);
  const playwright = new Promise<{ status: number; seconds: number }>((done) => {
    console.log("\n=== playwright ===");
    const started = performance.now();
    const child = spawn(join(npx, "playwright"), ["test", "--reporter=list,json"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    });
    const end = (status: number) => done({ status, seconds: (performance.now() - started) / 1000 });
    child.once("error", () => end(1));
    child.once("close", (code) => end(code ?? 1));
  });
  const [smokeStatuses, playwrightRun] = await Promise.all([smoke, playwright]);
  phases.push({ name: "playwright (journeys in Chromium)", seconds: playwrightRun.seconds, concurrent: true });
  phases.push({ name: "smoke ∥ playwright, the two above", seconds: (performance.now() - stageStart) / 1000, cpuSeconds: cpuSince(stageCpuBefore) });
  addVitest("vitest-smoke", smokeStatuses.get("vitest (smoke), beside the journeys") ?? 1);
  if (existsSync(playwrightJson)) {
    const read = readPlaywrightReport(JSON.parse(readFileSync(playwrightJson, "utf8")) as JSONReport, "tests/e2e");
    add(read);
    if (playwrightRun.status !== 0 && read.counts.failed === 0) brokenSteps.push("playwright");
  } else if (playwrightRun.status !== 0) {
    brokenSteps.push("playwright (no report)");
  }
}

finish();
