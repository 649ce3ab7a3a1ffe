import type { z } from "zod";
import type { SourceResult } from "../core/types.ts";

/** What every upstream client receives: where the upstream is and how long we wait for it. */
export interface SourceOptions {
  baseUrl: string;
  timeoutMs: number;
  /** injected in tests or on platforms with a special fetch; defaults to the global one */
  fetch?: typeof fetch;
}

const USER_AGENT = "ZoneSante/1.0 (+https://zone-sante.fr)";

/**
 * GETs a JSON document and validates it with `schema`. Never throws: every failure becomes a
 * `SourceResult` reason, so one broken upstream only blanks its own section of a report.
 *
 * - 2xx is success (Hub'Eau answers 206 Partial Content when the page is not the whole result).
 * - An empty 2xx body is validated as `null`: VigiEau sometimes answers "no zone" with no body,
 *   and only a schema that accepts null turns that into data; for the others it is "invalid".
 * - The timeout covers the body too: an upstream that sends headers and then stalls must not
 *   hold a report past its budget.
 * - Details never contain the URL: queries carry addresses and coordinates (personal data).
 */
export async function fetchJson<S extends z.ZodType>(
  /** headers: extra request headers (an API key); never logged */
  options: { url: string; timeoutMs: number; fetch?: typeof fetch; headers?: Record<string, string> },
  schema: S,
): Promise<SourceResult<z.infer<S>>> {
  const body = await fetchBody({ ...options, accept: "application/json" }, (response) => response.text());
  if (!body.ok) return body;
  const text = body.data;

  let payload: unknown;
  if (text.trim() === "") {
    payload = null;
  } else {
    try {
      payload = JSON.parse(text);
    } catch {
      return { ok: false, reason: "invalid", detail: "response is not valid JSON" };
    }
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join(".") : "(root)";
    return { ok: false, reason: "invalid", detail: `unexpected payload at ${where}: ${issue?.message ?? "schema mismatch"}` };
  }
  return { ok: true, data: parsed.data };
}

/**
 * GETs a document as bytes (pages in Windows-1252, which `response.text()` would misread), with
 * the same failure mapping and timeout as fetchJson.
 */
export async function fetchBytes(options: { url: string; timeoutMs: number; fetch?: typeof fetch; accept?: string }): Promise<SourceResult<Uint8Array>> {
  return fetchBody({ ...options, accept: options.accept ?? "*/*" }, async (response) => new Uint8Array(await response.arrayBuffer()));
}

/** The GET both readers share: status mapping, and a timeout that covers the body too. */
async function fetchBody<T>(
  options: { url: string; timeoutMs: number; fetch?: typeof fetch; accept: string; headers?: Record<string, string> },
  read: (response: Response) => Promise<T>,
): Promise<SourceResult<T>> {
  const doFetch = options.fetch ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await doFetch(options.url, { method: "GET", headers: { ...options.headers, Accept: options.accept, "User-Agent": USER_AGENT }, signal });
    if (response.status === 404) {
      await discardBody(response);
      return { ok: false, reason: "not_found", detail: "HTTP 404" };
    }
    if (response.status < 200 || response.status > 299) {
      await discardBody(response);
      return { ok: false, reason: "http", detail: `HTTP ${response.status}`, status: response.status };
    }
    return { ok: true, data: await readUntilAborted(response, signal, read) };
  } catch (error) {
    if (signal.aborted || isAbortError(error)) {
      return { ok: false, reason: "timeout", detail: `no complete answer within ${options.timeoutMs} ms` };
    }
    return { ok: false, reason: "network", detail: describeError(error) };
  }
}

/**
 * An injected fetch may not tie the body stream to the signal; racing the read against the
 * signal keeps the timeout honest whatever fetch implementation is used.
 */
async function readUntilAborted<T>(response: Response, signal: AbortSignal, read: (response: Response) => Promise<T>): Promise<T> {
  if (signal.aborted) throw signal.reason;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      void response.body?.cancel().catch(() => undefined);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException("aborted", "AbortError"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([read(response), aborted]);
  } finally {
    if (onAbort) signal.removeEventListener("abort", onAbort);
  }
}

async function discardBody(response: Response): Promise<void> {
  // Releasing the body frees the connection for the keep-alive pool; its content is not needed.
  try {
    await response.body?.cancel();
  } catch {
    // The connection is being torn down anyway: nothing more to release.
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    // undici wraps the socket error (ECONNREFUSED, ENOTFOUND…) in `cause`: that is the useful part.
    const cause = error.cause;
    if (cause instanceof Error && "code" in cause && typeof cause.code === "string") return `${error.message} (${cause.code})`;
    return error.message;
  }
  return String(error);
}
