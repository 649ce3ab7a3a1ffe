// The service-wide ceiling on PDF rendering (issue 22): a PDF costs tens of milliseconds of CPU,
// and the per-IP and per-account limits alone let many sources together take a machine's CPU.
// Two bounds: PDFs being made at once (slots: the process's on Node, one Durable Object's for the
// whole service on Workers), and PDFs per minute for the whole service, counted in the database
// (decision 058). Each bound is shared fairly (decision 089): one client holds at most one slot
// and at most an eighth of the minute's PDFs, and a quarter of both is kept for account PDFs, so
// that strangers' public PDFs never refuse an owner's.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { clientKeyOf } from "../client-ip.ts";
import type { AppEnv } from "../deps.ts";
import { decrementRateLimitWindow, incrementRateLimitWindow } from "../db/repositories/rate-limits.ts";
import { jsonError } from "../http-errors.ts";
import { describeError } from "../logger.ts";
import { hashKey } from "../services/rate-limit.ts";
import type { PdfRenderKind } from "./pdf-render-slots.ts";

export const PDF_BUSY_MESSAGE = "Trop de rapports PDF sont demandés en ce moment. Veuillez réessayer dans quelques instants.";
export const PDF_SHARE_MESSAGE = "Vous avez demandé trop de rapports PDF en une minute. Veuillez réessayer d'ici une minute.";

/** How long a client refused for want of a free slot is asked to wait (a PDF takes well under a second). */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** One client's share of the minute's PDFs: an eighth of the ceiling, at least 2 (decision 089). */
export function pdfClientShare(perMinute: number): number {
  return Math.max(2, Math.floor(perMinute / 8));
}

/** The minute's PDFs kept for account PDFs: public PDFs stop a quarter before the ceiling (decision 089). */
export function pdfAccountReserve(perMinute: number): number {
  return Math.floor(perMinute / 4);
}

/**
 * Who asks, hashed: the signed-in account for its PDF (however many devices), the IP (IPv6 by
 * /64) for a public one, as the route's own rate limit counts it.
 */
async function pdfClientOf(c: Context<AppEnv>, kind: PdfRenderKind): Promise<string> {
  const deps = c.get("deps");
  const userId = kind === "account" ? c.get("auth")?.user.id : undefined;
  const key = userId !== undefined ? `account:${userId}` : `ip:${clientKeyOf(deps.clientIp(c))}`;
  return hashKey(`pdf:${key}`, deps.appSecret);
}

/**
 * Put after the route's own limits (per IP, per account) and its validation, so that refused or
 * invalid requests spend nothing of the service's budget. A full house answers 503 with
 * Retry-After; a client past its share of the minute, 429. The counter store failing lets PDFs
 * through (a public read, decision 013); the slots still bound the CPU.
 */
export function limitPdfRenders(kind: PdfRenderKind) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const deps = c.get("deps");
    const slots = c.get("pdfRenderSlots");
    const client = await pdfClientOf(c, kind);
    const release = await slots.tryEnter(client, kind);
    if (!release) {
      if (slots.takeLogTurn("slots", deps.clock().getTime())) {
        deps.log({ level: "warn", message: "pdf renders at their ceiling: PDFs refused", fields: { concurrent: deps.config.PDF_MAX_CONCURRENT } });
      }
      c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
      return jsonError(c, 503, PDF_BUSY_MESSAGE, "pdf_busy");
    }
    try {
      const nowMs = deps.clock().getTime();
      const nowSeconds = Math.floor(nowMs / 1000);
      const windowStartSeconds = nowSeconds - (nowSeconds % 60);
      const retryAfter = String(windowStartSeconds + 60 - nowSeconds);
      const limit = deps.config.PDF_GLOBAL_PER_MINUTE;
      const count = async (scope: string, bucketKey: string): Promise<number> => {
        try {
          return await incrementRateLimitWindow(deps.db, { scope, bucketKey, windowStartSeconds });
        } catch (error) {
          deps.log({ level: "warn", message: "pdf budget store unavailable", fields: describeError(error) });
          return 0;
        }
      };

      // The client's share first: a client past it spends nothing of the service's minute.
      const share = pdfClientShare(limit);
      if ((await count("pdf-renders-client-minute", client)) > share) {
        if (slots.takeLogTurn("share", nowMs))
          deps.log({ level: "warn", message: "pdf share reached: a client's PDFs refused until the minute ends", fields: { share } });
        c.header("Retry-After", retryAfter);
        return jsonError(c, 429, PDF_SHARE_MESSAGE, "pdf_share");
      }

      const ceiling = kind === "account" ? limit : limit - pdfAccountReserve(limit);
      const made = await count("pdf-renders-minute", "service");
      if (made > ceiling) {
        // Given back: a refused PDF is not made, so refused public PDFs never eat the owners' reserve.
        await decrementRateLimitWindow(deps.db, { scope: "pdf-renders-minute", bucketKey: "service", windowStartSeconds }).catch((error: unknown) =>
          deps.log({ level: "warn", message: "pdf budget store unavailable", fields: describeError(error) }),
        );
        if (slots.takeLogTurn("budget", nowMs))
          deps.log({ level: "warn", message: "pdf budget reached: PDFs refused until the minute ends", fields: { limit } });
        c.header("Retry-After", retryAfter);
        return jsonError(c, 503, PDF_BUSY_MESSAGE, "pdf_busy");
      }
      await next();
    } finally {
      await release();
    }
  });
}
