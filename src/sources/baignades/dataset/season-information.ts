// The season information file: each site's season dates and events (prohibitions, pollution,
// closures…) with the measures taken.
import type { BathingEvent } from "../../../sections/bathing/types.ts";
import { normaliseHeader } from "../../text/csv.ts";
import { type CsvInput, SITE_CODE, cleanFreeText, cleanText, parseFrenchDate, readBathingTable } from "./columns.ts";

export interface BathingSeasonInformation {
  seasonStart: string | null;
  seasonEnd: string | null;
  /** every event but the season itself, in date order */
  events: BathingEvent[];
}

export function parseSeasonInformation(input: CsvInput): Map<string, BathingSeasonInformation> {
  const table = readBathingTable(input, "season information", {
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
