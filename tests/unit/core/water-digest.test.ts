// The alert run's water digest (decision 049) must judge a network exactly as the full year of
// results does: same level, newest sample, verdict, conclusion and flagged parameters.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { digestResults, emptyWaterDigest, evaluateWaterQuality, foldIntoWaterDigest, type WaterDigest } from "../../../src/sections/water/index.ts";
import type { WaterResult } from "../../../src/core/types.ts";
import { communeWaterFromDigest, selectWater, type CommuneWater } from "../../../src/server/services/commune-data.ts";
import { communesUdiResponseSchema, waterResultsResponseSchema } from "../../../src/sources/hubeau/schema.ts";
import { mapCommuneUdis, mapWaterResults } from "../../../src/sources/hubeau/to-domain.ts";
import { resolvePlaceholders } from "../../fakes/upstream-server.ts";
import { NOW, waterEssentials as essentials, waterResult } from "./builders.ts";

const fixture = (path: string) => JSON.parse(resolvePlaceholders(readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), "utf8"), NOW)) as unknown;

/** The recorded and derived communes: results (and networks when we have them). */
const COMMUNES: Array<{ name: string; results: string; udis: string | null }> = [
  { name: "Amiens (derived, several networks)", results: "hubeau/resultats-dis-derived-80021.json", udis: "hubeau/communes-udi-derived-80021.json" },
  {
    name: "Maraussan (derived, nitrates above the limit)",
    results: "hubeau/resultats-dis-derived-nitrates-62.json",
    udis: "hubeau/communes-udi-derived-34148.json",
  },
  { name: "recorded 59310", results: "hubeau/resultats-dis-59310.json", udis: null },
];

function load(entry: (typeof COMMUNES)[number]): CommuneWater {
  const results = mapWaterResults(waterResultsResponseSchema.parse(fixture(entry.results)));
  const udis = entry.udis ? mapCommuneUdis(communesUdiResponseSchema.parse(fixture(entry.udis))) : [];
  return { communeCode: "00000", udis: { ok: true, data: udis }, results: { ok: true, data: results } };
}

function judge(water: CommuneWater, udiCode?: string) {
  return essentials(evaluateWaterQuality({ ...selectWater(water, udiCode, NOW), now: NOW }));
}

function digestOf(water: CommuneWater, order: (results: WaterResult[]) => WaterResult[] = (results) => results): WaterDigest {
  const digest = emptyWaterDigest(water.udis.ok ? water.udis.data : []);
  foldIntoWaterDigest(digest, order(water.results.ok ? water.results.data : []), NOW);
  return digest;
}

describe("water digest", () => {
  for (const entry of COMMUNES) {
    it(`${entry.name}: judges every network like the full year of results`, () => {
      const full = load(entry);
      const fromDigest = communeWaterFromDigest(full.communeCode, digestOf(full));
      const networks = [undefined, ...(full.udis.ok ? full.udis.data.map((udi) => udi.code) : [])];
      for (const udi of networks) expect(judge(fromDigest, udi), `network ${udi ?? "default"}`).toEqual(judge(full, udi));
      // The digest is much smaller than the year it stands for.
      expect(digestResults(digestOf(full)).length).toBeLessThanOrEqual(full.results.ok ? full.results.data.length : 0);
    });

    it(`${entry.name}: the same results folded in any order, twice, or in two reads give the same digest`, () => {
      const full = load(entry);
      const once = digestOf(full);
      const reversed = digestOf(full, (results) => [...results].reverse());
      expect(digestResults(reversed)).toEqual(digestResults(once));
      const twice = digestOf(full);
      expect(foldIntoWaterDigest(twice, full.results.ok ? full.results.data : [], NOW)).toBe(false);
      expect(twice).toEqual(once);
      const results = full.results.ok ? [...full.results.data].sort((a, b) => a.sampledAt.localeCompare(b.sampledAt)) : [];
      const split = emptyWaterDigest(full.udis.ok ? full.udis.data : []);
      foldIntoWaterDigest(split, results.slice(0, Math.floor(results.length / 2)), NOW);
      foldIntoWaterDigest(split, results.slice(Math.floor(results.length / 2)), NOW);
      expect(judge(communeWaterFromDigest("00000", split))).toEqual(judge(full));
    });
  }

  const network = { code: "080000001", name: "AMIENS" };
  const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10) + "T08:30:00Z";
  const nitrates = (daysAgo: number, value: string, flags: Partial<WaterResult> = {}) =>
    waterResult({
      sampleCode: `S${daysAgo}`,
      parameterCode: "1340",
      parameterLabel: "Nitrates (en NO3)",
      rawValue: value,
      numericValue: Number(value.replace(",", ".")),
      unit: "mg/L",
      qualityLimit: "<=50 mg/L",
      sampledAt: at(daysAgo),
      networks: [network],
      ...flags,
    });

  it("a newer compliant result clears an older exceedance; a late older exceedance does not come back", () => {
    const digest = emptyWaterDigest([{ ...network, quarter: null }]);
    foldIntoWaterDigest(digest, [nitrates(90, "62", { limitsPhysicochemical: "N" })], NOW);
    expect(judge(communeWaterFromDigest("80021", digest)).level).toBe("critical");
    expect(foldIntoWaterDigest(digest, [nitrates(30, "21", { limitsPhysicochemical: "C" })], NOW)).toBe(true);
    expect(judge(communeWaterFromDigest("80021", digest)).level).toBe("good");
    // Read again by the next run's window: older than what is known, it changes nothing.
    expect(foldIntoWaterDigest(digest, [nitrates(90, "62", { limitsPhysicochemical: "N" })], NOW)).toBe(false);
    expect(judge(communeWaterFromDigest("80021", digest)).level).toBe("good");
  });

  it("keeps the latest result of a parameter whatever its age, shown with its date (decision 052)", () => {
    const digest = emptyWaterDigest([{ ...network, quarter: null }]);
    foldIntoWaterDigest(digest, [nitrates(400, "62", { limitsPhysicochemical: "N" })], NOW);
    expect(digestResults(digest)).toHaveLength(1);
    const section = evaluateWaterQuality({ ...selectWater(communeWaterFromDigest("80021", digest), undefined, NOW), now: NOW });
    expect(section.level).toBe("critical");
    expect(section.parameters[0]).toMatchObject({ code: "1340", label: "Non conforme", older_than_a_year: true });
    // A newer compliant result of the same parameter is what ends it.
    foldIntoWaterDigest(digest, [nitrates(20, "21")], NOW);
    expect(judge(communeWaterFromDigest("80021", digest)).level).toBe("good");
  });
});
