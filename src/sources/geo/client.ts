import type { CommuneEpci, SourceResult } from "../../core/types.ts";
import { fetchJson, type SourceOptions } from "../http.ts";
import { geoCommuneSchema } from "./schema.ts";
import { mapCommuneEpci } from "./to-domain.ts";

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
