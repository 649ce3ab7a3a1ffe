import { Hono, type Context } from "hono";
import { hasFailedSection } from "../../core/report/sections.ts";
import { createFactory } from "hono/factory";
import { stream } from "hono/streaming";
import { validator } from "hono/validator";
import type { z } from "zod";
import { isInFrance } from "../../core/shared/geo.ts";
import { publicApiRateLimits } from "../api/rate-limits.ts";
import { reportByCoordinatesQuery, reportByTextQuery } from "../api/schemas.ts";
import type { Report, ReportAnswer } from "../../core/types.ts";
import type { AppDeps, AppEnv } from "../deps.ts";
import { deferTask } from "../defer.ts";
import { jsonError } from "../http-errors.ts";
import { etagOf, matchesEtag, type StoredAnswer } from "../cache/answers.ts";
import { limitPdfRenders } from "../middleware/pdf-renders.ts";
import { hashedClientKey, rateLimitByIp } from "../middleware/rate-limit.ts";
import { renderReportPdf } from "../pdf/report-pdf.ts";
import { refusal } from "../refusals.ts";
import { buildReport, type ReportAddress } from "../services/report.ts";
import { REPORT_STREAM_TYPE, type ReportPart } from "../../core/report/index.ts";
import { presentDocuments } from "../../core/report/present.ts";
import { pdfFileName } from "../services/account-reports.ts";
import { resolveReportPoint, signAddress } from "../services/geocoded-address.ts";
import { unresolvedPointRefusal } from "./geocode.ts";

/**
 * The app's dependencies for this request's client: its upstream calls count in its own share of each
 * upstream's budget (decision 088), as its reports count in its rate limit.
 */
async function depsOfClient(c: Context<AppEnv>): Promise<AppDeps> {
  const deps = c.get("deps");
  return { ...deps, sources: deps.sources.forClient(await hashedClientKey(c)) };
}

type ReportQuery = { kind: "coordinates"; value: z.output<typeof reportByCoordinatesQuery> } | { kind: "text"; value: z.output<typeof reportByTextQuery> };

const reportQuery = validator("query", (value, c): ReportQuery | Response => {
  const hasCoordinates = value.lat !== undefined || value.lon !== undefined || value.citycode !== undefined;
  if (!hasCoordinates && value.q === undefined) {
    return jsonError(c, 400, "Indiquez une adresse (q) ou des coordonnées (lat, lon), avec le code commune (citycode) si vous le connaissez.");
  }
  if (hasCoordinates) {
    const parsed = reportByCoordinatesQuery.safeParse(value);
    if (!parsed.success) return jsonError(c, 400, parsed.error.issues[0]?.message ?? "Requête invalide.");
    if (!isInFrance(parsed.data.lat, parsed.data.lon)) throw refusal("pointOutsideFrance");
    return { kind: "coordinates", value: parsed.data };
  }
  const parsed = reportByTextQuery.safeParse(value);
  if (!parsed.success) return jsonError(c, 400, parsed.error.issues[0]?.message ?? "Requête invalide.");
  return { kind: "text", value: parsed.data };
});

/**
 * The address a report is for (a refusal thrown otherwise): a signed pick as is, else the BAN's own
 * address at the point (decision 055), or the BAN's best match for free text. Never the label,
 * postcode or city the request wrote.
 */
async function resolveReportAddress(c: Context<AppEnv>, deps: AppDeps, query: ReportQuery): Promise<ReportAddress> {
  if (query.kind === "coordinates") {
    const { lat, lon, citycode, label, postcode, city, signature } = query.value;
    const resolved = await resolveReportPoint(deps, { latitude: lat, longitude: lon, citycode, label, postcode, city, signature });
    if (resolved.kind !== "ok") throw unresolvedPointRefusal(c, resolved);
    return resolved.address;
  }
  const found = await deps.sources.searchAddresses({ q: query.value.q, limit: 1 });
  if (!found.ok) throw refusal("addressSearchUnavailable");
  const first = found.data[0];
  if (!first) throw refusal("searchedAddressNotFound");
  if (!isInFrance(first.latitude, first.longitude)) throw refusal("addressOutsideFrance");
  return first;
}

/** A section whose source failed: the report shows « Indisponible » there until the source recovers. */
/**
 * Shared links hit the same URL: browsers and CDNs may reuse a complete report for a few minutes.
 * A report with a failed section is never stored (issue 23: « Indisponible » kept five minutes after
 * the source recovers), and one whose bathing site's live page is still being read in the background
 * is revalidated, so that the next load shows it.
 */
function reportCacheControl(report: Report): string {
  if (hasFailedSection(report)) return "no-store";
  const liveMissing = report.bathing.sites.some((site) => site.live_read_at === null);
  return liveMissing ? "no-cache" : "public, max-age=300";
}

const reportRateLimit = rateLimitByIp((config) => ({ ...publicApiRateLimits(config).report, publicRead: true, advertise: true }));

const wantsStream = (c: Context<AppEnv>): boolean => (c.req.header("Accept") ?? "").toLowerCase().includes(REPORT_STREAM_TYPE);

/** The key a whole answer is stored under: its route and its query as asked (the address, signed or typed). */
const answerKeyOf = (c: Context<AppEnv>): string => {
  const url = c.req.url;
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
};

/** The stored answer as this request's: 304 when the client holds it already. */
function answerStored(c: Context<AppEnv>, stored: StoredAnswer): Response {
  c.header("ETag", stored.etag);
  c.header("Cache-Control", stored.cacheControl);
  if (matchesEtag(c.req.header("If-None-Match"), stored.etag)) return c.body(null, 304);
  return c.body(stored.body, 200, { "Content-Type": "application/json" });
}

