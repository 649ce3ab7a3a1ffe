// WFS 2.0 GetFeature on Atmo France's GeoServer, shared by the ATMO index and the other indices Atmo France publishes
// layers: the URL, CQL literals, the day filter and the paged bulk read.
import type { SourceResult } from "../core/types.ts";
import { addDaysToLocalDate } from "../core/shared/time.ts";
import { fetchJson, type SourceOptions } from "./http.ts";
import type * as z from "zod";

/** A read made of several requests: how many reached the upstream, whatever the outcome. */
export interface CountedResult<T> {
  result: SourceResult<T>;
  requests: number;
}

/** CQL string literals escape a quote by doubling it; the code is validated upstream anyway. */
export function escapeCqlLiteral(value: string): string {
  return value.replace(/'/g, "''");
}

/**
 * `date_ech` from `fromDay` to `toDay`. `date_ech` is a day in most feeds and a UTC instant in
 * some: "< the day after toDay" keeps every form of toDay, where "<= toDay" would drop an instant
 * later than its midnight.
 */
export function daysFilter(fromDay: string, toDay: string): string {
  return `date_ech>='${escapeCqlLiteral(fromDay)}' AND date_ech<'${escapeCqlLiteral(addDaysToLocalDate(toDay.slice(0, 10), 1))}'`;
}

/** A GetFeature URL of `typeNames`, as GeoJSON, filtered by `cqlFilter`. */
export function getFeatureUrl(baseUrl: string, typeNames: string, cqlFilter: string, extra: Array<[string, string]> = []): string {
  const parameters: Array<[string, string]> = [
    ["service", "WFS"],
    ["version", "2.0.0"],
    ["request", "GetFeature"],
    ["typeNames", typeNames],
    ["outputFormat", "application/json"],
    ["CQL_FILTER", cqlFilter],
    ...extra,
  ];
  // encodeURIComponent, not URLSearchParams: GeoServer reads CQL spaces as %20 reliably, "+"
  // depends on the servlet container.
  return `${baseUrl}?${parameters.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&")}`;
}

interface WfsPage {
  features: unknown[];
  numberMatched?: number | string | null | undefined;
  numberReturned?: number | null | undefined;
}

/**
 * Pages of `pageSize` features (WFS 2.0 `count` / `startIndex`, sorted by `sortBy` so that pages
 * neither overlap nor skip a feature between requests), asked one after the other until one comes
 * back short; each goes to `onPage` as it arrives, then is dropped: the read never holds the
 * country (decision 062). A failed page fails the whole read: a half-read day would look like
 * "no index" for the zones of the missing pages, so the caller keeps nothing of a failed read.
 */
export async function readWfsPages<Schema extends z.ZodType<WfsPage>>(
  opts: SourceOptions,
  params: {
    url: (extra: Array<[string, string]>) => string;
    schema: Schema;
    sortBy: string;
    pageSize: number;
    maxPages?: number | undefined;
    beforePage?: (() => Promise<void>) | undefined;
    onPage: (page: z.output<Schema>) => void;
  },
): Promise<CountedResult<null>> {
  const pageSize = Math.max(1, Math.floor(params.pageSize));
  const maxPages = params.maxPages ?? 200;
  let requests = 0;
  for (let page = 0; page < maxPages; page += 1) {
    await params.beforePage?.();
    const url = params.url([
      ["sortBy", params.sortBy],
      ["count", String(pageSize)],
      ["startIndex", String(page * pageSize)],
    ]);
    requests += 1;
    const result = await fetchJson({ ...opts, url }, params.schema);
    if (!result.ok) return { result, requests };
    const returned = result.data.numberReturned ?? result.data.features.length;
    const matched = typeof result.data.numberMatched === "number" ? result.data.numberMatched : null;
    params.onPage(result.data);
    if (returned < pageSize || (matched !== null && (page + 1) * pageSize >= matched)) return { result: { ok: true, data: null }, requests };
  }
  return { result: { ok: false, reason: "invalid", detail: `more than ${maxPages} pages` }, requests };
}
