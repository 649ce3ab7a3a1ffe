// Issue 21 (report truth, third pass), water evaluation: each rule as the regulation states it —
// arrêté du 11 janvier 2007 relatif aux limites et références de qualité des eaux destinées à la
// consommation humaine, as amended on 30 December 2022 (directive (UE) 2020/2184) — read on the
// card, in the advice and in the alert run, which use one judgement (judgeWaterQuality).
import { describe, expect, it } from "vitest";
import { diffWater } from "../../../src/core/alerts/diff.ts";
import { selectRecommendations } from "../../../src/core/recommendations/index.ts";
import { presentWater } from "../../../src/core/report/present.ts";
import type { WaterQualitySection, WaterResult } from "../../../src/core/types.ts";
import { judgeWaterQuality } from "../../../src/core/water/index.ts";
import { evaluateAirQuality } from "../../../src/core/air/index.ts";
import { evaluateDrought } from "../../../src/core/drought/index.ts";
import { waterResultsResponseSchema } from "../../../src/sources/hubeau/schema.ts";
import { mapWaterResults } from "../../../src/sources/hubeau/to-domain.ts";
import { readFixture } from "../sources/fixtures.ts";
import { atmoIndex, camsEstimate, noBathing, NOW } from "./builders.ts";

const UDI = { code: "059000440", name: "GOMMEGNIES", quarter: null };

function judge(results: WaterResult[]) {
  return judgeWaterQuality({ results: { ok: true, data: results }, udi: UDI, udis: [UDI], now: NOW });
}

/** The advice of a report whose only finding is the water section (air « Bon », no drought, no bathing site). */
function adviceFor(water: WaterQualitySection) {
  return selectRecommendations({
    water,
    air: evaluateAirQuality({ atmo: { ok: true, data: [atmoIndex()] }, cams: { ok: true, data: camsEstimate() }, now: NOW }),
    drought: evaluateDrought({ zones: { ok: true, data: [] }, now: NOW }),
    bathing: noBathing(),
    now: NOW,
  });
}

describe("chlorine (no regulatory value)", () => {
  // The recorded Hub'Eau answer (resultats_dis?code_commune=59310, tests/fixtures/hubeau): one
  // sample of 18 August 2023, every ARS flag « C » (« Eau d'alimentation conforme aux exigences de
  // qualité en vigueur pour l'ensemble des paramètres mesurés »), total chlorine 0,67 mg(Cl2)/L.
  // The arrêté du 11 janvier 2007 sets neither a limite nor a référence de qualité for chlorine
  // (annexe I lists it only among the parameters measured): the 0,6 mg/L of the specification is
  // a comfort threshold, above which the water may taste of chlorine.
  const recorded = mapWaterResults(waterResultsResponseSchema.parse(readFixture("hubeau/resultats-dis-59310.json")));

  it("chlorine never raises the water section above « acceptable » (no regulatory value — arrêté du 11 janvier 2007): the recorded compliant sample is not amber", () => {
    const { section } = judge(recorded);
    expect(recorded.find((result) => result.parameterCode === "1399")).toMatchObject({ rawValue: "0,67", unit: "mg(Cl2)/L" });
    expect(section.level).toBe("good");
    const card = presentWater(section);
    expect(card.headline).toMatchObject({ word: "Conforme", tone: "good" });
    // No row of the card is amber or worse.
    expect(card.rows.filter((row) => ["acceptable", "concerning", "critical"].includes(row.badge.tone))).toEqual([]);
    const total = card.rows.find((row) => row.code === "1399");
    // A fact, then a taste note: no percentage of a threshold, no gauge, never a regulatory word.
    expect(total).toMatchObject({
      value: "0,67\u00a0mg(Cl2)/L",
      badge: { word: "Goût de chlore possible", tone: "neutral" },
      comparison: "pas de limite réglementaire\u00a0; goût de chlore possible au-delà de 0,6\u00a0mg(Cl2)/L",
      gauge: null,
    });
    expect(card.rows.find((row) => row.code === "1398")).toMatchObject({ badge: { word: "Conforme", tone: "good" }, gauge: null });
  });

  it("chlorine never alerts and never borrows « référence de qualité » or « dérogation » (row, advice, e-mail)", () => {
    const { section, measured } = judge(recorded);
    // The alert run judges with judgeWaterQuality too: a first judgement that is not concerning is a silent baseline.
    expect(diffWater(null, [{ code: UDI.code, section, measured }]).events).toEqual([]);
    const advice = adviceFor(section);
    expect(advice.filter((recommendation) => recommendation.category === "water")).toEqual([]);
    const words = JSON.stringify(advice) + JSON.stringify(presentWater(section).rows.filter((row) => /chlore/i.test(row.name)));
    expect(words).not.toMatch(/référence de qualité|dérogation|À surveiller/i);
  });

  it.each([
    ["0,3", "good", "Conforme"],
    ["0,55", "acceptable", "Conforme"],
    ["0,9", "acceptable", "Goût de chlore possible"],
    ["2", "acceptable", "Goût de chlore possible"],
  ])("free chlorine %s mg/L is at most « acceptable »: %s « %s », even with a limit written on the row", (raw, level, label) => {
    for (const qualityLimit of [null, "<=0,6 mg/L"]) {
      const { section, measured } = judge([
        {
          ...recorded.find((result) => result.parameterCode === "1398")!,
          rawValue: raw,
          numericValue: Number(raw.replace(",", ".")),
          qualityLimit,
        },
      ]);
      expect(measured[0]).toMatchObject({ level, label, limit_kind: "confort" });
      expect(section.level).toBe("good");
    }
  });
});
