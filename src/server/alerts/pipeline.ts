// The Worker's two crons of the queued alert run (decision 047); the stages themselves are in
// plan.ts, process.ts (through queue.ts) and send.ts, the lock and summary in lifecycle.ts:
// - 14:30 Paris: the plan stage under the run lock; its summary is the run's row; its batches
//   leave the topics judged at send to 17:00 (decision 079);
// - 17:00 Paris: those topics' re-reads and passes (at-send.ts), then the send stage's pages
//   (counted on the day's run row), then the retention rules;
// and the plan stage of a run asked for on the queue (the admin panel's « lancer les alertes »).
// The queue consumer runs the rest (queue.ts). Node runs the same stages back to back over an
// in-process queue (run.ts).
import { todayInParis } from "../../core/shared/time.ts";
import { generateRandomToken } from "../auth/crypto.ts";
import { hasStageBegun, markStageBegun } from "../db/repositories/alert-run-marks.ts";
import { purgeExpiredData } from "../db/repositories/purge.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";
import { AlertRunBusyError, runUnderLock } from "./lifecycle.ts";
import { runPlanStage, type PlanOutcome, type PlanSizes } from "./plan.ts";
import type { AlertMessage, AlertQueue } from "./queue.ts";
import { checkServiceStatus } from "../services/status.ts";
import { startSendStage } from "./send.ts";
import { startTopicPassesAtSend, TOPICS_AT_SEND } from "./at-send.ts";

type Deps = Pick<AppDeps, "db" | "sources" | "cache" | "mailer" | "config" | "appSecret" | "clock" | "log">;

/** Workers' 14:30 cron: the plan stage under the run lock. Its summary is the run's row. */
export async function planAlertRun(
  deps: Deps,
  queue: AlertQueue,
  options: PlanSizes & { runId?: string } = {},
): Promise<PlanOutcome & { runId: string; stage: "plan"; confirmationsResent: number }> {
  const { runId: requestedRunId, ...sizes } = options;
  const summary = await runUnderLock(
    deps,
    async ({ runId, now }) => {
      const day = todayInParis(now);
      // Before the day's 17:00 send stage, the topics judged at send are judged there, from a
      // source read after it published (decision 079); a plan after it (the admin panel's) judges them itself.
      const skipTopics = (await hasStageBegun(deps.db, { stage: "send-stage", day })) ? [] : [...TOPICS_AT_SEND];
      return { runId, stage: "plan" as const, ...(await runPlanStage(deps, queue, { runId, day, now, ...sizes, skipTopics })) };
    },
    { runId: requestedRunId },
  );
  const { ingest, ...counts } = summary;
  deps.log({
    level: "info",
    message: "alert plan enqueued",
    fields: {
      ...counts,
      ingestMs: ingest.durationMs,
      ...Object.fromEntries(Object.entries(ingest.upstreamCalls).map(([name, calls]) => [`ingest_${name}`, calls])),
    },
  });
  // The day's bulk reads for the status page, and the admins' notice of a source past its deadline.
  await checkServiceStatus(deps);
  return summary;
}

/**
 * Workers' queue consumer, for a run asked through the queue (the admin panel): the plan stage,
 * as the 14:30 cron runs it; its batches follow on the queue. Never retried: a refused (another
 * run holds the lock) or failed plan is logged and the message acked.
 */
export async function runRequestedPlan(deps: Deps, queue: AlertQueue, message: Extract<AlertMessage, { kind: "plan" }>): Promise<void> {
  try {
    await planAlertRun(deps, queue, { runId: message.runId });
  } catch (error) {
    deps.log({
      level: error instanceof AlertRunBusyError ? "warn" : "error",
      message: "requested alert run not started",
      fields: { runId: message.runId, requestedBy: message.requestedBy, ...describeError(error) },
    });
  }
}

/**
 * Workers' 17:00 cron: the passes of the topics judged at send (at-send.ts, decision 079), whose
 * last page starts sending — or sending at once when nobody has such a topic on or nothing could
 * be read — then the retention rules of the privacy policy. The messages go first: sending must
 * not wait for (or fail with) the purge. Its answer carries each pass's summary field (what it read).
 */
export async function runSendCron(deps: Deps, queue: AlertQueue): Promise<{ runId: string } & Record<string, unknown>> {
  // Its pages count on the day's newest run, the 14:30 plan's (queue.ts tallyRun, decision 064).
  const runId = generateRandomToken(10);
  const day = todayInParis(deps.clock());
  let passes: Awaited<ReturnType<typeof startTopicPassesAtSend>> = { summaries: {}, chained: false };
  try {
    passes = await startTopicPassesAtSend(deps, queue, { runId, day });
  } catch (error) {
    // The e-mails go without the passes rather than not at all.
    deps.log({ level: "error", message: "topic passes at send not started", fields: { runId, ...describeError(error) } });
  }
  if (!passes.chained) await startSendStage(deps, queue, { runId });
  deps.log({
    level: "info",
    message: "alert send stage enqueued",
    fields: { runId, afterTopicPasses: passes.chained },
  });
  // From now on, a batch of today that finishes late sends its own events (queue.ts).
  await markStageBegun(deps.db, { stage: "send-stage", day, nowMs: deps.clock().getTime() });
  await purgeExpiredData(deps.db, deps.clock().getTime());
  return { ...passes.summaries, runId };
}
