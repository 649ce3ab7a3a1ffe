import { Hono, type Context } from "hono";
import { validator } from "hono/validator";
import { z } from "zod";
import { isValidInseeCode } from "../../core/shared/commune.ts";
import { isInFrance } from "../../core/shared/geo.ts";
import type { AppEnv } from "../deps.ts";
import { deferTask } from "../defer.ts";
import { jsonError } from "../http-errors.ts";
import { rateLimitByIp } from "../middleware/rate-limit.ts";
import { renderReportPdf } from "../pdf/report-pdf.ts";
import { buildReport, type ReportAddress } from "../services/report.ts";
import { pdfFileName } from "../services/account-reports.ts";
import { MAX_QUERY_LENGTH, MIN_QUERY_LENGTH } from "./geocode.ts";

const coordinate = (name: string) =>
  z
    .string({ error: `Le paramètre ${name} est obligatoire.` })
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?$/, { error: `Le paramètre ${name} doit être un nombre décimal (ex. : 48.85).` })
    .transform(Number);

const text = (name: string, max: number) =>
  z.string().trim().max(max, { error: `Le paramètre ${name} est trop long (${max} caractères au plus).` });

const byCoordinates = z.object({
  lat: coordinate("lat"),
  lon: coordinate("lon"),
  citycode: z
    .string({ error: "Le paramètre citycode (code INSEE de la commune) est obligatoire." })
    .trim()
    .toUpperCase()
    .refine(isValidInseeCode, { error: "Le code commune (citycode) doit être un code INSEE valide à 5 caractères." }),
  label: text("label", MAX_QUERY_LENGTH).optional(),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: "Le code postal doit comporter 5 chiffres." })
    .optional(),
  city: text("city", 100).optional(),
  udi: z
    .string()
    .trim()
    .regex(/^[0-9A-Z]{9}$/i, { error: "Le code du réseau de distribution (udi) doit comporter 9 caractères." })
    .optional(),
});

const byText = z.object({
  q: text("q", MAX_QUERY_LENGTH).min(MIN_QUERY_LENGTH, {
    error: `Veuillez saisir une adresse d'au moins ${MIN_QUERY_LENGTH} caractères.`,
  }),
  udi: byCoordinates.shape.udi,
});

type ReportQuery =
  | { kind: "coordinates"; value: z.infer<typeof byCoordinates> }
  | { kind: "text"; value: z.infer<typeof byText> };

const reportQuery = validator("query", (value, c): ReportQuery | Response => {
  const hasCoordinates = value.lat !== undefined || value.lon !== undefined || value.citycode !== undefined;
  if (!hasCoordinates && value.q === undefined) {
    return jsonError(c, 400, "Indiquez une adresse (q) ou des coordonnées (lat, lon) avec le code commune (citycode).");
  }
  if (hasCoordinates) {
    const parsed = byCoordinates.safeParse(value);
    if (!parsed.success) return jsonError(c, 400, parsed.error.issues[0]?.message ?? "Requête invalide.");
    if (!isInFrance(parsed.data.lat, parsed.data.lon)) {
      return jsonError(c, 400, "Ces coordonnées sont en dehors de la France (métropole et départements d'outre-mer).", "outside_france");
    }
    return { kind: "coordinates", value: parsed.data };
  }
  const parsed = byText.safeParse(value);
  if (!parsed.success) return jsonError(c, 400, parsed.error.issues[0]?.message ?? "Requête invalide.");
  return { kind: "text", value: parsed.data };
});

/** The address a report is for: given by coordinates, or geocoded from free text (a Response on failure). */
async function resolveReportAddress(c: Context<AppEnv>, query: ReportQuery): Promise<ReportAddress | Response> {
  if (query.kind === "coordinates") {
    const { lat, lon, citycode, label, postcode, city } = query.value;
    return {
      label: label || `${lat.toFixed(5)}, ${lon.toFixed(5)}`,
      latitude: lat,
      longitude: lon,
      citycode,
      ...(postcode ? { postcode } : {}),
      ...(city ? { city } : {}),
    };
  }
  const found = await c.get("deps").sources.searchAddresses({ q: query.value.q, limit: 1 });
  if (!found.ok) {
    return jsonError(
      c,
      503,
      "La recherche d'adresses est momentanément indisponible. Veuillez réessayer dans quelques instants.",
      "upstream_unavailable",
    );
  }
  const first = found.data[0];
  if (!first) return jsonError(c, 404, "Adresse introuvable. Vérifiez l'orthographe ou choisissez une suggestion.", "address_not_found");
  if (!isInFrance(first.latitude, first.longitude)) {
    return jsonError(c, 400, "Cette adresse est en dehors de la France (métropole et départements d'outre-mer).", "outside_france");
  }
  return first;
}

const reportRateLimit = rateLimitByIp((config) => ({ scope: "report", limit: config.RATE_LIMIT_REPORT_PER_MINUTE, windowSeconds: 60, failOpen: true }));

export const reportRoutes = new Hono<AppEnv>()
  .get("/", reportRateLimit, reportQuery, async (c) => {
    const deps = c.get("deps");
    const query = c.req.valid("query");
    const address = await resolveReportAddress(c, query);
    if (address instanceof Response) return address;
    const report = await buildReport(deps, { address, udiCode: query.value.udi, now: deps.clock(), defer: deferTask(c) });
    // Shared links hit the same URL: let browsers and CDNs reuse it for a few minutes — unless a
    // bathing site's live page is still being read in the background: then the next load shows it.
    const liveMissing = report.bathing.sites.some((site) => site.live_read_at === null);
    c.header("Cache-Control", liveMissing ? "no-cache" : "public, max-age=300");
    return c.json(report);
  })
  // The same report as a PDF, for any visitor, from the results view.
  .get("/pdf", reportRateLimit, reportQuery, async (c) => {
    const deps = c.get("deps");
    const query = c.req.valid("query");
    const address = await resolveReportAddress(c, query);
    if (address instanceof Response) return address;
    const now = deps.clock();
    try {
      const report = await buildReport(deps, { address, udiCode: query.value.udi, now, defer: deferTask(c) });
      const pdf = await renderReportPdf({ reports: [report], generatedAt: now, siteUrl: deps.config.SITE_URL });
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${pdfFileName(now)}"`,
        "Cache-Control": "private, max-age=300",
      });
    } catch (error) {
      deps.log({ level: "error", message: "pdf rendering failed", fields: { error: error instanceof Error ? error.name : "unknown" } });
      return jsonError(c, 500, "Impossible de générer le rapport.", "pdf_failed");
    }
  });
