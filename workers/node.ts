// Node runtime entry (the embedded default, tests, self-hosting): the same Hono API as the
// Worker, the same static build (src/server/static/), and a local libSQL file. It builds the deps,
// starts the server and the daily scheduler, and closes them gracefully.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { createApp } from "../src/server/app.ts";
import { createMemoryCache } from "../src/server/cache/memory.ts";
import { ConfigError, parseConfig, type Config } from "../src/server/config.ts";
import { DEFAULT_DATA_DIRECTORY, openDatabase, resolveDatabaseUrl } from "../src/server/db/node.ts";
import { createNodeRunQueue } from "../src/server/alerts/run.ts";
import { readDailyRunDue, startDailyScheduler } from "../src/server/alerts/schedule.ts";
import { abandonRuns } from "../src/server/alerts/lifecycle.ts";
import { generateRandomToken } from "../src/server/auth/crypto.ts";
import { todayInParis } from "../src/core/shared/time.ts";
import type { AppDeps, LogEntry } from "../src/server/deps.ts";
import { describeError, logJson } from "../src/server/logger.ts";
import { forwardedClientIp } from "../src/server/client-ip.ts";
import { mountStaticBuild } from "../src/server/static/node.ts";
import { createDevOutboxRoutes } from "../src/server/email/dev-outbox.ts";
import { createOutboxMailer, createResendMailer } from "../src/server/email/mailer.ts";
import { createNodeOutbox } from "../src/server/email/outbox.ts";
import { createSources } from "../src/server/services/sources.ts";
import { createDeferredTasks } from "../src/server/defer.ts";
import { ensurePrivateDirectory, PRIVATE_FILE_MODE, tightenPrivateFile } from "../src/server/private-files.ts";
import { refuseUnknownHosts } from "../src/server/allowed-hosts.ts";
import { limitConnectionsPerClient } from "../src/server/connections-per-client.ts";
import { PROJECT_ROOT } from "../src/server/project-root.ts";
import { startMemoryLog } from "./memory-log.ts";

const DIST = join(PROJECT_ROOT, "dist");

/** How long a shutdown waits for in-flight requests and a running alert run. */
const SHUTDOWN_GRACE_MS = 8000;

/** How often the durable outbox is drained besides the requests' own hand-overs (retries, a crashed process's rows). */
const OUTBOX_INTERVAL_MS = 2000;

/** How often, at most, the connection cap is logged while it drops connections. */
const DROP_LOG_INTERVAL_MS = 60_000;

