// Radon by the commune as the arrêté lists it (issue 36, item 1). The arrêté du 27 juin 2018 lists
// the communes as they stood on 1 January 2016: a commune nouvelle keeps its chef-lieu's code, so
// an address is judged by its former commune (the BAN's `oldcitycode`), a commune nouvelle without
// one by its parts, an arrondissement by its own entry, and the file's own codes (97500, 97127…)
// stand for today's communes. Real data: the shipped classification (the IRSN's file) and the
// shipped commune history (INSEE's COG through @etalab/decoupage-administratif).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCommuneHistoryFile } from "../../../scripts/data-communes.ts";
import { compareRadonAnswers } from "../../../src/sections/radon/compare.ts";
import { evaluateRadon, resolveRadonAnswer, type RadonPlace } from "../../../src/sections/radon/evaluate.ts";
import { RADON_FILE_CODES } from "../../../src/sections/radon/file-codes.ts";
import { selectRecommendations } from "../../../src/core/recommendations/index.ts";
import { factsOf } from "../../../src/core/report/present.ts";
import { presentRadon } from "../../../src/sections/radon/present.ts";
import { COMMUNE_HISTORY } from "../../../src/sources/cog/data.ts";
import { buildCommuneHistory, cogCommuneSchema, communeHistory, CommuneHistoryFileSchema } from "../../../src/sources/cog/history.ts";
import { RADON_DATASET } from "../../../src/sources/radon/data.ts";
import { radonLookup } from "../../../src/sources/radon/dataset.ts";
import { clearAmiensSections } from "./builders.ts";

const DATA = { lookup: radonLookup(RADON_DATASET), history: communeHistory(COMMUNE_HISTORY) };
const radonOf = (place: RadonPlace) => evaluateRadon(resolveRadonAnswer(DATA, place));
const NBSP = "\u00a0";

function adviceFor(place: RadonPlace) {
  const radon = radonOf(place);
  const recommendations = selectRecommendations({ ...clearAmiensSections(), radon });
  return recommendations.find((recommendation) => recommendation.category === "radon");
}

describe("a commune nouvelle: the address's former commune decides (the BAN's oldcitycode)", () => {
  it("1 Rue de la Mairie 35560 Val-Couesnon, in the former commune of Tremblay (35341), is in category 3, named as such, with the advice to measure", () => {
    const place = { citycode: "35004", cityName: "Val-Couesnon", oldcitycode: "35341", oldcity: "Tremblay" };
    const section = radonOf(place);
    expect(section).toMatchObject({
      level: "concerning",
      category: 3,
      label: "Catégorie 3",
      basis: "former_commune",
      commune: { code: "35341", name: "Tremblay" },
      current_commune: { code: "35004", name: "Val-Couesnon" },
    });
    const card = presentRadon(section);
    expect(factsOf(card)).toContainEqual({ term: "Commune", value: "Tremblay (ancienne commune, aujourd'hui Val-Couesnon)" });
    expect(card.summary).toBe(`Radon${NBSP}: Catégorie 3, potentiel radon significatif (ancienne commune de Tremblay).`);
    const advice = adviceFor(place);
    expect(advice).toMatchObject({ severity: "warning", title: `Radon${NBSP}: ancienne commune à potentiel radon significatif` });
    expect(advice?.text).toMatch(/^L'ancienne commune de Tremblay \(aujourd'hui Val-Couesnon\), où se trouve votre adresse, est en catégorie 3/);
    // never the chef-lieu's category (Antrain, 35004: 1), as before
    expect(DATA.lookup.get("35004")).toBe(1);
  });

  it("Pringy inside Annecy reads the file's 1, not Annecy's 2", () => {
    expect(radonOf({ citycode: "74010", cityName: "Annecy", oldcitycode: "74217", oldcity: "Pringy" })).toMatchObject({
      category: 1,
      commune: { code: "74217" },
    });
  });

  it("without oldcitycode, a commune nouvelle whose parts differ reads « Classement différent selon l'ancienne commune », each part named with its category, never the chef-lieu's alone", () => {
    const section = radonOf({ citycode: "35004", cityName: "Val-Couesnon" });
    expect(section).toMatchObject({
      success: true,
      level: "unavailable",
      category: null,
      label: "Classement différent selon l'ancienne commune",
      basis: "parts",
    });
    expect(section.parts).toEqual([
      { code: "35004", name: "Antrain", category: 1 },
      { code: "35113", name: "La Fontenelle", category: 3 },
      { code: "35303", name: "Saint-Ouen-la-Rouërie", category: 1 },
      { code: "35341", name: "Tremblay", category: 3 },
    ]);
    expect(section.message).toBe(
      `Val-Couesnon regroupe d'anciennes communes que l'arrêté du 27 juin 2018 classe différemment (catégorie 1${NBSP}: Antrain, Saint-Ouen-la-Rouërie${NBSP}; catégorie 3${NBSP}: La Fontenelle, Tremblay). Le potentiel radon d'une adresse est celui de l'ancienne commune où elle se trouve${NBSP}: précisez l'adresse (numéro et rue) pour le connaître.`,
    );
    const card = presentRadon(section);
    expect(card.headline).toMatchObject({ word: "Classement différent selon l'ancienne commune", tone: "neutral" });
    expect(factsOf(card)).toEqual([
      { term: "Commune", value: "Val-Couesnon" },
      { term: "Catégorie 3", value: "La Fontenelle, Tremblay" },
      { term: "Catégorie 1", value: "Antrain, Saint-Ouen-la-Rouërie" },
    ]);
    // the advice is for those who live in the category 3 parts: information, not a warning for all
    const advice = adviceFor({ citycode: "35004", cityName: "Val-Couesnon" });
    expect(advice).toMatchObject({ severity: "info", title: `Radon${NBSP}: une partie de la commune est à potentiel radon significatif` });
    expect(advice?.text).toMatch(
      /^Dans votre commune, l'arrêté du 27 juin 2018 classe en catégorie 3 \(potentiel radon significatif\)\u00a0: La Fontenelle, Tremblay\. Si votre logement s'y trouve, le radon/,
    );
  });

  it("a commune nouvelle whose parts agree reads their one category", () => {
    // property over every commune of the shipped history: one category for all listed parts → that category
    for (const [code, parts] of Object.entries(COMMUNE_HISTORY.parts)) {
      const listed = parts.filter((part) => DATA.lookup.has(part));
      if (listed.length < 2) continue;
      const categories = new Set(listed.map((part) => DATA.lookup.get(part)));
      const section = radonOf({ citycode: code, cityName: "" });
      expect(section.category).toBe(categories.size === 1 ? [...categories][0] : null);
    }
  });
});

