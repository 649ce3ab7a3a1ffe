import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";

/** Headers every API answer carries. Pages get theirs from the runtime entry / public/_headers. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("X-Frame-Options", "DENY");
  c.header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
});

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by another site (CSRF). Browsers always send Origin on
 * cross-site non-GET requests; a request without Origin comes from a non-browser client.
 */
export const sameOriginForWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header("Origin");
  const secFetchSite = c.req.header("Sec-Fetch-Site");
  const allowed = new Set([new URL(c.req.url).origin, new URL(c.get("deps").config.SITE_URL).origin]);
  if ((origin && !allowed.has(origin)) || (!origin && secFetchSite === "cross-site")) {
    return jsonError(c, 403, "Requête refusée : origine non autorisée.", "forbidden_origin");
  }
  return next();
});
