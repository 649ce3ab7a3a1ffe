import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as z from "zod";
import { evaluateAirQuality } from "../../sections/air/index.ts";
import { departmentCodeOf, departmentNameOf } from "../../core/shared/commune.ts";
import { todayInParis } from "../../core/shared/time.ts";
import { isAlertRunInProgress } from "../alerts/lifecycle.ts";
import { generateRandomToken } from "../auth/crypto.ts";
import { readRunSummary } from "../alerts/snapshots.ts";
import { findLastFinishedRun } from "../db/repositories/alert-runs.ts";
import type { AppEnv } from "../deps.ts";
import { jsonBody } from "../middleware/json-body.ts";
import { refusal } from "../refusals.ts";
import { requireSession } from "../middleware/session.ts";
import { loadCommuneData, selectWater } from "../services/commune-data.ts";

/** Checked on every admin call, server-side: a verified account listed in ADMIN_EMAILS. */
const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const { user } = c.get("auth")!;
  const admins = c.get("deps").config.ADMIN_EMAILS;
  if (!user.emailVerifiedAtMs || !admins.includes(user.email.toLowerCase())) {
    throw refusal("adminOnly");
  }
  await next();
});

const testBody = z.object({
  q: z
    .string({ error: "Indiquez une adresse." })
    .trim()
    .min(3, { error: "Indiquez une adresse d'au moins 3 caractères." })
    .max(200, { error: "L'adresse est trop longue." }),
});

export const adminRoutes = new Hono<AppEnv>()
  .use("*", requireSession, requireAdmin)

  .get("/status", async (c) => {
    const deps = c.get("deps");
    const lastRun = await findLastFinishedRun(deps.db);
    c.header("Cache-Control", "no-store");
    return c.json({
      upstreams: deps.sources.upstreamStatus(),
      lastRun: lastRun ? { startedAt: new Date(lastRun.startedAtMs).toISOString(), summary: readRunSummary(deps, lastRun.summaryJson) } : null,
    });
  })

  .post("/test-data", jsonBody(testBody), async (c) => {
    const deps = c.get("deps");
    const found = await deps.sources.searchAddresses({ q: c.req.valid("json").q, limit: 1 });
    if (!found.ok) throw refusal("adminGeocoderUnavailable");
    const address = found.data[0];
    if (!address) throw refusal("adminAddressNotFound");
    const now = deps.clock();
    const {
      communeCode,
      water,
      zones,
      air: { atmo, epci },
    } = await loadCommuneData(deps.sources, {
      citycode: address.citycode,
      now,
      needs: { water: true, drought: true, air: true },
      point: address,
    });
    const selected = selectWater(water, undefined, now);
    const air = evaluateAirQuality({ atmo, epci, cams: { ok: false, reason: "not_found" }, now, citycode: address.citycode });
    const departmentCode = departmentCodeOf(address.citycode);
    return c.json({
      geocoding: {
        label: address.label,
        commune: address.city,
        citycode: address.citycode,
        communeCode,
        department: `${departmentNameOf(departmentCode)} (${departmentCode})`,
        latitude: Number(address.latitude.toFixed(4)),
        longitude: Number(address.longitude.toFixed(4)),
      },
      counts: {
        waterResults: selected.results.ok ? selected.results.data.length : null,
        droughtZones: zones.ok ? zones.data.length : null,
        airIndex: air.origin === "atmo" && air.index ? air.index.label : null,
      },
      raw: { address, water: { udis: water.udis, selectedUdi: selected.udi, results: selected.results }, zones, atmo },
    });
  })

  // Asks for a run on the run's queue and answers at once: the run (minutes on a big install)
  // never lives inside an HTTP request. Its summary is /status's `lastRun` once it has finished.
  .post("/run-alerts", async (c) => {
    const deps = c.get("deps");
    if (await isAlertRunInProgress(deps)) throw refusal("alertRunBusy");
    const runId = generateRandomToken(10);
    await deps.alertQueue.sendBatch([{ kind: "plan", runId, day: todayInParis(deps.clock()), requestedBy: "admin" }]);
    return c.json({ message: "Vérification des alertes lancée en arrière-plan : les e-mails partiront à la fin du passage.", runId }, 202);
  });

/** The JSON an admin route answers on success, read from the route itself (errors are `{ error, code }`). */
type AdminAnswer<Path extends keyof AdminSchema, Method extends keyof AdminSchema[Path]> = Exclude<
  Extract<AdminSchema[Path][Method], { output: unknown }>["output"],
  { error: string }
>;
type AdminSchema = import("hono/types").ExtractSchema<typeof adminRoutes>;
export type AdminStatusAnswer = AdminAnswer<"/status", "$get">;
export type AdminTestDataAnswer = AdminAnswer<"/test-data", "$post">;
export type AdminRunAlertsAnswer = AdminAnswer<"/run-alerts", "$post">;
