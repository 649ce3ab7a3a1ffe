import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { buildBathingDataset, serialiseBathingDataset } from "../../../src/sources/baignades/dataset/build.ts";
import { parseResults } from "../../../src/sources/baignades/dataset/results.ts";
import { parseSeasonInformation } from "../../../src/sources/baignades/dataset/season-information.ts";
import { parseSiteList } from "../../../src/sources/baignades/dataset/site-list.ts";
import { BATHING_DATASET } from "../../../src/sources/baignades/data.ts";
import { readBathingDataset } from "../../../src/sources/baignades/to-domain.ts";

const FIXTURES = resolve(import.meta.dirname, "../../fixtures/baignades");
const DATA_FILE = resolve(import.meta.dirname, "../../../src/sources/baignades/data/baignades-2024.json");
const readFixture = (file: string) => readFileSync(resolve(FIXTURES, file));

const committedText = readFileSync(DATA_FILE, "utf8");
const committed = readBathingDataset(JSON.parse(committedText));

function generateFromFixtures(generatedAt: string) {
  return buildBathingDataset({
    season: 2024,
    generatedAt,
    siteList: parseSiteList(readFixture("liste-des-sites-de-baignade-saison-balneaire-2024.cp1252.csv")).sites,
    seasonInformation: parseSeasonInformation(readFixture("saison-balneaire-2024-informations-sur-la-saison.cp1252.csv")),
    results: parseResults(readFixture("saison-balneaire-2024-resultats-danalyses.EXCERPT.cp1252.csv")),
  });
}

describe("the shipped bathing data file", () => {
  it("is exactly what the generator makes of the fixture files (it cannot drift)", () => {
    expect(serialiseBathingDataset(generateFromFixtures(committed.generatedAt))).toBe(committedText);
  });

  it("is compact: one array per site, coordinates to 5 decimals, well under 1 MB", () => {
    const bytes = statSync(DATA_FILE).size;
    console.log(`baignades-2024.json: ${bytes} bytes for ${committed.sites.length} sites`);
    expect(bytes).toBeLessThan(1_000_000);
    expect(committed.sites.every((site) => Number(site.latitude.toFixed(5)) === site.latitude)).toBe(true);
    expect(committedText.split("\n")[1]).toMatch(/^\["FR[^{}]*\],$/);
  });

  it("reads back to the same dataset, which data.ts exports", () => {
    expect(serialiseBathingDataset(committed)).toBe(committedText);
    expect(BATHING_DATASET).toEqual(committed);
    expect(committed.season).toBe(2024);
    expect(committed.sites).toHaveLength(3361);
    expect(Object.keys(committed.records)).toHaveLength(3361);
  });

  it("gives every site a record, with or without events, and no classement without its file", () => {
    expect(committed.records.FR10175056D075001).toEqual({
      season: 2024,
      seasonStart: "2024-07-06",
      seasonEnd: "2024-09-08",
      events: [],
      classement: null,
      lastSample: null,
    });
    expect(committed.records.FRE1262160M062160).toMatchObject({
      seasonStart: "2024-06-15",
      seasonEnd: "2024-09-17",
      lastSample: { date: "2024-09-16", enterococci: 15, ecoli: 15, status: "Prélèvement de remplacement" },
    });
    expect(committed.records.FRE1262160M062160?.events).toHaveLength(10);
    const records = Object.values(committed.records);
    expect(records.every((record) => record.classement === null)).toBe(true);
    // the results file is an excerpt: only 84 sites have a last sample (it lists 110, some only as missing samples)
    expect(records.filter((record) => record.lastSample !== null)).toHaveLength(84);
    expect(records.filter((record) => record.events.length === 0)).toHaveLength(2693);
  });
});

describe("readBathingDataset", () => {
  const json = JSON.parse(committedText) as { format: number; sites: unknown[][] };

  it("rejects another format version, a bad coordinate and a site listed twice", () => {
    expect(() => readBathingDataset({ ...json, format: 2 })).toThrow(/Invalid bathing data file/);
    const [first, ...rest] = json.sites;
    if (!first) throw new Error("the data file has sites");
    const offMap = [...first];
    offMap[6] = 123;
    expect(() => readBathingDataset({ ...json, sites: [offMap, ...rest] })).toThrow(/Invalid bathing data file/);
    expect(() => readBathingDataset({ ...json, sites: [first, first] })).toThrow(/listed twice/);
  });

  it("keeps a classement and a sample through the round trip", () => {
    const dataset = buildBathingDataset({
      season: 2024,
      generatedAt: "2025-06-30",
      siteList: committed.sites.slice(0, 1),
      seasonInformation: new Map(),
      results: new Map([[committed.sites[0]?.id ?? "", { date: "2024-08-20", enterococci: 46, ecoli: null, status: null }]]),
      classement: new Map([[committed.sites[0]?.id ?? "", "Bonne" as const]]),
    });
    expect(readBathingDataset(JSON.parse(serialiseBathingDataset(dataset)))).toEqual(dataset);
  });
});
