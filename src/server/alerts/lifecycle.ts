// The lifecycle of an alert run, the same on both runtimes (the Worker's plan cron, Node's whole
// run): take the run lock, beat while working, write the run's summary as its row (the admin
// panel shows the last one); on an error write the error's name instead and rethrow, so the next
// run is not blocked. A run whose process died (kill -9, out of memory, a deploy) stops beating:
// its lock is free DEAD_RUN_BEATS beats later, and the next run marks its row abandoned (decision 076).
import { generateRandomToken } from "../auth/crypto.ts";
import { acquireAlertRun, beatAlertRun, finishAlertRun, hasUnfinishedRun, markAbandonedRuns } from "../db/repositories/alert-runs.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";

export class AlertRunBusyError extends Error {
  constructor() {
    super("Une vérification des alertes est déjà en cours.");
    this.name = "AlertRunBusyError";
  }
}

/** A run whose last beat is this many beats old is dead: the next one may start. */
export const DEAD_RUN_BEATS = 3;

/** The summary of a run found dead (or left by a shutdown): finished, not completed (status.ts). */
export const ABANDONED_RUN_SUMMARY = { error: "abandoned" } as const;

type LockDeps = Pick<AppDeps, "db" | "clock" | "config">;

/** How long after its last beat a run is dead (ALERT_RUN_HEARTBEAT_MS × DEAD_RUN_BEATS: 45 s by default). */
export function deadRunAfterMs(config: Pick<AppDeps["config"], "ALERT_RUN_HEARTBEAT_MS">): number {
  return config.ALERT_RUN_HEARTBEAT_MS * DEAD_RUN_BEATS;
}

export interface RunStart {
  runId: string;
  /** the run's clock reading at the start: its Paris day is the run's day */
  now: Date;
}

/** A run holds the lock now (unfinished, and it beat less than deadRunAfterMs ago). */
export async function isAlertRunInProgress(deps: LockDeps): Promise<boolean> {
  return hasUnfinishedRun(deps.db, { nowMs: deps.clock().getTime(), deadAfterMs: deadRunAfterMs(deps.config) });
}

/** Marks the given runs abandoned now (a shutdown leaving a run it could not wait for: the next start catches up). */
export async function abandonRuns(deps: Pick<AppDeps, "db" | "clock">, runIds: string[]): Promise<number> {
  return markAbandonedRuns(deps.db, { nowMs: deps.clock().getTime(), summaryJson: JSON.stringify({ ...ABANDONED_RUN_SUMMARY, reason: "shutdown" }), runIds });
}

/**
 * Runs `work` under the run lock; what it returns is the run's summary (stored as JSON in
 * alert_runs) and is returned as it is. Throws AlertRunBusyError when another run holds the lock.
 */
export async function runUnderLock<Summary extends object>(
  deps: LockDeps & Pick<AppDeps, "log">,
  work: (run: RunStart) => Promise<Summary>,
  options: { runId?: string } = {},
): Promise<Summary> {
  const now = deps.clock();
  const runId = options.runId ?? generateRandomToken(10);
  const deadAfterMs = deadRunAfterMs(deps.config);
  if (!(await acquireAlertRun(deps.db, { runId, nowMs: now.getTime(), deadAfterMs }))) throw new AlertRunBusyError();
  // The runs that held the lock before and stopped beating: no longer shown as running.
  const abandoned = await markAbandonedRuns(deps.db, {
    nowMs: now.getTime(),
    summaryJson: JSON.stringify({ ...ABANDONED_RUN_SUMMARY, reason: "heartbeat stopped" }),
    exceptRunId: runId,
    deadAfterMs,
  });
  if (abandoned > 0) deps.log({ level: "warn", message: "alert run found dead, taken over", fields: { runId, abandoned } });
  const beat: { pending: Promise<void> | null } = { pending: null };
  const heartbeat = setInterval(() => {
    // One beat at a time; a failed beat is logged, the next one tries again.
    beat.pending ??= beatAlertRun(deps.db, { runId, nowMs: deps.clock().getTime() })
      .catch((error: unknown) => deps.log({ level: "warn", message: "alert run heartbeat not written", fields: { runId, ...describeError(error) } }))
      .finally(() => (beat.pending = null));
  }, deps.config.ALERT_RUN_HEARTBEAT_MS);
  (heartbeat as { unref?: () => void }).unref?.();
  try {
    const summary = await work({ runId, now });
    clearInterval(heartbeat);
    await beat.pending;
    await finishAlertRun(deps.db, { runId, finishedAtMs: deps.clock().getTime(), summaryJson: JSON.stringify(summary) });
    return summary;
  } catch (error) {
    clearInterval(heartbeat);
    await beat.pending;
    // Leave the run marked finished so the next one is not blocked.
    await finishAlertRun(deps.db, { runId, finishedAtMs: deps.clock().getTime(), summaryJson: JSON.stringify(describeError(error)) });
    throw error;
  }
}
