import "./zod-locale.ts";
import { Hono } from "hono";
import { routePath } from "hono/route";
import type { AppDeps, AppEnv } from "./deps.ts";
import { capEmailsGlobally } from "./email/global-cap.ts";
import type { EmailOutbox } from "./email/mailer.ts";
import { createEnqueuingMailer, createNodeOutbox } from "./email/outbox.ts";
import { capEmailsPerRecipient } from "./email/recipient-cap.ts";
import { answerRefusal, ApiRefusal, jsonError } from "./http-errors.ts";
import { deferTask } from "./defer.ts";
import { isBusyError } from "./db/busy.ts";
import { createLogThrottle, describeError, requestIdOf } from "./logger.ts";
import { createEmailClient } from "./middleware/email-budget.ts";
import { createPdfRenderSlots } from "./middleware/pdf-render-slots.ts";
import { PRIVATE_ROUTERS, privateAnswers, sameOriginForWrites, securityHeaders } from "./middleware/security.ts";
import { geocodeRoutes } from "./routes/geocode.ts";
import { healthRoutes } from "./routes/health.ts";
import { loadSession } from "./middleware/session.ts";
import { accountRoutes } from "./routes/account.ts";
import { adminRoutes } from "./routes/admin.ts";
import { subscriptionRoutes, unsubscribeRoutes } from "./routes/subscriptions.ts";
import { authRoutes } from "./routes/auth.ts";
import { reportRoutes } from "./routes/report.ts";
import { v1Routes } from "./routes/v1.ts";
import { recordSourceReads } from "./services/status.ts";
import { createMemoryRequestCounters } from "./services/request-counters.ts";
import { createAnswerCache } from "./cache/answers.ts";

