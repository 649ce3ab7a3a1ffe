// French formatting for the UI, the emails and the PDF. Pure: no locale data beyond Intl.
import { localDateInZone, localDateParis, parisTimeOfDay } from "./time.ts";

/** The no-break space French typography puts before « : ; ! ? » and inside numbers and units. */
export const NBSP = "\u00A0";
const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];

/**
 * "2024-08-20" or an ISO date-time → "20 août 2024": the calendar day in Europe/Paris, or in the
 * time zone given (an overseas commune's, `timeZoneOfCommune`, whose day may not be Paris's).
 */
export function formatDateFr(isoDateOrDateTime: string, timeZone?: string): string {
  const day = timeZone ? localDateInZone(isoDateOrDateTime, timeZone) : localDateParis(isoDateOrDateTime);
  if (!day) return isoDateOrDateTime;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return `${date === 1 ? "1er" : date}${NBSP}${MONTHS[month - 1]}${NBSP}${year}`;
}

/** "2026-08-20T12:05:00Z" → "14 h 05" (Paris time); null for a bare day or an unparsable value. */
export function formatTimeFr(isoDateTime: string): string | null {
  const time = parisTimeOfDay(isoDateTime);
  return time ? `${time.hour}${NBSP}h${NBSP}${String(time.minute).padStart(2, "0")}` : null;
}

/** "2026-08-20T12:05:00Z" → "20 août 2026 à 14 h 05" (Paris); a bare day → "20 août 2026". */
export function formatDateTimeFr(isoDateTime: string): string {
  const time = formatTimeFr(isoDateTime);
  return time ? `${formatDateFr(isoDateTime)} à ${time}` : formatDateFr(isoDateTime);
}

/** One number formatter per precision, built once (building one costs ~20 times using it, issue 25). */
const NUMBER_FORMATTERS = new Map<number, Intl.NumberFormat>();

/** 12.5 → "12,5"; thousands separated by a no-break space (U+00A0, safe for PDF fonts). */
export function formatNumberFr(value: number, maximumFractionDigits = 2): string {
  let formatter = NUMBER_FORMATTERS.get(maximumFractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat("fr-FR", { maximumFractionDigits });
    NUMBER_FORMATTERS.set(maximumFractionDigits, formatter);
  }
  return formatter.format(value).replace(/\u202F/g, NBSP);
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

/** French particles kept lower-case inside a name written in readable case. */
const NAME_PARTICLES = new Set(["de", "du", "des", "la", "le", "les", "l", "d", "aux", "au", "sur", "en", "et", "à"]);

/**
 * A name the source writes in capitals, in readable case: « PLAGE DU PRADO » → « Plage du Prado »,
 * « LE CASINO » → « Le Casino », « PLAGE DE L'ANSE » → « Plage de l'Anse », « VALRAS-PLAGE » →
 * « Valras-Plage ». Particles stay lower-case inside the name, never as its first word; a name
 * that already has lower-case letters is the source's own spelling and is kept as it is.
 */
export function readableName(name: string): string {
  if (/\p{Ll}/u.test(name)) return name;
  let first = true;
  return name.toLocaleLowerCase("fr-FR").replace(/\p{L}+/gu, (word, offset: number, whole: string) => {
    const isFirst = first;
    first = false;
    const elided = whole[offset + word.length] === "'" || whole[offset + word.length] === "\u2019";
    if (!isFirst && NAME_PARTICLES.has(word) && (elided || !["l", "d"].includes(word))) return word;
    return word.charAt(0).toLocaleUpperCase("fr-FR") + word.slice(1);
  });
}
