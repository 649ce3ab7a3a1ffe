import type { z } from "zod";
import type { SourceResult, Udi, WaterResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { communesUdiResponseSchema, sampleDatesResponseSchema, waterResultsResponseSchema } from "./schema.ts";
import { foldSampleDates, mapCommuneUdis, mapWaterResult, mapWaterResults, type CommuneSamples } from "./to-domain.ts";

/** `GET {baseUrl}/communes_udi?code_commune=…&size=200` → the UDIs of the latest year. */
export async function fetchCommuneUdis(opts: SourceOptions, params: { communeCode: string }): Promise<SourceResult<Udi[]>> {
  const query = new URLSearchParams({ code_commune: params.communeCode, size: "200" });
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/communes_udi?${query}` }, communesUdiResponseSchema);
  return result.ok ? { ok: true, data: mapCommuneUdis(result.data) } : result;
}

/** The fields we map (schema.ts): `fields=` trims each record from ~40 fields to these. */
export const WATER_RESULT_FIELDS = [
  "code_prelevement",
  "code_parametre",
  "libelle_parametre",
  "resultat_alphanumerique",
  "resultat_numerique",
  "libelle_unite",
  "limite_qualite_parametre",
  "reference_qualite_parametre",
  "date_prelevement",
  "conclusion_conformite_prelevement",
  "conformite_limites_bact_prelevement",
  "conformite_limites_pc_prelevement",
  "conformite_references_bact_prelevement",
  "conformite_references_pc_prelevement",
  "nom_distributeur",
  "reseaux",
] as const;

/** Hub'Eau serves at most 20 000 results of one query (page × size), in pages of up to 20 000. */
export const HUBEAU_MAX_RESULTS = 20_000;

/**
 * `GET {baseUrl}/resultats_dis?code_commune=…&date_min_prelevement=YYYY-MM-DD&sort=desc&size=…&page=…`
 * (+ `&date_max_prelevement=YYYY-MM-DD`, `&code_parametre=1340,1339,…`), newest first, paged through the whole window: the first
 * page gives `count`, the others are asked at once, up to `maxResults` (never more than Hub'Eau
 * serves). A failed page fails the whole read: half a window would hide a non-compliance.
 */
export async function fetchWaterResults(
  opts: SourceOptions,
  params: { communeCode: string; since: string; until?: string | undefined; parameterCodes?: readonly string[]; pageSize: number; maxResults: number },
): Promise<SourceResult<WaterResult[]>> {
  const pageSize = Math.max(1, Math.min(params.pageSize, HUBEAU_MAX_RESULTS));
  const maxResults = Math.max(pageSize, Math.min(params.maxResults, HUBEAU_MAX_RESULTS));
  const pageUrl = (page: number) => {
    const query = new URLSearchParams({
      code_commune: params.communeCode,
      date_min_prelevement: params.since.slice(0, 10),
      sort: "desc",
      size: String(pageSize),
      page: String(page),
      fields: WATER_RESULT_FIELDS.join(","),
    });
    if (params.until) query.set("date_max_prelevement", params.until.slice(0, 10));
    if (params.parameterCodes && params.parameterCodes.length > 0) query.set("code_parametre", params.parameterCodes.join(","));
    return `${opts.baseUrl}/resultats_dis?${query}`;
  };
  const first = await fetchJson({ ...opts, url: pageUrl(1) }, waterResultsResponseSchema);
  if (!first.ok) return first;
  const total = Math.min(first.data.count ?? first.data.data.length, maxResults);
  const pages = first.data.data.length < pageSize ? 1 : Math.ceil(total / pageSize);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, index) => fetchJson({ ...opts, url: pageUrl(index + 2) }, waterResultsResponseSchema)),
  );
  const data = mapWaterResults(first.data);
  for (const page of rest) {
    if (!page.ok) return page;
    data.push(...mapWaterResults(page.data));
  }
  return { ok: true, data };
}

const DAY_MS = 24 * 3600 * 1000;

type DepartmentRead = { department: string; since: string; until: string; pageSize: number; beforeRequest?: () => Promise<void> };

/**
 * Every record of a département with a sample in `since`…`until` (YYYY-MM-DD, both inclusive),
 * page by page: `GET {baseUrl}/resultats_dis?code_departement=XX&date_min_prelevement=…
 * &date_max_prelevement=…&fields=…&size=…&page=…`, each page handed to `onPage` and dropped, so
 * memory holds one page whatever the window. Hub'Eau serves at most 20 000 results of one query:
 * a window with more is split in two halves that share their middle day (whether
 * date_max_prelevement includes its whole day is not documented; a day read twice costs nothing,
 * a day read by neither half would hide a sample — callers fold records idempotently). A window
 * of two days or less that still holds more fails the read, and so does any failed page.
 */
async function readDepartmentWindow<T extends z.ZodType<{ data: unknown[]; count?: number | null | undefined }>>(
  opts: SourceOptions,
  params: DepartmentRead & { fields: readonly string[] },
  schema: T,
  onPage: (page: z.infer<T>) => void,
): Promise<{ result: SourceResult<null>; requests: number }> {
  const pageSize = Math.max(1, Math.min(params.pageSize, HUBEAU_MAX_RESULTS));
  let requests = 0;
  const pageUrl = (since: string, until: string, page: number) => {
    const query = new URLSearchParams({
      code_departement: params.department,
      date_min_prelevement: since,
      date_max_prelevement: until,
      fields: params.fields.join(","),
      size: String(pageSize),
      page: String(page),
    });
    return `${opts.baseUrl}/resultats_dis?${query}`;
  };
  const get = async (since: string, until: string, page: number) => {
    await params.beforeRequest?.();
    requests += 1;
    return fetchJson({ ...opts, url: pageUrl(since, until, page) }, schema);
  };

  async function readWindow(since: string, until: string): Promise<SourceResult<null>> {
    const first = await get(since, until, 1);
    if (!first.ok) return first;
    const count = first.data.count ?? first.data.data.length;
    if (count > HUBEAU_MAX_RESULTS) {
      const days = Math.round((Date.parse(until) - Date.parse(since)) / DAY_MS);
      if (days < 2) return { ok: false, reason: "invalid", detail: `more than ${HUBEAU_MAX_RESULTS} results in a window of ${days + 1} days` };
      const middle = new Date(Date.parse(since) + Math.floor(days / 2) * DAY_MS).toISOString().slice(0, 10);
      const earlier = await readWindow(since, middle);
      if (!earlier.ok) return earlier;
      return readWindow(middle, until);
    }
    onPage(first.data);
    const pages = first.data.data.length < pageSize ? 1 : Math.ceil(count / pageSize);
    for (let page = 2; page <= pages; page += 1) {
      const next = await get(since, until, page);
      if (!next.ok) return next;
      onPage(next.data);
    }
    return { ok: true, data: null };
  }

  const result = await readWindow(params.since.slice(0, 10), params.until.slice(0, 10));
  return { result, requests };
}

/**
 * The newest sample date and the sample codes of every commune of a département that has a sample
 * in `since`…`until`, asking only `code_commune,code_prelevement,date_prelevement`
 * (readDepartmentWindow): a sample code its digest does not know is news, even when it is dated
 * before the newest known (published late). A failed read makes the caller fall back to the
 * per-commune reads for that département. Returns entries (plain data the cache can keep).
 */
export async function fetchDepartmentSampleDates(
  opts: SourceOptions,
  params: DepartmentRead,
): Promise<{ result: SourceResult<Array<[string, string, string[]]>>; requests: number }> {
  const communes = new Map<string, CommuneSamples>();
  const read = await readDepartmentWindow(
    opts,
    { ...params, fields: ["code_commune", "code_prelevement", "date_prelevement"] },
    sampleDatesResponseSchema,
    (page) => foldSampleDates(communes, page),
  );
  return {
    result: read.result.ok ? { ok: true, data: [...communes].map(([commune, samples]) => [commune, samples.newest, [...samples.codes].sort()]) } : read.result,
    requests: read.requests,
  };
}

/**
 * Every result of a département in `since`…`until` with the fields the evaluation maps, handed
 * page by page to `onResults` as (commune, result) pairs; records without a commune are skipped.
 * Nothing is kept here: the caller folds each page into its digests (decision 049).
 */
export async function fetchDepartmentResults(
  opts: SourceOptions,
  params: DepartmentRead & { onResults: (results: Array<{ commune: string; result: WaterResult }>) => void },
): Promise<{ result: SourceResult<null>; requests: number }> {
  return readDepartmentWindow(opts, { ...params, fields: [...WATER_RESULT_FIELDS, "code_commune"] }, waterResultsResponseSchema, (page) => {
    const results: Array<{ commune: string; result: WaterResult }> = [];
    for (const item of page.data) {
      const commune = item.code_commune?.trim();
      if (commune) results.push({ commune, result: mapWaterResult(item) });
    }
    params.onResults(results);
  });
}
