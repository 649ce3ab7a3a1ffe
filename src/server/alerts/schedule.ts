// When the daily run happens, in Paris time (decisions 032 and 047). Two stages on Workers:
// - plan at 14:30, after ATMO has published tomorrow's forecast (around 14:00): read the sources,
//   enqueue one message per 50 communes or ~1 000 subjects, which the queue consumer processes in the afternoon;
// - send at 17:00: the passes of the topics judged at send (at-send.ts: a source that publishes
//   after 14:30, re-read then), then page through the recipients; every email is with Resend by
//   18:00 (decision 079).
// Cron expressions are in UTC, so each stage has two triggers, one for winter (CET, UTC+1) and one
// for summer (CEST, UTC+2), and runs only on the one that is its Paris time: on the day of a
// change exactly one of them matches. Node runs the whole pipeline at once at 17:00, and catches
// up a missed or abandoned run of the day (decision 076).
import { nextParisHour, parisHourToUtc, parisMinutesOfDay } from "../../core/shared/time.ts";
import { listRunsSince, type AlertRunRow } from "../db/repositories/alert-runs.ts";
import type { AppDeps } from "../deps.ts";
import { ABANDONED_RUN_SUMMARY, deadRunAfterMs } from "./lifecycle.ts";

/** The hour the emails go out (also said in the emails' footer). */
export const ALERT_HOUR_PARIS = 17;
/** The plan stage: 14:30 Paris time. */
export const ALERT_PLAN_MINUTES_PARIS = 14 * 60 + 30;
const ALERT_SEND_MINUTES_PARIS = ALERT_HOUR_PARIS * 60;

/** A cron fires at its minute; a late start (or a hand-triggered test) is still its stage within this window. */
const STAGE_WINDOW_MINUTES = 15;

export type AlertStage = "plan" | "send";

/** Which stage a cron trigger runs, from the Paris time it was scheduled for; null: the other season's trigger. */
export function alertStageAt(scheduledAt: Date): AlertStage | null {
  const minutes = parisMinutesOfDay(scheduledAt);
  const within = (start: number) => minutes >= start && minutes < start + STAGE_WINDOW_MINUTES;
  if (within(ALERT_PLAN_MINUTES_PARIS)) return "plan";
  if (within(ALERT_SEND_MINUTES_PARIS)) return "send";
  return null;
}

/** A run that ended by itself, a run alive, or one abandoned (its process died), as the catch-up sees them. */
type RunRow = Pick<AlertRunRow, "startedAtMs" | "finishedAtMs" | "summaryJson" | "heartbeatAtMs">;

/** Abandoned runs of a day after which the scheduler stops catching up (a run that keeps dying needs a person). */
export const MAX_CATCH_UPS_PER_DAY = 3;

/** How often Node's scheduler wakes to check for a missed or abandoned run of today (besides 17:00). */
export const CATCH_UP_CHECK_MS = 5 * 60 * 1000;

function wasAbandoned(run: RunRow, nowMs: number, deadAfterMs: number): boolean {
  if (run.finishedAtMs === null) return (run.heartbeatAtMs ?? run.startedAtMs) <= nowMs - deadAfterMs;
  try {
    const summary: unknown = JSON.parse(run.summaryJson ?? "null");
    return typeof summary === "object" && summary !== null && (summary as { error?: unknown }).error === ABANDONED_RUN_SUMMARY.error;
  } catch (error) {
    if (error instanceof SyntaxError) return false;
    throw error;
  }
}

/**
 * Node: whether today's run is due now (decision 076). Past 17:00 Paris, today's run is due unless
 * a run started since 17:00 ended by itself (completed, or failed by an error: once a day is
 * enough, the admins hear of it through checkServiceStatus) or is alive. A missed 17:00 (the server
 * was down) or an abandoned run (kill -9, out of memory, a deploy) is caught up, at most
 * MAX_CATCH_UPS_PER_DAY abandoned runs a day.
 */
export function isDailyRunDue(now: Date, runsSinceAlertHour: readonly RunRow[], deadAfterMs: number): boolean {
  const alertHour = parisHourToUtc(now, ALERT_HOUR_PARIS).getTime();
  if (now.getTime() < alertHour) return false;
  const runs = runsSinceAlertHour.filter((run) => run.startedAtMs >= alertHour);
  const abandoned = runs.filter((run) => wasAbandoned(run, now.getTime(), deadAfterMs));
  return abandoned.length === runs.length && abandoned.length < MAX_CATCH_UPS_PER_DAY;
}

/** isDailyRunDue on the database's runs of today's 17:00. */
export async function readDailyRunDue(deps: Pick<AppDeps, "db" | "clock" | "config">): Promise<boolean> {
  const now = deps.clock();
  const runs = await listRunsSince(deps.db, { sinceMs: parisHourToUtc(now, ALERT_HOUR_PARIS).getTime() });
  return isDailyRunDue(now, runs, deadRunAfterMs(deps.config));
}

/**
 * Node: an in-process timer for the daily run. It wakes at start, at 17:00 Paris time and every
 * CATCH_UP_CHECK_MS, and runs when `isDue` says today's run is due (readDailyRunDue): the 17:00
 * run, or the catch-up of a missed or abandoned one.
 */
export function startDailyScheduler(options: {
  run: () => Promise<unknown>;
  isDue: () => Promise<boolean>;
  clock?: () => Date;
  onError: (error: unknown) => void;
  checkEveryMs?: number;
}): {
  stop(): void;
  nextAt(): Date;
} {
  const clock = options.clock ?? (() => new Date());
  const checkEveryMs = options.checkEveryMs ?? CATCH_UP_CHECK_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let next = nextParisHour(clock(), ALERT_HOUR_PARIS);
  const wake = async () => {
    try {
      if (await options.isDue()) await options.run();
    } catch (error) {
      options.onError(error);
    } finally {
      if (!stopped) arm();
    }
  };
  const arm = (delayMs?: number) => {
    next = nextParisHour(clock(), ALERT_HOUR_PARIS);
    // setTimeout holds at most ~24.8 days; a day is far below that.
    timer = setTimeout(() => void wake(), delayMs ?? Math.max(1000, Math.min(checkEveryMs, next.getTime() - clock().getTime())));
    timer.unref?.();
  };
  // At start: a 17:00 missed while the server was down is caught up now.
  arm(0);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
    nextAt: () => next,
  };
}
