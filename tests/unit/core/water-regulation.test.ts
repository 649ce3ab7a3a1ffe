// Issue 21 (report truth, third pass), water evaluation: each rule as the regulation states it —
// arrêté du 11 janvier 2007 relatif aux limites et références de qualité des eaux destinées à la
// consommation humaine, as amended on 30 December 2022 (directive (UE) 2020/2184) — read on the
// card, in the advice and in the alert run, which use one judgement (judgeWaterQuality).
import { describe, expect, it } from "vitest";
import { diffWater } from "../../../src/sections/water/alert.ts";
import { selectRecommendations } from "../../../src/core/recommendations/index.ts";
import { presentReport, presentWater, presentWaterHistory, presentWaterRow } from "../../../src/core/report/present.ts";
import { layoutWaterChart } from "../../../src/core/report/water-chart.ts";
import type { Report, WaterQualitySection, WaterResult } from "../../../src/core/types.ts";
import {
  buildWaterHistory,
  describeLastNonCompliance,
  evaluateParameter,
  judgeWaterQuality,
  PARAMETER_RULES,
  pfasRoleOf,
} from "../../../src/sections/water/index.ts";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { waterResultsResponseSchema } from "../../../src/sources/hubeau/schema.ts";
import { mapWaterResults } from "../../../src/sources/hubeau/to-domain.ts";
import { readFixture } from "../sources/fixtures.ts";
import { atmoIndex, camsEstimate, noBathing, NOW, waterResult } from "./builders.ts";

/** A section's own sentence (its document's), whether « L'essentiel » lists it in full or on its calm line (decision 084). */
const sentenceOf = (presentation: { sections: ReadonlyArray<{ key: string; summary: string }> }, key: string) =>
  presentation.sections.find((section) => section.key === key)?.summary;

const UDI = { code: "059000440", name: "GOMMEGNIES", quarter: null };

function judge(results: WaterResult[]) {
  return judgeWaterQuality({ results: { ok: true, data: results }, udi: UDI, udis: [UDI], now: NOW });
}

