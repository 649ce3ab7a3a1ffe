import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";

export const MAX_JSON_BYTES = 16 * 1024;

/**
 * Validates a JSON body with a zod schema and exposes it as `c.req.valid("json")`. French 4xx
 * answers for a wrong content type, an oversize body, malformed JSON or an invalid field — Hono's
 * own json validator would answer malformed JSON in English.
 */
export function jsonBody<S extends z.ZodType>(
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async (c, next) => {
    if (!/^application\/([\w.-]+\+)?json\b/i.test(c.req.header("content-type") ?? "")) {
      return jsonError(c, 415, "Le corps de la requête doit être au format JSON.", "unsupported_media_type");
    }
    if (Number(c.req.header("content-length") ?? "0") > MAX_JSON_BYTES) {
      return jsonError(c, 413, "La requête est trop volumineuse.", "payload_too_large");
    }
    const text = await c.req.text();
    if (new TextEncoder().encode(text).length > MAX_JSON_BYTES) return jsonError(c, 413, "La requête est trop volumineuse.", "payload_too_large");
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
