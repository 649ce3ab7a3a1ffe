// The lifecycle of an alert run, the same on both runtimes (the Worker's plan cron, Node's whole
// run): take the run lock, do the work, write its summary as the run's row (the admin panel shows
// the last one); on an error write the error's name instead and rethrow, so the next run is not
// blocked until the lock goes stale.
import { generateRandomToken } from "../auth/crypto.ts";
import { acquireAlertRun, finishAlertRun, hasUnfinishedRun } from "../db/repositories/alert-runs.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";

export class AlertRunBusyError extends Error {
  constructor() {
    super("Une vérification des alertes est déjà en cours.");
    this.name = "AlertRunBusyError";
  }
}

/** A run that has not finished after this long is considered dead: the next one may start. */
export const STALE_RUN_MS = 30 * 60 * 1000;

export interface RunStart {
  runId: string;
  /** the run's clock reading at the start: its Paris day is the run's day */
  now: Date;
}

/** A run holds the lock now (started less than STALE_RUN_MS ago and not finished). */
export async function isAlertRunInProgress(deps: Pick<AppDeps, "db" | "clock">): Promise<boolean> {
  return hasUnfinishedRun(deps.db, { nowMs: deps.clock().getTime(), staleAfterMs: STALE_RUN_MS });
}

/**
 * Runs `work` under the run lock; what it returns is the run's summary (stored as JSON in
 * alert_runs) and is returned as it is. Throws AlertRunBusyError when another run holds the lock.
 */
export async function runUnderLock<Summary extends object>(
  deps: Pick<AppDeps, "db" | "clock">,
  work: (run: RunStart) => Promise<Summary>,
  options: { runId?: string } = {},
): Promise<Summary> {
  const now = deps.clock();
  const runId = options.runId ?? generateRandomToken(10);
  if (!(await acquireAlertRun(deps.db, { runId, nowMs: now.getTime(), staleAfterMs: STALE_RUN_MS }))) throw new AlertRunBusyError();
  try {
    const summary = await work({ runId, now });
    await finishAlertRun(deps.db, { runId, finishedAtMs: deps.clock().getTime(), summaryJson: JSON.stringify(summary) });
    return summary;
  } catch (error) {
    // Leave the run marked finished so the next one is not blocked for 30 minutes.
    await finishAlertRun(deps.db, { runId, finishedAtMs: deps.clock().getTime(), summaryJson: JSON.stringify(describeError(error)) });
    throw error;
  }
}
