import { defineConfig } from "vitest/config";

// Every project: a stray console.error / console.warn fails the test (tests/helpers/console.ts).
const setupFiles = ["tests/setup/console-guard.ts"];

export default defineConfig({
  test: {
    // Two files at a time (vitest's default is the CPU count minus one: one file at a time on the
    // 2-CPU CI machine). Every file has its own temp database, fake servers on free ports and, for
    // the smoke tests, its own wrangler state directory: nothing is shared between files.
    maxWorkers: 2,
    projects: [
      // Timeouts are for a hang, not a speed (docs/tests.md, « Under load »): ten times and more what
      // the slowest test or hook of a project takes on a quiet machine, so that both cores busy with
      // something else (`stress-ng --cpu 2`) fail nothing.
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", setupFiles, testTimeout: 60_000, hookTimeout: 60_000 } },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          setupFiles,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "smoke",
          include: ["tests/smoke/**/*.test.ts"],
          environment: "node",
          setupFiles,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        // Tests that measure the event loop's longest block (issue 28): run alone, after the others
        // (`npm test` runs this project in its own vitest call), so that another file's CPU is not
        // counted as ours on a 2-CPU machine. Needs the build, like the smoke tests.
        test: {
          name: "quiet",
          include: ["tests/quiet/**/*.test.ts"],
          environment: "node",
          setupFiles,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
