import type { AtmoIndex, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { atmoFeatureCollectionSchema } from "./schema.ts";
import { mapAtmoIndices } from "./to-domain.ts";

/**
 * ATMO index of a commune from the national WFS (no account needed):
 * `{baseUrl}?service=WFS&version=2.0.0&request=GetFeature&typeNames=ind:ind_atmo_2021
 * &outputFormat=application/json&CQL_FILTER=code_zone='…' AND date_ech>='YYYY-MM-DD'`.
 * An empty list is a normal answer (about one commune in six has no index).
 */
export async function fetchAtmoIndex(
  opts: SourceOptions,
  params: { zoneCode: string; fromDate: string },
): Promise<SourceResult<AtmoIndex[]>> {
  const cqlFilter = `code_zone='${escapeCqlLiteral(params.zoneCode)}' AND date_ech>='${escapeCqlLiteral(params.fromDate.slice(0, 10))}'`;
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