describe("properties over the shipped data (fast-check): the arrêté's own entry always wins", () => {
  const formerCommunes = Object.entries(COMMUNE_HISTORY.parts).flatMap(([code, parts]) =>
    parts.filter((part) => DATA.lookup.has(part)).map((part) => ({ code, part })),
  );
  it("an address the BAN places in a listed former commune reads that commune's category, whatever its commune of today", () => {
    fc.assert(
      fc.property(fc.constantFrom(...formerCommunes), ({ code, part }) => {
        const section = radonOf({ citycode: code, cityName: "", oldcitycode: part });
        expect(section.category).toBe(DATA.lookup.get(part));
        expect(section.commune?.code).toBe(part);
      }),
      { numRuns: 500 },
    );
  });
  it("a commune's answer without a former commune is a category of one of its listed parts, or « différent » naming them all", () => {
    const communes = Object.keys(COMMUNE_HISTORY.parts);
    fc.assert(
      fc.property(fc.constantFrom(...communes), (code) => {
        const section = radonOf({ citycode: code, cityName: "" });
        const listed = (COMMUNE_HISTORY.arrondissements[code] ?? COMMUNE_HISTORY.parts[code] ?? []).filter((part) => DATA.lookup.has(part));
        if (section.category === null && section.basis === "parts") expect(section.parts?.map((part) => part.code)).toEqual(listed);
        else if (listed.length > 0) expect(listed.map((part) => DATA.lookup.get(part))).toContain(section.category);
      }),
      { numRuns: 500 },
    );
  });
});

describe("arrondissements: their own entry first, under their own name; Paris, Lyon and Marseille's codes read their arrondissements", () => {
  it("Lyon 9e (69389) is « Lyon 9e Arrondissement », category 3, and the advice says « Votre arrondissement »", () => {
    const place = { citycode: "69389", cityName: "Lyon" };
    const section = radonOf(place);
    expect(section).toMatchObject({ category: 3, basis: "arrondissement", commune: { code: "69389", name: "Lyon 9e Arrondissement" } });
    expect(factsOf(presentRadon(section))).toContainEqual({ term: "Commune", value: "Lyon 9e Arrondissement" });
    expect(adviceFor(place)?.text).toMatch(/^Votre arrondissement \(Lyon 9e Arrondissement\) est en catégorie 3/);
  });
  it("Paris (75056) reads category 1: its 20 arrondissements agree", () => {
    const section = radonOf({ citycode: "75056", cityName: "Paris" });
    expect(section).toMatchObject({ level: "good", category: 1, label: "Catégorie 1", basis: "parts", commune: { code: "75056", name: "Paris" } });
    expect(section.parts).toHaveLength(20);
    expect(factsOf(presentRadon(section))).toContainEqual({ term: "Classement", value: "ses 20 arrondissements sont en catégorie 1" });
  });
  it("Lyon (69123) and Marseille (13055) read « Classement différent selon l'arrondissement »", () => {
    expect(radonOf({ citycode: "69123", cityName: "Lyon" })).toMatchObject({ category: null, label: "Classement différent selon l'arrondissement" });
    expect(radonOf({ citycode: "13055", cityName: "Marseille" })).toMatchObject({ category: null, label: "Classement différent selon l'arrondissement" });
    expect(presentRadon(radonOf({ citycode: "69123", cityName: "Lyon" })).summary).toBe(
      `Radon${NBSP}: classement différent selon l'arrondissement (catégories 1 et 3).`,
    );
  });
});

