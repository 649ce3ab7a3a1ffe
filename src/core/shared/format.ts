// French formatting for the UI, the emails and the PDF. Pure: no locale data beyond Intl.

const NBSP = "\u00A0";
const MONTHS = [
  "janvier", "février", "mars", "avril", "mai", "juin",
  "juillet", "août", "septembre", "octobre", "novembre", "décembre",
];

/** "2024-08-20" or an ISO date-time → "20 août 2024" (calendar day in Europe/Paris). */
export function formatDateFr(isoDateOrDateTime: string): string {
  const day = localDateParis(isoDateOrDateTime);
  if (!day) return isoDateOrDateTime;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return `${date === 1 ? "1er" : date}${NBSP}${MONTHS[month - 1]}${NBSP}${year}`;
}

/** The Paris calendar day (YYYY-MM-DD) of an ISO date or date-time; null if unparsable. */
export function localDateParis(isoDateOrDateTime: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(isoDateOrDateTime)) return isoDateOrDateTime;
  const time = Date.parse(isoDateOrDateTime);
  if (Number.isNaN(time)) return null;
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(time));
}

/** 12.5 → "12,5"; thousands separated by a no-break space (U+00A0, safe for PDF fonts). */
export function formatNumberFr(value: number, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat("fr-FR", { maximumFractionDigits })
    .format(value)
    .replace(/\u202F/g, NBSP);
}


/** Calendar arithmetic on a YYYY-MM-DD day (in UTC, so a daylight-saving change cannot skip a day). */
export function addDaysToLocalDate(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * French typography for a sentence typed with ordinary spaces: a no-break space (U+00A0) before
 * : ; ! ? and inside « », so that the mark never starts a line. Safe for the PDF fonts.
 */
export function frenchTypography(text: string): string {
  return text
    .replace(/ +([:;!?»])/g, `${NBSP}$1`)
    .replace(/« +/g, `«${NBSP}`)
    .replace(/\u202F/g, NBSP);
}
