import type { CommuneEpci, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { geoCommuneListSchema, geoCommuneSchema } from "./schema.ts";
import { mapCommuneEpci, mapCommunesEpci } from "./to-domain.ts";

/**
 * The intercommunality (EPCI) a commune belongs to, from the official API Géo:
 * `GET {baseUrl}/communes/{INSEE}?fields=code,nom,codeEpci,epci` → `{ code, nom, codeEpci,
 * epci: { code, nom } }`; 404 for an unknown code. Arrondissements (75101…) are not communes
 * there: pass the commune's code.
 */
export async function fetchCommuneEpci(opts: SourceOptions, params: { communeCode: string }): Promise<SourceResult<CommuneEpci>> {
  if (!/^\d[0-9AB]\d{3}$/.test(params.communeCode)) return { ok: false, reason: "invalid", detail: "not an INSEE commune code" };
  const url = `${opts.baseUrl}/communes/${encodeURIComponent(params.communeCode)}?fields=code,nom,codeEpci,epci`;
  const result = await fetchJson({ ...opts, url }, geoCommuneSchema);
  return result.ok ? { ok: true, data: mapCommuneEpci(result.data) } : result;
}

/**
 * Every commune's EPCI in one request (about 35 000 communes, ~1 MB):
 * `GET {baseUrl}/communes?fields=code,codeEpci&format=json` — without a filter the API Géo lists
 * every commune (metropolitan and overseas). Used by the alert run's bulk air read; returned as
 * entries (plain data, so the cache can keep it).
 */
export async function fetchCommunesEpci(opts: SourceOptions): Promise<SourceResult<Array<[string, string | null]>>> {
  const result = await fetchJson({ ...opts, url: `${opts.baseUrl}/communes?fields=code,codeEpci&format=json` }, geoCommuneListSchema);
  return result.ok ? { ok: true, data: [...mapCommunesEpci(result.data)] } : result;
}
