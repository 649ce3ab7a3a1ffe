import type { AtmoIndex, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { atmoFeatureCollectionSchema } from "./schema.ts";
import { mapAtmoIndices } from "./to-domain.ts";

/**
 * ATMO indices of one or more zones (a commune's INSEE code, its EPCI's SIREN) from the national
 * WFS (no account needed), in one request:
 * `{baseUrl}?service=WFS&version=2.0.0&request=GetFeature&typeNames=ind:ind_atmo_2021
 * &outputFormat=application/json&CQL_FILTER=code_zone IN ('…','…') AND date_ech>='YYYY-MM-DD'`
 * (GeoServer reads CQL_FILTER as ECQL, which has the IN predicate). An empty list is a normal
 * answer (about one commune in six has no index).
 */
export async function fetchAtmoIndex(
  opts: SourceOptions,
  params: { zoneCode: string; epciCode?: string | null | undefined; fromDate: string },
): Promise<SourceResult<AtmoIndex[]>> {
  const codes = [params.zoneCode, ...(params.epciCode && params.epciCode !== params.zoneCode ? [params.epciCode] : [])];
  const zoneFilter = codes.length === 1
    ? `code_zone='${escapeCqlLiteral(params.zoneCode)}'`
    : `code_zone IN (${codes.map((code) => `'${escapeCqlLiteral(code)}'`).join(",")})`;
  const cqlFilter = `${zoneFilter} AND date_ech>='${escapeCqlLiteral(params.fromDate.slice(0, 10))}'`;
  const parameters: Array<[string, string]> = [
    ["service", "WFS"],
    ["version", "2.0.0"],
    ["request", "GetFeature"],
    ["typeNames", "ind:ind_atmo_2021"],
    ["outputFormat", "application/json"],
    ["CQL_FILTER", cqlFilter],
  ];
  const query = parameters
    // encodeURIComponent, not URLSearchParams: GeoServer reads CQL spaces as %20 reliably, "+"
    // depends on the servlet container.
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}?${query}` }, atmoFeatureCollectionSchema);
  return result.ok ? { ok: true, data: mapAtmoIndices(result.data) } : result;
}

/** CQL string literals escape a quote by doubling it; the code is validated upstream anyway. */
function escapeCqlLiteral(value: string): string {
  return value.replace(/'/g, "''");
}
