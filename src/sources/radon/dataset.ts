// The IRSN's CSV « Connaître le potentiel radon de ma commune » (data.gouv.fr), the official list
// of the communes by radon potential category (arrêté du 27 juin 2018), read into code lists per
// category. Pure: `npm run data:radon` (scripts/data-radon.ts) does the reading and writing.
import type { RadonCategory } from "../../sections/radon/evaluate.ts";
import { isValidInseeCode } from "../../core/shared/commune.ts";

/** What the app ships: the INSEE codes of each category, sorted (src/sources/radon/data/). */
export interface RadonDatasetFile {
  source: { url: string; file: string; sha256: string };
  categories: Record<"1" | "2" | "3", string[]>;
}

export interface RejectedRow {
  /** line number in the file, the header being line 1 */
  line: number;
  reason: string;
  text: string;
}

export interface ParsedRadonCsv {
  categories: Record<"1" | "2" | "3", string[]>;
  rejected: RejectedRow[];
}

const COLUMNS = ["insee_com", "classe_potentiel"] as const;

/**
 * Every row checked: an INSEE code (5 characters; a 4-digit code is a commune of departments 01 to
 * 09 whose leading zero a spreadsheet dropped, « 2628 » AISNE → 02628) and a category 1, 2 or 3.
 * A row that fails is rejected and listed, never guessed; a code listed twice with two different
 * categories is rejected altogether. Throws when a column is missing.
 */
export function parseRadonCsv(text: string): ParsedRadonCsv {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = (lines[0] ?? "").trim();
  const separator = header.includes(";") ? ";" : ",";
  const names = header.split(separator).map((name) => name.trim().replace(/^"|"$/g, "").toLowerCase());
  const index = Object.fromEntries(COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<(typeof COLUMNS)[number], number>;
  const missing = COLUMNS.filter((column) => index[column] < 0);
  if (missing.length > 0) throw new Error(`colonnes absentes du fichier radon : ${missing.join(", ")}`);

  const rejected: RejectedRow[] = [];
  const found = new Map<string, { category: RadonCategory; line: number }>();
  const conflicting = new Set<string>();
  lines.slice(1).forEach((raw, offset) => {
    const line = offset + 2;
    if (raw.trim() === "") return;
    const cells = raw.split(separator).map((cell) => cell.trim().replace(/^"|"$/g, ""));
    const rawCode = (cells[index.insee_com] ?? "").toUpperCase();
    const code = /^\d{4}$/.test(rawCode) ? `0${rawCode}` : rawCode;
    const rawCategory = cells[index.classe_potentiel] ?? "";
    if (!isValidInseeCode(code)) return rejected.push({ line, reason: `code INSEE invalide (« ${rawCode} »)`, text: raw });
    if (!/^[123]$/.test(rawCategory)) return rejected.push({ line, reason: `catégorie invalide (« ${rawCategory} »)`, text: raw });
    const category = Number(rawCategory) as RadonCategory;
    const earlier = found.get(code);
    if (earlier && earlier.category !== category) {
      conflicting.add(code);
      rejected.push({ line, reason: `code ${code} déjà classé en catégorie ${earlier.category} (ligne ${earlier.line})`, text: raw });
    } else if (!earlier) {
      found.set(code, { category, line });
    }
  });
  const categories: ParsedRadonCsv["categories"] = { "1": [], "2": [], "3": [] };
  for (const [code, { category }] of found) if (!conflicting.has(code)) categories[String(category) as "1" | "2" | "3"].push(code);
  for (const list of Object.values(categories)) list.sort();
  return { categories, rejected };
}

/** A commune's category in the shipped data, by code. */
export type RadonLookup = ReadonlyMap<string, RadonCategory>;

export function radonLookup(file: RadonDatasetFile): RadonLookup {
  const map = new Map<string, RadonCategory>();
  for (const category of [1, 2, 3] as const) for (const code of file.categories[String(category) as "1" | "2" | "3"]) map.set(code, category);
  return map;
}
