// `npm test` names each failed test again at the very end of its output (scripts/test-reports.ts):
// a CI log read from its tail once said « 1 failed » and nothing of which.
import type { JSONReport } from "@playwright/test/reporter";
import { describe, expect, it } from "vitest";
import { firstLine, readPlaywrightReport, readVitestReport } from "../../scripts/test-reports.ts";

describe("the test runners' reports, read by npm test", () => {
  it("vitest: the counts, and each failed test as « file › name: first line of its error », a file that did not load included", () => {
    const read = readVitestReport(
      {
        numPassedTests: 3,
        numFailedTests: 1,
        numPendingTests: 1,
        numTodoTests: 1,
        testResults: [
          {
            name: "/clone/tests/integration/alert-run-killed.test.ts",
            assertionResults: [
              { status: "passed", fullName: "a run › passes" },
              {
                status: "failed",
                fullName: "a crashed alert run › kill -9 mid-send",
                failureMessages: ["\u001b[31mAssertionError\u001b[39m: Une vérification des alertes est déjà en cours.\n    at file.ts:109:48"],
              },
            ],
          },
          { name: "/clone/tests/unit/broken.test.ts", message: "\nFailed to load url ../nowhere.ts\n", assertionResults: [] },
        ],
      },
      "/clone",
    );
    expect(read.counts).toEqual({ passed: 3, failed: 1, skipped: 2, flaky: 0 });
    expect(read.failures).toEqual([
      "tests/integration/alert-run-killed.test.ts › a crashed alert run › kill -9 mid-send: AssertionError: Une vérification des alertes est déjà en cours.",
      "tests/unit/broken.test.ts: Failed to load url ../nowhere.ts",
    ]);
  });

  it("Playwright: unexpected tests in nested suites, with their project and last attempt's error; flaky ones counted, not listed", () => {
    const test = (status: "expected" | "unexpected" | "flaky", message?: string) => ({
      timeout: 30_000,
      annotations: [],
      expectedStatus: "passed" as const,
      projectName: "chromium",
      projectId: "chromium",
      status,
      results: [{ error: message === undefined ? undefined : { message }, errors: [] }],
    });
    const spec = (title: string, line: number, tests: ReturnType<typeof test>[]) => ({
      tags: [],
      title,
      ok: true,
      id: title,
      file: "search.spec.ts",
      line,
      column: 3,
      tests,
    });
    const report = {
      stats: { startTime: "2026-11-26T12:00:00Z", duration: 1, expected: 2, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          title: "search.spec.ts",
          file: "search.spec.ts",
          line: 0,
          column: 0,
          specs: [spec("passes", 10, [test("expected")])],
          suites: [
            {
              title: "390 px",
              file: "search.spec.ts",
              line: 50,
              column: 1,
              specs: [
                spec("picks a suggestion", 68, [test("unexpected", "Error: expect(locator).toBeFocused() failed\n\nLocator: …")]),
                spec("retried", 90, [test("flaky")]),
              ],
            },
          ],
        },
      ],
    } as unknown as Pick<JSONReport, "stats" | "suites">;
    const read = readPlaywrightReport(report, "tests/e2e");
    expect(read.counts).toEqual({ passed: 2, failed: 1, skipped: 0, flaky: 1 });
    expect(read.failures).toEqual(["tests/e2e/search.spec.ts:68 › picks a suggestion [chromium]: Error: expect(locator).toBeFocused() failed"]);
  });

  it("an error's first line is at most 300 characters and has no colour codes", () => {
    expect(firstLine(`\n\n\u001b[2m${"x".repeat(400)}\u001b[22m`)).toBe("x".repeat(300));
    expect(firstLine(undefined)).toBe("");
  });
});