/** Local runs get a generated secret kept in the data directory (0700, the file 0600), so links stay valid across restarts. */
async function loadLocalSecret(config: Config, dataDirectory: string, log: (entry: LogEntry) => void): Promise<string> {
  if (config.APP_SECRET) return config.APP_SECRET;
  await ensurePrivateDirectory(dataDirectory, { role: "data directory", appOwned: true, log });
  const file = join(dataDirectory, "app-secret");
  if (existsSync(file)) {
    await tightenPrivateFile(file, { role: "app secret", log });
    return (await readFile(file, "utf8")).trim();
  }
  const secret = randomBytes(32).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
  return secret;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Everything the Hono app and the alert run need on Node, from the environment. */
export async function createNodeRuntime(options: {
  env: Record<string, string | undefined>;
  log?: (entry: LogEntry) => void;
  /** the app's own directory (generated secret, default database); tests pass a temp one */
  dataDirectory?: string;
}) {
  const config = parseConfig(options.env);
  const log = options.log ?? logJson;
  const dataDirectory = options.dataDirectory ?? DEFAULT_DATA_DIRECTORY;
  const appSecret = await loadLocalSecret(config, dataDirectory, log);
  const database = await openDatabase({ url: resolveDatabaseUrl(config.DATABASE_URL), authToken: config.DATABASE_AUTH_TOKEN, dataDirectory, log });
  // Bounded by size, not by count: one big city's Hub'Eau answer reaches ~12 MiB (decision 058).
  const cache = createMemoryCache({ maxBytes: config.CACHE_MAX_MB * 1024 * 1024 });
  const clock = () => new Date();
  // Without a Resend key (local runs; production refuses to start without one) emails are kept in
  // the database's outbox table; /dev/mails shows them only with DEV_OUTBOX=on on a loopback HOST
  // and SITE_URL (config.ts checks all three), since it publishes every code and sign-in link.
  const useOutbox = !config.RESEND_API_KEY && config.DEV_OUTBOX === "on";
  const mailer = config.RESEND_API_KEY
    ? createResendMailer({ apiKey: config.RESEND_API_KEY, baseUrl: config.RESEND_BASE_URL, from: config.MAIL_FROM })
    : createOutboxMailer(database.db, clock);
  // Where the admin panel and the daily scheduler ask for a run: each runs in the background.
  const runQueue = createNodeRunQueue({ deps: () => deps, log });
  // The durable outbox's sender (decision 093): after each request that stored e-mails, and on a
  // timer for the retries due and whatever a crashed process left (startServer drains it at start).
  const outbox = createNodeOutbox(() => deps, { intervalMs: OUTBOX_INTERVAL_MS });
  const deps: AppDeps = {
    config,
    db: database.db,
    cache,
    sources: createSources({ config, cache, clock, log }),
    mailer,
    clock,
    appSecret,
    // Behind a reverse proxy listed in TRUSTED_PROXIES, the client is in X-Forwarded-For.
    clientIp: (c) => forwardedClientIp(getConnInfo(c).remote.address, c.req.header("X-Forwarded-For"), config.TRUSTED_PROXIES),
    log,
    alertQueue: runQueue,
    outbox,
  };
  return { config, deps, database, useOutbox, runQueue, outbox };
}

export async function startServer(options: {
  env: Record<string, string | undefined>;
  /** false in `npm run dev`, where Astro's dev server serves the pages */
  serveStaticBuild?: boolean;
  log?: (entry: LogEntry) => void;
  /** tests shorten it */
  shutdownGraceMs?: number;
  /** the app's own directory (default .data/); tests pass a temp one */
  dataDirectory?: string;
}): Promise<RunningServer> {
  const { config, deps, database, useOutbox, runQueue, outbox } = await createNodeRuntime(options);
  const { log } = deps;
  const api = createApp(deps);
  // The daily alert run at 17:00 Paris time, in this process: asked for on the run queue, as the
  // admin panel does; it runs the whole queued pipeline at once over an in-process queue (the
  // Worker splits it between two crons and its queue consumer).
  const scheduler =
    config.ALERTS_SCHEDULER === "on"
      ? startDailyScheduler({
          run: async () => {
            await runQueue.sendBatch([{ kind: "plan", runId: generateRandomToken(10), day: todayInParis(deps.clock()), requestedBy: "scheduler" }]);
            await runQueue.idle();
          },
          // Also at start and every few minutes: a missed or abandoned 17:00 run is caught up (decision 076).
          isDue: () => readDailyRunDue(deps),
          onError: (error) => log({ level: "error", message: "alert run failed", fields: describeError(error) }),
        })
      : null;
  if (scheduler) log({ level: "info", message: "alert scheduler armed", fields: { nextRunAt: scheduler.nextAt().toISOString() } });

  // What requests hand over to run after their answer; shutdown waits for it (decision 075).
  const deferred = createDeferredTasks();
  const root = new Hono();
  // First: a name that is not ours (DNS rebinding) reaches neither the API, the pages nor /dev/mails.
  root.use("*", refuseUnknownHosts(config, log));
  let inFlight = 0;
  let idle: (() => void) | null = null;
  root.use("*", async (_c, next) => {
    inFlight++;
    try {
      await next();
    } finally {
      if (--inFlight === 0) idle?.();
    }
  });
  root.route("/", api);
  if (useOutbox) root.route("/dev/mails", createDevOutboxRoutes(database.db));
  if (options.serveStaticBuild !== false) await mountStaticBuild(root, DIST, { siteUrl: config.SITE_URL });

  // Node's defaults let a client take 300 s to send a request and open connections without end.
  // The timeouts are checked every connectionsCheckingInterval (Node: 30 s), so it follows them.
  const serverOptions = {
    headersTimeout: config.SERVER_HEADERS_TIMEOUT_MS,
    requestTimeout: config.SERVER_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.SERVER_KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.SERVER_HEADERS_TIMEOUT_MS / 4))),
  };
  const server: ServerType = await new Promise((resolveServer) => {
    const instance = serve(
      { fetch: (request, env) => root.fetch(request, env, deferred.context), port: config.PORT, hostname: config.HOST, serverOptions },
      () => resolveServer(instance),
    );
  });
  server.maxConnections = config.SERVER_MAX_CONNECTIONS;
  // The server's cap is no longer one client's to hold: each gets its share (decision 092).
  limitConnectionsPerClient(server, { maxPerClient: config.SERVER_MAX_CONNECTIONS_PER_CLIENT, trustedProxies: config.TRUSTED_PROXIES, log });
  let dropLoggedAtMs = -Infinity;
  server.on("drop", () => {
    if (Date.now() - dropLoggedAtMs < DROP_LOG_INTERVAL_MS) return;
    dropLoggedAtMs = Date.now();
    log({ level: "warn", message: "connection cap reached: new connections dropped", fields: { maxConnections: config.SERVER_MAX_CONNECTIONS } });
  });
  // What a previous process stored and did not send (a crash, a kill past the grace period) leaves now.
  void outbox.drainNow();
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = `http://${config.HOST}:${port}`;
  log({ level: "info", message: "server listening", fields: { url } });
  if (!config.RESEND_API_KEY) {
    log({
      level: "warn",
      message: useOutbox
        ? "emails are not sent (no RESEND_API_KEY): they are kept in the local outbox, readable at /dev/mails"
        : "emails are not sent (no RESEND_API_KEY): they are kept in the dev_outbox table of the database; DEV_OUTBOX=on shows them at /dev/mails",
      fields: { outbox: useOutbox ? `${url}/dev/mails` : null },
    });
  }

  const graceMs = options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS;
  let closing: Promise<void> | null = null;
  const close = async () => {
    scheduler?.stop();
    // Stop accepting; idle keep-alive sockets go now, busy ones once their answer is sent.
    const closed = new Promise<void>((resolveClosed) => server.close(() => resolveClosed()));
    const requestsDone = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolveIdle) => (idle = resolveIdle));
    // A handler's end is not its answer's: the body is still being written, then the keep-alive
    // socket turns idle. Idle sockets are closed as they appear, until none is left.
    const sweeper = setInterval(() => {
      if ("closeIdleConnections" in server) server.closeIdleConnections();
    }, 50);
    // The requests' deferred work is awaited after the requests themselves (a request hands it over before it ends).
    const drained = Promise.all([requestsDone.then(() => deferred.idle()).then(() => outbox.stop()), runQueue.idle(), closed]).then(() => true);
    const timer = new Promise<false>((resolveTimer) => setTimeout(() => resolveTimer(false), graceMs).unref());
    if (!(await Promise.race([drained, timer]))) {
      log({
        level: "warn",
        message: "shutdown: grace period over, closing what is left",
        fields: { inFlight, deferredTasks: deferred.pending(), alertRunning: runQueue.busy() },
      });
      if ("closeAllConnections" in server) server.closeAllConnections();
      // A run not over: left abandoned (it resumes: the next start's scheduler catches it up, sending only what is unsent).
      const runId = runQueue.current();
      if (runId)
        await abandonRuns(deps, [runId]).catch((error: unknown) =>
          log({ level: "warn", message: "shutdown: alert run not marked", fields: describeError(error) }),
        );
    }
    clearInterval(sweeper);
    // A row still being sent stays claimed until its lease ends: the next start sends it (once, by its key).
    void outbox.stop();
    await closed;
    database.close();
  };
  return { url, close: () => (closing ??= close()) };
}

if (import.meta.main) {
  try {
    const running = await startServer({ env: process.env, serveStaticBuild: process.env.SERVE_STATIC !== "false" });
    console.log(`Zone Santé est prêt : ${running.url}`);
    startMemoryLog(process.env);
    if (!process.env.RESEND_API_KEY) {
      console.log(
        process.env.DEV_OUTBOX === "on"
          ? `Emails : pas de clé Resend, ils ne partent pas et se lisent dans la boîte locale ${running.url}/dev/mails`
          : "Emails : pas de clé Resend, ils ne partent pas (gardés dans la table dev_outbox ; DEV_OUTBOX=on pour les lire sur /dev/mails).",
      );
    }
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
