// The daily alert run on Node, in one call: plan → process every batch → send every page → purge
// → summary, over the in-process queue (memory-queue.ts), so that it is the same stages (plan.ts,
// process.ts, send.ts), the same messages (queue.ts) and the same lifecycle (lifecycle.ts) as the
// Worker's crons and queue consumer (pipeline.ts). Runs from the Node scheduler,
// `npm run alerts:run`, the admin panel and the tests, never twice at once.
import { todayInParis } from "../../core/shared/time.ts";
import { purgeExpiredData } from "../db/repositories/purge.ts";
import type { AppDeps } from "../deps.ts";
import type { IngestSummary } from "./ingest.ts";
import { describeError } from "../logger.ts";
import { AlertRunBusyError, runUnderLock } from "./lifecycle.ts";
import { createMemoryQueue } from "./memory-queue.ts";
import { runPlanStage, type PlanSizes } from "./plan.ts";
import { createHandlerContext, handleAlertMessage, recordDeadLetters, type AlertQueue } from "./queue.ts";
import { checkServiceStatus } from "../services/status.ts";
import { addSendOutcomes, startSendStage, type SendOutcome } from "./send.ts";

export { AlertRunBusyError } from "./lifecycle.ts";

type Deps = Pick<AppDeps, "db" | "sources" | "cache" | "mailer" | "config" | "appSecret" | "clock" | "log">;

export interface AlertRunSummary {
  runId: string;
  subjectsChecked: number;
  communes: number;
  /** `process` messages (batches of at most 50 communes and about 1 000 subjects) */
  batches: number;
  /** calls that reached Hub'Eau, VigiEau, Atmo and the other alert sources (cache hits excluded) */
  upstreamCalls: number;
  /** the same, per source (the bulk reads and the per-commune reads together) */
  upstreamCallsBySource: Record<string, number>;
  /** the day's bulk reads (ingest.ts): calls per source, what changed */
  ingest: IngestSummary;
  alertsDetected: number;
  /** emails accepted by the provider, and emails that failed (retried next run) */
  sent: number;
  failed: number;
  eventsSent: number;
  eventsPending: number;
  providerCalls: number;
  /** send pages (one queue message each) */
  sendPages: number;
  /** messages that failed every delivery (their communes are checked again by the next run) */
  messagesDeadLettered: number;
  confirmationsResent: number;
  durationMs: number;
}

export interface RunOptions extends PlanSizes {
  /** the run's id (a run asked for on the queue carries it); a new one otherwise */
  runId?: string;
  recipientsPerPage?: number;
  /** delay before a failed message is delivered again (1 s by default; tests shorten it) */
  retryDelayMs?: number;
}

/** Calls per upstream since the process started (the address search and the CAMS model are not the run's). */
function countUpstreamCalls(deps: Deps): Map<string, number> {
  return new Map(
    deps.sources
      .upstreamStatus()
      .filter((status) => status.name !== "ban" && status.name !== "openmeteo")
      .map((status) => [status.name, status.calls]),
  );
}

