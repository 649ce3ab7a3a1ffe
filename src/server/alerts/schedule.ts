// When the daily run happens, in Paris time (decisions 032 and 047). Two stages on Workers:
// - plan at 14:30, after ATMO has published tomorrow's forecast (around 14:00): read the sources,
//   enqueue one message per 50 communes or ~1 000 subjects, which the queue consumer processes in the afternoon;
// - send at 17:00: enqueue the first page of recipients; every email is with Resend by 18:00.
// Cron expressions are in UTC, so each stage has two triggers, one for winter (CET, UTC+1) and one
// for summer (CEST, UTC+2), and runs only on the one that is its Paris time: on the day of a
// change exactly one of them matches. Node runs the whole pipeline at once at 17:00.
import { nextParisHour, parisMinutesOfDay } from "../../core/shared/time.ts";

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

/** Node: an in-process timer that fires every day at 17:00 Paris time. */
export function startDailyScheduler(options: { run: () => Promise<unknown>; clock?: () => Date; onError: (error: unknown) => void }): {
  stop(): void;
  nextAt(): Date;
} {
  const clock = options.clock ?? (() => new Date());
  let timer: ReturnType<typeof setTimeout> | undefined;
  let next = nextParisHour(clock(), ALERT_HOUR_PARIS);
  const arm = () => {
    next = nextParisHour(clock(), ALERT_HOUR_PARIS);
    // setTimeout holds at most ~24.8 days; a day is far below that.
    timer = setTimeout(
      () => {
        options.run().catch(options.onError).finally(arm);
      },
      Math.max(1000, next.getTime() - clock().getTime()),
    );
    timer.unref?.();
  };
  arm();
  return {
    stop: () => clearTimeout(timer),
    nextAt: () => next,
  };
}
