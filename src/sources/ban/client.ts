import type { Address, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { banSearchSchema } from "./schema.ts";
import { mapBanSearch } from "./to-domain.ts";

/** Address autocompletion: `GET {baseUrl}/search?q=…&limit=…&autocomplete=1`. */
export async function searchAddresses(opts: SourceOptions, params: { q: string; limit: number }): Promise<SourceResult<Address[]>> {
  const query = new URLSearchParams({ q: params.q, limit: String(params.limit), autocomplete: "1" });
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/search?${query}` }, banSearchSchema);
  return result.ok ? { ok: true, data: mapBanSearch(result.data) } : result;
}

/**
 * The BAN addresses nearest to a point, nearest first: `GET {baseUrl}/reverse?lon=…&lat=…&limit=…&index=address`.
 * The answer has the shape of a search (each feature also carries its `distance` in metres).
 */
export async function reverseGeocode(opts: SourceOptions, params: { lat: number; lon: number; limit: number }): Promise<SourceResult<Address[]>> {
  const query = new URLSearchParams({ lon: String(params.lon), lat: String(params.lat), limit: String(params.limit), index: "address" });
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/reverse?${query}` }, banSearchSchema);
  return result.ok ? { ok: true, data: mapBanSearch(result.data) } : result;
}
