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
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("X-Frame-Options", "DENY");
  c.header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  if (new URL(c.get("deps").config.SITE_URL).protocol === "https:") c.header("Strict-Transport-Security", HSTS);
  // Other sites may not embed our answers (no-cors reads), except the public API's (publicReadCors).
  if (!c.res.headers.has("Cross-Origin-Resource-Policy")) c.header("Cross-Origin-Resource-Policy", "same-origin");
  // A shared cache (CDN, Cache API) must never keep an answer that sets or clears a cookie: it
  // would hand that cookie, or its removal, to the next visitor.
  if (c.res.headers.has("Set-Cookie") && !/\bno-store\b/.test(c.res.headers.get("Cache-Control") ?? "")) {
    c.header("Cache-Control", "private, no-store");
  }
});

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
  c.header("Cache-Control", "private, no-store");
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