export async function runAlerts(deps: Deps, options: RunOptions = {}): Promise<AlertRunSummary> {
  const started = performance.now();
  const upstreamBefore = countUpstreamCalls(deps);
  const summary = await runUnderLock(
    deps,
    async ({ runId, now }): Promise<AlertRunSummary> => {
      const totals = { subjectsChecked: 0, communes: 0, batches: 0, alertsDetected: 0, sendPages: 0 };
      let sending: SendOutcome = { sent: 0, failed: 0, eventsSent: 0, eventsPending: 0, providerCalls: 0 };
      // One context for the whole run, as before the queue: the rate gates pace the whole run and a
      // bathing page is read once per run.
      const context = createHandlerContext(deps.config);
      const queue = createMemoryQueue({
        log: deps.log,
        retryDelayMs: options.retryDelayMs,
        onDeadLetter: (message) => recordDeadLetters(deps, [message], queue),
        handle: async (message) => {
          const outcome = await handleAlertMessage(deps, message, queue, context);
          // Counted on the delivery that succeeded only, so a retried message counts once.
          if (outcome.kind === "process") {
            totals.subjectsChecked += outcome.subjectsChecked;
            totals.communes += outcome.communes;
            totals.batches += 1;
            totals.alertsDetected += outcome.alertsDetected;
          } else if (outcome.kind === "send") {
            totals.sendPages += outcome.pages;
            sending = addSendOutcomes(sending, outcome.outcome);
          }
        },
      });
      const plan = await runPlanStage(deps, queue, { runId, day: todayInParis(now), now, ...options });
      await queue.drain();
      await startSendStage(deps, queue, { runId, recipientsPerPage: options.recipientsPerPage });
      await queue.drain();
      // Retention rules of the privacy policy, applied by every run.
      await purgeExpiredData(deps.db, deps.clock().getTime());

      const upstreamAfter = countUpstreamCalls(deps);
      const upstreamCallsBySource = Object.fromEntries([...upstreamAfter].map(([name, calls]) => [name, calls - (upstreamBefore.get(name) ?? 0)]));
      return {
        runId,
        ...totals,
        upstreamCalls: Object.values(upstreamCallsBySource).reduce((sum, calls) => sum + calls, 0),
        upstreamCallsBySource,
        ingest: plan.ingest,
        ...sending,
        messagesDeadLettered: queue.deadLetters.length,
        confirmationsResent: plan.confirmationsResent,
        durationMs: Math.round(performance.now() - started),
      };
    },
    { runId: options.runId },
  );
  const { upstreamCallsBySource: bySource, ingest: _ingest, ...flat } = summary;
  deps.log({
    level: summary.messagesDeadLettered > 0 ? "error" : "info",
    message: "alert run finished",
    fields: { ...flat, ...Object.fromEntries(Object.entries(bySource).map(([name, calls]) => [`upstream_${name}`, calls])) },
  });
  // The sources' reads for the status page, and the admins' notice of a missed deadline or of dead letters.
  await checkServiceStatus(deps);
  return summary;
}

/** Node's run queue: where the admin panel and the daily scheduler ask for a run. */
export interface NodeRunQueue extends AlertQueue {
  /** resolves once every run asked for so far has ended (graceful shutdown, tests) */
  idle(): Promise<void>;
  /** a run asked for is waiting or under way */
  busy(): boolean;
  /** the run under way now (its id), if any: a shutdown that cannot wait for it marks it abandoned (lifecycle.ts abandonRuns) */
  current(): string | null;
}

/**
 * Node: an in-process queue of `plan` messages, each running the whole run (runAlerts) in the
 * background, one at a time, as the Worker's consumer runs the plan stage from Cloudflare Queues.
 * Asking returns at once. Never retried: a refused (busy) or failed run is logged.
 */
export function createNodeRunQueue(options: { deps: () => Deps; log: Deps["log"] }): NodeRunQueue {
  let running: Promise<void> | null = null;
  let current: string | null = null;
  const queue = createMemoryQueue({
    log: options.log,
    maxRetries: 0,
    handle: async (message) => {
      if (message.kind !== "plan") throw new Error("only plan messages go to the run queue");
      current = message.runId;
      try {
        await runAlerts(options.deps(), { runId: message.runId });
      } catch (error) {
        options.log({
          level: error instanceof AlertRunBusyError ? "warn" : "error",
          message: "requested alert run not started or failed",
          fields: { runId: message.runId, requestedBy: message.requestedBy, ...describeError(error) },
        });
      } finally {
        current = null;
      }
    },
  });
  return {
    async sendBatch(messages) {
      await queue.sendBatch(messages);
      running ??= queue.drain().finally(() => (running = null));
    },
    idle: () => running ?? Promise.resolve(),
    busy: () => running !== null,
    current: () => current,
  };
}
