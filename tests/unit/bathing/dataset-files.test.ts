import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseClassement } from "../../../src/sources/baignades/dataset/classement.ts";
import { parseResults } from "../../../src/sources/baignades/dataset/results.ts";
import { parseSeasonInformation } from "../../../src/sources/baignades/dataset/season-information.ts";
import { parseSiteList } from "../../../src/sources/baignades/dataset/site-list.ts";
import { parseCsvRecords } from "../../../src/sources/text/csv.ts";
import { decodeUtf8OrWindows1252 } from "../../../src/sources/text/encoding.ts";

const FIXTURES = resolve(import.meta.dirname, "../../fixtures/baignades");
const readBytes = (file: string) => new Uint8Array(readFileSync(resolve(FIXTURES, file)));

const SITE_LIST = readBytes("liste-des-sites-de-baignade-saison-balneaire-2024.cp1252.csv");
const SEASON_INFORMATION = readBytes("saison-balneaire-2024-informations-sur-la-saison.cp1252.csv");
const RESULTS_EXCERPT = readBytes("saison-balneaire-2024-resultats-danalyses.EXCERPT.cp1252.csv");

describe("site list 2024 (real, complete)", () => {
  const { sites, skipped } = parseSiteList(SITE_LIST);
  const byId = new Map(sites.map((site) => [site.id, site]));

  it("keeps 3 361 of the 3 376 rows: 11 sites removed for good, 4 placed on another commune's point", () => {
    expect(parseCsvRecords(decodeUtf8OrWindows1252(SITE_LIST))).toHaveLength(1 + 3376);
    expect(sites).toHaveLength(3361);
    expect(skipped.filter((site) => site.reason === "removed")).toHaveLength(11);
    expect(skipped.filter((site) => site.reason === "removed").map((site) => site.name)).toContain("PLAN D'EAU D'AMBERT");
    // A Givet lake (Ardennes) carries the Étang de Berre point of PATORGUE; two Côtes-d'Armor
    // beaches share one point: which one is right cannot be told from the file.
    expect(
      skipped
        .filter((site) => site.reason === "ambiguous-coordinates")
        .map((site) => site.id)
        .sort(),
    ).toEqual(["FRF2108190D008051", "FRH0122210M022350", "FRH0122353M022451", "FRL0413098M013099"]);
  });

  it("pads INSEE codes that lost their leading zero and keeps Corsican ones", () => {
    expect(byId.get("FRK2101010D001530")).toEqual({
      id: "FRK2101010D001530",
      name: "PLAN D'EAU D'ANGLEFORT",
      communeCode: "01010",
      communeName: "ANGLEFORT",
      department: "001",
      waterType: "Lac",
      latitude: 45.90461858521,
      longitude: 5.81195997437,
    });
    expect(byId.get("FRM012A004M02A087")).toMatchObject({ communeCode: "2A004", communeName: "AJACCIO", department: "02A" });
    expect(sites.every((site) => /^(\d{5}|2[AB]\d{3})$/.test(site.communeCode))).toBe(true);
    expect(sites.filter((site) => /^\d{4}$/.test(site.communeCode))).toEqual([]);
  });

  it("reads decimal commas and the few decimal points, and accents of the water types", () => {
    expect(byId.get("FRH0122111M022366")).toMatchObject({ name: "PORS GUYON", latitude: 48.83774632, longitude: -3.09050894 });
    expect(byId.get("FRY1097102M971501")).toMatchObject({ name: "ANSE COLAS", latitude: 16.46241144562, longitude: -61.5228384212 });
    const waterTypes = new Set(sites.map((site) => site.waterType));
    expect([...waterTypes].sort()).toEqual(["Eau côtière", "Eau de transition", "Lac", "Rivière"]);
  });

  it("trims padded names and collapses their double spaces", () => {
    expect(byId.get("FRK2874010D074320")?.name).toBe("ANNECY LES MARQUISATS");
    expect(sites.filter((site) => site.name !== site.name.trim() || site.name.includes("  "))).toEqual([]);
  });

  it("rejects a file whose required column is missing, naming it", () => {
    const text = decodeUtf8OrWindows1252(SITE_LIST).replace("Longitude (ETRS 89)", "X (ETRS 89)");
    expect(() => parseSiteList(text)).toThrow(/missing required column\(s\) "Longitude \(ETRS 89\)"/);
  });

  it("finds columns by name whatever their order, and skips unusable coordinates", () => {
    const text = [
      "Latitude;Longitude;Nom du site de baignade;Type d'eau;Code INSEE de la commune;Nom de la commune;Département;Code unique d'identification du site de baignade",
      "45,9;5,8;LAC;Lac;1010;ANGLEFORT;001;FRA",
      ";5,8;NO LATITUDE;Lac;1010;ANGLEFORT;001;FRB",
      "0;0;NULL ISLAND;Lac;1010;ANGLEFORT;001;FRC",
      "5,8;45,9;SWAPPED;Lac;1010;ANGLEFORT;001;FRD",
    ].join("\n");
    const parsed = parseSiteList(text);
    expect(parsed.sites.map((site) => site.id)).toEqual(["FRA"]);
    expect(parsed.skipped.map((site) => [site.id, site.reason])).toEqual([
      ["FRB", "invalid-coordinates"],
      ["FRC", "invalid-coordinates"],
      ["FRD", "invalid-coordinates"],
    ]);
  });
});

