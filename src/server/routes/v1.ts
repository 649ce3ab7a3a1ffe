// The public API, version 1 (/api/v1): the same report and address search as the site's own routes
// (one implementation, two paths), the nearest bathing sites, the service's status (/etat) and the
// OpenAPI document of them all.
// Open to every origin for reading (CORS); documented at /developpeurs.
import { Hono } from "hono";
import { validator } from "hono/validator";
import { isInFrance } from "../../core/shared/geo.ts";
import { worstLevel } from "../../core/shared/levels.ts";
import type { BathingSection } from "../../core/types.ts";
import { buildOpenApiDocument } from "../api/openapi.ts";
import { publicApiRateLimits } from "../api/rate-limits.ts";
import { bathingSitesQuery } from "../api/schemas.ts";
import { deferTask } from "../defer.ts";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";
import { hashedClientKey, rateLimitByIp } from "../middleware/rate-limit.ts";
import { publicReadCors } from "../middleware/security.ts";
import { refusal } from "../refusals.ts";
import { buildBathingSection } from "../services/bathing.ts";
import { noticeAdmins, readServiceStatusCached } from "../services/status.ts";
import { getGeocode } from "./geocode.ts";
import { getReport } from "./report.ts";

/** The nearest `limit` sites of a section; its level is then the worst of those kept, as for the whole section. */
function keepNearest(section: BathingSection, limit: number): BathingSection {
  if (section.sites.length <= limit) return section;
  const sites = section.sites.slice(0, limit);
  return { ...section, sites, level: worstLevel(sites.map((site) => site.level)) };
}

export const v1Routes = new Hono<AppEnv>()
  .use("*", publicReadCors)
  .get("/report", ...getReport)
  .get("/geocode", ...getGeocode)
  .get(
    "/bathing-sites",
    rateLimitByIp((config) => ({ ...publicApiRateLimits(config).bathingSites, publicRead: true, advertise: true })),
    validator("query", (value, c) => {
      const parsed = bathingSitesQuery.safeParse(value);
      if (!parsed.success) return jsonError(c, 400, parsed.error.issues[0]?.message ?? "Requête invalide.");
      if (!isInFrance(parsed.data.lat, parsed.data.lon)) throw refusal("pointOutsideFrance");
      return parsed.data;
    }),
    async (c) => {
      const { lat, lon, limit } = c.req.valid("query");
      // The report's mode: the last snapshot of each site's page, refreshed in the background,
      // never the slow portal while the client waits (decision 036).
      const deps = c.get("deps");
      // Its portal reads count in this client's share of the bathing portal's budget (decision 088).
      const section = await buildBathingSection(
        { ...deps, sources: deps.sources.forClient(await hashedClientKey(c)) },
        { latitude: lat, longitude: lon, mode: "report", defer: deferTask(c) },
      );
      const answer = keepNearest(section, limit);
      const liveMissing = answer.sites.some((site) => site.live_read_at === null);
      c.header("Cache-Control", liveMissing ? "no-cache" : "public, max-age=300");
      return c.json(answer);
    },
  )
  .get("/status", async (c) => {
    const deps = c.get("deps");
    const status = await readServiceStatusCached(deps);
    // A missed deadline is told to the admins by whoever reads the status first that day.
    deferTask(c)(noticeAdmins(deps, status));
    c.header("Cache-Control", "public, max-age=60");
    return c.json(status);
  })
  .get("/openapi.json", (c) => {
    const { config } = c.get("deps");
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(buildOpenApiDocument({ siteUrl: config.SITE_URL, rateLimits: publicApiRateLimits(config) }));
  });
