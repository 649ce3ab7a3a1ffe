// Browser-side calls to our own API. Errors carry the French message the API sent, or a generic
// one when the network itself failed, so the UI never shows a raw exception.
import type { Address, Report } from "../core/types.ts";

export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

const NETWORK_MESSAGE = "Impossible de joindre le service. Vérifiez votre connexion puis réessayez.";

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(NETWORK_MESSAGE, 0);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    throw new ApiError("Réponse inattendue du service. Veuillez réessayer dans quelques instants.", response.status);
  }
  if (!response.ok) {
    const message =
      body && typeof body === "object" && "error" in body && typeof body.error === "string"
        ? body.error
        : "Le service a rencontré un problème. Veuillez réessayer dans quelques instants.";
    throw new ApiError(message, response.status);
  }
  return body as T;
}

export async function fetchSuggestions(query: string, signal: AbortSignal): Promise<Address[]> {
  const params = new URLSearchParams({ q: query, limit: "8" });
  const body = await getJson<{ results: Address[] }>(`/api/geocode?${params}`, signal);
  return body.results.slice(0, 8);
}

/** What identifies an analysed address: enough to rebuild the report from a shared link. */
export interface ReportRequest {
  lat: number;
  lon: number;
  citycode: string;
  label: string;
  postcode?: string | undefined;
  city?: string | undefined;
  udi?: string | undefined;
}

export function toReportParams(request: ReportRequest | { q: string; udi?: string | undefined }): URLSearchParams {
  const params = new URLSearchParams();
  if ("q" in request) {
    params.set("q", request.q);
  } else {
    params.set("lat", String(request.lat));
    params.set("lon", String(request.lon));
    params.set("citycode", request.citycode);
    params.set("label", request.label);
    if (request.postcode) params.set("postcode", request.postcode);
    if (request.city) params.set("city", request.city);
  }
  if (request.udi) params.set("udi", request.udi);
  return params;
}

export function fetchReport(request: ReportRequest | { q: string; udi?: string | undefined }, signal?: AbortSignal): Promise<Report> {
  return getJson<Report>(`/api/report?${toReportParams(request)}`, signal);
}

/** Reads an analysed address back from the page URL (reload, shared link); null when absent or partial. */
export function readReportRequest(search: string): ReportRequest | null {
  const params = new URLSearchParams(search);
  const lat = Number(params.get("lat"));
  const lon = Number(params.get("lon"));
  const citycode = params.get("citycode");
  if (!params.get("lat") || !params.get("lon") || !citycode || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return {
    lat,
    lon,
    citycode,
    label: params.get("label") ?? "",
    postcode: params.get("postcode") ?? undefined,
    city: params.get("city") ?? undefined,
    udi: params.get("udi") ?? undefined,
  };
}
