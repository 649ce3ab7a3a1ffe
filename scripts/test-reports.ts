// What `npm test` (scripts/test-all.ts) reads of the test runners' JSON reports: the counts, and each
// failed test as one line, "file › name: first line of its error", repeated at the very end of the
// output — a CI log is often read from its tail, and a failure named only far above is lost there.
import { relative } from "node:path";
import { stripVTControlCharacters } from "node:util";
import type { JSONReport, JSONReportSuite } from "@playwright/test/reporter";

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  flaky: number;
}

export interface ReadReport {
  counts: Counts;
  /** one line per failed test (or per file that failed to load) */
  failures: string[];
}

/** The shape of vitest's `--reporter=json` output that we read. */
export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { name: string; message?: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
}

/** The first non-empty line of an error, without the reporters' colours. */
export function firstLine(message: string | undefined): string {
  const plain = stripVTControlCharacters(message ?? "");
  return (plain.split("\n").find((line) => line.trim() !== "") ?? "").trim().slice(0, 300);
}

export function readVitestReport(report: VitestJsonReport, root: string): ReadReport {
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    const where = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed to load (or a hook that threw) has a message and no failed test of its own.
    if (failed.length === 0 && file.message) failures.push(`${where}: ${firstLine(file.message)}`);
  }
  return {
    counts: { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests, flaky: 0 },
    failures,
  };
}

/** `testDir`: Playwright writes each spec's file relative to it. */
export function readPlaywrightReport(report: Pick<JSONReport, "stats" | "suites">, testDir: string): ReadReport {
  const failures: string[] = [];
  const visit = (suite: JSONReportSuite): void => {
    for (const spec of suite.specs)
      for (const test of spec.tests)
        if (test.status === "unexpected") {
          const result = test.results.at(-1);
          const message = result?.error?.message ?? result?.errors[0]?.message;
          const project = test.projectName ? ` [${test.projectName}]` : "";
          failures.push(`${testDir}/${spec.file}:${spec.line} › ${spec.title}${project}: ${firstLine(message)}`);
        }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { counts: { passed: expected, failed: unexpected, skipped, flaky }, failures };
}
