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
import { planAlertRun, runRequestedPlan, runSendCron } from "../src/server/alerts/pipeline.ts";
import { alertMessageSchema, createBindingQueue, createHandlerContext, handleAlertMessage, type QueueProducerBinding } from "../src/server/alerts/queue.ts";
import { alertStageAt } from "../src/server/alerts/schedule.ts";
import type { AppDeps } from "../src/server/deps.ts";
import { createResendMailer } from "../src/server/email/mailer.ts";
import { createSources } from "../src/server/services/sources.ts";

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  /** wrangler.toml [[queues.producers]]: the alert run's batches and send pages */
  ALERT_QUEUE?: QueueProducerBinding;
  [name: string]: unknown;
}

/** What the queue consumer receives (the parts used here of Cloudflare's MessageBatch). */
interface QueueMessage {
  id: string;
  body: unknown;
  attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

/** A failed message waits this long before its next delivery (an upstream or Turso hiccup passes). */
const RETRY_DELAY_SECONDS = 60;

function alertQueueOf(env: Env) {
  if (!env.ALERT_QUEUE) throw new Error("ALERT_QUEUE binding missing (wrangler.toml [[queues.producers]])");
  return createBindingQueue(env.ALERT_QUEUE);
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
    // Asked for only by the admin panel's « lancer les alertes »: a missing binding fails that call, not the API.
    alertQueue: { sendBatch: (messages) => alertQueueOf(env).sendBatch(messages) },
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
   * Four cron triggers, two per stage (winter and summer): plan at 14:30 Paris time, send at 17:00
   * (src/server/alerts/schedule.ts for daylight saving); the other season's trigger is skipped.
   */
  async scheduled(controller: { cron: string; scheduledTime: number }, env: Env, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<void> {
    const at = new Date(controller.scheduledTime);
    const stage = alertStageAt(at);
    if (!stage) {
      logJson({ level: "info", message: "scheduled trigger skipped (not an alert stage time in Paris)", fields: { cron: controller.cron, at: at.toISOString() } });
      return;
    }
    const work = async () => {
      const deps = buildDeps(env);
      const queue = alertQueueOf(env);
      if (stage === "plan") await planAlertRun(deps, queue);
      else await runSendCron(deps, queue);
    };
    ctx.waitUntil(
      work().catch((error: unknown) =>
        logJson({ level: "error", message: `alert ${stage} stage failed`, fields: { cron: controller.cron, ...describeError(error) } }),
      ),
    );
  },

  /**
   * The queue consumer: each message is one batch of communes or one page of recipients, acked on
   * success, retried on failure (safe: see handleAlertMessage); after max_retries it goes to the
   * dead-letter queue. Messages run one after the other, so an invocation holds one batch at a time.
   */
  async queue(batch: { queue: string; messages: readonly QueueMessage[] }, env: Env): Promise<void> {
    let deps: ReturnType<typeof buildDeps>;
    let queue: ReturnType<typeof alertQueueOf>;
    try {
      deps = buildDeps(env);
      queue = alertQueueOf(env);
    } catch (error) {
      logJson({ level: "error", message: "alert queue consumer cannot start", fields: describeError(error) });
      for (const message of batch.messages) message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
      return;
    }
    const context = createHandlerContext(deps.config);
    for (const message of batch.messages) {
      const parsed = alertMessageSchema.safeParse(message.body);
      if (!parsed.success) {
        // Redelivering a malformed message cannot help: it is dropped, loudly.
        logJson({ level: "error", message: "alert message malformed, dropped", fields: { queue: batch.queue, messageId: message.id } });
        message.ack();
        continue;
      }
      if (parsed.data.kind === "plan") {
        // A run asked for by the admin panel: its plan stage, never retried (runRequestedPlan logs a refusal or a failure).
        await runRequestedPlan(deps, queue, parsed.data);
        message.ack();
        continue;
      }
      try {
        const outcome = await handleAlertMessage(deps, parsed.data, queue, context);
        message.ack();
        const fields: Record<string, number> =
          outcome.kind === "process" ? { communes: outcome.communes, subjectsChecked: outcome.subjectsChecked, alertsDetected: outcome.alertsDetected } : { ...outcome.outcome };
        logJson({ level: "info", message: `alert ${outcome.kind} message done`, fields: { runId: parsed.data.runId, ...fields } });
      } catch (error) {
        logJson({
          level: "error",
          message: "alert message failed, retried",
          fields: { kind: parsed.data.kind, runId: parsed.data.runId, attempts: message.attempts, ...describeError(error) },
        });
        message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
      }
    }
  },
};
