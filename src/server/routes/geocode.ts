import { Hono } from "hono";
import { validator } from "hono/validator";
import { z } from "zod";
import type { AppEnv } from "../deps.ts";
import { jsonError } from "../http-errors.ts";
import { rateLimitByIp } from "../middleware/rate-limit.ts";

export const MIN_QUERY_LENGTH = 3;
export const MAX_QUERY_LENGTH = 200;

const geocodeQuery = z.object({
  q: z.string({ error: "Le paramètre q (adresse recherchée) est obligatoire." }).max(MAX_QUERY_LENGTH, {
    error: `L'adresse recherchée est trop longue (${MAX_QUERY_LENGTH} caractères au plus).`,
  }),
  limit: z.coerce
    .number({ error: "Le paramètre limit doit être un nombre." })
    .int({ error: "Le paramètre limit doit être un nombre entier." })
    .min(1, { error: "Le paramètre limit doit être compris entre 1 et 10." })
    .max(10, { error: "Le paramètre limit doit être compris entre 1 et 10." })
    .default(8),
});

export const geocodeRoutes = new Hono<AppEnv>().get(
  "/",
  // Typing pauses between keystrokes are debounced client-side; this is a generous cap.
  rateLimitByIp((config) => ({ scope: "geocode", limit: config.RATE_LIMIT_GEOCODE_PER_MINUTE, windowSeconds: 60, failOpen: true })),
  validator("query", (value, c) => {
    const parsed = geocodeQuery.safeParse(value);
    if (!parsed.success) return jsonError(c, 400, parsed.error.issues[0]?.message ?? "Requête invalide.");
    return parsed.data;
  }),
  async (c) => {
    const { q, limit } = c.req.valid("query");
    const query = q.trim().replace(/\s+/g, " ");
    if (query.length < MIN_QUERY_LENGTH) return c.json({ results: [] });
    const result = await c.get("deps").sources.searchAddresses({ q: query, limit });
    if (!result.ok) {
      c.get("deps").log({ level: "warn", message: "geocode: upstream failure", fields: { reason: result.reason } });
      return jsonError(
        c,
        503,
        "La recherche d'adresses est momentanément indisponible. Veuillez réessayer dans quelques instants.",
        "upstream_unavailable",
      );
    }
    c.header("Cache-Control", "public, max-age=3600");
    return c.json({ results: result.data.slice(0, limit) });
  },
);
