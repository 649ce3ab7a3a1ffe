import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { frenchTypography } from "../core/shared/format.ts";

/** The single JSON error shape of the API: a French message for people, a stable code for code. */
export function jsonError(c: Context, status: ContentfulStatusCode, message: string, code = "bad_request") {
  return c.json({ error: frenchTypography(message), code }, status);
}

/**
 * A refusal a person can act on (« Cette adresse est déjà dans votre compte. », 409), thrown where
 * it is decided and answered once, by app.onError, in the API's error shape (decision 081). The
 * catalogue of the domain's refusals is refusals.ts.
 */
export class ApiRefusal extends HTTPException {
  readonly code: string;
  constructor(status: ContentfulStatusCode, message: string, code: string) {
    super(status, { message });
    this.name = "ApiRefusal";
    this.code = code;
  }

  /** The same answer where no onError of ours runs (Hono's default handler asks for this). */
  override getResponse(): Response {
    return Response.json({ error: frenchTypography(this.message), code: this.code }, { status: this.status });
  }
}

/** app.onError's answer to a refusal: what the route returned itself before refusals were thrown. */
export function answerRefusal(c: Context, refusal: ApiRefusal): Response {
  return jsonError(c, refusal.status, refusal.message, refusal.code);
}
