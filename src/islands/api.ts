// Browser-side calls to our own API. Errors carry the French message the API sent, or a generic
// one when the network itself failed, so the UI never shows a raw exception.
import type { Address, Report } from "../core/types.ts";

export class ApiError extends Error {
  readonly status: number;
  /** the API's stable error code (« invalid_credentials »…), when it sent one */
  readonly code: string | null;
  constructor(message: string, status: number, code: string | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

const NETWORK_MESSAGE = "Impossible de joindre le service. Vérifiez votre connexion puis réessayez.";

/** Calls our API; an error carries the French message the API sent, or a generic one. */
export async function requestJson<T>(method: string, url: string, options: { body?: unknown; signal?: AbortSignal | undefined } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      signal: options.signal,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(options.body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
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
    const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
    const message = typeof record.error === "string" ? record.error : "Le service a rencontré un problème. Veuillez réessayer dans quelques instants.";
    throw new ApiError(message, response.status, typeof record.code === "string" ? record.code : null);
  }
  return body as T;
}

const getJson = <T>(url: string, signal?: AbortSignal) => requestJson<T>("GET", url, { signal });

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

/** The request that rebuilds a report: its address as the server resolved it, and the network asked for. */
export function reportRequestOf(report: Report, udi: string | undefined): ReportRequest {
  return {
    lat: report.address.latitude,
    lon: report.address.longitude,
    citycode: report.address.citycode,
    label: report.address.label,
    postcode: report.address.postcode || undefined,
    city: report.address.city || undefined,
    udi,
  };
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
