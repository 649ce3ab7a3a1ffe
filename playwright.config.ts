import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/helpers/chromium.ts";

// No `webServer`: each worker starts its own app (the real Node server `scripts/demo.ts` against the
// fake upstreams, a fake Resend and a fake OpenID provider, on free ports and its own throwaway DB)
// in the worker fixture `server` of tests/e2e/helpers.ts, which also sets the worker's `baseURL`.
// The journeys are independent (unique e-mails, a database per worker), so they are spread test by
// test over the workers. E2E_WORKERS overrides the count (1 = the former serial run).
// Timeouts are bounds for a hang, not speed targets: at least ten times what a journey (1–10 s) or an
// awaited state (≤ 2 s) takes on a quiet 2-CPU machine, so a busy machine does not fail the suite; the
// longest journeys say `test.slow()` (three times the timeout). A journey's speed is in the CI log.
export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder when it starts: its own, so that the reports npm test's
  // vitest runs write beside it in test-results/ (one of them while the journeys run) are left alone.
  outputDir: "test-results/playwright",
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  use: {
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    // Recording a trace costs every journey about an eighth of its time, so CI (which retries a
    // failed journey once) records only the retry's: a failure there comes with its trace. A local
    // run, which does not retry, keeps the trace of each failed journey.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ["--headless", ...CHROMIUM_FLAGS],
    },
  },
});
