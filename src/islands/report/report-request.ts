// The address a report is for, as the URL of the page and of /api/report carry it. The label,
// postcode and city travel with the signature the server gave them (decision 055): without it,
// the server ignores them and names the place from the BAN, so the page never shows them itself.
import { REPORT_STREAM_TYPE } from "../../core/report/stream.ts";
import { sectionFields } from "../../core/report/sections.ts";
import type { PartialReport, SectionDocuments, SiteReportAnswer } from "../../core/report/compose.ts";
import type { PickedAddress, ReportAnswer, SignedAddress } from "../../core/types.ts";
import type { ResolvedAddressAnswer } from "../../server/routes/geocode.ts";
import { ApiError, NETWORK_MESSAGE, readJsonAnswer, requestJson } from "../lib/api.ts";

/**
 * A report on its way, as the stream has brought it so far: its address signed, as in the whole
 * answer, and the documents of the sections arrived (decision 095).
 */
export type PartialReportAnswer = Omit<PartialReport, "address"> & { address: SignedAddress; documents?: SectionDocuments | undefined };

/** What identifies an analysed address: enough to rebuild the report from a shared link. */
export interface ReportRequest {
  lat: number;
  lon: number;
  citycode: string;
  label: string;
  postcode?: string | undefined;
  city?: string | undefined;
  /** the server's signature of the address (a suggestion's, a report's), sent back unchanged */
  signature?: string | undefined;
  udi?: string | undefined;
}

/** The request that rebuilds a report: its address as the server resolved it, and the network asked for. */
export function reportRequestOf(report: Pick<ReportAnswer, "address">, udi: string | undefined): ReportRequest {
  return {
    lat: report.address.latitude,
    lon: report.address.longitude,
    citycode: report.address.citycode,
    label: report.address.label,
    postcode: report.address.postcode || undefined,
    city: report.address.city || undefined,
    signature: report.address.signature,
    udi,
  };
}

/** Typed text the server geocodes itself (the best match), when no suggestion was picked. */
export type TextReportRequest = { q: string; udi?: string | undefined };
export type AnyReportRequest = ReportRequest | TextReportRequest;

/** The network a shared link names: only when the address has several, as the chooser shows. */
export function sharedRequestOf(report: ReportAnswer): ReportRequest {
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
    if (request.signature) params.set("signature", request.signature);
  }
  if (request.udi) params.set("udi", request.udi);
  return params;
}

/** One string per request, the same as the page URL's query: the key of the in-memory report cache. */
export function reportKeyOf(request: AnyReportRequest): string {
  return toReportParams(request).toString();
}

/** Every field of the whole answer has arrived: every section, then the recommendations, and the sections' documents. */
export function isWholeReport(report: PartialReportAnswer): report is SiteReportAnswer {
  return report.documents !== undefined && [...sectionFields(), "recommendations"].every((field) => (report as Record<string, unknown>)[field] !== undefined);
}

const CUT_SHORT = "Le bilan n'a pas pu être lu jusqu'au bout. Veuillez réessayer.";

/**
 * The report streamed (decision 067): `onPart` gets the report as it stands after each line (the
 * head first, then each section as its source answers, with its document: decision 095); the
 * promise, the whole report. An error before the stream (4xx, 5xx) is the API's French JSON; a
 * whole JSON answer (something on the way that dropped our Accept) is taken as is if it carries the
 * sections' documents, and is a report cut short if not (the public JSON form carries none: the
 * page cannot lay it out).
 */
export async function streamReport(request: AnyReportRequest, onPart: (report: PartialReportAnswer) => void, signal?: AbortSignal): Promise<SiteReportAnswer> {
  let response: Response;
  try {
    response = await fetch(`/api/report?${toReportParams(request)}`, {
      signal,
      credentials: "same-origin",
      headers: { Accept: `${REPORT_STREAM_TYPE}, application/json;q=0.9` },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(NETWORK_MESSAGE, 0);
  }
  if (!response.ok || !response.body || !(response.headers.get("Content-Type") ?? "").startsWith(REPORT_STREAM_TYPE)) {
    const whole = await readJsonAnswer<SiteReportAnswer>(response);
    if (!isWholeReport(whole)) throw new ApiError(CUT_SHORT, 502);
    return whole;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let report: PartialReportAnswer | null = null;
  let pending = "";
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new ApiError(NETWORK_MESSAGE, 0);
    }
    if (chunk.done) break;
    pending += chunk.value;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (line.trim() === "") continue;
      const part = JSON.parse(line) as Partial<SiteReportAnswer> & { error?: string; code?: string };
      if (typeof part.error === "string") throw new ApiError(part.error, 500, part.code ?? null);
      // Each line's documents join those already arrived (decision 095).
      report = { ...report, ...part, documents: { ...report?.documents, ...part.documents } } as PartialReportAnswer;
      onPart(report);
    }
  }
  if (!report || !isWholeReport(report)) throw new ApiError(CUT_SHORT, 502);
  return report;
}

/**
 * The address a link names, as the server names it (its signature checked, else the BAN's address
 * at the point): what a page shows of a link's address before anything else.
 */
export async function fetchLinkedAddress(request: ReportRequest, signal?: AbortSignal): Promise<SignedAddress> {
  const { udi: _udi, ...address } = request;
  const answer = await requestJson<ResolvedAddressAnswer>("GET", `/api/geocode/resolve?${toReportParams(address)}`, { signal });
  return answer.address;
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
    signature: params.get("signature") ?? undefined,
    udi: params.get("udi") ?? undefined,
  };
}

/** The address of a report, as a sign-up or an account sends it (with its signature); null when its label is too short to be one. */
export function pickedAddressOfReport(request: ReportRequest): (PickedAddress & { signature?: string | undefined }) | null {
  if (request.label.trim().length < 3) return null;
  return {
    label: request.label,
    latitude: request.lat,
    longitude: request.lon,
    citycode: request.citycode,
    postcode: request.postcode ?? "",
    city: request.city ?? "",
    ...(request.signature ? { signature: request.signature } : {}),
  };
}
