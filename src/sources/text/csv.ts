// A CSV reader for files whose columns are found by their header, never by position: public
// exports add, drop and reorder columns between editions. Pure; decoding bytes is the caller's
// (see encoding.ts).

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

export interface CsvColumnSpec {
  /** shown in errors: what the column is called in the current files */
  label: string;
  /** tested against the normalised header (normaliseHeader) */
  matches: (header: string) => boolean;
  required: boolean;
  /** picks one of several matching headers (normalised); without it several matches are an error */
  choose?: (headers: string[]) => string | undefined;
}

export interface CsvTable<K extends string> {
  rows: Array<{ line: number; get: (key: K) => string }>;
}

/**
 * Maps the wanted columns to their index; throws an Error starting with `fileLabel` when the file
 * is empty or a required column is missing or ambiguous. Values come trimmed, "" when absent.
 */
export function readCsvTable<K extends string>(text: string, fileLabel: string, specs: Record<K, CsvColumnSpec>): CsvTable<K> {
  const [header, ...records] = parseCsvRecords(text);
  if (!header) throw new Error(`${fileLabel}: the file is empty`);
  const headers = header.map(normaliseHeader);
  const indexes = new Map<K, number>();
  const missing: string[] = [];
  for (const key of Object.keys(specs) as K[]) {
    const spec = specs[key];
    let found = headers.flatMap((name, index) => (spec.matches(name) ? [index] : []));
    const chosen = found.length > 1 ? spec.choose?.(found.map((index) => headers[index] ?? "")) : undefined;
    if (chosen !== undefined) found = [headers.indexOf(chosen)];
    if (found.length > 1) {
      throw new Error(`${fileLabel}: column "${spec.label}" is ambiguous (${found.map((index) => `"${header[index]}"`).join(", ")})`);
    }
    const [index] = found;
    if (index !== undefined) indexes.set(key, index);
    else if (spec.required) missing.push(`"${spec.label}"`);
  }
  if (missing.length > 0) {
    throw new Error(
      `${fileLabel}: missing required column(s) ${missing.join(", ")}; found: ${header
        .filter(Boolean)
        .map((name) => `"${name}"`)
        .join(", ")}`,
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
