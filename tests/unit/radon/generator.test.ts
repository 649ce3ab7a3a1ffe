// `npm run data:radon` checks every row of the IRSN's CSV (an INSEE code, a category 1 to 3) and
// never guesses: the rows of the derived bad file below are rejected and listed.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildRadonDataset, MAX_REJECTED_SHARE } from "../../../scripts/data-radon.ts";
import { parseRadonCsv } from "../../../src/sources/radon/dataset.ts";

// The first 200 lines of the real file (tests/fixtures/radon/radon.csv)…
const REAL = readFileSync(new URL("../../fixtures/radon/radon.csv", import.meta.url), "utf8")
  .split("\r\n")
  .slice(0, 200);
// …and a derived bad copy: a category out of range, a spreadsheet error, a code that is no INSEE
// code, an empty code, and a code listed again with another category.
const BAD_ROWS = [
  "AMIENS;SOMME;80021;4;FR",
  "NOUMEA;NOUVELLE-CALEDONIE;98818;#VALEUR!;NC",
  "TAHITI;Tahiti;987XX;1;PF",
  "huahine;Huahine;;3;PF",
  "SAINT-GILLES-LES-BOIS;COTES-D'ARMOR;22293;1;FR",
];
const DERIVED_BAD = [...REAL, ...BAD_ROWS].join("\r\n");

describe("the generator validates every row: INSEE code and category 1–3, nothing guessed", () => {
  it("rejects and lists each bad row of a derived bad CSV", () => {
    const { categories, rejected } = parseRadonCsv(DERIVED_BAD);
    expect(rejected.map((row) => [row.line, row.reason])).toEqual([
      [201, "catégorie invalide (« 4 »)"],
      [202, "catégorie invalide (« #VALEUR! »)"],
      [203, "code INSEE invalide (« 987XX »)"],
      [204, "code INSEE invalide («  »)"],
      [205, "code 22293 déjà classé en catégorie 3 (ligne 2)"],
    ]);
    const all = [...categories["1"], ...categories["2"], ...categories["3"]];
    expect(all).not.toContain("80021");
    // a code with two categories is dropped altogether, never one of the two picked
    expect(all).not.toContain("22293");
    expect(all).toHaveLength(199 - 1);
  });

  it("refuses a file without its columns, and one where too many rows fail", () => {
    expect(() => parseRadonCsv(DERIVED_BAD.replace("insee_com", "code"))).toThrow("colonnes absentes du fichier radon : insee_com");
    const mostlyBad = [REAL[0], ...REAL.slice(1, 10), ...Array.from({ length: 10 }, () => "X;Y;ABC;9;FR")].join("\n");
    expect(MAX_REJECTED_SHARE).toBe(0.02);
    expect(() => buildRadonDataset(mostlyBad, { url: "u", file: "f" })).toThrow("10 lignes rejetées sur 19");
  });
});
