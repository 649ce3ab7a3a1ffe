import { Hono, type Context } from "hono";
import { createFactory } from "hono/factory";
import { validator } from "hono/validator";
import { isInFrance } from "../../core/shared/geo.ts";
import type { SignedAddress, SignedSuggestion } from "../../core/types.ts";
import { publicApiRateLimits } from "../api/rate-limits.ts";
import { geocodeQuery, MIN_QUERY_LENGTH, reportByCoordinatesQuery } from "../api/schemas.ts";
import type { AppEnv } from "../deps.ts";
import { jsonError, type ApiRefusal } from "../http-errors.ts";
import { rateLimitByIp } from "../middleware/rate-limit.ts";
import { refusal } from "../refusals.ts";
import { resolveReportPoint, signAddress, type ResolvedPoint } from "../services/geocoded-address.ts";

const geocodeRateLimit = rateLimitByIp((config) => ({ ...publicApiRateLimits(config).geocode, publicRead: true, advertise: true }));

/** GET address suggestions: mounted at /api/geocode (the site's own) and /api/v1/geocode (the public API). */
export const getGeocode = createFactory<AppEnv>().createHandlers(
  geocodeRateLimit,
  validator("query", (value, c) => {
    const parsed = geocodeQuery.safeParse(value);
    if (!parsed.success) return jsonError(c, 400, parsed.error.issues[0]?.message ?? "Requête invalide.");
    return parsed.data;
  }),
  async (c) => {
    const deps = c.get("deps");
    const { q, limit } = c.req.valid("query");
    const query = q.trim().replace(/\s+/g, " ");
    if (query.length < MIN_QUERY_LENGTH) return c.json({ results: [] });
    const result = await deps.sources.searchAddresses({ q: query, limit });
    if (!result.ok) {
      deps.log({ level: "warn", message: "geocode: upstream failure", fields: { reason: result.reason } });
      throw refusal("addressSearchUnavailable");
    }
    c.header("Cache-Control", "public, max-age=3600");
    // Each suggestion signed: picked and sent back unchanged, it is named as is (decision 055).
    const results: SignedSuggestion[] = result.data
      .slice(0, limit)
      .map((address) => ({ ...address, signature: signAddress(deps.appSecret, address).signature }));
    return c.json({ results });
  },
);

/** The refusal of a point the BAN does not confirm, to throw: one wording for the report, its PDF and /resolve. */
export function unresolvedPointRefusal(c: Context<AppEnv>, resolved: Exclude<ResolvedPoint, { kind: "ok" }>): ApiRefusal {
  if (resolved.kind === "mismatch") return refusal("communeMismatch");
  if (resolved.kind === "unknown") return refusal("noAddressAtPoint");
  c.get("deps").log({ level: "warn", message: "address check: reverse geocoding unavailable" });
  return refusal("addressCheckUnavailable");
}

/** GET /api/geocode/resolve: the address a link names, as the BAN names it (the sign-up page's preset). */
export type ResolvedAddressAnswer = { address: SignedAddress };

export const geocodeRoutes = new Hono<AppEnv>().get("/", ...getGeocode).get(
  "/resolve",
  geocodeRateLimit,
  validator("query", (value, c) => {
    const parsed = reportByCoordinatesQuery.safeParse(value);
    if (!parsed.success) return jsonError(c, 400, parsed.error.issues[0]?.message ?? "Requête invalide.");
    if (!isInFrance(parsed.data.lat, parsed.data.lon)) throw refusal("pointOutsideFrance");
    return parsed.data;
  }),
  async (c) => {
    const deps = c.get("deps");
    const { lat, lon, citycode, label, postcode, city, signature } = c.req.valid("query");
    const resolved = await resolveReportPoint(deps, { latitude: lat, longitude: lon, citycode, label, postcode, city, signature });
    if (resolved.kind !== "ok") throw unresolvedPointRefusal(c, resolved);
    return c.json({ address: signAddress(deps.appSecret, resolved.address) } satisfies ResolvedAddressAnswer);
  },
);
