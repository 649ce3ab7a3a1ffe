// Paris wall-clock time for schedules (the alert run is at 17:00 Paris time, CET or CEST).

function parisParts(date: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: value("year"), month: value("month"), day: value("day"), hour: value("hour"), minute: value("minute") };
}

/** The hour (0–23) it is in Paris at that instant. */
export function parisHour(date: Date): number {
  return parisParts(date).hour;
}

/** The instant when it is hour:00 in Paris on the Paris calendar day of `date` (DST-aware). */
export function parisHourToUtc(date: Date, hour: number): Date {
  const { year, month, day } = parisParts(date);
  // Paris is UTC+1 or UTC+2: try both offsets and keep the one that reads back as hour:00.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(Date.UTC(year, month - 1, day, hour - offsetHours));
    const back = parisParts(candidate);
    if (back.hour === hour && back.day === day) return candidate;
  }
  return new Date(Date.UTC(year, month - 1, day, hour - 1));
}

/** The next instant, strictly after `now`, when it is hour:00 in Paris. */
export function nextParisHour(now: Date, hour: number): Date {
  const today = parisHourToUtc(now, hour);
  if (today.getTime() > now.getTime()) return today;
  return parisHourToUtc(new Date(now.getTime() + 24 * 3600 * 1000), hour);
}
