// The daily alert run: plan → batches → send what is pending → purge → summary. Runs from the
// Worker's cron, the Node scheduler, `npm run alerts:run` or the admin panel, never twice at once.
import { generateRandomToken } from "../auth/crypto.ts";
import { acquireAlertRun, finishAlertRun } from "../db/repositories/alert-runs.ts";
import { purgeExpiredData } from "../db/repositories/purge.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";
import { retryPendingConfirmations } from "../services/subscriptions.ts";
import { batchByCommune, planAlertSubjects } from "./plan.ts";
import { createRateGate, processAlertBatch } from "./process.ts";
import { sendPendingAlerts } from "./send.ts";

type Deps = Pick<AppDeps, "db" | "sources" | "cache" | "mailer" | "config" | "appSecret" | "clock" | "log">;

export interface AlertRunSummary {
  runId: string;
  subjectsChecked: number;
  communes: number;
  batches: number;
  /** calls that reached Hub'Eau, VigiEau and Atmo (cache hits excluded) */
  upstreamCalls: number;
  alertsDetected: number;
  /** emails accepted by the provider, and emails that failed (retried next run) */
  sent: number;
  failed: number;
  eventsSent: number;
  eventsPending: number;
  providerCalls: number;
  confirmationsResent: number;
  durationMs: number;
}

export class AlertRunBusyError extends Error {
  constructor() {
    super("Une vérification des alertes est déjà en cours.");
    this.name = "AlertRunBusyError";
  }
}

/** A run that has not finished after this long is considered dead: the next one may start. */
const STALE_RUN_MS = 30 * 60 * 1000;

function countUpstreamCalls(deps: Deps): number {
  return deps.sources
    .upstreamStatus()
    .filter((status) => status.name !== "ban" && status.name !== "openmeteo")
    .reduce((sum, status) => sum + status.calls, 0);
}

export async function runAlerts(deps: Deps): Promise<AlertRunSummary> {
  const started = performance.now();
  const runId = generateRandomToken(10);
  if (!(await acquireAlertRun(deps.db, { runId, nowMs: deps.clock().getTime(), staleAfterMs: STALE_RUN_MS }))) throw new AlertRunBusyError();
  const upstreamBefore = countUpstreamCalls(deps);
  try {
    const confirmationsResent = await retryPendingConfirmations(deps);
    const subjects = await planAlertSubjects(deps.db);
    const batches = batchByCommune(subjects);
    const gates = {
      hubeau: createRateGate(deps.config.ALERT_HUBEAU_PER_SECOND),
      vigieau: createRateGate(deps.config.ALERT_VIGIEAU_PER_SECOND),
      atmo: createRateGate(deps.config.ALERT_ATMO_PER_SECOND),
      baignades: createRateGate(deps.config.ALERT_BAIGNADES_PER_SECOND),
    };
    const bathingReads = new Map();
    let alertsDetected = 0;
    for (const batch of batches) {
      alertsDetected += (await processAlertBatch(deps, batch, { gates, concurrency: deps.config.ALERT_CONCURRENCY, bathingReads })).alertsDetected;
    }
    const sending = await sendPendingAlerts(deps);
    // Retention rules of the privacy policy, applied by every run.
    await purgeExpiredData(deps.db, deps.clock().getTime());
    const summary: AlertRunSummary = {
      runId,
      subjectsChecked: subjects.length,
      communes: new Set(subjects.map((subject) => subject.address.citycode)).size,
      batches: batches.length,
      upstreamCalls: countUpstreamCalls(deps) - upstreamBefore,
      alertsDetected,
      ...sending,
      confirmationsResent,
      durationMs: Math.round(performance.now() - started),
    };
    await finishAlertRun(deps.db, { runId, finishedAtMs: deps.clock().getTime(), summaryJson: JSON.stringify(summary) });
    deps.log({ level: "info", message: "alert run finished", fields: { ...summary } });
    return summary;
  } catch (error) {
    // Leave the run marked finished so the next one is not blocked for 30 minutes.
    await finishAlertRun(deps.db, { runId, finishedAtMs: deps.clock().getTime(), summaryJson: JSON.stringify(describeError(error)) });
    throw error;
  }
}