describe("the file's other codes stand for today's communes (RADON_FILE_CODES)", () => {
  it.each([
    ["97502", "Saint-Pierre", 3],
    ["97501", "Miquelon-Langlade", 3],
    ["97801", "Saint-Martin", 1],
    ["97616", "Sada", 3],
    ["85165", "L'Oie", 3],
    ["85212", "Sainte-Florence", 3],
  ] as const)("%s (%s) reads category %i", (code, name, category) => {
    expect(radonOf({ citycode: code, cityName: name })).toMatchObject({ success: true, category, commune: { code, name } });
  });

  it("each code the file uses is in the recorded file, on a row naming the commune (or the commune nouvelle it was part of)", () => {
    const rows = readFileSync(new URL("../../fixtures/radon/radon.csv", import.meta.url), "utf8")
      .split("\r\n")
      .map((line) => line.split(";"));
    const simplify = (text: string) =>
      text
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/[^a-z]/gi, "")
        .toLowerCase();
    const named: Record<string, string> = {
      "97501": "miquelon langlade",
      "97502": "saint pierre",
      "97801": "saint martin",
      "97616": "sada",
      "85165": "essarts en bocage",
      "85212": "essarts en bocage",
    };
    for (const [code, { code: fileCode }] of Object.entries(RADON_FILE_CODES)) {
      const row = rows.find((cells) => cells[2] === fileCode && simplify(cells[0] ?? "") === simplify(named[code] ?? "?"));
      expect(row, `${code} → ${fileCode}`).toBeDefined();
    }
  });
});

describe("the shipped commune history is INSEE's COG as the pinned package publishes it (npm run data:communes)", () => {
  it("equals what the script builds from @etalab/decoupage-administratif, and has the shape the Worker checks", () => {
    const require = createRequire(import.meta.url);
    const text = readFileSync(require.resolve("@etalab/decoupage-administratif/data/communes.json"), "utf8");
    const version = (require("@etalab/decoupage-administratif/package.json") as { version: string }).version;
    const { file } = buildCommuneHistoryFile(text, { package: `@etalab/decoupage-administratif@${version}` });
    expect(file).toEqual(COMMUNE_HISTORY);
    expect(CommuneHistoryFileSchema.parse(COMMUNE_HISTORY)).toEqual(COMMUNE_HISTORY);
  });

  it("from a derived excerpt: a commune nouvelle's parts (its own code first), their former names, the arrondissements", () => {
    const rows = cogCommuneSchema.array().parse(JSON.parse(readFileSync(new URL("../../fixtures/cog/communes-derived-excerpt.json", import.meta.url), "utf8")));
    const history = buildCommuneHistory(rows, { name: "COG", url: "", package: "excerpt", sha256: "" });
    expect(history.parts["35004"]).toEqual(["35004", "35113", "35303", "35341"]);
    expect(history.names["35004"]).toBe("Val-Couesnon");
    expect(history.formerNames["35004"]).toBe("Antrain");
    expect(history.formerNames["35341"]).toBe("Tremblay");
    expect(history.arrondissements["69123"]).toEqual(["69381", "69389"]);
    expect(history.names["69389"]).toBe("Lyon 9e Arrondissement");
    expect(history.parts["80021"]).toBeUndefined();
  });

  it("a changed shape is refused", () => {
    expect(CommuneHistoryFileSchema.safeParse({ ...COMMUNE_HISTORY, parts: { "35004": ["35004"] } }).success).toBe(false);
    expect(CommuneHistoryFileSchema.safeParse({ ...COMMUNE_HISTORY, names: { "3504": "x" } }).success).toBe(false);
  });
});

describe("how the answers changed against the rule before (npm run data:communes prints it)", () => {
  it("no commune of today lost its classification nor changed category without a reason: the changes are the parts read together and the file's other codes", () => {
    const require = createRequire(import.meta.url);
    const rows = cogCommuneSchema.array().parse(JSON.parse(readFileSync(require.resolve("@etalab/decoupage-administratif/data/communes.json"), "utf8")));
    const today = rows.filter((row) => row.type === "commune-actuelle" || row.type === "arrondissement-municipal").map((row) => row.code);
    const changes = compareRadonAnswers(DATA.lookup, DATA.history, today);
    expect(changes.communes).toEqual({ read: 35_014, up: 0, down: 0, toParts: 80, fromAbsent: 9, toAbsent: 0 });
    expect(changes.formerCommunes).toEqual({ read: 1015, up: 58, down: 74, same: 883 });
  });
});
