import type { SourceResult, Udi, WaterResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { communesUdiResponseSchema, waterResultsResponseSchema } from "./schema.ts";
import { mapCommuneUdis, mapWaterResults } from "./to-domain.ts";

/** `GET {baseUrl}/communes_udi?code_commune=…&size=200` → the UDIs of the latest year. */
export async function fetchCommuneUdis(
  opts: SourceOptions,
  params: { communeCode: string },
): Promise<SourceResult<Udi[]>> {
  const query = new URLSearchParams({ code_commune: params.communeCode, size: "200" });
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/communes_udi?${query}` }, communesUdiResponseSchema);
  return result.ok ? { ok: true, data: mapCommuneUdis(result.data) } : result;
}

/**
 * `GET {baseUrl}/resultats_dis?code_commune=…&date_min_prelevement=YYYY-MM-DD&sort=desc&size=…`
 * (+ `&code_parametre=1340,1339,…`). Newest first; a 206 (more pages exist) is fine: we only
 * want the latest results.
 */
export async function fetchWaterResults(
  opts: SourceOptions,
  params: { communeCode: string; since: string; parameterCodes?: readonly string[]; size: number },
): Promise<SourceResult<WaterResult[]>> {
  const query = new URLSearchParams({
    code_commune: params.communeCode,
    date_min_prelevement: params.since.slice(0, 10),
    sort: "desc",
    size: String(params.size),
  });
  if (params.parameterCodes && params.parameterCodes.length > 0) query.set("code_parametre", params.parameterCodes.join(","));
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/resultats_dis?${query}` }, waterResultsResponseSchema);
  return result.ok ? { ok: true, data: mapWaterResults(result.data) } : result;
}
