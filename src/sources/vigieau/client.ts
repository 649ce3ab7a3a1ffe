import type { DroughtZone, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { zonesResponseSchema } from "./schema.ts";
import { mapDepartmentZonesState, mapDroughtZones, type DepartmentZonesState } from "./to-domain.ts";

/**
 * `GET {baseUrl}/zones?lon=…&lat=…&commune=…&profil=particulier`. With lon/lat, a commune split
 * between several zones of one type answers the address's zone; without them (one call for a whole
 * commune, in the alert run) such a commune answers 409 and the caller asks per address.
 */
export async function fetchDroughtZones(
  opts: SourceOptions,
  params: { lon?: number | undefined; lat?: number | undefined; communeCode: string },
): Promise<SourceResult<DroughtZone[]>> {
  const query = new URLSearchParams();
  if (params.lon !== undefined && params.lat !== undefined) {
    query.set("lon", String(params.lon));
    query.set("lat", String(params.lat));
  }
  query.set("commune", params.communeCode);
  query.set("profil", "particulier");
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/zones?${query}` }, zonesResponseSchema);
  // VigiEau answers 404 when no decree is in force for the place: that is data, not an error.
  if (!result.ok && result.reason === "not_found") return { ok: true, data: [] };
  return result.ok ? { ok: true, data: mapDroughtZones(result.data) } : result;
}

/**
 * The zones in force in a département: `GET {baseUrl}/zones/departement/{code}` (VigiEau's
 * zones.controller.ts, findByDepartement); 404 means no zone in force there. The answer lists
 * no communes, so it only tells whether anything changed in the département since the last run.
 * `today` is the département's local day: a decree counts only between its own dates.
 */
export async function fetchDepartmentZonesState(
  opts: SourceOptions,
  params: { department: string; today: string },
): Promise<SourceResult<DepartmentZonesState>> {
  if (!/^(\d{2}|2[AB]|97\d)$/.test(params.department)) return { ok: false, reason: "invalid", detail: "not a département code" };
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/zones/departement/${encodeURIComponent(params.department)}` }, zonesResponseSchema);
  if (!result.ok && result.reason === "not_found") return { ok: true, data: mapDepartmentZonesState(null, params.today) };
  return result.ok ? { ok: true, data: mapDepartmentZonesState(result.data, params.today) } : result;
}
