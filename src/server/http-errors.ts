import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { frenchTypography } from "../core/shared/format.ts";

/** The single JSON error shape of the API: a French message for people, a stable code for code. */
export function jsonError(c: Context, status: ContentfulStatusCode, message: string, code = "bad_request") {
  return c.json({ error: frenchTypography(message), code }, status);
}
