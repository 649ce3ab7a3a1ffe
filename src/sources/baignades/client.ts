// The ministry's bathing-water portal (baignades.sante.gouv.fr): the portal ids of a commune's
// sites (siteList.do, JSON) and a site's page (consultSite.do, HTML). Both are Windows-1252 and
// slow (a page can take more than 15 s): never called on the report's critical path.
import type { BathingLiveStatus } from "../../core/bathing/types.ts";
import type { SourceResult } from "../../core/types.ts";
import { fetchBytes, type SourceOptions } from "../http.ts";
import { decodeWindows1252 } from "./cp1252.ts";
import { parseConsultSitePage } from "./page.ts";
import { buildConsultSiteUrl, buildSiteListUrl, mapPortalSites, siteListSchema } from "./site-list.ts";

export async function fetchPortalSites(
  opts: SourceOptions,
  params: { communeCode: string; department: string },
): Promise<SourceResult<Array<{ portalId: string; name: string }>>> {
  const bytes = await fetchBytes({ ...opts, url: buildSiteListUrl(opts.baseUrl, params), accept: "application/json" });
  if (!bytes.ok) return bytes;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeWindows1252(bytes.data));
  } catch {
    return { ok: false, reason: "invalid", detail: "site list is not valid JSON" };
  }
  const parsed = siteListSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: "invalid", detail: "unexpected site list payload" };
  return { ok: true, data: mapPortalSites(parsed.data) };
}

export async function fetchSitePage(
  opts: SourceOptions,
  params: { department: string; portalId: string; year: number; now: Date },
): Promise<SourceResult<BathingLiveStatus>> {
  const bytes = await fetchBytes({ ...opts, url: buildConsultSiteUrl(opts.baseUrl, params.department, params.portalId, params.year), accept: "text/html" });
  if (!bytes.ok) return bytes;
  const page = parseConsultSitePage(decodeWindows1252(bytes.data), { fetchedAt: params.now });
  // A page that does not match the known structure is refused whole, never half-read.
  return page.ok ? { ok: true, data: page.status } : { ok: false, reason: "invalid", detail: page.reason };
}
