import { Hono, type Context } from "hono";
import { createFactory } from "hono/factory";
import { validator } from "hono/validator";
import { isInFrance } from "../../core/shared/geo.ts";
import type { SignedAddress, SignedSuggestion } from "../../core/types.ts";
import { publicApiRateLimits } from "../api/rate-limits.ts";
import {
  ADDRESS_CHECK_UNAVAILABLE_MESSAGE,
  COMMUNE_MISMATCH_MESSAGE,
  geocodeQuery,
  MIN_QUERY_LENGTH,
  NO_ADDRESS_AT_POINT_MESSAGE,
  OUTSIDE_FRANCE_MESSAGE,
  reportByCoordinatesQuery,
} from "../api/schemas.ts";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";
import { rateLimitByIp } from "../middleware/rate-limit.ts";
import { resolveReportPoint, signAddress, type ResolvedPoint } from "../services/geocoded-address.ts";

const geocodeRateLimit = rateLimitByIp((config) => ({ ...publicApiRateLimits(config).geocode, failOpen: true, advertise: true }));

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
      return jsonError(c, 503, "La recherche d'adresses est momentanément indisponible. Veuillez réessayer dans quelques instants.", "upstream_unavailable");
    }
    c.header("Cache-Control", "public, max-age=3600");
    // Each suggestion signed: picked and sent back unchanged, it is named as is (decision 055).
    const results: SignedSuggestion[] = result.data
      .slice(0, limit)
      .map((address) => ({ ...address, signature: signAddress(deps.appSecret, address).signature }));
    return c.json({ results });
  },
);

/** The answer to a point the BAN does not confirm: one wording for the report, its PDF and /resolve. */
export function refuseUnresolvedPoint(c: Context<AppEnv>, resolved: Exclude<ResolvedPoint, { kind: "ok" }>): Response {
  if (resolved.kind === "mismatch") return jsonError(c, 400, COMMUNE_MISMATCH_MESSAGE, "commune_mismatch");
  if (resolved.kind === "unknown") return jsonError(c, 404, NO_ADDRESS_AT_POINT_MESSAGE, "address_not_found");
  c.get("deps").log({ level: "warn", message: "address check: reverse geocoding unavailable" });
  return jsonError(c, 503, ADDRESS_CHECK_UNAVAILABLE_MESSAGE, "upstream_unavailable");
}

/** GET /api/geocode/resolve: the address a link names, as the BAN names it (the sign-up page's preset). */
export type ResolvedAddressAnswer = { address: SignedAddress };

export const geocodeRoutes = new Hono<AppEnv>().get("/", ...getGeocode).get(
  "/resolve",
  geocodeRateLimit,
  validator("query", (value, c) => {
    const parsed = reportByCoordinatesQuery.safeParse(value);
    if (!parsed.success) return jsonError(c, 400, parsed.error.issues[0]?.message ?? "Requête invalide.");
    if (!isInFrance(parsed.data.lat, parsed.data.lon)) return jsonError(c, 400, OUTSIDE_FRANCE_MESSAGE, "outside_france");
    return parsed.data;
  }),
  async (c) => {
    const deps = c.get("deps");
    const { lat, lon, citycode, label, postcode, city, signature } = c.req.valid("query");
    const resolved = await resolveReportPoint(deps, { latitude: lat, longitude: lon, citycode, label, postcode, city, signature });
    if (resolved.kind !== "ok") return refuseUnresolvedPoint(c, resolved);
    return c.json({ address: signAddress(deps.appSecret, resolved.address) } satisfies ResolvedAddressAnswer);
  },
);
