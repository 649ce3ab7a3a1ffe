// The radon section (issue 26, item 4): the commune's category in the official classification
// (arrêté du 27 juin 2018, CSP art. R. 1333-29), never a guessed one. Real data: the IRSN's CSV
// (tests/fixtures/radon/radon.csv) and the code lists the app ships (src/sources/radon/data/).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evaluateAirQuality } from "../../../src/core/air/index.ts";
import { evaluateDrought } from "../../../src/core/drought/index.ts";
import { RADON_ABSENT_MESSAGE, evaluateRadon, radonCategoryOf } from "../../../src/core/radon/evaluate.ts";
import { selectRecommendations } from "../../../src/core/recommendations/index.ts";
import { evaluateWaterQuality } from "../../../src/core/water/index.ts";
import { RADON_DATASET } from "../../../src/sources/radon/data.ts";
import { radonLookup } from "../../../src/sources/radon/dataset.ts";
import { RadonDatasetFileSchema } from "../../../src/sources/radon/schema.ts";
import { atmoIndex, camsEstimate, noBathing, NOW, waterResult } from "./builders.ts";

const SHIPPED = radonLookup(RADON_DATASET);
const sectionFor = (citycode: string, name: string) => {
  const found = radonCategoryOf(SHIPPED, citycode);
  return evaluateRadon({ category: found?.category ?? null, communeCode: found?.code ?? citycode, communeName: name });
};

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

describe("a commune absent from the 2018 classification reads « Commune absente de la classification officielle », with the reason, never a guessed category", () => {
  it("a code the list does not hold (Saint-Pierre, 97502: the IRSN file lists Saint-Pierre-et-Miquelon under 97500)", () => {
    const section = sectionFor("97502", "Saint-Pierre");
    expect(section).toMatchObject({
      success: true,
      level: "unavailable",
      category: null,
      label: "Non classée",
      commune: { code: "97502", name: "Saint-Pierre" },
    });
    expect(section.message).toBe(RADON_ABSENT_MESSAGE);
    expect(section.message).toMatch(/^Commune absente de la classification officielle : .*commune nouvelle/);
  });
});

describe("Paris, Lyon and Marseille: the classification lists each arrondissement, then the commune's code (toCommuneCode)", () => {
  it("Marseille's arrondissements keep their own category (1er: 1, 11e: 2) and Lyon 9e is in category 3", () => {
    expect(sectionFor("13201", "Marseille")).toMatchObject({ category: 1, commune: { code: "13201" } });
    expect(sectionFor("13211", "Marseille")).toMatchObject({ category: 2, commune: { code: "13211" } });
    expect(sectionFor("69389", "Lyon")).toMatchObject({ category: 3, commune: { code: "69389" } });
    expect(sectionFor("75108", "Paris")).toMatchObject({ category: 1, commune: { code: "75108" } });
  });

  it("an arrondissement the list does not hold reads its commune's entry", () => {
    // derived: a list keyed on the commune only
    const lookup = new Map([["69123", 3 as const]]);
    expect(radonCategoryOf(lookup, "69385")).toEqual({ code: "69123", category: 3 });
    expect(radonCategoryOf(lookup, "69124")).toBeNull();
  });
});

describe("radon advice (Géorisques; niveau de référence 300 Bq/m³, CSP art. R. 1333-28): category 3 calls for measuring, category 2 says what it means, category 1 says nothing", () => {
  const base = () => ({
    water: evaluateWaterQuality({ results: { ok: true, data: [waterResult({ rawValue: "20", numericValue: 20 })] }, udi: null, udis: [], now: NOW }),
    air: evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [atmoIndex({ code: 1, label: "Bon" })] },
      cams: { ok: true, data: camsEstimate({ pm2_5: 8 }) },
      now: NOW,
    }),
    drought: evaluateDrought({ zones: { ok: true, data: [] }, now: NOW, citycode: "80021" }),
    bathing: noBathing(),
    now: NOW,
  });
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
    for (const radon of [sectionFor("80021", "Amiens"), sectionFor("97502", "Saint-Pierre")]) {
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
