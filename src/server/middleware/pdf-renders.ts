// The service-wide ceiling on PDF rendering (issue 22): a PDF costs tens of milliseconds of CPU,
// and the per-IP and per-account limits alone let many sources together take a machine's CPU.
// Two bounds: PDFs being made at once, per process (Node) or isolate (Workers), and PDFs per
// minute for the whole service, counted in the database (decision 058).
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../deps.ts";
import { incrementRateLimitWindow } from "../db/repositories/rate-limits.ts";
import { jsonError } from "../http-errors.ts";
import { describeError } from "../logger.ts";

export const PDF_BUSY_MESSAGE = "Trop de rapports PDF sont demandés en ce moment. Veuillez réessayer dans quelques instants.";

/** How long a client refused for want of a free slot is asked to wait (a PDF takes well under a second). */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Put after the route's own limits (per IP, per account) and its validation, so that refused or
 * invalid requests spend nothing of the service's budget. A full house answers 503 with
 * Retry-After. The counter store failing lets PDFs through (a public read, decision 013); the
 * slots still bound the CPU.
 */
export const limitPdfRenders = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get("deps");
  const release = c.get("pdfRenderSlots").tryEnter();
  if (!release) {
    if (c.get("pdfRenderSlots").takeLogTurn(deps.clock().getTime())) {
      deps.log({ level: "warn", message: "pdf renders at their ceiling: PDFs refused", fields: { concurrent: deps.config.PDF_MAX_CONCURRENT } });
    }
    c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
    return jsonError(c, 503, PDF_BUSY_MESSAGE, "pdf_busy");
  }
  try {
    const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
    const windowStartSeconds = nowSeconds - (nowSeconds % 60);
    let count = 0;
    try {
      count = await incrementRateLimitWindow(deps.db, { scope: "pdf-renders-minute", bucketKey: "service", windowStartSeconds });
    } catch (error) {
      deps.log({ level: "warn", message: "pdf budget store unavailable", fields: describeError(error) });
    }
    const limit = deps.config.PDF_GLOBAL_PER_MINUTE;
    if (count > limit) {
      if (count === limit + 1) deps.log({ level: "warn", message: "pdf budget reached: PDFs refused until the minute ends", fields: { limit } });
      c.header("Retry-After", String(windowStartSeconds + 60 - nowSeconds));
      return jsonError(c, 503, PDF_BUSY_MESSAGE, "pdf_busy");
    }
    await next();
  } finally {
    release();
  }
});
