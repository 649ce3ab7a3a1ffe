import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { SmokeFirstSequencer } from "./tests/setup/sequencer.ts";

// Every project: a stray console.error / console.warn fails the test (tests/helpers/console.ts).
const setupFiles = ["tests/setup/console-guard.ts"];

/**
 * The unit and integration files that replace one of our modules (`vi.mock`): they need a module
 * graph of their own (a mock, and what imported the module, must not reach another file), so they
 * run isolated, in the project « module-mocks ». Found by reading the files, so that a new one is
 * isolated without a list to keep. Every other unit and integration file shares its worker's
 * modules with the files before it (`isolate: false`): each file importing the app again cost
 * a third of vitest's time (decision 096). Nothing a file sets is shared: each builds its own app,
 * database and fakes, and none writes process.env or a global.
 */
const MOCKS_A_MODULE = /\bvi\.(mock|doMock|unmock|resetModules)\(/;
const mockingFiles = ["tests/unit", "tests/integration"].flatMap((directory) =>
  readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => join(directory, file))
    .filter((file) => MOCKS_A_MODULE.test(readFileSync(file, "utf8"))),
);

/** A unit or integration project: its files share their worker's modules, the mocking ones excepted. */
function sharedModules(name: "unit" | "integration") {
  return {
    test: {
      name,
      include: [`tests/${name}/**/*.test.ts`],
      exclude: mockingFiles,
      isolate: false,
      environment: "node",
      setupFiles,
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    // Three files at a time on the 2-CPU CI machine (vitest's default, the CPU count minus one, is
    // one): the smoke files, first in the run (SmokeFirstSequencer), mostly wait on wrangler dev and
    // its local queues, so a third worker keeps both CPUs busy meanwhile (quiet: 119 s with two,
    // 90 s with three; decision 096). Every file has its own temp database, fake servers on free
    // ports and, for the smoke tests, its own wrangler state directory: nothing is shared between files.
    maxWorkers: 3,
    sequence: { sequencer: SmokeFirstSequencer },
    projects: [
      // Timeouts are for a hang, not a speed (docs/tests.md, « Under load »): ten times and more what
      // the slowest test or hook of a project takes on a quiet machine, so that both cores busy with
      // something else (`stress-ng --cpu 2`) fail nothing.
      sharedModules("unit"),
      sharedModules("integration"),
      { test: { name: "module-mocks", include: mockingFiles, environment: "node", setupFiles, testTimeout: 60_000, hookTimeout: 60_000 } },
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
