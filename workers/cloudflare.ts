// Cloudflare Workers entry (production): /api/* → the Hono app, everything else → the static
// build (Workers static assets). Deps are built per request from the env bindings: on Workers
// there is no process-wide env, and nothing secret is built at module scope.
import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import { createApp } from "../src/server/app.ts";
import { createCloudflareCache } from "../src/server/cache/cloudflare.ts";
import { ConfigError, parseConfig } from "../src/server/config.ts";
import * as schema from "../src/server/db/schema/index.ts";
import { describeError, logJson } from "../src/server/logger.ts";
import { runAlerts } from "../src/server/alerts/run.ts";
import { isAlertRunTime } from "../src/server/alerts/schedule.ts";
import type { AppDeps } from "../src/server/deps.ts";
import { createResendMailer } from "../src/server/email/mailer.ts";
import { createSources } from "../src/server/services/sources.ts";

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  [name: string]: unknown;
}

type ExecutionContext = Parameters<ReturnType<typeof createApp>["fetch"]>[2];

function stringEnv(env: Env): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) if (typeof value === "string") values[key] = value;
  return { NODE_ENV: "production", ...values };
}

function buildDeps(env: Env) {
  const config = parseConfig(stringEnv(env));
  const client = createClient({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  const db = drizzle(client, { schema });
  const cache = createCloudflareCache(caches as unknown as Parameters<typeof createCloudflareCache>[0]);
  const clock = () => new Date();
  return {
    config,
    db,
    cache,
    sources: createSources({ config, cache, clock }),
    // parseConfig requires a Resend key in production: Workers always send through Resend.
    mailer: createResendMailer({ apiKey: config.RESEND_API_KEY ?? "", baseUrl: config.RESEND_BASE_URL, from: config.MAIL_FROM }),
    clock,
    appSecret: config.APP_SECRET ?? "",
    clientIp: (c: Parameters<AppDeps["clientIp"]>[0]) => c.req.header("CF-Connecting-IP"),
    log: logJson,
  } satisfies AppDeps;
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
      try {
        return await createApp(buildDeps(env)).fetch(request, env, ctx);
      } catch (error) {
        if (error instanceof ConfigError) logJson({ level: "error", message: "invalid configuration", fields: { detail: error.message } });
        return Response.json(
          { error: "Le service est momentanément indisponible. Veuillez réessayer plus tard.", code: "unavailable" },
          { status: 503 },
        );
      }
    }
    return env.ASSETS.fetch(request);
  },

  /**
   * Two cron triggers (15:00 and 16:00 UTC): only the one that is 17:00 in Paris runs (see
   * src/server/alerts/schedule.ts for daylight saving).
   */
  async scheduled(controller: { cron: string; scheduledTime: number }, env: Env, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<void> {
    const at = new Date(controller.scheduledTime);
    if (!isAlertRunTime(at)) {
      logJson({ level: "info", message: "scheduled trigger skipped (not 17:00 in Paris)", fields: { cron: controller.cron, at: at.toISOString() } });
      return;
    }
    ctx.waitUntil(
      runAlerts(buildDeps(env)).catch((error: unknown) =>
        logJson({ level: "error", message: "alert run failed", fields: describeError(error) }),
      ),
    );
  },
};
