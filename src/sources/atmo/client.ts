import type { AtmoIndex, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { daysFilter, escapeCqlLiteral, getFeatureUrl, readWfsPages, type CountedResult } from "../wfs.ts";
import { atmoFeatureCollectionSchema, atmoPageSchema } from "./schema.ts";
import { mapAtmoIndices, mapPublishedAtmoIndices, type PublishedAtmoIndex } from "./to-domain.ts";

/**
 * ATMO indices of one or more zones (a commune's INSEE code, its EPCI's SIREN) from the national
 * WFS (no account needed), in one request:
 * `{baseUrl}?service=WFS&version=2.0.0&request=GetFeature&typeNames=ind:ind_atmo_2021
 * &outputFormat=application/json&CQL_FILTER=code_zone IN ('…','…') AND date_ech>='YYYY-MM-DD'`
 * (GeoServer reads CQL_FILTER as ECQL, which has the IN predicate). An empty list is a normal
 * answer (about one commune in six has no index). `timeZone`: the territory of the zones, whose
 * own day each `date_ech` designates (an EPCI's SIREN does not say it; its commune's code does).
 */
export async function fetchAtmoIndex(
  opts: SourceOptions,
  params: { zoneCode: string; epciCode?: string | null | undefined; fromDate: string; timeZone?: string | undefined },
): Promise<SourceResult<AtmoIndex[]>> {
  const codes = [params.zoneCode, ...(params.epciCode && params.epciCode !== params.zoneCode ? [params.epciCode] : [])];
  const zoneFilter =
    codes.length === 1 ? `code_zone='${escapeCqlLiteral(params.zoneCode)}'` : `code_zone IN (${codes.map((code) => `'${escapeCqlLiteral(code)}'`).join(",")})`;
  const cqlFilter = `${zoneFilter} AND date_ech>='${escapeCqlLiteral(params.fromDate.slice(0, 10))}'`;
  const result = await fetchJson({ ...opts, url: getFeatureUrl(opts.baseUrl, ATMO_LAYER, cqlFilter) }, atmoFeatureCollectionSchema);
  return result.ok ? { ok: true, data: mapAtmoIndices(result.data, params.timeZone) } : result;
}

/** The national layer of the ATMO index on Atmo France's GeoServer. */
export const ATMO_LAYER = "ind:ind_atmo_2021";

/** The properties we map (schema.ts): `propertyName=` leaves the geometry and the rest out. */
export const ATMO_PROPERTIES = [
  "code_zone",
  "lib_zone",
  "type_zone",
  "date_ech",
  "date_dif",
  "code_qual",
  "lib_qual",
  "coul_qual",
  "code_no2",
  "code_o3",
  "code_pm10",
  "code_pm25",
  "code_so2",
  "source",
] as const;

/**
 * Every zone's index (communes and intercommunalities) for the days `fromDay`…`toDay`, in pages
 * of `pageSize` features (WFS 2.0 `count` / `startIndex`), sorted by zone and day so that pages
 * do not overlap nor skip a feature between requests. Pages are asked one after the other until
 * one comes back short, and each goes to `onPage` as it arrives, mapped (duplicates of a zone and
 * day kept, with their publication: see isLaterPublication), then dropped: the read never holds
 * the country (decision 062). A failed page fails the whole read: a half-read day would look like
 * "no index" for the communes of the missing pages, so the caller keeps nothing of a failed read.
 */
export async function fetchAtmoIndicesForDays(
  opts: SourceOptions,
  params: {
    fromDay: string;
    toDay: string;
    pageSize: number;
    maxPages?: number;
    beforePage?: () => Promise<void>;
    onPage: (indices: PublishedAtmoIndex[]) => void;
  },
): Promise<CountedResult<null>> {
  return readWfsPages(opts, {
    url: (paging) =>
      getFeatureUrl(opts.baseUrl, ATMO_LAYER, daysFilter(params.fromDay, params.toDay), [["propertyName", ATMO_PROPERTIES.join(",")], ...paging]),
    schema: atmoPageSchema,
    sortBy: "code_zone,date_ech",
    pageSize: params.pageSize,
    maxPages: params.maxPages,
    beforePage: params.beforePage,
    onPage: (page) => params.onPage(mapPublishedAtmoIndices(page)),
  });
}
