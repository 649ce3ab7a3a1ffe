// Pure parsing of the data.gouv.fr files « Données de rapportage de la saison balnéaire »
// (Ministère de la Santé / ARS). Columns are found by their header, never by position: the
// ministry adds, drops and reorders columns between seasons. Upstream column names stop here.
import type { BathingClassement, BathingEvent, BathingSeasonRecord, BathingSite } from "../../core/bathing/types.ts";
import { isInFrance } from "../../core/shared/geo.ts";
import { decodeWindows1252 } from "./cp1252.ts";

export type CsvInput = string | Uint8Array;

export type BathingLastSample = NonNullable<BathingSeasonRecord["lastSample"]>;

export interface BathingSeasonInformation {
  seasonStart: string | null;
  seasonEnd: string | null;
  /** every event but the season itself, in date order */
  events: BathingEvent[];
}

export interface SkippedSite {
  id: string;
  name: string;
  reason: "removed" | "invalid-coordinates" | "ambiguous-coordinates" | "invalid-commune-code";
}

/**
 * The ministry has always published Windows-1252; a strict UTF-8 read comes first anyway because
 * Windows-1252 accents are never valid UTF-8, so a future UTF-8 file cannot silently turn into
 * « RiviÃ¨re ».
 */
export function decodeBathingCsv(input: CsvInput): string {
  if (typeof input === "string") return input;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(input);
  } catch {
    return decodeWindows1252(input);
  }
}

/** RFC 4180 records (quotes double to escape, separators and line breaks allowed inside quotes). */
export function parseCsvRecords(text: string, separator = ";"): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (index < text.length) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
      index++;
      continue;
    }
    if (char === '"' && field === "") {
      quoted = true;
    } else if (char === separator) {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      if (char === "\r" && text[index + 1] === "\n") index++;
    } else {
      field += char;
    }
    index++;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((fields) => fields.some((value) => value.trim() !== ""));
}

/** Lower case, no accents, one space between words: « Résultat "entérocoques" » → "resultat enterocoques". */
export function normaliseHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

interface ColumnSpec {
  /** shown in errors: what the column is called in the current files */
  label: string;
  matches: (header: string) => boolean;
  required: boolean;
  /** picks one of several matching headers (normalised); without it several matches are an error */
  choose?: (headers: string[]) => string | undefined;
}

const SITE_CODE: ColumnSpec = {
  label: "Code unique d'identification du site de baignade",
  // The site list also has « Précédent code unique… », the code before a renaming.
  matches: (header) => header.includes("code unique") && !header.includes("precedent"),
  required: true,
};

interface Table<K extends string> {
  rows: Array<{ line: number; get: (key: K) => string }>;
}

/** Maps the wanted columns to their index; throws when a required one is missing or ambiguous. */
function readTable<K extends string>(input: CsvInput, file: string, specs: Record<K, ColumnSpec>): Table<K> {
  const [header, ...records] = parseCsvRecords(decodeBathingCsv(input));
  if (!header) throw new Error(`Bathing ${file}: the file is empty`);
  const headers = header.map(normaliseHeader);
  const indexes = new Map<K, number>();
  const missing: string[] = [];
  for (const key of Object.keys(specs) as K[]) {
    const spec = specs[key];
    let found = headers.flatMap((name, index) => (spec.matches(name) ? [index] : []));
    const chosen = found.length > 1 ? spec.choose?.(found.map((index) => headers[index] ?? "")) : undefined;
    if (chosen !== undefined) found = [headers.indexOf(chosen)];
    if (found.length > 1) {
      throw new Error(`Bathing ${file}: column "${spec.label}" is ambiguous (${found.map((index) => `"${header[index]}"`).join(", ")})`);
    }
    const [index] = found;
    if (index !== undefined) indexes.set(key, index);
    else if (spec.required) missing.push(`"${spec.label}"`);
  }
  if (missing.length > 0) {
    throw new Error(
      `Bathing ${file}: missing required column(s) ${missing.join(", ")}; found: ${header.filter(Boolean).map((name) => `"${name}"`).join(", ")}`,
    );
  }
  return {
    rows: records.map((fields, position) => ({
      // Header is line 1; blank lines and quoted line breaks (both rare) would shift the count.
      line: position + 2,
      get: (key: K) => {
        const index = indexes.get(key);
        return index === undefined ? "" : (fields[index] ?? "").trim();
      },
    })),
  };
}

