// What the four data.gouv.fr files « Données de rapportage de la saison balnéaire » (Ministère de
// la Santé / ARS) have in common: Windows-1252 CSV whose columns are found by their header (the
// ministry adds, drops and reorders columns between seasons), the site code, and the ministry's
// ways of writing text, numbers, dates and INSEE codes. Upstream column names stop in this folder.
import { readCsvTable, type CsvColumnSpec, type CsvTable } from "../../text/csv.ts";
import { decodeUtf8OrWindows1252 } from "../../text/encoding.ts";

export type CsvInput = string | Uint8Array;

/** The ministry has always published Windows-1252; a UTF-8 file is read as such (see decodeUtf8OrWindows1252). */
export function readBathingTable<K extends string>(input: CsvInput, file: string, specs: Record<K, CsvColumnSpec>): CsvTable<K> {
  return readCsvTable(decodeUtf8OrWindows1252(input), `Bathing ${file}`, specs);
}

export const SITE_CODE: CsvColumnSpec = {
  label: "Code unique d'identification du site de baignade",
  // The site list also has « Précédent code unique… », the code before a renaming.
  matches: (header) => header.includes("code unique") && !header.includes("precedent"),
  required: true,
};

/** Names come padded with spaces and sometimes double spaces between words. */
export function cleanText(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/**
 * The export re-escaped quotes several times (« qualité """"""""insuffisante"""""""" »): after
 * RFC 4180 unescaping a run of quotes still stands for one.
 */
export function cleanFreeText(value: string): string | null {
  const text = cleanText(value.replace(/"{2,}/g, '"'));
  return text === "" ? null : text;
}

/** « 5,81195997437 » (most rows) or « -3.49539694 » (rows added in 2024). */
export function parseDecimal(value: string): number | null {
  const text = value.replace(/\s/g, "").replace(",", ".");
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/**
 * dd/mm/yyyy (or already ISO) → YYYY-MM-DD. The ministry writes 31/12/9999 for « until further
 * notice »: that is no date, so null. Anything else unreadable throws: a changed date format must
 * stop the update, not empty every date.
 */
export function parseFrenchDate(value: string, where: string): string | null {
  if (value === "") return null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new Error(`${where}: unreadable date "${value}"`);
  const [day, month, year] = value.includes("/") ? [match[1], match[2], match[3]] : [match[3], match[2], match[1]];
  if (year === "9999") return null;
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) throw new Error(`${where}: impossible date "${value}"`);
  return iso;
}

/** Spreadsheet exports dropped the leading zero of INSEE codes (« 1010 » for 01010). */
export function padInseeCode(value: string): string | null {
  const code = /^\d{1,5}$/.test(value) ? value.padStart(5, "0") : value.toUpperCase();
  return /^(\d{5}|2[AB]\d{3})$/.test(code) ? code : null;
}
