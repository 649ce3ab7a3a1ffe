// The Worker's two crons of the queued alert run (decision 047); the stages themselves are in
// plan.ts, process.ts (through queue.ts) and send.ts, the lock and summary in lifecycle.ts:
// - 14:30 Paris: the plan stage under the run lock; its summary is the run's row;
// - 17:00 Paris: the send stage's first page, then the retention rules.
// The queue consumer runs the rest (queue.ts). Node runs the same stages back to back over an
// in-process queue (run.ts).
import { todayInParis } from "../../core/shared/time.ts";
import { generateRandomToken } from "../auth/crypto.ts";
import { markStageBegun } from "../db/repositories/alert-run-marks.ts";
import { purgeExpiredData } from "../db/repositories/purge.ts";
import type { AppDeps } from "../deps.ts";
import { runUnderLock } from "./lifecycle.ts";
import { runPlanStage, type PlanOutcome, type PlanSizes } from "./plan.ts";
import type { AlertQueue } from "./queue.ts";
import { startSendStage } from "./send.ts";

type Deps = Pick<AppDeps, "db" | "sources" | "cache" | "mailer" | "config" | "appSecret" | "clock" | "log">;

/** Workers' 14:30 cron: the plan stage under the run lock. Its summary is the run's row. */
export async function planAlertRun(deps: Deps, queue: AlertQueue, sizes: PlanSizes = {}): Promise<PlanOutcome & { runId: string; stage: "plan"; confirmationsResent: number }> {
  const summary = await runUnderLock(deps, async ({ runId, now }) => ({
    runId,
    stage: "plan" as const,
    ...(await runPlanStage(deps, queue, { runId, day: todayInParis(now), now, ...sizes })),
  }));
  const { ingest, ...counts } = summary;
  deps.log({
    level: "info",
    message: "alert plan enqueued",
    fields: { ...counts, ingestMs: ingest.durationMs, ...Object.fromEntries(Object.entries(ingest.upstreamCalls).map(([name, calls]) => [`ingest_${name}`, calls])) },
  });
  return summary;
}

/**
 * Workers' 17:00 cron: start sending, then apply the retention rules of the privacy policy. The
 * message goes first: sending must not wait for (or fail with) the purge.
 */
export async function runSendCron(deps: Deps, queue: AlertQueue): Promise<{ runId: string }> {
  const runId = generateRandomToken(10);
  await startSendStage(deps, queue, { runId });
  deps.log({ level: "info", message: "alert send stage enqueued", fields: { runId } });
  // From now on, a batch of today that finishes late sends its own events (queue.ts).
  await markStageBegun(deps.db, { stage: "send-stage", day: todayInParis(deps.clock()), nowMs: deps.clock().getTime() });
  await purgeExpiredData(deps.db, deps.clock().getTime());
  return { runId };
}
