import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Config } from "../config.ts";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";
import { consumeRateLimit, hashKey, type RateLimitRule } from "../services/rate-limit.ts";

/**
 * Per-IP limit; the IP is hashed with the app secret before it is stored. Public read routes
 * fail open: an unreachable counter store must not take the report down (auth routes won't).
 */
export function rateLimitByIp(ruleFor: (config: Config) => RateLimitRule & { failOpen?: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const deps = c.get("deps");
    const rule = ruleFor(deps.config);
    const ip = deps.clientIp(c) ?? "unknown";
    const bucketKey = await hashKey(ip, deps.appSecret);
    let outcome;
    try {
      outcome = await consumeRateLimit(deps.db, rule, bucketKey, deps.clock().getTime());
    } catch (error) {
      if (!rule.failOpen) throw error;
      deps.log({ level: "warn", message: "rate limit store unavailable", fields: { scope: rule.scope, error: String(error) } });
      return next();
    }
    if (!outcome.allowed) {
      c.header("Retry-After", String(outcome.retryAfterSeconds));
      return jsonError(c, 429, "Trop de requêtes. Veuillez patienter quelques instants avant de réessayer.", "rate_limited");
    }
    await next();
  });
}

/**
 * A limit on another key than the IP (an email address, hashed before storage). Returns the 429
 * answer to send, or null when the request may go on. Never fails open: auth routes guard accounts.
 */
export async function limitByKey(c: Context<AppEnv>, rule: RateLimitRule, key: string): Promise<Response | null> {
  const deps = c.get("deps");
  const outcome = await consumeRateLimit(deps.db, rule, await hashKey(key, deps.appSecret), deps.clock().getTime());
  if (outcome.allowed) return null;
  c.header("Retry-After", String(outcome.retryAfterSeconds));
  return jsonError(c, 429, "Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.", "rate_limited");
}
