// The analysis results file: each site's latest sample of the season.
import type { BathingSeasonRecord } from "../../../sections/bathing/types.ts";
import { normaliseHeader } from "../../text/csv.ts";
import { type CsvInput, SITE_CODE, cleanFreeText, parseDecimal, parseFrenchDate, readBathingTable } from "./columns.ts";

export type BathingLastSample = NonNullable<BathingSeasonRecord["lastSample"]>;

/** « 15 », « <15 », « >24196 », « 5,5 »: the number is kept, its comparison sign is not. */
function parseCount(value: string): number | null {
  return parseDecimal(value.replace(/^[<>≤≥]=?/, ""));
}

export function parseResults(input: CsvInput): Map<string, BathingLastSample> {
  const table = readBathingTable(input, "analysis results", {
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
