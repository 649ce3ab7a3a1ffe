// Node runtime entry (the embedded default, tests, self-hosting): the same Hono API as the
// Worker, the same static build, and a local libSQL file. It builds the deps and does nothing else.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createApp } from "../src/server/app.ts";
import { createMemoryCache } from "../src/server/cache/memory.ts";
import { ConfigError, parseConfig, type Config } from "../src/server/config.ts";
import { openDatabase, resolveDatabaseUrl } from "../src/server/db/node.ts";
import { runAlerts } from "../src/server/alerts/run.ts";
import { startDailyScheduler } from "../src/server/alerts/schedule.ts";
import type { AppDeps, LogEntry } from "../src/server/deps.ts";
import { logJson } from "../src/server/logger.ts";
import { createDevOutboxRoutes } from "../src/server/email/dev-outbox.ts";
import { createOutboxMailer, createResendMailer } from "../src/server/email/mailer.ts";
import { createSources } from "../src/server/services/sources.ts";

const ROOT = resolve(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");

const PAGE_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "frame-ancestors 'none'",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

const FRAMEABLE_PATHS = new Set(["/inscription", "/inscription/"]);

/** Local runs get a generated secret kept in .data/, so links stay valid across restarts. */
async function loadLocalSecret(config: Config): Promise<string> {
  if (config.APP_SECRET) return config.APP_SECRET;
  const file = join(ROOT, ".data", "app-secret");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const secret = randomBytes(32).toString("base64url");
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Lines "from to [status]" of a Cloudflare-style _redirects file; comments and blanks skipped. */
async function readRedirects(file: string): Promise<Array<{ from: string; to: string; status: 301 | 302 | 307 | 308 }>> {
  if (!existsSync(file)) return [];
  const rules = [];
  for (const line of (await readFile(file, "utf8")).split("\n")) {
    const [from, to, code] = line.replace(/#.*/, "").trim().split(/\s+/);
    if (!from || !to) continue;
    const status = Number(code ?? 302);
    rules.push({ from, to, status: status === 301 || status === 307 || status === 308 ? status : 302 } as const);
  }
  return rules;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Everything the Hono app and the alert run need on Node, from the environment. */
export async function createNodeRuntime(options: { env: Record<string, string | undefined>; log?: (entry: LogEntry) => void }) {
  const config = parseConfig(options.env);
  const log = options.log ?? logJson;
  const appSecret = await loadLocalSecret(config);
  const database = await openDatabase({ url: resolveDatabaseUrl(config.DATABASE_URL), authToken: config.DATABASE_AUTH_TOKEN });
  const cache = createMemoryCache();
  const clock = () => new Date();
  // Without a Resend key (local runs), emails go to an outbox readable at /dev/mails.
  const useOutbox = !config.RESEND_API_KEY && config.NODE_ENV !== "production";
  const mailer = config.RESEND_API_KEY
    ? createResendMailer({ apiKey: config.RESEND_API_KEY, baseUrl: config.RESEND_BASE_URL, from: config.MAIL_FROM })
    : createOutboxMailer(database.db, clock);
  const deps: AppDeps = {
    config,
    db: database.db,
    cache,
    sources: createSources({ config, cache, clock }),
    mailer,
    clock,
    appSecret,
    clientIp: (c) => getConnInfo(c).remote.address,
    log,
  };
  return { config, deps, database, useOutbox };
}

export async function startServer(options: {
  env: Record<string, string | undefined>;
  /** false in `npm run dev`, where Astro's dev server serves the pages */
  serveStaticBuild?: boolean;
  log?: (entry: LogEntry) => void;
}): Promise<RunningServer> {
  const { config, deps, database, useOutbox } = await createNodeRuntime(options);
  const { log } = deps;
  const api = createApp(deps);
  // The daily alert run at 17:00 Paris time, in this process (the Worker uses its cron instead).
  const scheduler =
    config.ALERTS_SCHEDULER === "on"
      ? startDailyScheduler({
          run: () => runAlerts(deps),
          onError: (error) => log({ level: "error", message: "alert run failed", fields: { error: error instanceof Error ? error.message : String(error) } }),
        })
      : null;
  if (scheduler) log({ level: "info", message: "alert scheduler armed", fields: { nextRunAt: scheduler.nextAt().toISOString() } });

  const root = new Hono();
  root.route("/", api);
  if (useOutbox) root.route("/dev/mails", createDevOutboxRoutes(database.db));
  if (options.serveStaticBuild !== false) {
    if (!existsSync(join(DIST, "index.html"))) {
      throw new Error("Le site n'est pas construit : lancez `npm run build` (ou `npm start`, qui le fait).");
    }
    const notFoundPage = await readFile(join(DIST, "404.html"), "utf8");
    // Page aliases (/home, /tarifs…): the same _redirects file Cloudflare's static assets obey.
    for (const { from, to, status } of await readRedirects(join(DIST, "_redirects"))) {
      root.get(from, (c) => c.redirect(to, status));
    }
    root.use("*", async (c, next) => {
      await next();
      for (const [name, value] of Object.entries(PAGE_HEADERS)) c.header(name, value);
      // The alert sign-up is the only page partner sites may frame (same rule as public/_headers).
      if (FRAMEABLE_PATHS.has(c.req.path)) {
        c.res.headers.delete("X-Frame-Options");
        c.header("Content-Security-Policy", "frame-ancestors *");
      }
    });
    root.use("*", serveStatic({ root: DIST }));
    root.notFound((c) => c.html(notFoundPage, 404));
  }

  const server: ServerType = await new Promise((resolveServer) => {
    const instance = serve({ fetch: root.fetch, port: config.PORT, hostname: config.HOST }, () => resolveServer(instance));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = `http://${config.HOST}:${port}`;
  log({ level: "info", message: "server listening", fields: { url } });

  return {
    url,
    close: () =>
      new Promise<void>((resolveClose) => {
        scheduler?.stop();
        server.close(() => {
          database.close();
          resolveClose();
        });
        // Keep-alive sockets would hold close() open.
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}

if (import.meta.main) {
  try {
    const running = await startServer({ env: process.env, serveStaticBuild: process.env.SERVE_STATIC !== "false" });
    console.log(`Zone Santé est prêt : ${running.url}`);
    const shutdown = async (signal: string) => {
      logJson({ level: "info", message: "shutting down", fields: { signal } });
      await running.close();
      process.exit(0);
    };
    process.once("SIGTERM", () => void shutdown("SIGTERM"));
    process.once("SIGINT", () => void shutdown("SIGINT"));
  } catch (error) {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
