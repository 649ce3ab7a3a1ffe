import { Hono } from "hono";
import { createFactory } from "hono/factory";
import { validator } from "hono/validator";
import { publicApiRateLimits } from "../api/rate-limits.ts";
import { geocodeQuery, MIN_QUERY_LENGTH } from "../api/schemas.ts";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";
import { rateLimitByIp } from "../middleware/rate-limit.ts";

/** GET address suggestions: mounted at /api/geocode (the site's own) and /api/v1/geocode (the public API). */
export const getGeocode = createFactory<AppEnv>().createHandlers(
  rateLimitByIp((config) => ({ ...publicApiRateLimits(config).geocode, failOpen: true, advertise: true })),
  validator("query", (value, c) => {
    const parsed = geocodeQuery.safeParse(value);
    if (!parsed.success) return jsonError(c, 400, parsed.error.issues[0]?.message ?? "Requête invalide.");
    return parsed.data;
  }),
  async (c) => {
    const { q, limit } = c.req.valid("query");
    const query = q.trim().replace(/\s+/g, " ");
    if (query.length < MIN_QUERY_LENGTH) return c.json({ results: [] });
    const result = await c.get("deps").sources.searchAddresses({ q: query, limit });
    if (!result.ok) {
      c.get("deps").log({ level: "warn", message: "geocode: upstream failure", fields: { reason: result.reason } });
      return jsonError(c, 503, "La recherche d'adresses est momentanément indisponible. Veuillez réessayer dans quelques instants.", "upstream_unavailable");
    }
    c.header("Cache-Control", "public, max-age=3600");
    return c.json({ results: result.data.slice(0, limit) });
  },
);

export const geocodeRoutes = new Hono<AppEnv>().get("/", ...getGeocode);