describe("season information 2024 (real, complete)", () => {
  const information = parseSeasonInformation(SEASON_INFORMATION);

  it("has a season for every site still listed", () => {
    expect(information.size).toBe(3365);
    expect([...information.values()].every((info) => info.seasonStart !== null && info.seasonEnd !== null)).toBe(true);
  });

  it("gives Lac Chambon (Murol) its season and its cyanobacteria prohibitions in date order", () => {
    expect(information.get("FRK1463247D063060")).toEqual({
      seasonStart: "2024-07-01",
      seasonEnd: "2024-08-31",
      events: [
        { type: "Interdiction sanitaire", start: "2024-08-01", end: "2024-08-07", measures: "cyanobactéries : dépassement seuil de toxines" },
        {
          type: "Prolifération de cyanobactéries",
          start: "2024-08-01",
          end: "2024-08-07",
          measures: "Présence de toxines dépassant les seuils d'alerte sanitaire. Baignade interdite",
        },
        {
          type: "Interdiction sanitaire",
          start: "2024-08-13",
          end: "2024-08-14",
          measures: "Présence de toxines dépassant les seuils d'alerte sanitaire. Baignade interdite",
        },
        {
          type: "Prolifération de cyanobactéries",
          start: "2024-08-13",
          end: "2024-08-14",
          measures: "Présence de toxines dépassant les seuils d'alerte sanitaire. Baignade interdite",
        },
      ],
    });
  });

  it("undoes the export's repeated quote escaping and reads 31/12/9999 as no end date", () => {
    expect(information.get("FRK2207115D007236")?.events).toEqual([
      {
        type: "Interdiction sanitaire",
        start: "2024-06-12",
        end: "2024-12-31",
        measures: 'Site classé de qualité "insuffisante" durant 8 années consécutives. Baignade interdite par arrêté préfectoral N°07-2024-06-12-00032.',
      },
    ]);
    expect(information.get("FRL0583009M083028")?.events).toEqual([
      {
        type: "Interdiction sanitaire",
        start: "2024-01-01",
        end: null,
        measures: "Capacité du poste de relevage insuffisante. Un programme d'actions est en cours",
      },
    ]);
  });

  it("rejects an unreadable date instead of dropping it", () => {
    const text = "Code unique d'identification du site de baignade;Type d'événement;Date de début;Date de fin\nFRA;Saison balnéaire;2024/06/15;15/09/2024\n";
    expect(() => parseSeasonInformation(text)).toThrow(/line 2: unreadable date "2024\/06\/15"/);
  });
});

describe("analysis results 2024 (real excerpt)", () => {
  const results = parseResults(RESULTS_EXCERPT);

  it("keeps the latest sample of each site", () => {
    expect(results.get("FRK2101010D001530")).toEqual({ date: "2024-08-21", enterococci: 15, ecoli: 15, status: null });
    expect(results.get("FRE1262160M062160")).toEqual({ date: "2024-09-16", enterococci: 15, ecoli: 15, status: "Prélèvement de remplacement" });
    expect(results.get("FRI3217461M017160")).toEqual({
      date: "2024-06-18",
      enterococci: 1700,
      ecoli: 1800,
      status: "Prélèvement réalisé pendant une pollution à court terme",
    });
  });

  it("ignores « Prélèvement manquant » rows, whose 0 and 0 were never measured", () => {
    expect(results.has("FRK2207115D007236")).toBe(false);
    expect(results.has("FRY1097102M971501")).toBe(false);
    expect([...results.values()].some((sample) => sample.status === "Prélèvement manquant")).toBe(false);
  });

  it("keeps the number of « <15 » style values and null for empty ones", () => {
    const text = [
      'Code unique d\'identification du site de baignade;Date de prélèvement;"Résultat ""entérocoques intestinaux""";"Résultat ""Escherichia coli""";;',
      "FRA;01/07/2024;<15;;;",
      "FRA;17/07/2024;>24196;5,5;;",
      "FRA;03/07/2024;30;30;;",
    ].join("\r\n");
    expect(parseResults(text).get("FRA")).toEqual({ date: "2024-07-17", enterococci: 24196, ecoli: 5.5, status: null });
    expect(parseResults(text.replace("17/07/2024", "01/06/2024")).get("FRA")).toEqual({ date: "2024-07-03", enterococci: 30, ecoli: 30, status: null });
  });
});

describe("classement (derived file: real site codes, values partly invented)", () => {
  const classement = parseClassement(readBytes("caracteristiques-derived-2024.cp1252.csv"));

  it("maps both codes and labels to the domain classement", () => {
    expect(Object.fromEntries(classement)).toEqual({
      // 2 for the two Porquerolles beaches is their real 2024 classement (porquerolles history)
      FRL0583069M083313: "Bonne",
      FRL0583069M083315: "Bonne",
      FRL0583069M083305: "Excellente",
      FRK2874010D074320: "Excellente",
      FRK1463247D063060: "Suffisante",
      FRK2207115D007236: "Insuffisante",
      FR10175056D075001: "Insuffisamment de prélèvements",
      FRY1097102M971501: "Site non classé",
      FRM012A004M02A087: "Site non classé",
    });
    // « I » (a prohibition, not a class) and an empty cell give no classement
    expect(classement.has("FR10175056D075002")).toBe(false);
    expect(classement.has("FRL0583069M083300")).toBe(false);
  });

  it("takes the latest year when a file carries several classement columns", () => {
    const text = "Code unique d'identification du site de baignade;Classement 2023;Classement 2024\nFRA;1;Bon\n";
    expect(parseClassement(text).get("FRA")).toBe("Bonne");
  });

  it("rejects an unknown classement and a file without the column", () => {
    expect(() => parseClassement("Code unique d'identification du site de baignade;Classement\nFRA;Moyen\n")).toThrow(/line 2: unknown classement "Moyen"/);
    expect(() => parseClassement("Code unique d'identification du site de baignade;Qualité\nFRA;1\n")).toThrow(/missing required column\(s\) "Classement"/);
  });
});
