// The one home of local time: Paris calendar days, wall-clock hours and schedules (CET or CEST), and
// each overseas territory's own calendar day. Every rule that speaks of « today », « this season » or
// « 17:00 » reads its clock through here.

const PARIS = "Europe/Paris";

/** IANA time zone of each overseas department or collectivity (INSEE department code); the rest of France is Paris. */
const TERRITORY_TIME_ZONES: Readonly<Record<string, string>> = {
  "971": "America/Guadeloupe",
  "972": "America/Martinique",
  "973": "America/Cayenne",
  "974": "Indian/Reunion",
  "975": "America/Miquelon",
  "976": "Indian/Mayotte",
  "977": "America/St_Barthelemy",
  "978": "America/Marigot",
};

/** The time zone a commune lives on (INSEE commune code): its territory's for overseas, Paris otherwise. */
export function timeZoneOfCommune(citycode: string): string {
  const code = citycode.trim().toUpperCase();
  return TERRITORY_TIME_ZONES[code.slice(0, 3)] ?? PARIS;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (an overseas territory's own day). */
export function todayInZone(now: Date, timeZone: string): string {
  const { year, month, day } = zonedParts(now, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The calendar day (YYYY-MM-DD) of an instant for a commune: its territory's local day overseas, Paris's elsewhere. */
export function todayForCommune(now: Date, citycode: string): string {
  return todayInZone(now, timeZoneOfCommune(citycode));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

interface ParisParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * One formatter per time zone, built once: building an `Intl.DateTimeFormat` costs ~20 times
 * formatting with one (177 µs against 8 µs, issue 25). A formatter is immutable, so sharing it
 * cannot change what it prints. The zones are the few this file names (and any a caller passes).
 */
const ZONED_FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function zonedFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = ZONED_FORMATTERS.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    ZONED_FORMATTERS.set(timeZone, formatter);
  }
  return formatter;
}

/** Calendar day and wall-clock time of an instant in a time zone: the one reading of a clock here. */
function zonedParts(date: Date, timeZone: string): ParisParts {
  const parts = zonedFormatter(timeZone).formatToParts(date);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: value("year"), month: value("month"), day: value("day"), hour: value("hour"), minute: value("minute") };
}

const parisParts = (date: Date) => zonedParts(date, PARIS);

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** The Paris calendar day (YYYY-MM-DD) of an instant. */
export function todayInParis(now: Date): string {
  return todayInZone(now, PARIS);
}

/** The Paris calendar day (YYYY-MM-DD) of an ISO date or date-time; null if unparsable. */
export function localDateParis(isoDateOrDateTime: string): string | null {
  return localDateInZone(isoDateOrDateTime, PARIS);
}

/**
 * The calendar day (YYYY-MM-DD) of an ISO date or date-time in a time zone (an overseas
 * territory's, `timeZoneOfCommune`); a bare day is already a day and is kept. Null if unparsable.
 */
export function localDateInZone(isoDateOrDateTime: string, timeZone: string): string | null {
  if (ISO_DAY.test(isoDateOrDateTime)) return isoDateOrDateTime;
  const time = Date.parse(isoDateOrDateTime);
  if (Number.isNaN(time)) return null;
  return todayInZone(new Date(time), timeZone);
}

/** Calendar arithmetic on a YYYY-MM-DD day (in UTC, so a daylight-saving change cannot skip a day). */
export function addDaysToLocalDate(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The Paris wall-clock time of an ISO date-time; null for a bare day or an unparsable value. */
export function parisTimeOfDay(isoDateTime: string): { hour: number; minute: number } | null {
  if (ISO_DAY.test(isoDateTime)) return null;
  const time = Date.parse(isoDateTime);
  if (Number.isNaN(time)) return null;
  const { hour, minute } = parisParts(new Date(time));
  return { hour, minute };
}

/** Minutes since midnight in Paris at that instant (0–1439). */
export function parisMinutesOfDay(date: Date): number {
  const { hour, minute } = parisParts(date);
  return hour * 60 + minute;
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
