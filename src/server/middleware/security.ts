import type { Context } from "hono";
import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";

/**
 * Headers every API answer carries, the one definition for the API. Pages get theirs from
 * public/_headers (Cloudflare's static assets obey it; the Node entry reads the same file, and sets
 * HSTS from the running SITE_URL as here: static/node.ts).
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const set = answerHeaderSetter(c);
  set("X-Content-Type-Options", "nosniff");
  set("Referrer-Policy", "strict-origin-when-cross-origin");
  set("X-Frame-Options", "DENY");
  set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  if (isHttpsSite(c.get("deps").config.SITE_URL)) set("Strict-Transport-Security", HSTS);
  // Other sites may not embed our answers (no-cors reads), except the public API's (publicReadCors).
  if (!c.res.headers.has("Cross-Origin-Resource-Policy")) set("Cross-Origin-Resource-Policy", "same-origin");
  // A shared cache (CDN, Cache API) must never keep an answer that sets or clears a cookie: it
  // would hand that cookie, or its removal, to the next visitor.
  if (c.res.headers.has("Set-Cookie") && !/\bno-store\b/.test(c.res.headers.get("Cache-Control") ?? "")) {
    set("Cache-Control", "private, no-store");
  }
});

/** SITE_URL does not change while the process runs: parsed once per value. */
const httpsSites = new Map<string, boolean>();
function isHttpsSite(siteUrl: string): boolean {
  let https = httpsSites.get(siteUrl);
  if (https === undefined) {
    https = new URL(siteUrl).protocol === "https:";
    httpsSites.set(siteUrl, https);
  }
  return https;
}

/**
 * Sets headers on the answer a handler already made. Hono's `c.header` after the handler copies
 * the whole Response for each header (its body becomes a stream), which took the Node server off
 * its fast path for a finished body (decision 094): the answer's own headers are changed in place
 * instead, unless they are immutable (a Response another fetch made), where `c.header` copies it once.
 */
export function answerHeaderSetter(c: Context<AppEnv>): (name: string, value: string) => void {
  return (name, value) => {
    try {
      c.res.headers.set(name, value);
    } catch {
      c.header(name, value);
    }
  };
}

/** The routers whose every answer concerns one person: the account, sign-in and session, the admin panel. */
export const PRIVATE_ROUTERS = ["/account", "/auth", "/admin"] as const;

/**
 * `Cache-Control: private, no-store` on every answer of a private router (PRIVATE_ROUTERS), set
 * after the handler so that no route can forget it: successes, refusals (401, 403, 429), validation
 * errors, 404s and the errors onError maps. No browser history, back-forward cache or shared cache
 * keeps a person's addresses, preferences or session state.
 */
export const privateAnswers = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  answerHeaderSetter(c)("Cache-Control", "private, no-store");
});

/** Same value as the pages' (public/_headers); only sent when the running SITE_URL is https (API and Node pages). */
export const HSTS = "max-age=31536000; includeSubDomains";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by another site (CSRF). Browsers always send Origin on
 * cross-site non-GET requests; a request without Origin comes from a non-browser client.
 */
export const sameOriginForWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header("Origin");
  const secFetchSite = c.req.header("Sec-Fetch-Site");
  // SITE_URL only: the request's own URL is built from its Host header, which the sender chooses.
  const allowed = new URL(c.get("deps").config.SITE_URL).origin;
  if ((origin && origin !== allowed) || (!origin && secFetchSite === "cross-site")) {
    return jsonError(c, 403, "Requête refusée : origine non autorisée.", "forbidden_origin");
  }
  return next();
});

/** The headers a page of another site may read on a public API answer (fetch hides the others). */
const EXPOSED_HEADERS = ["RateLimit", "RateLimit-Policy", "Retry-After"];

const openToEveryOrigin = cors({
  origin: "*",
  allowMethods: ["GET", "HEAD"],
  exposeHeaders: EXPOSED_HEADERS,
  maxAge: 86_400,
});

/**
 * CORS for the public read API (/api/v1) only: any site may read it from a browser. `*` without
 * credentials, so no cookie ever rides along; writes stay refused by sameOriginForWrites, which
 * runs first, and no other route carries a CORS header.
 */
export const publicReadCors = createMiddleware<AppEnv>(async (c, next) => {
  c.header("Cross-Origin-Resource-Policy", "cross-origin");
  return openToEveryOrigin(c, next);
});
