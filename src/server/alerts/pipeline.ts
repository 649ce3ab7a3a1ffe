// The stages of the queued alert run (decision 047), shared by both runtimes:
// - plan: take the run lock, read the sources in bulk (ingest.ts), then read the watched communes
//   page by page with their subject counts and enqueue `process` messages of at most 50 communes
//   and about 1 000 subjects; a commune with more is split into parts (plan.ts);
// - process (queue.ts): one message = one batch of communes (or one part of a commune), its
//   subjects read for those communes only, so its memory does not depend on how many people watch;
// - send: enqueue the first page of recipients; each page enqueues the next.
// The Worker runs plan and send from two crons and the rest in its queue consumer; Node runs them
// back to back over an in-process queue (run.ts).
import { todayInParis } from "../../core/shared/time.ts";
import { generateRandomToken } from "../auth/crypto.ts";
import { acquireAlertRun, finishAlertRun } from "../db/repositories/alert-runs.ts";
import { purgeExpiredData } from "../db/repositories/purge.ts";
import { saveWatermark } from "../db/repositories/source-snapshots.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";
import { retryPendingConfirmations } from "../services/subscriptions.ts";
import { ingestSources, type IngestSummary } from "./ingest.ts";
import { COMMUNES_PER_BATCH, createBatchPacker, listWatchedCommunesWithCountsPage, SUBJECTS_PER_BATCH, type WatchedCommune } from "./plan.ts";
import { SEND_STAGE_MARK, type AlertMessage, type AlertQueue } from "./queue.ts";

type Deps = Pick<AppDeps, "db" | "sources" | "cache" | "mailer" | "config" | "appSecret" | "clock" | "log">;

export class AlertRunBusyError extends Error {
  constructor() {
    super("Une vérification des alertes est déjà en cours.");
    this.name = "AlertRunBusyError";
  }
}

/** A run that has not finished after this long is considered dead: the next one may start. */
export const STALE_RUN_MS = 30 * 60 * 1000;

/** Pages of the plan: 20 × 50 = 1 000 watched communes (and their counts) per read. */
const MESSAGES_PER_PLAN_PAGE = 20;

export interface PlanSizes {
  /** at most this many communes per `process` message (50: its upstream reads stay far below a Worker's limits) */
  communesPerMessage?: number;
  /** about this many subjects per `process` message at most (1 000: its memory stays far below a Worker's 128 MB) */
  subjectsPerMessage?: number;
  /** the page of watched communes reads communesPerMessage × this many codes */
  messagesPerPlanPage?: number;
}

export interface PlanOutcome {
  /** watched communes, each counted once, even when split into parts */
  communes: number;
  /** `process` messages: one per batch of communes, one per part of a crowded commune */
  messages: number;
  /** reads of watched communes: the plan never holds more than one page */
  pages: number;
  /** the bulk reads of the day (ingest.ts) */
  ingest: IngestSummary;
}

/**
 * Reads the sources once for the day, then enqueues the watched communes page by page, packed by
 * commune and subject counts (plan.ts `createBatchPacker`). A batch still open at the end of a page
 * carries over to the next one. No lock here: the caller holds it (planAlertRun on Workers,
 * runAlerts on Node).
 */
export async function enqueueAlertPlan(deps: Deps, queue: AlertQueue, input: { runId: string; day: string; now: Date } & PlanSizes): Promise<PlanOutcome> {
  const ingest = await ingestSources(deps, { day: input.day, now: input.now });
  const communesPerBatch = input.communesPerMessage ?? COMMUNES_PER_BATCH;
  const perPage = communesPerBatch * (input.messagesPerPlanPage ?? MESSAGES_PER_PLAN_PAGE);
  const packer = createBatchPacker({ communesPerBatch, subjectsPerBatch: input.subjectsPerMessage ?? SUBJECTS_PER_BATCH });
  const outcome: PlanOutcome = { communes: 0, messages: 0, pages: 0, ingest };
  let afterCitycode: string | null = null;
  for (;;) {
    const communes: WatchedCommune[] = await listWatchedCommunesWithCountsPage(deps.db, { afterCitycode, limit: perPage });
    outcome.pages += 1;
    const lastPage = communes.length < perPage;
    const batches = communes.flatMap((commune) => packer.add(commune));
    if (lastPage) batches.push(...packer.finish());
    const messages: AlertMessage[] = batches.map((batch) => ({ kind: "process", runId: input.runId, day: input.day, ...batch }));
    if (messages.length > 0) await queue.sendBatch(messages);
    outcome.communes += communes.length;
    outcome.messages += messages.length;
    if (lastPage) break;
    afterCitycode = communes.at(-1)?.citycode ?? null;
  }
  return outcome;
}

/** Workers' 14:30 cron: the plan stage under the run lock. Its summary is the run's row. */
export async function planAlertRun(deps: Deps, queue: AlertQueue, sizes: PlanSizes = {}): Promise<PlanOutcome & { runId: string; confirmationsResent: number }> {
  const now = deps.clock();
  const runId = generateRandomToken(10);
  if (!(await acquireAlertRun(deps.db, { runId, nowMs: now.getTime(), staleAfterMs: STALE_RUN_MS }))) throw new AlertRunBusyError();
  try {
    const confirmationsResent = await retryPendingConfirmations(deps);
    const plan = await enqueueAlertPlan(deps, queue, { runId, day: todayInParis(now), now, ...sizes });
    const { ingest, ...counts } = plan;
    const summary = { runId, stage: "plan", ...counts, confirmationsResent };
    await finishAlertRun(deps.db, { runId, finishedAtMs: deps.clock().getTime(), summaryJson: JSON.stringify({ ...summary, ingest }) });
    deps.log({
      level: "info",
      message: "alert plan enqueued",
      fields: { ...summary, ingestMs: ingest.durationMs, ...Object.fromEntries(Object.entries(ingest.upstreamCalls).map(([name, calls]) => [`ingest_${name}`, calls])) },
    });
    return { runId, ...plan, confirmationsResent };
  } catch (error) {
    // Leave the run marked finished so the next one is not blocked for 30 minutes.
    await finishAlertRun(deps.db, { runId, finishedAtMs: deps.clock().getTime(), summaryJson: JSON.stringify(describeError(error)) });
    throw error;
  }
}

/** Enqueues the first page of recipients; each page enqueues the next (queue.ts). */
export async function startSendStage(deps: Pick<Deps, "clock">, queue: AlertQueue, input: { runId: string; recipientsPerPage?: number }): Promise<void> {
  await queue.sendBatch([{ kind: "send", runId: input.runId, day: todayInParis(deps.clock()), afterRecipient: null, recipientsPerPage: input.recipientsPerPage }]);
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
  await saveWatermark(deps.db, { source: SEND_STAGE_MARK, value: todayInParis(deps.clock()), nowMs: deps.clock().getTime() });
  await purgeExpiredData(deps.db, deps.clock().getTime());
  return { runId };
}
