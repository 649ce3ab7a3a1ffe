// When the daily run happens: 17:00 Paris time, after ATMO has published tomorrow's forecast
// (around 14:00). Cron expressions are in UTC, so the Worker has two triggers (15:00 and 16:00
// UTC) and runs only on the one that is 17:00 in Paris: 16:00 UTC in winter (CET), 15:00 UTC in
// summer (CEST). On the day of a change, exactly one of them matches.
import { nextParisHour, parisHour } from "../../core/shared/time.ts";

export const ALERT_HOUR_PARIS = 17;

export function isAlertRunTime(scheduledAt: Date): boolean {
  return parisHour(scheduledAt) === ALERT_HOUR_PARIS;
}

/** Node: an in-process timer that fires every day at 17:00 Paris time. */
export function startDailyScheduler(options: { run: () => Promise<unknown>; clock?: () => Date; onError: (error: unknown) => void }): { stop(): void; nextAt(): Date } {
  const clock = options.clock ?? (() => new Date());
  let timer: ReturnType<typeof setTimeout> | undefined;
  let next = nextParisHour(clock(), ALERT_HOUR_PARIS);
  const arm = () => {
    next = nextParisHour(clock(), ALERT_HOUR_PARIS);
    // setTimeout holds at most ~24.8 days; a day is far below that.
    timer = setTimeout(() => {
      options.run().catch(options.onError).finally(arm);
    }, Math.max(1000, next.getTime() - clock().getTime()));
    timer.unref?.();
  };
  arm();
  return {
    stop: () => clearTimeout(timer),
    nextAt: () => next,
  };
}
