import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";

export const MAX_JSON_BYTES = 16 * 1024;

export function payloadTooLarge(c: Context) {
  return jsonError(c, 413, "La requête est trop volumineuse.", "payload_too_large");
}

/**
 * The body as text, or null once it passes `maxBytes`. The limit is counted on the bytes as they
 * stream in, whatever Content-Length says (absent with chunked encoding, or lying): reading stops
 * at the first chunk over the limit, so an oversize body is never buffered. A declared length
 * over the limit is refused before reading anything.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string | null> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= maxBytes)) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Stop the upload; the runtime drains or closes the connection after the 413 answer.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Validates a JSON body with a zod schema and exposes it as `c.req.valid("json")`. French 4xx
 * answers for a wrong content type, an oversize body, malformed JSON or an invalid field — Hono's
 * own json validator would answer malformed JSON in English.
 */
export function jsonBody<S extends z.ZodType>(schema: S): MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async (c, next) => {
    if (!/^application\/([\w.-]+\+)?json\b/i.test(c.req.header("content-type") ?? "")) {
      return jsonError(c, 415, "Le corps de la requête doit être au format JSON.", "unsupported_media_type");
    }
    const text = await readBodyText(c.req.raw, MAX_JSON_BYTES);
    if (text === null) return payloadTooLarge(c);
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      return jsonError(c, 400, "Le corps de la requête n'est pas un JSON valide.", "malformed_json");
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return jsonError(c, 400, parsed.error.issues[0]?.message ?? "Requête invalide.", "invalid_body");
    c.req.addValidatedData("json", parsed.data as object);
    await next();
  };
}
