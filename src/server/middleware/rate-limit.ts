import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { clientKeyOf } from "../client-ip.ts";
import type { Config } from "../config.ts";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";
import { noWait } from "../db/busy.ts";
import { createLogThrottle, describeError } from "../logger.ts";
import { consumeRateLimit, hashKey, type RateLimitOutcome, type RateLimitRule } from "../services/rate-limit.ts";

/** The rate-limit key of a request (the runtime's view of the caller's IP, bucketed). */
function clientKeyOfRequest(c: Context<AppEnv>): string {
  return clientKeyOf(c.get("deps").clientIp(c));
}

/**
 * The client's key as the rate limits store it (hashed with the app secret): the one the upstreams'
 * budgets give their shares by (decision 088). Never an IP in memory or in a log.
 */
export function hashedClientKey(c: Context<AppEnv>): Promise<string> {
  return hashKey(clientKeyOfRequest(c), c.get("deps").appSecret);
}

/** How a rate-limited route behaves beyond counting. */
interface IpLimitOptions {
  /**
   * public read routes: an unreachable or busy counter store must not take the report down (auth
   * routes won't). Their counter is tried once, never waited for (decision 074).
   */
  failOpen?: boolean;
  /**
   * Tells the client its allowance with the IETF RateLimit fields (draft-ietf-httpapi-ratelimit-
   * headers-11): `RateLimit-Policy: "report";q=60;w=60` and `RateLimit: "report";r=59;t=42`. For
   * the public API, whose clients pace themselves; auth routes do not tell a guesser his count.
   */
  advertise?: boolean;
}

/** The IETF RateLimit fields of a rule and of this request's outcome (draft -11 syntax). */
export function rateLimitFields(rule: RateLimitRule, outcome: RateLimitOutcome): { "RateLimit-Policy": string; RateLimit: string } {
  return {
    "RateLimit-Policy": `"${rule.scope}";q=${rule.limit};w=${rule.windowSeconds}`,
    RateLimit: `"${rule.scope}";r=${outcome.remaining};t=${outcome.retryAfterSeconds}`,
  };
}

/** An unavailable counter store is said once a minute per scope, not by every request. */
const storeLogThrottle = createLogThrottle(60_000);

/** Per-IP limit; the IP is hashed with the app secret before it is stored. */
export function rateLimitByIp(ruleFor: (config: Config) => RateLimitRule & IpLimitOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const deps = c.get("deps");
    const rule = ruleFor(deps.config);
    const bucketKey = await hashedClientKey(c);
    let outcome;
    try {
      outcome = await consumeRateLimit(rule.failOpen ? noWait(deps.db) : deps.db, rule, bucketKey, deps.clock().getTime());
    } catch (error) {
      if (!rule.failOpen) throw error;
      const quiet = storeLogThrottle(rule.scope);
      if (quiet !== null) deps.log({ level: "warn", message: "rate limit store unavailable", fields: { scope: rule.scope, quiet, ...describeError(error) } });
      return next();
    }
    if (rule.advertise) {
      for (const [name, value] of Object.entries(rateLimitFields(rule, outcome))) c.header(name, value);
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
export async function limitByKey(
  c: Context<AppEnv>,
  rule: RateLimitRule,
  key: string,
  message = "Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.",
): Promise<Response | null> {
  const deps = c.get("deps");
  const outcome = await consumeRateLimit(deps.db, rule, await hashKey(key, deps.appSecret), deps.clock().getTime());
  if (outcome.allowed) return null;
  c.header("Retry-After", String(outcome.retryAfterSeconds));
  return jsonError(c, 429, message, "rate_limited");
}

/**
 * A limit on a key (an account's email) per source of the request, the same source as
 * rateLimitByIp's: someone guessing from one place exhausts his own allowance, not the owner's.
 */
export async function limitByKeyAndSource(c: Context<AppEnv>, rule: RateLimitRule, key: string): Promise<Response | null> {
  return limitByKey(c, rule, keyPerSource(c, key));
}

/** rateLimitByIp's limit (same counter), for a handler that first decides whether it applies. */
export async function limitBySource(c: Context<AppEnv>, rule: RateLimitRule, message?: string): Promise<Response | null> {
  return limitByKey(c, rule, clientKeyOfRequest(c), message);
}

/** A key (an account's email) per source of the request, as limitByKeyAndSource counts it. */
export function keyPerSource(c: Context<AppEnv>, key: string): string {
  return `${key}\n${clientKeyOfRequest(c)}`;
}
