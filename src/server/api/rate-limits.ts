// The per-IP limits of the public API, one definition for the routes that enforce them and the
// documents that announce them (openapi.json, /developpeurs).
import type { Config } from "../config.ts";
import type { RateLimitRule } from "../services/rate-limit.ts";

export interface PublicApiRateLimits {
  /** /report and /v1/report share one allowance: they are one route under two names */
  report: RateLimitRule;
  geocode: RateLimitRule;
  bathingSites: RateLimitRule;
}

export function publicApiRateLimits(config: Pick<Config, "RATE_LIMIT_REPORT_PER_MINUTE" | "RATE_LIMIT_GEOCODE_PER_MINUTE">): PublicApiRateLimits {
  return {
    report: { scope: "report", limit: config.RATE_LIMIT_REPORT_PER_MINUTE, windowSeconds: 60 },
    // Typing pauses between keystrokes are debounced client-side; this is a generous cap.
    geocode: { scope: "geocode", limit: config.RATE_LIMIT_GEOCODE_PER_MINUTE, windowSeconds: 60 },
    // Cheap (the shipped record and cached snapshots), but it may start background reads of the
    // ministry's slow portal: the report's allowance, counted apart.
    bathingSites: { scope: "bathing-sites", limit: config.RATE_LIMIT_REPORT_PER_MINUTE, windowSeconds: 60 },
  };
}
