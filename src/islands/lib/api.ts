// Browser-side calls to our own API. Errors carry the French message the API sent, or a generic
// one when the network itself failed, so the UI never shows a raw exception.
import type { SignedSuggestion } from "../../core/types.ts";

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

export const NETWORK_MESSAGE = "Impossible de joindre le service. Vérifiez votre connexion puis réessayez.";

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
  return readJsonAnswer<T>(response);
}

/** An answer of our API read as JSON: its body, or an ApiError with the French message it sent. */
export async function readJsonAnswer<T>(response: Response): Promise<T> {
  let body: unknown;
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

/** Any message the API sent (a refusal, or the network message), else the fallback. */
export function apiMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The API's words for a refusal the person can act on (a 4xx other than 401), else the fallback:
 * an outage or an expired session is not explained by the form's own message.
 */
export function refusalMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500 && error.status !== 401 ? error.message : fallback;
}

export async function fetchSuggestions(query: string, signal: AbortSignal): Promise<SignedSuggestion[]> {
  const params = new URLSearchParams({ q: query, limit: "8" });
  const body = await requestJson<{ results: SignedSuggestion[] }>("GET", `/api/geocode?${params}`, { signal });
  return body.results.slice(0, 8);
}
