/**
 * The service-wide ceilings (decision 058) out of the way, as the alert run's paces are: a test
 * file shares one database and a fixed clock, so its e-mails and PDFs would all fall in one
 * window. The tests of the ceilings set their own. (Also read
 * by tests/e2e/helpers.ts for the e2e servers.)
 */
export const NO_SERVICE_CEILINGS: Record<string, string> = Object.fromEntries(
  [
    ...["BAN", "HUBEAU", "VIGIEAU", "ATMO", "OPENMETEO", "GEO", "BAIGNADES", "METEOFRANCE"].map((name) => `UPSTREAM_${name}_PER_MINUTE`),
    ...["GLOBAL", "SECURITY"].flatMap((budget) => ["MINUTE", "HOUR", "DAY"].map((window) => `EMAIL_${budget}_PER_${window}`)),
    "PDF_GLOBAL_PER_MINUTE",
    "PDF_MAX_CONCURRENT",
  ].map((key) => [key, "1000000"]),
);
