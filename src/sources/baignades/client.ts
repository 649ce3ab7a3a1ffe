// The ministry's bathing-water portal (baignades.sante.gouv.fr): the portal ids of a commune's
// sites (siteList.do, JSON) and a site's page (consultSite.do, HTML). Both are Windows-1252 and
// slow (a page can take more than 15 s): never called on the report's critical path.
import type { BathingLiveStatus } from "../../sections/bathing/types.ts";
import type { SourceResult } from "../../core/types.ts";
import { fetchBytes, type SourceOptions } from "../http.ts";
import { decodeWindows1252 } from "../text/encoding.ts";
import { parseConsultSitePage } from "./page.ts";
import { siteListSchema } from "./schema.ts";
import { mapPortalSites, type PortalSite } from "./to-domain.ts";

export async function fetchPortalSites(opts: SourceOptions, params: { communeCode: string; department: string }): Promise<SourceResult<PortalSite[]>> {
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
  const page = parseConsultSitePage(decodeWindows1252(bytes.data), { fetchedAt: params.now, season: params.year });
  // A page that does not match the known structure is refused whole, never half-read.
  return page.ok ? { ok: true, data: page.status } : { ok: false, reason: "invalid", detail: page.reason };
}

// ---------------------------------------------------------------- URLs

export type PortalMapId = "fra" | "gua" | "mar" | "guy" | "reu" | "may";

const OVERSEAS_MAP_IDS: Record<string, PortalMapId> = { "971": "gua", "972": "mar", "973": "guy", "974": "reu", "976": "may" };

/** The portal map (`idCarte`) of a department; metropolitan France and Corsica are « fra ». */
export function selectMapId(department: string): PortalMapId {
  return OVERSEAS_MAP_IDS[toDepartment3(department)] ?? "fra";
}

/** `…/consultSite.do?site=<department, 3 chars><isite>&annee=YYYY`: only `site` and `annee` matter (E). */
export function buildConsultSiteUrl(baseUrl: string, department3: string, portalId: string, year: number): string {
  if (!/^\d{6}$/.test(portalId)) throw new RangeError(`portal site id must be 6 digits, got « ${portalId} »`);
  if (!Number.isInteger(year)) throw new RangeError(`year must be an integer, got ${year}`);
  return `${trimSlash(baseUrl)}/consultSite.do?site=${toDepartment3(department3)}${portalId}&annee=${year}`;
}

/** `code_dept` goes without leading zeros (« 025 » → « 25 », « 02A » → « 2A »), as scraper C sends it. */
export function buildSiteListUrl(baseUrl: string, options: { communeCode: string; department: string; mapId?: PortalMapId }): string {
  if (!/^\d[\dAB]\d{3}$/.test(options.communeCode)) throw new RangeError(`commune code must be an INSEE code, got « ${options.communeCode} »`);
  const department = toDepartment3(options.department);
  const mapId = options.mapId ?? selectMapId(department);
  const shortDepartment = department.replace(/^0+/, "");
  return `${trimSlash(baseUrl)}/siteList.do?idCarte=${mapId}&insee_com=${options.communeCode}&code_dept=${shortDepartment}&f=json`;
}

/** « 1 », « 01 », « 001 » → « 001 »; « 2A » → « 02A »; « 971 » unchanged (the ministry's `dptddass`). */
function toDepartment3(department: string): string {
  const normalised = department.trim().toUpperCase().padStart(3, "0");
  if (!/^(?:\d{3}|02[AB])$/.test(normalised)) throw new RangeError(`unknown department « ${department} »`);
  return normalised;
}

function trimSlash(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "");
}