/** The advice of a report whose only finding is the water section (air « Bon », no drought, no bathing site). */
function adviceFor(water: WaterQualitySection) {
  return selectRecommendations({
    water,
    air: evaluateAirQuality({ atmo: { ok: true, data: [atmoIndex()] }, cams: { ok: true, data: camsEstimate() }, now: NOW, citycode: "80021" }),
    drought: evaluateDrought({ zones: { ok: true, data: [] }, now: NOW, citycode: "80021" }),
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

/** One result of a sample declared by the ARS with `flag` on its physico-chemical limits. */
function pfasResult(overrides: Partial<WaterResult> & { flag?: WaterResult["limitsPhysicochemical"] }): WaterResult {
  const { flag = "N", ...rest } = overrides;
  return waterResult({
    parameterCode: "8847",
    parameterLabel: "Somme des 20 PFAS",
    rawValue: "0,15",
    numericValue: 0.15,
    unit: "µg/L",
    qualityLimit: "<=0,1 µg/L",
    sampledAt: "2026-03-02T08:30:00Z",
    limitsPhysicochemical: flag,
    sampleConclusion:
      flag === "N" ? "Eau non conforme aux limites de qualité pour le paramètre PFAS." : "Eau d'alimentation conforme aux exigences de qualité.",
    ...rest,
  });
}

describe("PFAS: the sum of 20 has a limite de qualité of 0,1 µg/L from 1 January 2026", () => {
  // Arrêté du 11 janvier 2007 as amended on 30 December 2022 (directive (UE) 2020/2184), annexe I,
  // I, B: « Somme des PFAS : 0,10 µg/L » — « à compter du 1er janvier 2026 ». Before that day
  // there was no limit, nor any référence de qualité, for PFAS.
  it("a PFAS sum measured before 2026 is a dated fact, never « Référence dépassée (indicateur) » nor a verdict", () => {
    const { section } = judge([pfasResult({ sampledAt: "2025-06-03T08:30:00Z", flag: "C" })]);
    expect(section.parameters[0]).toMatchObject({ label: "Pas de limite à cette date", level: "acceptable", limit_kind: null, note: "pfas-before-2026" });
    expect(section.level).toBe("good");
    const row = presentWater(section).rows[0]!;
    expect(row).toMatchObject({
      badge: { word: "Pas de limite à cette date", tone: "neutral" },
      comparison: "pas de limite à la date du prélèvement",
      gauge: null,
      notes: [
        "Prélèvement antérieur au 1er\u00a0janvier\u00a02026\u00a0: aucune limite ne s'appliquait alors aux PFAS. Depuis cette date, la somme des 20\u00a0PFAS a une limite de qualité de 0,1\u00a0µg/L.",
      ],
    });
    const advice = adviceFor(section).filter((recommendation) => recommendation.category === "water");
    expect(advice.map((recommendation) => [recommendation.id, recommendation.severity])).toEqual([["water-pfas", "info"]]);
    expect(advice[0]?.text).toContain("La somme des 20 PFAS, mesurée le 3\u00a0juin\u00a02025, atteignait 0,15\u00a0µg/L.");
    const words = JSON.stringify([row, advice]);
    expect(words).not.toMatch(/référence|indicateur|dépass|non conforme|valeur de gestion/i);
  });

  it.each([
    ["5347", "Acide perfluorooctanoïque", "PFOA"],
    ["6561", "Acide perfluorooctane sulfonique", "PFOS"],
    ["9001", "Acide perfluorohexanesulfonique (PFHxS)", "PFHxS"],
    ["9002", "Perfluorononanoate", "PFNA"],
    ["9003", "PFUnDA", "PFUnDA"],
  ])("one PFAS (%s, %s) above 0,1 µg/L puts the sum above its limit: « Non conforme » in 2026, said so, with the PFAS advice", (code, label, name) => {
    const { section } = judge([pfasResult({ parameterCode: code, parameterLabel: label })]);
    expect(section.parameters[0]).toMatchObject({ name, label: "Non conforme", level: "critical", limit: 0.1, limit_kind: "limite" });
    const row = presentWater(section).rows[0]!;
    expect(row.badge.word).toBe("Non conforme");
    expect(row.comparison).toBe("à lui seul, 0,15\u00a0µg/L, soit 50\u00a0% au-dessus de la limite de qualité de la somme des 20\u00a0PFAS (0,1\u00a0µg/L)");
    const pfas = adviceFor(section).find((recommendation) => recommendation.id === "water-pfas");
    expect(pfas).toMatchObject({ severity: "warning", title: "PFAS au-dessus de la limite de qualité" });
    expect(pfas?.text).toContain(`Le ${name} atteint à lui seul 0,15\u00a0µg/L\u00a0: la somme des 20 PFAS dépasse donc la limite de qualité de 0,1\u00a0µg/L`);
    expect(pfas?.text).not.toMatch(/valeur de gestion/i);
  });

  it.each([
    "Somme de PFOA, PFOS, PFNA et PFHxS",
    "Acide 1H,1H,2H,2H-perfluorooctane sulfonique (6:2 FTS)",
    "Perfluorooctane sulfonamide (PFOSA)",
    "Total PFAS",
  ])("« %s » is not one of the 20 PFAS of the sum", (label) => {
    const { section } = judge([pfasResult({ parameterCode: "9999", parameterLabel: label, qualityLimit: null, flag: "C" })]);
    expect(section.parameters).toEqual([]);
  });

  it("the sum above 0,1 µg/L in 2026 is « Non conforme » with the PFAS advice, which names the limite de qualité, never a « valeur de gestion »", () => {
    const { section } = judge([pfasResult({})]);
    const pfas = adviceFor(section).find((recommendation) => recommendation.id === "water-pfas");
    expect(pfas?.text).toContain(
      "La somme des 20 PFAS atteint 0,15\u00a0µg/L, au-dessus de la limite de qualité de 0,1\u00a0µg/L en vigueur depuis le 1er\u00a0janvier\u00a02026.",
    );
    expect(pfas?.text).not.toMatch(/valeur de gestion/i);
  });

  // « Somme des PFAS : 0,10 µg/L » (arrêté du 11 janvier 2007 as amended, annexe I, I, B): each of the
  // 20 is judged alone against the sum's limit, and only they. The report's page tells them by the
  // name the parameter table gives them (pfas.ts), not by carrying the table: both must agree.
  it("a water row speaks of « la somme des 20 PFAS » exactly for the parameters the table counts among the 20", () => {
    const results: WaterResult[] = [
      ...PARAMETER_RULES.flatMap((rule) => [
        ...rule.codes.map((code) => pfasResult({ parameterCode: code, parameterLabel: rule.name })),
        ...(rule.codes.length === 0 ? [pfasResult({ parameterCode: "9999", parameterLabel: rule.name })] : []),
      ]),
      pfasResult({ parameterCode: "9001", parameterLabel: "Acide perfluorohexanesulfonique (PFHxS)" }),
      pfasResult({ parameterCode: "9002", parameterLabel: "Perfluorononanoate" }),
      pfasResult({ parameterCode: "9003", parameterLabel: "ESA-métolachlore" }),
      pfasResult({ parameterCode: "1340", parameterLabel: "PFOA" }),
    ];
    for (const result of results) {
      const view = evaluateParameter(result);
      if (!view) continue;
      const row = presentWaterRow(view, null);
      const oneOfTheSum = pfasRoleOf(result.parameterCode, result.parameterLabel) === "one-of-the-sum";
      expect(row.comparison.includes("de la somme des 20\u00a0PFAS"), `${result.parameterCode} ${result.parameterLabel}`).toBe(oneOfTheSum);
    }
    expect(results.filter((result) => pfasRoleOf(result.parameterCode, result.parameterLabel) === "one-of-the-sum").length).toBeGreaterThanOrEqual(22);
  });
});

describe("when the ARS flag and the row disagree", () => {
  // The ARS verdict of the sample (conformite_limites_pc_prelevement « C ») wins over the value
  // written on the row (decision 023); the card says it once: the verdict first, the value as a fact.
  it("a row above the limit written on it, in a sample the ARS declared compliant: « Conforme » first, the value as a fact, no « dépasse », no gauge, no PFAS advice", () => {
    const { section } = judge([pfasResult({ flag: "C" })]);
    expect(section.parameters[0]).toMatchObject({ label: "Conforme", note: "ars-compliant" });
    expect(section.parameters[0]?.ratio).toBeCloseTo(1.5, 6);
    const row = presentWater(section).rows[0]!;
    expect(row).toMatchObject({
      value: "0,15\u00a0µg/L",
      badge: { word: "Conforme", tone: "good" },
      comparison: "conforme selon l'Agence régionale de santé\u00a0; la ligne de résultat indique la limite de qualité de 0,1\u00a0µg/L",
      gauge: null,
    });
    expect(row.notes[0]).toMatch(/^L'Agence régionale de santé a déclaré ce prélèvement conforme/);
    expect(JSON.stringify(row)).not.toMatch(/dépass/i);
    expect(adviceFor(section).filter((recommendation) => recommendation.category === "water")).toEqual([]);
  });
});

describe("Clostridium perfringens (spores included)", () => {
  // Arrêté du 11 janvier 2007 as amended, annexe I, II (références de qualité), paramètres
  // microbiologiques: « Clostridium perfringens (spores comprises) : 0/100 mL » — an indicator of
  // how the treatment works, never a limite de qualité: at most « À surveiller ».
  const clostridium = (rawValue: string) =>
    waterResult({
      parameterCode: "9500",
      parameterLabel: "Clostridium perfringens (spores comprises) /100mL",
      rawValue,
      numericValue: rawValue.startsWith("<") ? 0 : Number(rawValue),
      unit: "n/(100mL)",
      qualityLimit: null,
      qualityReference: null,
    });

  it("Clostridium perfringens has a référence de qualité of 0/100 mL built into the parameter table: found, it is « Référence dépassée (indicateur) », never « Non conforme »", () => {
    const { section } = judge([clostridium("2")]);
    expect(section.parameters[0]).toMatchObject({
      name: "Clostridium perfringens",
      level: "concerning",
      label: "Référence dépassée (indicateur)",
      limit: 0,
      limit_kind: "reference",
    });
    expect(section.level).toBe("concerning");
    expect(presentWater(section).rows[0]?.comparison).toBe("référence de qualité\u00a0: aucun germe toléré dans 100\u00a0mL");
  });

  it("« <1 » Clostridium perfringens is « Non détecté »", () => {
    expect(judge([clostridium("<1")]).measured[0]).toMatchObject({ level: "excellent", label: "Non détecté", limit_kind: "reference" });
  });
});

describe("a non-compliance carried forward from an older sample", () => {
  // The latest result of every parameter counts, whatever its age (decision 052):
  // nitrates at 62 mg/L (limite de qualité 50 mg/L, arrêté du 11 janvier 2007, annexe I, I, B),
  // ARS « N », on 3 March; the newest sample, on 17 November, measured bacteria only and was
  // declared compliant (« C »). The ARS verdict of the newest sample is the headline; the older
  // non-compliance is still the nitrates' latest word.
  const results = [
    waterResult({
      sampleCode: "B",
      parameterCode: "1449",
      parameterLabel: "Escherichia coli /100ml - MF",
      rawValue: "<1",
      numericValue: 0,
      unit: "n/(100mL)",
      qualityLimit: "<=0 n/(100mL)",
      sampledAt: "2026-11-17T08:30:00Z",
    }),
    waterResult({
      sampleCode: "A",
      rawValue: "62",
      numericValue: 62,
      limitsPhysicochemical: "N",
      sampledAt: "2026-03-03T08:30:00Z",
      sampleConclusion: "Eau d'alimentation non-conforme aux limites de qualité pour le paramètre nitrates.",
    }),
  ];

  it("one statement: the newest sample's verdict first, then the last non-compliance with its date and what it means now (headline, summary, card, advice)", () => {
    const { section } = judge(results);
    expect(section).toMatchObject({ level: "critical", official_verdict: "conforme", sampled_at: "2026-11-17T08:30:00Z" });
    const report = presentReport({
      address: { label: "8 Boulevard du Port 80000 Amiens", latitude: 49.9, longitude: 2.3, citycode: "80021", postcode: "80000", city: "Amiens" },
      address_info: { commune_name: "Amiens", commune_code: "80021", department_code: "80", department_name: "Somme" },
      water_quality: section,
      air_quality: evaluateAirQuality({ atmo: { ok: true, data: [atmoIndex()] }, cams: { ok: true, data: camsEstimate() }, now: NOW, citycode: "80021" }),
      drought: evaluateDrought({ zones: { ok: true, data: [] }, now: NOW, citycode: "80021" }),
      bathing: noBathing(),
      recommendations: adviceFor(section),
      generated_at: NOW.toISOString(),
    } as Report);
    // The headline is the ARS word for the newest sample, never red.
    expect(report.water.headline).toMatchObject({ word: "Conforme", tone: "concerning" });
    expect(sentenceOf(report, "water")).toBe(
      "Eau du robinet\u00a0: conforme (prélèvement du 17\u00a0novembre\u00a02026, réseau GOMMEGNIES)\u00a0; dernier résultat non conforme, sans nouvelle mesure depuis\u00a0: Nitrates 62\u00a0mg/L, le 3\u00a0mars\u00a02026.",
    );
    expect(report.water.notes[0]).toBe(
      "Le dernier prélèvement, le 17\u00a0novembre\u00a02026, a été déclaré conforme par l'Agence régionale de santé, mais il ne comprenait pas de nouvelle mesure de Nitrates (prélèvement du 3\u00a0mars\u00a02026)\u00a0: ce résultat non conforme reste le dernier connu. Suivez les consignes de votre mairie et de l'Agence régionale de santé.",
    );
    expect(report.water.rows.find((row) => row.code === "1340")).toMatchObject({
      badge: { word: "Non conforme" },
      dateLine: "Mesuré le 3\u00a0mars\u00a02026",
    });
    // The advice says the same, never « Eau non conforme » beside a « Conforme » headline.
    const advice = report.advice.find((item) => item.id === "water-non-compliant");
    expect(advice).toMatchObject({ title: "Eau du robinet\u00a0: un résultat non conforme reste le dernier connu" });
    expect(advice?.text).toMatch(
      /^Le dernier prélèvement, le 17\u00a0novembre\u00a02026, a été déclaré conforme par l'Agence régionale de santé, mais il ne comprenait pas de nouvelle mesure de «\u00a0Nitrates\u00a0» \(mesuré le 3\u00a0mars\u00a02026\)\u00a0: ce résultat, au-dessus de la limite de qualité, reste le dernier connu\./,
    );
    expect(JSON.stringify(report)).not.toContain("Eau non conforme");
  });

  it("a non-compliance of the newest sample itself is said as before: « non conforme », the parameter, its own advice once (issue 38)", () => {
    const { section } = judge([{ ...results[1]!, sampledAt: "2026-11-17T08:30:00Z" }]);
    expect(describeLastNonCompliance(section)).toBeNull();
    // The nitrates' own advice says the non-compliance and what to do: « Eau non conforme » would only repeat it.
    expect(adviceFor(section).map((item) => item.id)).toContain("water-nitrates");
    expect(adviceFor(section).find((item) => item.id === "water-non-compliant")).toBeUndefined();
  });
});

describe("the twelve-month history chart", () => {
  const BOX = { width: 300, height: 120, margin: { top: 10, right: 10, bottom: 20, left: 30 }, windowEnd: NOW.toISOString() };

  it("a « Non quantifié » point (the laboratory's limit above the limite de qualité) is never drawn as « non détecté »: it sits at that limit, labelled as such", () => {
    // « <0,2 » µg/L of the sum of 20 PFAS against its 0,1 µg/L limite de qualité: the value lies
    // somewhere under 0,2 — the analysis cannot say whether it respects the limit.
    const series = buildWaterHistory(
      [
        pfasResult({ sampleCode: "A", rawValue: "<0,05", numericValue: 0, sampledAt: "2026-04-02T08:30:00Z", flag: "C" }),
        pfasResult({ sampleCode: "B", rawValue: "<0,2", numericValue: 0, sampledAt: "2026-09-02T08:30:00Z", flag: "C" }),
      ],
      NOW,
    )[0]!;
    expect(series.points.map((point) => [point.label, point.value, point.below, point.not_quantified])).toEqual([
      ["Non détecté", null, 0.05, false],
      ["Non quantifié", null, 0.2, true],
    ]);
    const chart = layoutWaterChart(series, BOX);
    expect(chart.points.map((point) => point.marker)).toEqual(["not-detected", "not-quantified"]);
    expect(chart.points[0]?.y).toBe(chart.plot.bottom);
    // Drawn at 0,2, above the limit line, never on the baseline.
    expect(chart.points[1]!.y).toBeLessThan(chart.limit!.y);
    const words = presentWaterHistory(series, NOW.toISOString());
    expect(words.points[1]).toMatchObject({
      value: "<\u00a00,2\u00a0µg/L",
      label: "Non quantifié",
      text: "2\u00a0septembre\u00a02026\u00a0: Non quantifié (<\u00a00,2\u00a0µg/L)",
    });
    expect(words.summary).toBe("2\u00a0prélèvements du 2\u00a0avril\u00a02026 au 2\u00a0septembre\u00a02026, dont 1 non quantifié");
  });

  it("nitrates published as nitrogen (mg(N)/L) are restated as nitrates, kept in the series and counted, and judged like the others", () => {
    // 1 mg(N)/L of nitrates is 62,0049 / 14,0067 ≈ 4,43 mg/L of nitrates (NO3), the unit of the
    // 50 mg/L limite de qualité (arrêté du 11 janvier 2007, annexe I, I, B).
    const nitrates = (sampleCode: string, sampledAt: string, rawValue: string, unit: string) =>
      waterResult({
        sampleCode,
        sampledAt,
        rawValue,
        numericValue: rawValue.startsWith("<") ? 0 : Number(rawValue.replace(",", ".")),
        unit,
        qualityLimit: "<=50 mg/L",
      });
    const results = [
      nitrates("A", "2026-02-02T08:30:00Z", "30", "mg/L"),
      nitrates("B", "2026-05-04T08:30:00Z", "10", "mg(N)/L"),
      nitrates("C", "2026-07-06T08:30:00Z", "<0,5", "mg(N)/L"),
      nitrates("D", "2026-11-10T08:30:00Z", "32", "mg/L"),
    ];
    const series = buildWaterHistory(results, NOW)[0]!;
    expect(series).toMatchObject({ code: "1340", unit: "mg/L", limit: 50 });
    const rounded = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
    expect(series.points.map((point) => [point.raw, rounded(point.value), rounded(point.below), point.label])).toEqual([
      ["30", 30, null, "Conforme"],
      ["10", 44.27, null, "Conforme, proche de la limite"],
      ["<0,5", null, 2.21, "Non détecté"],
      ["32", 32, null, "Conforme"],
    ]);
    expect(presentWaterHistory(series, NOW.toISOString()).summary).toBe(
      "4\u00a0prélèvements du 2\u00a0février\u00a02026 au 10\u00a0novembre\u00a02026, tous conformes",
    );
    // On the card, the same restated value, with what the laboratory published.
    const { section } = judge([{ ...nitrates("B", "2026-11-10T08:30:00Z", "62", "mg(N)/L"), limitsPhysicochemical: "N" }]);
    const row = presentWater(section).rows[0]!;
    expect(row).toMatchObject({ value: "274,462\u00a0mg/L", badge: { word: "Non conforme" } });
    expect(row.notes).toContain("Résultat publié exprimé en azote\u00a0: 62\u00a0mg(N)/L, converti ici dans l'unité de sa limite de qualité.");
  });
});