/** The runtime-agnostic API. Both entries in workers/ mount it under /api. */
export function createApp(runtimeDeps: AppDeps) {
  // Every email sent while answering a request counts against its recipient's cap, then (if that
  // lets it through) against the service-wide budget of its kind and the request's client's share
  // of it (decisions 058, 090): the request's own mailer, below.
  const deps: AppDeps = runtimeDeps;
  // The runtime's slots (Workers: a Durable Object's, for every isolate), else this process's.
  const pdfRenderSlots = deps.pdfRenderSlots ?? createPdfRenderSlots(deps.config.PDF_MAX_CONCURRENT, () => deps.clock().getTime());
  // The public reads' counters (decision 094): the runtime's (Workers: a Durable Object per client), else this process's.
  const requestCounters = deps.requestCounters ?? createMemoryRequestCounters();
  // Whole reports kept as sent for their minute (decision 094), in this process or isolate.
  const answerCache = createAnswerCache();
  // A busy database is said once a minute per route, not by every request that met it.
  const busyLogThrottle = createLogThrottle(60_000);
  // The runtime's sender of the durable outbox (Workers: its queue; Node's entry: its drainer with a
  // timer), else one in this process, tried after each request that stored e-mails (tests).
  const outbox: EmailOutbox = deps.outbox ?? createNodeOutbox(() => deps);
  const app = new Hono<AppEnv>().basePath("/api");

  app.use("*", async (c, next) => {
    // Every line a request logs carries its id (one request's lines are found together), and the
    // answer says it, so a visitor reporting a problem can quote it.
    const requestId = requestIdOf(c.req.raw.headers);
    const log: AppDeps["log"] = (entry) => deps.log({ ...entry, fields: { ...entry.fields, requestId } });
    const emailClient = createEmailClient(deps, c);
    // Innermost, the durable outbox (decision 093): an e-mail admitted by the caps is stored as a
    // row (with the writes it carries, in one transaction), then sent by the outbox's sender.
    // Stored while the request runs: sent before its answer (as the e-mails it sent itself were);
    // stored by work it deferred past the answer: sent at once.
    let answered = false;
    const enqueue = createEnqueuingMailer({ ...deps, log }, (id) => {
      if (!answered) emailClient.enqueued.push(id);
      else deferTask(c)(outbox.dispatch([id]));
    });
    const mailer = capEmailsPerRecipient({ ...deps, log, mailer: capEmailsGlobally({ ...deps, log, mailer: enqueue }, emailClient) });
    const requestDeps: AppDeps = { ...deps, log, mailer, outbox };
    c.set("deps", requestDeps);
    c.set("emailClient", emailClient);
    c.set("pdfRenderSlots", pdfRenderSlots);
    c.set("requestCounters", requestCounters);
    c.set("answerCache", answerCache);
    const started = performance.now();
    await next();
    // The e-mails this request stored are handed to the sender: its mails now (Node tries them
    // before the answer, as before decision 093; Workers queues them), its tasks after the answer
    // (the same time for an address known and one unknown, decision 091). A row whose hand-over is
    // lost is found again: Node's timer and start, the Worker's cron sweep.
    answered = true;
    const mails = emailClient.enqueued.splice(0);
    if (mails.length > 0) await outbox.dispatch(mails);
    const tasks = emailClient.tasks.splice(0);
    if (tasks.length > 0) deferTask(c)(outbox.dispatch(tasks));
    c.res.headers.set("X-Request-Id", requestId);
    requestDeps.log({
      level: c.res.status >= 500 ? "error" : "info",
      message: "request",
      // The path only: query strings carry addresses.
      fields: { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
    });
    // What this request learnt of the official sources, for the status page: written at most once
    // a minute per source and process (services/status.ts), after the answer — a streamed one's
    // last line, not its headers: a write in the middle of a stream delayed its slowest card (decision 094).
    deferTask(c)((c.get("answerEnded") ?? Promise.resolve()).then(() => recordSourceReads(requestDeps)));
  });
  app.use("*", securityHeaders);
  app.use("*", sameOriginForWrites);
  app.use("*", loadSession);
  // `/account/*` matches `/account` itself too.
  for (const base of PRIVATE_ROUTERS) app.use(`${base}/*`, privateAnswers);

  app.route("/health", healthRoutes);
  app.route("/geocode", geocodeRoutes);
  app.route("/report", reportRoutes);
  // The public API, versioned and documented (/developpeurs); /geocode and /report stay as its aliases.
  app.route("/v1", v1Routes);
  app.route("/auth", authRoutes);
  app.route("/account", accountRoutes);
  app.route("/subscriptions", subscriptionRoutes);
  app.route("/unsubscribe", unsubscribeRoutes);
  app.route("/admin", adminRoutes);

  app.notFound((c) => jsonError(c, 404, "Cette adresse d'API n'existe pas.", "not_found"));
  app.onError((error, c) => {
    // A refusal a route or service threw (refusals.ts): the answer it stands for, in the one error shape.
    if (error instanceof ApiRefusal) return answerRefusal(c, error);
    // The client went away mid-request (it closed the connection, or the Node server cut it at its
    // request timeout): nobody reads this answer, and it is not a failure of ours to log as one.
    if (c.req.raw.signal.aborted) return jsonError(c, 400, "La requête a été interrompue avant la fin.", "request_aborted");
    // Another writer kept the database locked past the write's budget (decision 074): nothing was
    // written, and the person is told to try again, not that it failed for good.
    if (isBusyError(error)) {
      const path = routePath(c);
      const quiet = busyLogThrottle(`${c.req.method} ${path}`);
      if (quiet !== null) deps.log({ level: "warn", message: "database busy: write refused", fields: { method: c.req.method, path, quiet } });
      c.header("Retry-After", "5");
      return jsonError(c, 503, "La base de données est occupée, votre demande n'a pas été enregistrée. Réessayez dans quelques secondes.", "database_busy");
    }
    // The route and the error's class and query name only (see describeError): no SQL parameters.
    deps.log({ level: "error", message: "unhandled error", fields: { method: c.req.method, path: c.req.path, ...describeError(error) } });
    return jsonError(c, 500, "Une erreur inattendue s'est produite. Veuillez réessayer.", "internal_error");
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
