import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/helpers/chromium.ts";
import { NO_SERVICE_CEILINGS } from "./tests/helpers/service-ceilings.ts";

const PORT = Number(process.env.E2E_PORT ?? 4331);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ["--headless", ...CHROMIUM_FLAGS],
    },
  },
  // The real Node server (the `npm start` entry) against the fake upstreams, on a throwaway DB.
  webServer: {
    command: "node scripts/demo.ts",
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DEMO_UPSTREAM_PORT: String(PORT + 100),
      DEMO_FAKE_RESEND_PORT: String(PORT + 200),
      DEMO_FAKE_OAUTH_PORT: String(PORT + 300),
      SITE_URL: `http://127.0.0.1:${PORT}`,
      ADMIN_EMAILS: "admin-e2e@example.org",
      ALERTS_SCHEDULER: "off",
      ALERT_VIGIEAU_PER_SECOND: "0",
      ALERT_BAIGNADES_PER_SECOND: "0",
      // The service-wide ceilings (decision 058) out of the way: the journeys run in parallel in a few minutes.
      ...NO_SERVICE_CEILINGS,
      DATABASE_URL: `file:test-results/e2e-${PORT}.db`,
      NODE_ENV: "test",
      // Cheap password hashing (tests only; refused outside NODE_ENV=test).
      PASSWORD_HASH_COST: "test",
    },
  },
});
