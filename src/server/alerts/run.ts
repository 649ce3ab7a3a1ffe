// The daily alert run: plan → batches → send what is pending → purge → summary. Runs from the
// Worker's cron, the Node scheduler, `npm run alerts:run` or the admin panel, never twice at once.
import { and, lt, sql } from "drizzle-orm";
import { generateRandomToken } from "../auth/crypto.ts";
import { purgeExpiredSessions } from "../auth/session.ts";
import { purgeExpiredEmailCodes } from "../db/repositories/email-codes.ts";
import { alertRuns, devOutbox } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";
import { purgeUnconfirmedAccounts } from "../services/accounts.ts";
import { purgeRateLimits } from "../services/rate-limit.ts";
import { purgeSubscriptions, retryPendingConfirmations } from "../services/subscriptions.ts";
import { batchByCommune, planAlertSubjects } from "./plan.ts";
import { createRateGate, processAlertBatch, purgeOrphanStates } from "./process.ts";
import { purgeOldEvents, sendPendingAlerts } from "./send.ts";

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

async function acquireRun(deps: Deps, runId: string, nowMs: number): Promise<boolean> {
  const result = await deps.db.run(sql`
    insert into ${alertRuns} (id, started_at_ms)
    select ${runId}, ${nowMs}
    where not exists (select 1 from ${alertRuns} where finished_at_ms is null and started_at_ms > ${nowMs - STALE_RUN_MS})
  `);
  return result.rowsAffected === 1;
}

export async function runAlerts(deps: Deps): Promise<AlertRunSummary> {
  const started = performance.now();
  const runId = generateRandomToken(10);
  if (!(await acquireRun(deps, runId, deps.clock().getTime()))) throw new AlertRunBusyError();
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
    await purgeAll(deps);
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
    await deps.db
      .update(alertRuns)
      .set({ finishedAtMs: deps.clock().getTime(), summaryJson: JSON.stringify(summary) })
      .where(sql`${alertRuns.id} = ${runId}`);
    deps.log({ level: "info", message: "alert run finished", fields: { ...summary } });
    return summary;
  } catch (error) {
    // Leave the run marked finished so the next one is not blocked for 30 minutes.
    await deps.db.update(alertRuns).set({ finishedAtMs: deps.clock().getTime(), summaryJson: JSON.stringify(describeError(error)) }).where(sql`${alertRuns.id} = ${runId}`);
    throw error;
  }
}

/** Retention rules of the privacy policy, applied by every run. */
async function purgeAll(deps: Deps): Promise<void> {
  const nowMs = deps.clock().getTime();
  await purgeOldEvents(deps);
  await purgeSubscriptions(deps);
  await purgeOrphanStates(deps.db);
  await purgeExpiredEmailCodes(deps.db, nowMs);
  await purgeExpiredSessions(deps.db, nowMs);
  await purgeUnconfirmedAccounts(deps);
  await purgeRateLimits(deps.db, Math.floor(nowMs / 1000) - 24 * 3600);
  await deps.db.delete(devOutbox).where(lt(devOutbox.createdAtMs, nowMs - 30 * 24 * 3600 * 1000));
  await deps.db.delete(alertRuns).where(and(lt(alertRuns.startedAtMs, nowMs - 90 * 24 * 3600 * 1000), sql`${alertRuns.finishedAtMs} is not null`));

}
