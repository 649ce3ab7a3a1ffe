import type { AtmoIndex, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
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
  const result = await fetchJson({ ...opts, url: wfsUrl(opts.baseUrl, cqlFilter) }, atmoFeatureCollectionSchema);
  return result.ok ? { ok: true, data: mapAtmoIndices(result.data, params.timeZone) } : result;
}

/** A GetFeature URL of the national index layer, as GeoJSON, filtered by `cqlFilter`. */
function wfsUrl(baseUrl: string, cqlFilter: string, extra: Array<[string, string]> = []): string {
  const parameters: Array<[string, string]> = [
    ["service", "WFS"],
    ["version", "2.0.0"],
    ["request", "GetFeature"],
    ["typeNames", "ind:ind_atmo_2021"],
    ["outputFormat", "application/json"],
    ["CQL_FILTER", cqlFilter],
    ...extra,
  ];
  // encodeURIComponent, not URLSearchParams: GeoServer reads CQL spaces as %20 reliably, "+"
  // depends on the servlet container.
  return `${baseUrl}?${parameters.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&")}`;
}

/** CQL string literals escape a quote by doubling it; the code is validated upstream anyway. */
export function escapeCqlLiteral(value: string): string {
  return value.replace(/'/g, "''");
}

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

/** A read made of several requests: how many reached the upstream, whatever the outcome. */
export interface CountedResult<T> {
  result: SourceResult<T>;
  requests: number;
}

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
  const pageSize = Math.max(1, Math.floor(params.pageSize));
  const maxPages = params.maxPages ?? 200;
  // date_ech is a day in most feeds and a UTC instant in some: "< the day after toDay" keeps every
  // form of toDay, where "<= toDay" would drop an instant later than its midnight.
  const cqlFilter = `date_ech>='${escapeCqlLiteral(params.fromDay)}' AND date_ech<'${escapeCqlLiteral(addOneDay(params.toDay))}'`;
  let requests = 0;
  for (let page = 0; page < maxPages; page += 1) {
    await params.beforePage?.();
    const url = wfsUrl(opts.baseUrl, cqlFilter, [
      ["propertyName", ATMO_PROPERTIES.join(",")],
      ["sortBy", "code_zone,date_ech"],
      ["count", String(pageSize)],
      ["startIndex", String(page * pageSize)],
    ]);
    requests += 1;
    const result = await fetchJson({ ...opts, url }, atmoPageSchema);
    if (!result.ok) return { result, requests };
    const returned = result.data.numberReturned ?? result.data.features.length;
    const matched = typeof result.data.numberMatched === "number" ? result.data.numberMatched : null;
    params.onPage(mapPublishedAtmoIndices(result.data));
    if (returned < pageSize || (matched !== null && (page + 1) * pageSize >= matched)) return { result: { ok: true, data: null }, requests };
  }
  return { result: { ok: false, reason: "invalid", detail: `more than ${maxPages} pages` }, requests };
}

function addOneDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}
