// The site characteristics file: each site's classement (the quality class of the last seasons).
import type { BathingClassement } from "../../../sections/bathing/types.ts";
import { normaliseHeader } from "../../text/csv.ts";
import { type CsvInput, SITE_CODE, readBathingTable } from "./columns.ts";

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
  const table = readBathingTable(input, "classement", {
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
