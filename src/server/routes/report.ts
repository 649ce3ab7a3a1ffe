import { Hono } from "hono";
import { validator } from "hono/validator";
import { z } from "zod";
import { isValidInseeCode } from "../../core/shared/commune.ts";
import { isInFrance } from "../../core/shared/geo.ts";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";
import { rateLimitByIp } from "../middleware/rate-limit.ts";
import { buildReport, type ReportAddress } from "../services/report.ts";
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

export const reportRoutes = new Hono<AppEnv>().get(
  "/",
  rateLimitByIp((config) => ({ scope: "report", limit: config.RATE_LIMIT_REPORT_PER_MINUTE, windowSeconds: 60, failOpen: true })),
  validator("query", (value, c): ReportQuery | Response => {
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
  }),
  async (c) => {
    const deps = c.get("deps");
    const query = c.req.valid("query");
    let address: ReportAddress;
    if (query.kind === "coordinates") {
      const { lat, lon, citycode, label, postcode, city } = query.value;
      address = {
        label: label || `${lat.toFixed(5)}, ${lon.toFixed(5)}`,
        latitude: lat,
        longitude: lon,
        citycode,
        ...(postcode ? { postcode } : {}),
        ...(city ? { city } : {}),
      };
    } else {
      const found = await deps.sources.searchAddresses({ q: query.value.q, limit: 1 });
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
      address = first;
    }
    const report = await buildReport(deps.sources, { address, udiCode: query.value.udi, now: deps.clock() });
    // Shared links hit the same URL: let browsers and CDNs reuse it for a few minutes.
    c.header("Cache-Control", "public, max-age=300");
    return c.json(report);
  },
);
