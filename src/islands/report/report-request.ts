// The address a report is built for, as the URL of the page and of /api/report carry it.
import type { PickedAddress, Report } from "../../core/types.ts";
import { requestJson } from "../lib/api.ts";

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

/** Typed text the server geocodes itself (the best match), when no suggestion was picked. */
export type TextReportRequest = { q: string; udi?: string | undefined };
export type AnyReportRequest = ReportRequest | TextReportRequest;

/** The network a shared link names: only when the address has several, as the chooser shows. */
export function sharedRequestOf(report: Report): ReportRequest {
  return reportRequestOf(report, report.water_quality.udis.length > 1 ? report.water_quality.udi?.code : undefined);
}

export function toReportParams(request: AnyReportRequest): URLSearchParams {
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

/** One string per request, the same as the page URL's query: the key of the in-memory report cache. */
export function reportKeyOf(request: AnyReportRequest): string {
  return toReportParams(request).toString();
}

export function fetchReport(request: AnyReportRequest, signal?: AbortSignal): Promise<Report> {
  return requestJson<Report>("GET", `/api/report?${toReportParams(request)}`, { signal });
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

/** The address of a report's URL, as a sign-up or an account sends it; null when its label is too short to be one. */
export function pickedAddressOfReport(request: ReportRequest): PickedAddress | null {
  if (request.label.trim().length < 3) return null;
  return {
    label: request.label,
    latitude: request.lat,
    longitude: request.lon,
    citycode: request.citycode,
    postcode: request.postcode ?? "",
    city: request.city ?? "",
  };
}
