import type { SourceResult } from "../../core/types.ts";
import type { PollenIndex } from "../../sections/pollen/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { daysFilter, escapeCqlLiteral, getFeatureUrl, readWfsPages, type CountedResult } from "../wfs.ts";
import { pollenCollectionSchema } from "./schema.ts";
import { mapPollenIndices, mapPublishedPollenIndices, type PublishedPollenIndex } from "./to-domain.ts";

/** The national layer of the indice pollen on Atmo France's GeoServer (no account needed; decision 070). */
export const POLLEN_LAYER = "ind_pol:ind_national_pol";

/**
 * The properties we map (schema.ts): `propertyName=` leaves out the rest, above all the commune's
 * polygon (the layer's geometry is a MultiPolygon, the bulk of every feature).
 */
export const POLLEN_PROPERTIES = [
  "code_zone",
  "lib_zone",
  "type_zone",
  "date_ech",
  "date_dif",
  "code_qual",
  "lib_qual",
  "code_aul",
  "code_boul",
  "code_oliv",
  "code_gram",
  "code_arm",
  "code_ambr",
  "pollen_resp",
  "alerte",
  "source",
] as const;

/**
 * The indice pollen of one commune (INSEE code of the commune: Paris is 75056, not an
 * arrondissement) from `fromDate` on — today, tomorrow and the day after when published — in one
 * request: `{baseUrl}?service=WFS&version=2.0.0&request=GetFeature&typeNames=ind_pol:ind_national_pol
 * &outputFormat=application/json&propertyName=…&CQL_FILTER=code_zone='…' AND date_ech>='YYYY-MM-DD'`.
 * An empty list is a normal answer (out of season, or a zone without an index).
 */
export async function fetchPollenIndices(
  opts: SourceOptions,
  params: { zoneCode: string; fromDate: string; timeZone?: string | undefined },
): Promise<SourceResult<PollenIndex[]>> {
  const cqlFilter = `code_zone='${escapeCqlLiteral(params.zoneCode)}' AND date_ech>='${escapeCqlLiteral(params.fromDate.slice(0, 10))}'`;
  const result = await fetchJson({ ...opts, url: pollenUrl(opts.baseUrl, cqlFilter) }, pollenCollectionSchema);
  return result.ok ? { ok: true, data: mapPollenIndices(result.data, params.timeZone) } : result;
}

/**
 * Every zone's indice pollen for the days `fromDay`…`toDay`, in pages of `pageSize` features
 * (WFS 2.0 `count` / `startIndex`, sorted by zone and day), each page handed to `onPage` as it
 * arrives and then dropped, as the ATMO bulk read does (fetchAtmoIndicesForDays, decision 062). A
 * failed page fails the whole read: a half-read day would look like "no index" for the communes
 * of the missing pages.
 */
export async function fetchPollenIndicesForDays(
  opts: SourceOptions,
  params: {
    fromDay: string;
    toDay: string;
    pageSize: number;
    maxPages?: number;
    beforePage?: () => Promise<void>;
    onPage: (indices: PublishedPollenIndex[]) => void;
  },
): Promise<CountedResult<null>> {
  return readWfsPages(opts, {
    url: (paging) => pollenUrl(opts.baseUrl, daysFilter(params.fromDay, params.toDay), paging),
    schema: pollenCollectionSchema,
    sortBy: "code_zone,date_ech",
    pageSize: params.pageSize,
    maxPages: params.maxPages,
    beforePage: params.beforePage,
    onPage: (page) => params.onPage(mapPublishedPollenIndices(page)),
  });
}

/** A GetFeature URL of the national pollen layer, without geometry (`propertyName`), filtered by `cqlFilter`. */
function pollenUrl(baseUrl: string, cqlFilter: string, extra: Array<[string, string]> = []): string {
  return getFeatureUrl(baseUrl, POLLEN_LAYER, cqlFilter, [["propertyName", POLLEN_PROPERTIES.join(",")], ...extra]);
}
