import type { SourceResult } from "../../core/types.ts";
import type { VigilanceBulletin } from "./types.ts";
import { fetchJson, type SourceOptions } from "../../sources/http.ts";
import { vigilanceMapSchema } from "./meteofrance-schema.server.ts";
import { mapVigilanceBulletin } from "./meteofrance-to-domain.server.ts";

/**
 * `GET {baseUrl}/cartevigilance/encours` with the header `apikey: <key>` (Météo-France's API
 * portal, « Données Publiques Vigilance »): the national map, one call for every département.
 * Without a key nothing is asked: the section says the service is not configured.
 */
export async function fetchVigilanceBulletin(opts: SourceOptions & { apiKey: string | undefined }): Promise<SourceResult<VigilanceBulletin>> {
  if (!opts.apiKey) return { ok: false, reason: "not_configured", detail: "METEOFRANCE_API_KEY is not set" };
  const result = await fetchJson(
    {
      url: `${opts.baseUrl}/cartevigilance/encours`,
      timeoutMs: opts.timeoutMs,
      headers: { apikey: opts.apiKey },
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    },
    vigilanceMapSchema,
  );
  return result.ok ? { ok: true, data: mapVigilanceBulletin(result.data) } : result;
}