/** A report kept as sent: complete, and every section read now for everyone (no « Données du … » our budget chose for one client). */
const isStorable = (report: Report, cacheControl: string): boolean =>
  cacheControl === "public, max-age=300" &&
  !Object.values(report).some((section) => typeof section === "object" && section !== null && "data_as_of" in section);

/**
 * The whole report as one JSON answer, once every source has answered. A complete one is kept as
 * its bytes for the rest of the minute (decision 094): the same address asked again is answered
 * from them, with their ETag.
 */
async function answerWhole(c: Context<AppEnv>, deps: AppDeps, address: ReportAddress, udiCode: string | undefined): Promise<Response> {
  const report = await buildReport(deps, { address, udiCode, now: deps.clock(), defer: deferTask(c) });
  const cacheControl = reportCacheControl(report);
  // Signed, so that the link the page writes from it names this very address again, with no call.
  const answer = { ...report, address: signAddress(deps.appSecret, report.address) } satisfies ReportAnswer;
  if (!isStorable(report, cacheControl)) {
    c.header("Cache-Control", cacheControl);
    return c.json(answer);
  }
  const body = new TextEncoder().encode(JSON.stringify(answer)) as Uint8Array<ArrayBuffer>;
  const stored: StoredAnswer = { body, etag: await etagOf(body), cacheControl };
  c.get("answerCache").set(answerKeyOf(c), deps.clock().getTime(), stored);
  return answerStored(c, stored);
}

/**
 * The same report streamed as NDJSON (decision 067): the head (the signed address, the commune,
 * the date), then each section the moment its source has answered, then the recommendations,
 * built from all of them. Each line is a piece of the whole answer, with the same fields: merged,
 * they are that answer, and each section's line also carries its document (`documents`), which the
 * page lays out without carrying the sections' presentation code (decision 095). Whether a section
 * failed is known only at the end, after the headers: a stream is never stored (no-store). A failure after the first line is said on a last line.
 */
function answerStream(c: Context<AppEnv>, deps: AppDeps, address: ReportAddress, udiCode: string | undefined): Response {
  c.header("Content-Type", `${REPORT_STREAM_TYPE}; charset=utf-8`);
  c.header("Cache-Control", "no-store");
  // Whatever sits between us and the browser must pass each line on as it comes.
  c.header("X-Accel-Buffering", "no");
  let ended: () => void = () => {};
  c.set(
    "answerEnded",
    new Promise<void>((resolve) => {
      ended = resolve;
    }),
  );
  return stream(
    c,
    async (out) => {
      try {
        // The head first: a section's line carries its document, presented at the head's time and place (decision 095).
        let head: Pick<Report, "address" | "generated_at"> | null = null;
        const send = (part: ReportPart) => {
          if (part.address && part.generated_at) head = { address: part.address, generated_at: part.generated_at };
          const documents = head && !part.address ? presentDocuments(head, part) : {};
          const line = part.address ? { ...part, address: signAddress(deps.appSecret, part.address) } : part;
          void out.writeln(JSON.stringify(Object.keys(documents).length > 0 ? { ...line, documents } : line));
        };
        const report = await buildReport(deps, { address, udiCode, now: deps.clock(), defer: deferTask(c), onPart: send });
        await out.writeln(JSON.stringify({ recommendations: report.recommendations } satisfies ReportPart));
      } finally {
        ended();
      }
    },
    async (error, out) => {
      deps.log({ level: "error", message: "report stream failed", fields: { error: error.name } });
      await out.writeln(JSON.stringify({ error: "Une erreur inattendue s'est produite. Veuillez réessayer.", code: "internal_error" }));
    },
  );
}

/** Validation, rate limit, signature check and address resolution: the same for every form of the answer. */
const reportHandlers = (form: "whole" | "negotiated") =>
  createFactory<AppEnv>().createHandlers(reportRateLimit, reportQuery, async (c) => {
    const query = c.req.valid("query");
    if (form === "negotiated") c.header("Vary", "Accept");
    const streamed = form === "negotiated" && wantsStream(c);
    if (!streamed) {
      const stored = c.get("answerCache").get(answerKeyOf(c), c.get("deps").clock().getTime());
      if (stored) return answerStored(c, stored);
    }
    const deps = await depsOfClient(c);
    const address = await resolveReportAddress(c, deps, query);
    return streamed ? answerStream(c, deps, address, query.value.udi) : answerWhole(c, deps, address, query.value.udi);
  });

/** GET a report as one JSON answer: the public API's /api/v1/report. */
export const getReport = reportHandlers("whole");

export const reportRoutes = new Hono<AppEnv>()
  // The site's own: one JSON answer, or streamed section by section when the island asks for NDJSON.
  .get("/", ...reportHandlers("negotiated"))
  // The same report as a PDF, for any visitor, from the results view.
  .get("/pdf", reportRateLimit, reportQuery, limitPdfRenders("public"), async (c) => {
    const deps = await depsOfClient(c);
    const query = c.req.valid("query");
    const address = await resolveReportAddress(c, deps, query);
    const now = deps.clock();
    try {
      const report = await buildReport(deps, { address, udiCode: query.value.udi, now, defer: deferTask(c) });
      const pdf = await renderReportPdf({ reports: [report], generatedAt: now, siteUrl: deps.config.SITE_URL });
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${pdfFileName(now)}"`,
        // The download stays in this browser only; with a failed section, not even there.
        "Cache-Control": hasFailedSection(report) ? "no-store" : "private, max-age=300",
      });
    } catch (error) {
      deps.log({ level: "error", message: "pdf rendering failed", fields: { error: error instanceof Error ? error.name : "unknown" } });
      return jsonError(c, 500, "Impossible de générer le rapport.", "pdf_failed");
    }
  });
