import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCsvRecords, readCsvTable } from "../../../../src/sources/text/csv.ts";
import { decodeUtf8OrWindows1252 } from "../../../../src/sources/text/encoding.ts";

const RESULTS_EXCERPT = readFileSync(new URL("../../../fixtures/baignades/saison-balneaire-2024-resultats-danalyses.EXCERPT.cp1252.csv", import.meta.url));

describe("CSV records", () => {
  it("splits quoted fields holding separators, doubled quotes and line breaks", () => {
    expect(parseCsvRecords('a;"b;c";"d ""e""";"f\r\ng"\r\n1;2;3;4\r\n;;;\r\n')).toEqual([
      ["a", "b;c", 'd "e"', "f\r\ng"],
      ["1", "2", "3", "4"],
    ]);
    const [header] = parseCsvRecords(decodeUtf8OrWindows1252(RESULTS_EXCERPT));
    expect(header?.slice(5, 8)).toEqual(['Résultat "entérocoques intestinaux"', 'Résultat "Escherichia coli"', "Statut du prélèvement"]);
  });
});

describe("CSV table by header", () => {
  const specs = {
    code: { label: "Code", matches: (header: string) => header === "code", required: true },
    name: { label: "Nom", matches: (header: string) => header.startsWith("nom"), required: true },
    note: { label: "Note", matches: (header: string) => header === "note", required: false },
  };

  it("finds columns by their header whatever their position, accents and case aside", () => {
    const table = readCsvTable("NOM du Département;Autre;Code\n Ain ;x;001\n", "Test file", specs);
    expect(table.rows.map((row) => [row.line, row.get("code"), row.get("name"), row.get("note")])).toEqual([[2, "001", "Ain", ""]]);
  });

  it("names the file and the column when a required one is missing or ambiguous", () => {
    expect(() => readCsvTable("Code;Autre\n1;2\n", "Test file", specs)).toThrow(/^Test file: missing required column\(s\) "Nom"; found: "Code", "Autre"$/);
    expect(() => readCsvTable("Code;Nom;Nom court\n1;2;3\n", "Test file", specs)).toThrow(/^Test file: column "Nom" is ambiguous \("Nom", "Nom court"\)$/);
    expect(() => readCsvTable("", "Test file", specs)).toThrow(/^Test file: the file is empty$/);
  });
});
