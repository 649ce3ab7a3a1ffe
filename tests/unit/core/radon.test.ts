// The radon section (issue 26, item 4): the commune's category in the official classification
// (arrêté du 27 juin 2018, CSP art. R. 1333-29), never a guessed one. Real data: the IRSN's CSV
// (tests/fixtures/radon/radon.csv) and the code lists the app ships (src/sources/radon/data/).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RADON_ABSENT_MESSAGE, evaluateRadon, resolveRadonAnswer } from "../../../src/sections/radon/evaluate.ts";
import { selectRecommendations } from "../../../src/core/recommendations/index.ts";
import { RADON_DATASET } from "../../../src/sources/radon/data.ts";
import { radonLookup } from "../../../src/sources/radon/dataset.ts";
import { RadonDatasetFileSchema } from "../../../src/sources/radon/schema.ts";
import { COMMUNE_HISTORY } from "../../../src/sources/cog/data.ts";
import { communeHistory } from "../../../src/sources/cog/history.ts";
import { clearAmiensSections } from "./builders.ts";

const SHIPPED = radonLookup(RADON_DATASET);
const HISTORY = communeHistory(COMMUNE_HISTORY);
const sectionFor = (citycode: string, name: string) => evaluateRadon(resolveRadonAnswer({ lookup: SHIPPED, history: HISTORY }, { citycode, cityName: name }));

describe("each category of the arrêté du 27 juin 2018, in the words of article R. 1333-29 of the code de la santé publique", () => {
  // « 1° Zone 1 : zones à potentiel radon faible ; 2° Zone 2 : zones à potentiel radon faible mais sur
  // lesquelles des facteurs géologiques particuliers peuvent faciliter le transfert du radon vers les
  // bâtiments ; 3° Zone 3 : zones à potentiel radon significatif. »
  it.each([
    ["80021", "Amiens", 1, "good", "Catégorie 1"],
    ["34157", "Mèze", 2, "acceptable", "Catégorie 2"],
    ["29039", "Concarneau", 3, "concerning", "Catégorie 3"],
  ] as const)("%s (%s) is in category %i: level %s, « %s »", (code, name, category, level, label) => {
    expect(sectionFor(code, name)).toMatchObject({ success: true, category, level, label, commune: { code, name }, message: null });
  });
});

describe("a code that truly has no entry reads « Non classée », with a true sentence, never a guessed category", () => {
  it("Saint-Lucien (76601) and Bora-Bora (98714) are in no row of the file, nor are communes they were formed from", () => {
    for (const [code, name] of [
      ["76601", "Saint-Lucien"],
      ["98714", "Bora-Bora"],
    ] as const) {
      const section = sectionFor(code, name);
      expect(section).toMatchObject({ success: true, level: "unavailable", category: null, label: "Non classée", basis: "absent", commune: { code, name } });
      expect(section.message).toBe(RADON_ABSENT_MESSAGE);
      expect(section.message).toMatch(
        /^Commune absente de la classification officielle\u00a0: le fichier de l'arrêté du 27 juin 2018 ne contient aucune entrée pour cette commune, ni pour les communes dont elle est issue\./,
      );
    }
  });
});

describe("radon advice (Géorisques; niveau de référence 300 Bq/m³, CSP art. R. 1333-28): category 3 calls for measuring, category 2 says what it means, category 1 says nothing", () => {
  const base = clearAmiensSections;
  it("category 3: a warning to measure, with the reference level and where to get a detector", () => {
    const radon = sectionFor("29039", "Concarneau");
    const advice = selectRecommendations({ ...base(), radon }).find((recommendation) => recommendation.category === "radon");
    expect(advice).toMatchObject({ id: "radon", severity: "warning", prominent: true, title: "Radon\u00a0: commune à potentiel radon significatif" });
    expect(advice?.text).toContain("300\u00a0Bq/m³ en moyenne annuelle");
    expect(advice?.text).toContain("laboratoire accrédité");
    expect(advice?.text).toContain("Aérez votre logement");
    expect(advice?.source.url).toBe("https://www.georisques.gouv.fr/reduire-sa-vulnerabilite-face-au-risque-radon");
  });
  it("category 2: information, in the article's words", () => {
    const advice = selectRecommendations({ ...base(), radon: sectionFor("34157", "Mèze") }).find((recommendation) => recommendation.category === "radon");
    expect(advice).toMatchObject({ id: "radon", severity: "info", prominent: false });
    expect(advice?.text).toContain("des facteurs géologiques particuliers peuvent faciliter le transfert du radon vers les bâtiments");
  });
  it("category 1 or absent: no radon advice, and « Bonne nouvelle ! » may still speak", () => {
    for (const radon of [sectionFor("80021", "Amiens"), sectionFor("76601", "Saint-Lucien")]) {
      expect(selectRecommendations({ ...base(), radon }).map((recommendation) => recommendation.id)).toEqual(["all-clear"]);
    }
  });
});

describe("the shipped code lists are the IRSN's file, read by npm run data:radon", () => {
  it("hold every valid row of tests/fixtures/radon/radon.csv, and its checksum", async () => {
    const { buildRadonDataset } = await import("../../../scripts/data-radon.ts");
    const text = readFileSync(new URL("../../fixtures/radon/radon.csv", import.meta.url), "utf8");
    const { file } = buildRadonDataset(text, { url: RADON_DATASET.source.url, file: "radon.csv" });
    expect(file).toEqual(RADON_DATASET);
    // the shape the Worker checks when it fetches the asset (workers/radon-dataset.ts)
    expect(RadonDatasetFileSchema.parse(RADON_DATASET)).toEqual(RADON_DATASET);
    // the leading zero a spreadsheet dropped (« 2628 » AISNE) is restored
    expect(SHIPPED.get("02628")).toBe(1);
  });
});

describe("the Worker refuses a changed shape of the radon asset (zod schema)", () => {
  it("a category missing, or a code that is no INSEE code, is refused", () => {
    const { categories, source } = RADON_DATASET;
    expect(RadonDatasetFileSchema.safeParse({ source, categories: { "1": categories["1"], "2": categories["2"] } }).success).toBe(false);
    expect(RadonDatasetFileSchema.safeParse({ source, categories: { ...categories, "3": [2628] } }).success).toBe(false);
    expect(RadonDatasetFileSchema.safeParse({ source, categories: { ...categories, "3": ["2628"] } }).success).toBe(false);
  });
});
