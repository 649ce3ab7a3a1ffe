import type { DroughtZone, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { zonesResponseSchema } from "./schema.ts";
import { mapDroughtZones } from "./to-domain.ts";

/**
 * `GET {baseUrl}/zones?lon=…&lat=…&commune=…&profil=particulier`. lon/lat are sent so that a
 * commune split between several zones of one type answers the address's zone instead of a 409.
 */
export async function fetchDroughtZones(
  opts: SourceOptions,
  params: { lon: number; lat: number; communeCode: string },
): Promise<SourceResult<DroughtZone[]>> {
  const query = new URLSearchParams({
    lon: String(params.lon),
    lat: String(params.lat),
    commune: params.communeCode,
    profil: "particulier",
  });
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/zones?${query}` }, zonesResponseSchema);
  // VigiEau answers 404 when no decree is in force for the place: that is data, not an error.
  if (!result.ok && result.reason === "not_found") return { ok: true, data: [] };
  return result.ok ? { ok: true, data: mapDroughtZones(result.data) } : result;
}