/** Names come padded with spaces and sometimes double spaces between words. */
function cleanText(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/**
 * The export re-escaped quotes several times (« qualité """"""""insuffisante"""""""" »): after
 * RFC 4180 unescaping a run of quotes still stands for one.
 */
function cleanFreeText(value: string): string | null {
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

// ---------------------------------------------------------------- site list

export function parseSiteList(input: CsvInput): { sites: BathingSite[]; skipped: SkippedSite[] } {
  const table = readTable(input, "site list", {
    id: SITE_CODE,
    name: { label: "Nom du site de baignade", matches: (h) => h.startsWith("nom du site"), required: true },
    communeCode: { label: "Code INSEE de la commune", matches: (h) => h.includes("insee"), required: true },
    communeName: { label: "Nom de la commune", matches: (h) => h.startsWith("nom de la commune"), required: true },
    department: { label: "Département", matches: (h) => h === "departement" || h === "code departement", required: true },
    waterType: { label: "Type d'eau", matches: (h) => h.startsWith("type d eau"), required: true },
    longitude: { label: "Longitude (ETRS 89)", matches: (h) => h.startsWith("longitude"), required: true },
    latitude: { label: "Latitude (ETRS 89)", matches: (h) => h.startsWith("latitude"), required: true },
    evolution: { label: "Evolution 2024 vs. 2023", matches: (h) => h.startsWith("evolution"), required: false },
  });

  const skipped: SkippedSite[] = [];
  const candidates: BathingSite[] = [];
  for (const row of table.rows) {
    const id = row.get("id");
    if (id === "") throw new Error(`Bathing site list, line ${row.line}: no site code`);
    const name = cleanText(row.get("name"));
    // A site « définitivement supprimé » is no longer a bathing site: it has no season, and
    // showing it as the nearest place to swim would mislead.
    if (normaliseHeader(row.get("evolution")).includes("supprime")) {
      skipped.push({ id, name, reason: "removed" });
      continue;
    }
    const communeCode = padInseeCode(row.get("communeCode"));
    if (!communeCode) {
      skipped.push({ id, name, reason: "invalid-commune-code" });
      continue;
    }
    const latitude = parseDecimal(row.get("latitude"));
    const longitude = parseDecimal(row.get("longitude"));
    if (latitude === null || longitude === null || !isInFrance(latitude, longitude)) {
      skipped.push({ id, name, reason: "invalid-coordinates" });
      continue;
    }
    candidates.push({
      id,
      name,
      communeCode,
      communeName: cleanText(row.get("communeName")),
      department: row.get("department").toUpperCase(),
      waterType: cleanText(row.get("waterType")),
      latitude,
      longitude,
    });
  }

  // Two sites of different communes at the very same point: one position was copied onto the
  // other (2024: a Givet lake placed on the Étang de Berre), and the file cannot tell which one
  // is right, so neither is placed.
  const communesAt = new Map<string, Set<string>>();
  const pointOf = (site: BathingSite) => `${site.latitude},${site.longitude}`;
  for (const site of candidates) {
    const communes = communesAt.get(pointOf(site)) ?? new Set<string>();
    communes.add(site.communeCode);
    communesAt.set(pointOf(site), communes);
  }
  const sites: BathingSite[] = [];
  const seen = new Set<string>();
  for (const site of candidates) {
    if ((communesAt.get(pointOf(site))?.size ?? 0) > 1) {
      skipped.push({ id: site.id, name: site.name, reason: "ambiguous-coordinates" });
      continue;
    }
    if (seen.has(site.id)) throw new Error(`Bathing site list: site ${site.id} is listed twice`);
    seen.add(site.id);
    sites.push(site);
  }
  return { sites, skipped };
}

// ---------------------------------------------------------------- season information

export function parseSeasonInformation(input: CsvInput): Map<string, BathingSeasonInformation> {
  const table = readTable(input, "season information", {
    id: SITE_CODE,
    type: { label: "Type d'événement", matches: (h) => h.startsWith("type d evenement"), required: true },
    start: { label: "Date de début", matches: (h) => h.startsWith("date de debut"), required: true },
    end: { label: "Date de fin", matches: (h) => h.startsWith("date de fin"), required: true },
    measures: { label: "Mesures de gestion", matches: (h) => h.startsWith("mesure"), required: false },
  });

  const bySite = new Map<string, BathingSeasonInformation>();
  for (const row of table.rows) {
    const id = row.get("id");
    const type = cleanText(row.get("type"));
    if (id === "" || type === "") throw new Error(`Bathing season information, line ${row.line}: no site code or event type`);
    const where = `Bathing season information, line ${row.line}`;
    const start = parseFrenchDate(row.get("start"), where);
    const end = parseFrenchDate(row.get("end"), where);
    const info = bySite.get(id) ?? { seasonStart: null, seasonEnd: null, events: [] };
    if (normaliseHeader(type) === "saison balneaire") {
      // One season row per site so far; should a site get two, the season spans both.
      info.seasonStart = earliest(info.seasonStart, start);
      info.seasonEnd = info.seasonEnd === null || (end !== null && end > info.seasonEnd) ? end : info.seasonEnd;
    } else {
      info.events.push({ type, start, end, measures: cleanFreeText(row.get("measures")) });
    }
    bySite.set(id, info);
  }
  for (const info of bySite.values()) info.events.sort(compareEvents);
  return bySite;
}

function earliest(current: string | null, candidate: string | null): string | null {
  if (current === null) return candidate;
  return candidate !== null && candidate < current ? candidate : current;
}

/** Date order; undated events last; then by type so the order never depends on the file's. */
function compareEvents(a: BathingEvent, b: BathingEvent): number {
  const byDate = compareNullable(a.start, b.start) || compareNullable(a.end, b.end);
  return byDate || compareStrings(a.type, b.type) || compareNullable(a.measures, b.measures);
}

function compareNullable(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compareStrings(a, b);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------- analysis results

/** « 15 », « <15 », « >24196 », « 5,5 »: the number is kept, its comparison sign is not. */
function parseCount(value: string): number | null {
  return parseDecimal(value.replace(/^[<>≤≥]=?/, ""));
}

export function parseResults(input: CsvInput): Map<string, BathingLastSample> {
  const table = readTable(input, "analysis results", {
    id: SITE_CODE,
    date: { label: "Date de prélèvement", matches: (h) => h.startsWith("date de prelevement"), required: true },
    enterococci: { label: 'Résultat "entérocoques intestinaux"', matches: (h) => h.includes("enterocoque"), required: true },
    ecoli: { label: 'Résultat "Escherichia coli"', matches: (h) => h.includes("escherichia") || h.includes("e coli"), required: true },
    status: { label: "Statut du prélèvement", matches: (h) => h.startsWith("statut"), required: false },
  });

  const latest = new Map<string, BathingLastSample>();
  for (const row of table.rows) {
    const id = row.get("id");
    const date = parseFrenchDate(row.get("date"), `Bathing analysis results, line ${row.line}`);
    if (id === "" || date === null) throw new Error(`Bathing analysis results, line ${row.line}: no site code or sample date`);
    const status = cleanFreeText(row.get("status"));
    // « Prélèvement manquant » rows carry 0 and 0: no water was analysed, so no sample to show.
    if (status !== null && normaliseHeader(status).includes("manquant")) continue;
    const current = latest.get(id);
    // On the same day the later row wins: the file lists a site's samples in the order taken.
    if (current && current.date > date) continue;
    latest.set(id, { date, enterococci: parseCount(row.get("enterococci")), ecoli: parseCount(row.get("ecoli")), status });
  }
  return latest;
}

// ---------------------------------------------------------------- classement

/**
 * The classement column holds codes in some seasons and labels in others (see the fixtures'
 * porquerolles history). Code 6 « Pas de classement » has no label of its own in the domain:
 * like 11 « Site non classé » it means the site has no classement.
 */
const CLASSEMENT_BY_VALUE: Record<string, BathingClassement> = {
  "1": "Excellente",
  "2": "Bonne",
  "3": "Suffisante",
  "4": "Insuffisante",
  "5": "Insuffisamment de prélèvements",
  "6": "Site non classé",
  "11": "Site non classé",
  excellent: "Excellente",
  excellente: "Excellente",
  bon: "Bonne",
  bonne: "Bonne",
  suffisant: "Suffisante",
  suffisante: "Suffisante",
  insuffisant: "Insuffisante",
  insuffisante: "Insuffisante",
  "insuffisamment de prelevements": "Insuffisamment de prélèvements",
  "pas de classement": "Site non classé",
  "site non classe": "Site non classé",
  "non classe": "Site non classé",
};

/** « Classement 2023 » and « Classement 2024 » side by side: the latest is the file's season. */
function chooseLatestYear(headers: string[]): string | undefined {
  const yearOf = (header: string) => Number(/\b(\d{4})\b/.exec(header)?.[1] ?? Number.NaN);
  const dated = headers.filter((header) => Number.isFinite(yearOf(header))).sort((a, b) => yearOf(b) - yearOf(a));
  const [latest, next] = dated;
  return latest !== undefined && (next === undefined || yearOf(next) < yearOf(latest)) ? latest : undefined;
}

/** « I » (interdiction) is not a quality class: the prohibition itself is in the season information. */
const NOT_A_CLASSEMENT = new Set(["i", "interdiction"]);

export function parseClassement(input: CsvInput): Map<string, BathingClassement> {
  const table = readTable(input, "classement", {
    id: SITE_CODE,
    classement: { label: "Classement", matches: (h) => h.startsWith("classement"), required: true, choose: chooseLatestYear },
  });
  const bySite = new Map<string, BathingClassement>();
  for (const row of table.rows) {
    const id = row.get("id");
    const value = normaliseHeader(row.get("classement"));
    if (id === "") throw new Error(`Bathing classement, line ${row.line}: no site code`);
    if (value === "" || NOT_A_CLASSEMENT.has(value)) continue;
    const classement = CLASSEMENT_BY_VALUE[value.replace(/^0+(?=\d)/, "")];
    if (!classement) throw new Error(`Bathing classement, line ${row.line}: unknown classement "${row.get("classement")}"`);
    bySite.set(id, classement);
  }
  return bySite;
}
