import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { clientKeyOf } from "../client-ip.ts";
import type { Config } from "../config.ts";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";
import { createLogThrottle, describeError } from "../logger.ts";
import { consumeRateLimit, hashKey, type RateLimitRule } from "../services/rate-limit.ts";
import type { RequestCountOutcome } from "../services/request-counters.ts";

/** The rate-limit key of a request (the runtime's view of the caller's IP, bucketed). */
function clientKeyOfRequest(c: Context<AppEnv>): string {
  return clientKeyOf(c.get("deps").clientIp(c));
}

/** Each request's hashed key, computed once however many limits and shares ask for it. */
const hashedKeys = new WeakMap<Context<AppEnv>, Promise<string>>();

/** Clients whose hashed key is remembered at most: a few MB at the bound. */
const HASHED_CLIENTS_MAX = 10_000;

/**
 * The hashed key of the clients seen lately, so that a client's every request does not hash its
 * key again (a SHA-256 per request was a twentieth of a warm report, decision 094). The key is the
 * client's bucketed address, held in this process's memory only, as the connection cap holds it
 * (decision 092): never written to the database or a log. Bounded; the oldest is forgotten first.
 */
const hashedClients = new Map<string, { secret: string; hashed: Promise<string> }>();

function hashClientKey(clientKey: string, secret: string): Promise<string> {
  const known = hashedClients.get(clientKey);
  if (known && known.secret === secret) return known.hashed;
  const hashed = hashKey(clientKey, secret);
  if (hashedClients.size >= HASHED_CLIENTS_MAX) hashedClients.delete(hashedClients.keys().next().value!);
  hashedClients.set(clientKey, { secret, hashed });
  // A failed hash is not remembered.
  void hashed.catch(() => {
    if (hashedClients.get(clientKey)?.hashed === hashed) hashedClients.delete(clientKey);
  });
  return hashed;
}

/**
 * The client's key as the rate limits store it (hashed with the app secret): the one the upstreams'
 * budgets give their shares by (decision 088). Never an IP in the database or in a log.
 */
export function hashedClientKey(c: Context<AppEnv>): Promise<string> {
  let hashed = hashedKeys.get(c);
  if (!hashed) {
    hashed = hashClientKey(clientKeyOfRequest(c), c.get("deps").appSecret);
    hashedKeys.set(c, hashed);
  }
  return hashed;
}

/** How a rate-limited route behaves beyond counting. */
interface IpLimitOptions {
  /**
   * public read routes (report, geocode, v1), the hot path: counted in the request counters
   * (this process's memory on Node, a Durable Object per client on Workers), never in the
   * database (decision 094), and failing open: an unreachable counter must not take the report
   * down (auth routes' counters, in the database, won't).
   */
  publicRead?: boolean;
  /**
   * Tells the client its allowance with the IETF RateLimit fields (draft-ietf-httpapi-ratelimit-
   * headers-11): `RateLimit-Policy: "report";q=60;w=60` and `RateLimit: "report";r=59;t=42`. For
   * the public API, whose clients pace themselves; auth routes do not tell a guesser his count.
   */
  advertise?: boolean;
}

/** The IETF RateLimit fields of a rule and of this request's outcome (draft -11 syntax). */
export function rateLimitFields(rule: RateLimitRule, outcome: RequestCountOutcome): { "RateLimit-Policy": string; RateLimit: string } {
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
    let outcome: RequestCountOutcome;
    try {
      outcome = rule.publicRead
        ? await c.get("requestCounters").consume(rule, bucketKey, deps.clock().getTime())
        : await consumeRateLimit(deps.db, rule, bucketKey, deps.clock().getTime());
    } catch (error) {
      if (!rule.publicRead) throw error;
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
