import { describe, expect, it } from "vitest";
import {
  conversionFactor,
  evaluateParameter,
  evaluateWaterQuality,
  levelFromRatio,
  parseLimitSpec,
  parseMeasurement,
  selectDisplayedParameters,
  describeLastNonCompliance,
  describeOtherNetworks,
} from "../../../src/sections/water/index.ts";
import type { WaterParameterView, WaterResult } from "../../../src/core/types.ts";
import { presentWater } from "../../../src/core/report/present.ts";
import { NOW, waterResult } from "./builders.ts";

describe("parseMeasurement", () => {
  it.each([
    ["32,5", 32.5, { qualifier: "=", value: 32.5 }],
    ["44", 44, { qualifier: "=", value: 44 }],
    [" 7,8 ", 7.8, { qualifier: "=", value: 7.8 }],
    // resultat_numerique is 0.0 below the detection limit: the text wins.
    ["<0,05", 0, { qualifier: "<", value: 0.05 }],
    ["<1", 0, { qualifier: "<", value: 1 }],
    ["<=2", 0, { qualifier: "<", value: 2 }],
    [">80", 80, { qualifier: ">", value: 80 }],
    ["1,2E-3", 0.0012, { qualifier: "=", value: 0.0012 }],
    ["12.5", 12.5, { qualifier: "=", value: 12.5 }],
  ])("reads %j", (raw, numeric, expected) => {
    expect(parseMeasurement(raw, numeric)).toEqual(expected);
  });

  it("returns null for a qualitative result", () => {
    expect(parseMeasurement("Aucun changement anormal", null)).toBeNull();
    expect(parseMeasurement("Présence", 0)).toBeNull();
  });

  it("falls back on resultat_numerique only when the text is missing, a bare 0.0 meaning not detected", () => {
    expect(parseMeasurement("", 12)).toEqual({ qualifier: "=", value: 12 });
    expect(parseMeasurement("", 0)).toEqual({ qualifier: "<", value: 0 });
    expect(parseMeasurement("", null)).toBeNull();
  });
});

describe("parseLimitSpec", () => {
  it.each([
    ["<=50 mg/L", { min: null, max: 50, unit: "mg/L" }],
    ["<=0,5 µg/L", { min: null, max: 0.5, unit: "µg/L" }],
    ["<=0 n/(100mL)", { min: null, max: 0, unit: "n/(100mL)" }],
    [">=6,5 et <=9 unité pH", { min: 6.5, max: 9, unit: "unité pH" }],
    [">=200 et <=1100 µS/cm", { min: 200, max: 1100, unit: "µS/cm" }],
    ["<=2 NFU", { min: null, max: 2, unit: "NFU" }],
  ])("reads %j", (text, expected) => {
    expect(parseLimitSpec(text)).toEqual(expected);
  });

  it("returns null when there is nothing to read", () => {
    expect(parseLimitSpec(null)).toBeNull();
    expect(parseLimitSpec("")).toBeNull();
    expect(parseLimitSpec("Absence")).toBeNull();
  });
});

describe("conversionFactor", () => {
  it.each([
    ["µg/L", "mg/L", 0.001],
    ["mg/L", "µg/L", 1000],
    ["ng/L", "µg/L", 0.001],
    ["µg/l", "µg/L", 1],
    ["\u03bcg/L", "µg/L", 1], // Greek mu and micro sign are the same unit
    ["n/(100mL)", "n/100mL", 1],
    ["n/(100mL)", "UFC/100 mL", 1],
    ["NFU", "NFU", 1],
    ["", "mg/L", 1],
  ])("%s → %s = %s", (from, to, factor) => {
    expect(conversionFactor(from, to)).toBeCloseTo(factor, 12);
  });

  it("refuses units that cannot be compared", () => {
    expect(conversionFactor("NFU", "mg/L")).toBeNull();
    expect(conversionFactor("µS/cm", "mg/L")).toBeNull();
  });
});

describe("levelFromRatio — compliance first (decision 023)", () => {
  // Issue 9, item 1: from 80 % to 100 % of a limit the value used to read « Limite atteinte »,
  // concerning, with a red gauge and an alert. A value at or under its limit is compliant.
  it.each([
    [0, "excellent", "Conforme"],
    [0.25, "excellent", "Conforme"],
    [0.26, "good", "Conforme"],
    [0.5, "good", "Conforme"],
    [0.51, "acceptable", "Conforme"],
    [0.8, "acceptable", "Conforme"],
    [0.81, "acceptable", "Conforme, proche de la limite"],
    [1, "acceptable", "Conforme, proche de la limite"],
    [1.01, "critical", "Non conforme"],
    [3, "critical", "Non conforme"],
  ])("a health limit at ratio %s is %s « %s »", (ratio, level, label) => {
    expect(levelFromRatio(ratio, "limite")).toEqual({ level, label });
  });

  it.each([
    [0.9, "reference", "acceptable"],
    [1.5, "reference", "concerning"],
    [10, "reference", "concerning"],
    // Chlorine has no regulatory value: at most « acceptable » (issue 21).
    [0.9, "confort", "acceptable"],
    [4, "confort", "acceptable"],
  ] as const)("an indicator at ratio %s (%s) is at most « À surveiller », chlorine at most « acceptable »", (ratio, kind, level) => {
    expect(levelFromRatio(ratio, kind).level).toBe(level);
    expect(levelFromRatio(ratio, kind).label).not.toBe("Non conforme");
  });
});

const evaluate = (overrides: Partial<WaterResult>) => evaluateParameter(waterResult(overrides));

describe("evaluateParameter", () => {
  it.each([
    ["10", "excellent", "Conforme", 0.2],
    ["12,5", "excellent", "Conforme", 0.25],
    ["20", "good", "Conforme", 0.4],
    ["32,5", "acceptable", "Conforme", 0.65],
    ["40", "acceptable", "Conforme", 0.8],
    // Amiens Nord, ARS « conforme »: never « Limite atteinte » nor « À surveiller ».
    ["44", "acceptable", "Conforme, proche de la limite", 0.88],
    ["50", "acceptable", "Conforme, proche de la limite", 1],
    ["62", "critical", "Non conforme", 1.24],
  ])("nitrates %s mg/L against 50 mg/L: %s « %s »", (raw, level, label, ratio) => {
    const verdict = Number(raw) > 50 ? "N" : "C";
    const view = evaluate({ rawValue: raw, numericValue: Number(raw.replace(",", ".")), limitsPhysicochemical: verdict });
    expect(view).toMatchObject({ level, label, limit: 50, limit_kind: "limite" });
    expect(view?.ratio).toBeCloseTo(ratio, 6);
  });

  it("reads « <x » at or below the limit as not detected", () => {
    expect(evaluate({ rawValue: "<1", numericValue: 0 })).toMatchObject({ level: "excellent", label: "Non détecté", ratio: null, value: 1 });
  });

  it("cannot conclude when the detection limit is above the limit", () => {
    expect(evaluate({ rawValue: "<60", numericValue: 0 })).toMatchObject({ level: "acceptable", label: "Non quantifié" });
  });

  it("counts « >x » as detected at x", () => {
    expect(evaluate({ rawValue: ">60", numericValue: 60, limitsPhysicochemical: "N" })).toMatchObject({ level: "critical", label: "Non conforme" });
  });

  it("prefers the limit Hub'Eau gives with the result over the built-in table", () => {
    // Our table says 10 µg/L for lead (ratio 0.6); the result's own limit says 5 µg/L.
    const view = evaluate({
      parameterCode: "1382",
      parameterLabel: "Plomb",
      rawValue: "6",
      numericValue: 6,
      unit: "µg/L",
      qualityLimit: "<=5 µg/L",
      limitsPhysicochemical: "N",
    });
    expect(view).toMatchObject({ level: "critical", limit: 5 });
  });

  it("uses the built-in table when Hub'Eau gives no limit", () => {
    expect(evaluate({ qualityLimit: null, rawValue: "45", numericValue: 45 })).toMatchObject({
      level: "acceptable",
      label: "Conforme, proche de la limite",
      limit: 50,
      limit_kind: "limite",
    });
    // The specification's pesticides total (0.5 µg/L) only without Hub'Eau's value.
    const pesticides = evaluate({
      parameterCode: "6276",
      parameterLabel: "Total des pesticides analysés",
      rawValue: "0,3",
      numericValue: 0.3,
      unit: "µg/L",
      qualityLimit: null,
    });
    expect(pesticides).toMatchObject({ limit: 0.5, level: "acceptable" });
  });

  it("converts units before comparing", () => {
    const view = evaluate({ parameterCode: "1382", parameterLabel: "Plomb", rawValue: "0,008", numericValue: 0.008, unit: "mg/L", qualityLimit: "<=10 µg/L" });
    expect(view?.limit).toBeCloseTo(0.01, 9);
    expect(view?.ratio).toBeCloseTo(0.8, 9);
    expect(view?.level).toBe("acceptable");
  });

  it("says « Conforme » for a parameter without a known limit", () => {
    expect(evaluate({ parameterCode: "1374", parameterLabel: "Calcium", rawValue: "80", numericValue: 80, qualityLimit: null })).toMatchObject({
      level: "acceptable",
      label: "Conforme",
      limit: null,
      ratio: null,
      limit_kind: null,
    });
  });

  it("never says « Conforme » when the limit's unit cannot be compared with the value's", () => {
    // Issue 9, item 11 (low): an uncomparable value used to read « Conforme ».
    expect(evaluate({ unit: "NFU", qualityLimit: "<=50 mg/L", rawValue: "3", numericValue: 3 })).toMatchObject({
      label: "Non évalué",
      limit: null,
      note: "uncomparable-unit",
    });
  });

  it.each([
    // Issue 9, item 11: the ARS writes « mg(NO3)/L »; 62 of them is above 50 mg/L, not « Conforme ».
    ["mg(NO3)/L", "critical", "Non conforme"],
    ["mg/L NO3", "critical", "Non conforme"],
    ["MG(NO3)/L", "critical", "Non conforme"],
    // As nitrogen the same figure means 4,4 times more nitrates (issue 21: restated, 274,5 mg/L).
    ["mg(N)/L", "critical", "Non conforme"],
    ["mg/L N", "critical", "Non conforme"],
  ])("reads the unit qualifier « %s »: %s « %s »", (unit, level, label) => {
    expect(evaluate({ unit, rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })).toMatchObject({ level, label });
  });

  it("returns null for a qualitative result", () => {
    expect(evaluate({ parameterCode: "5900", rawValue: "Aucun changement anormal", numericValue: null, unit: "SANS OBJET" })).toBeNull();
  });

  describe("references of quality are indicators: at most « Référence dépassée (indicateur) », concerning", () => {
    const ammonium = (raw: string, reference: string | null) =>
      evaluate({
        parameterCode: "1335",
        parameterLabel: "Ammonium (en NH4)",
        rawValue: raw,
        numericValue: Number(raw.replace(",", ".")),
        qualityLimit: null,
        qualityReference: reference,
      });

    it("ammonium above Hub'Eau's 0,1 mg/L reference", () => {
      expect(ammonium("0,15", "<=0,1 mg/L")).toMatchObject({ level: "concerning", label: "Référence dépassée (indicateur)", limit_kind: "reference" });
      expect(ammonium("0,09", "<=0,1 mg/L")).toMatchObject({ level: "acceptable", label: "Conforme, proche de la référence" });
    });

    it("ammonium against the regulation's 0,1 mg/L reference without Hub'Eau's (not the specification's 0,5)", () => {
      expect(ammonium("0,15", null)).toMatchObject({ level: "concerning", label: "Référence dépassée (indicateur)", limit: 0.1, limit_kind: "reference" });
      expect(ammonium("0,05", null)).toMatchObject({ level: "good", label: "Conforme", limit: 0.1 });
    });

    it("turbidity above 2 NFU", () => {
      const view = evaluate({
        parameterCode: "1295",
        parameterLabel: "Turbidité néphélométrique NFU",
        rawValue: "3,4",
        numericValue: 3.4,
        unit: "NFU",
        qualityLimit: null,
        qualityReference: "<=2 NFU",
      });
      expect(view).toMatchObject({ level: "concerning", label: "Référence dépassée (indicateur)" });
    });

    it.each([
      ["7,8", "good", "Conforme"],
      ["6,5", "good", "Conforme"],
      ["9,4", "concerning", "Référence dépassée (indicateur)"],
      ["6,1", "concerning", "Référence dépassée (indicateur)"],
    ])("pH %s within 6,5–9", (raw, level, label) => {
      const view = evaluate({
        parameterCode: "1302",
        parameterLabel: "pH",
        rawValue: raw,
        numericValue: Number(raw.replace(",", ".")),
        unit: "unité pH",
        qualityLimit: null,
        qualityReference: ">=6,5 et <=9 unité pH",
      });
      expect(view).toMatchObject({ level, label, limit_min: 6.5, limit: 9, ratio: null });
    });

    it("conductivity out of 200–1100 µS/cm, from our table", () => {
      const view = evaluate({
        parameterCode: "1303",
        parameterLabel: "Conductivité à 25°C",
        rawValue: "1200",
        numericValue: 1200,
        unit: "µS/cm",
        qualityLimit: null,
      });
      expect(view).toMatchObject({ level: "concerning", limit_min: 200, limit: 1100 });
    });

    it("coliforms found: « Référence dépassée (indicateur) », not « Non conforme »", () => {
      const view = evaluate({
        parameterCode: "1447",
        parameterLabel: "Bactéries coliformes /100ml-MS",
        rawValue: "2",
        numericValue: 2,
        unit: "n/(100mL)",
        qualityLimit: null,
        qualityReference: "<=0 n/(100mL)",
      });
      expect(view).toMatchObject({ level: "concerning", label: "Référence dépassée (indicateur)" });
    });
  });

  describe("chlorine has no regulatory limit", () => {
    it.each([
      ["0,3", "good"],
      ["0,55", "acceptable"],
      ["0,9", "acceptable"],
      ["2", "acceptable"],
    ])("free chlorine %s mg/L is %s against the 0,6 mg/L comfort threshold", (raw, level) => {
      const view = evaluate({
        parameterCode: "1398",
        parameterLabel: "Chlore libre",
        rawValue: raw,
        numericValue: Number(raw.replace(",", ".")),
        qualityLimit: null,
      });
      expect(view).toMatchObject({ level, limit: 0.6, limit_kind: "confort" });
      expect(view?.label).not.toBe("Non conforme");
    });

    it("is never « Non conforme » even if a limit came with the result", () => {
      const view = evaluate({ parameterCode: "1399", parameterLabel: "Chlore total", rawValue: "1,2", numericValue: 1.2, qualityLimit: "<=0,6 mg/L" });
      expect(view).toMatchObject({ level: "acceptable", label: "Goût de chlore possible", limit_kind: "confort" });
    });
  });

  describe("microbiology: 0 per 100 mL", () => {
    const ecoli = (raw: string) =>
      evaluate({
        parameterCode: "1449",
        parameterLabel: "Escherichia coli /100ml - MF",
        rawValue: raw,
        numericValue: 0,
        unit: "n/(100mL)",
        qualityLimit: "<=0 n/(100mL)",
        limitsBacteriological: "N",
      });
    it("« <1 » E. coli is « Non détecté »", () => expect(ecoli("<1")).toMatchObject({ level: "excellent", label: "Non détecté" }));
    it("0 E. coli is « Non détecté »", () => expect(ecoli("0")).toMatchObject({ level: "excellent", label: "Non détecté" }));
    it("3 E. coli is « Non conforme »", () => expect(ecoli("3")).toMatchObject({ level: "critical", label: "Non conforme" }));
  });

  describe("PFAS: the 0,1 µg/L limit applies from 1 January 2026", () => {
    const pfas = (sampledAt: string) =>
      evaluate({
        parameterCode: "8847",
        parameterLabel: "Somme des 20 PFAS",
        rawValue: "0,15",
        numericValue: 0.15,
        unit: "µg/L",
        qualityLimit: null,
        sampledAt,
        limitsPhysicochemical: null,
      });
    it("is non-compliant above it in 2026", () => expect(pfas("2026-03-02T08:00:00Z")).toMatchObject({ level: "critical", limit_kind: "limite" }));
    // Issue 21: no limit nor référence applied before 2026 — a fact, never « Référence dépassée ».
    it("had no limit in 2025: a fact, no verdict", () =>
      expect(pfas("2025-12-02T08:00:00Z")).toMatchObject({
        level: "acceptable",
        label: "Pas de limite à cette date",
        limit_kind: null,
        note: "pfas-before-2026",
      }));
  });

  it("matches unverified codes by label (copper, chromium, benzo(a)pyrene)", () => {
    expect(
      evaluate({ parameterCode: "1392", parameterLabel: "Cuivre", rawValue: "2,5", numericValue: 2.5, qualityLimit: null, limitsPhysicochemical: "N" }),
    ).toMatchObject({ level: "critical", limit: 2, at_the_tap: true });
    expect(
      evaluate({ parameterCode: "9999", parameterLabel: "Chrome total", rawValue: "20", numericValue: 20, unit: "µg/L", qualityLimit: null }),
    ).toMatchObject({ level: "good", limit: 50 });
    expect(
      evaluate({ parameterCode: "9998", parameterLabel: "Benzo(a)pyrène *", rawValue: "0,004", numericValue: 0.004, unit: "µg/L", qualityLimit: null }),
    ).toMatchObject({ level: "good", limit: 0.01 });
  });
});

function view(code: string, level: WaterParameterView["level"], label = "Nom"): WaterParameterView {
  return {
    code,
    name: label,
    libelle_parametre: label,
    resultat_alphanumerique: "1",
    value: 1,
    unite_mesure: "mg/L",
    limit: null,
    limit_min: null,
    ratio: null,
    level,
    label: "x",
    limit_kind: null,
    note: null,
    at_the_tap: false,
    date_prelevement: "2026-11-10T08:30:00Z",
    older_than_a_year: false,
  };
}

describe("selectDisplayedParameters", () => {
  it("shows at most 6: non-compliant first, then nitrates, pesticides, PFAS, lead, E. coli, enterococci", () => {
    const all = [
      view("1398", "good"), // chlorine: lower priority
      view("6455", "excellent"),
      view("1449", "excellent"),
      view("1382", "excellent"),
      view("8847", "excellent"),
      view("1295", "concerning"), // turbidity above its reference
      view("6276", "good"),
      view("1340", "acceptable"),
      view("1374", "acceptable", "Calcium"), // not a displayed parameter
      view("1369", "critical"), // arsenic above its limit
    ];
    expect(selectDisplayedParameters(all).map((parameter) => parameter.code)).toEqual(["1369", "1295", "1340", "6276", "8847", "1382"]);
  });

  it("never shows a parameter outside the list unless it is alarming", () => {
    expect(selectDisplayedParameters([view("1374", "acceptable", "Calcium"), view("1340", "good")]).map((p) => p.code)).toEqual(["1340"]);
    expect(selectDisplayedParameters([view("1374", "concerning", "Calcium")]).map((p) => p.code)).toEqual(["1374"]);
  });
});

describe("evaluateWaterQuality", () => {
  const udi = { code: "080000512", name: "AMIENS CENTRE", quarter: "centre-ville" };
  const other = { code: "080000518", name: "AMIENS NORD", quarter: "nord" };
  const run = (data: WaterResult[]) => evaluateWaterQuality({ results: { ok: true, data }, udi, udis: [udi, other], now: NOW });

  it("is unavailable, with a French message, when Hub'Eau fails", () => {
    const section = evaluateWaterQuality({ results: { ok: false, reason: "timeout" }, udi: null, udis: [], now: NOW });
    expect(section).toMatchObject({ success: false, level: "unavailable", parameters: [] });
    expect(section.message).toMatch(/momentanément indisponibles/);
    expect(section.source.name).toMatch(/Hub'Eau/);
  });

  it("is unavailable, and says why, without any result", () => {
    const section = run([]);
    expect(section).toMatchObject({ success: true, level: "unavailable", sampled_at: null });
    expect(section.message).toMatch(/Aucune analyse .* publiée pour ce réseau/);
  });

  it("judges the latest result of a parameter however old, with its date, never as good news (decision 052)", () => {
    const section = run([
      waterResult({
        sampleCode: "NEW",
        parameterCode: "1449",
        parameterLabel: "E. coli",
        rawValue: "<1",
        unit: "n/(100mL)",
        qualityLimit: "<=0 n/(100mL)",
        sampledAt: "2026-11-10T08:30:00Z",
      }),
      waterResult({ sampleCode: "OLD", rawValue: "62", numericValue: 62, limitsPhysicochemical: "N", sampledAt: "2025-09-01T08:00:00Z" }),
    ]);
    expect(section).toMatchObject({ level: "critical", sampled_at: "2026-11-10T08:30:00Z", official_verdict: "conforme" });
    expect(section.parameters[0]).toMatchObject({ code: "1340", label: "Non conforme", older_than_a_year: true, date_prelevement: "2025-09-01T08:00:00Z" });
    expect(presentWater(section).rows[0]?.dateLine).toBe("Mesuré le 1er\u00a0septembre\u00a02025 (mesure de plus d'un an)");
  });

  it("breaks ties with one rule, whatever Hub'Eau's row order: the worse of two rows at one instant", () => {
    const rows = [
      waterResult({ sampleCode: "A", rawValue: "41", numericValue: 41 }),
      waterResult({ sampleCode: "A", rawValue: "58", numericValue: 58, limitsPhysicochemical: "N" }),
      waterResult({ sampleCode: "B", rawValue: "12", numericValue: 12 }),
    ];
    const forward = run(rows);
    expect(forward.parameters[0]).toMatchObject({ resultat_alphanumerique: "58", level: "critical" });
    expect(run([...rows].reverse())).toEqual(forward);
  });

  it("is good when every parameter is excellent, good or acceptable", () => {
    const section = run([
      waterResult({ rawValue: "32,5", numericValue: 32.5 }),
      waterResult({ parameterCode: "1449", parameterLabel: "E. coli", rawValue: "<1", unit: "n/(100mL)", qualityLimit: "<=0 n/(100mL)" }),
    ]);
    expect(section).toMatchObject({ success: true, level: "good", sampled_at: "2026-11-10T08:30:00Z", udi: { code: udi.code } });
    expect(section.udis).toHaveLength(2);
    expect(section.conclusion).toMatch(/conforme/);
    expect(section.distributor).toBe("AMIENS METROPOLE - REGIE DE L'EAU");
  });

  it.each(["44", "50"])("is good with nitrates at %s mg/L, compliant near the limit", (raw) => {
    expect(run([waterResult({ rawValue: raw, numericValue: Number(raw) })]).level).toBe("good");
  });

  it("is concerning when the worst parameter is concerning", () => {
    const turbidity = waterResult({
      parameterCode: "1295",
      parameterLabel: "Turbidité néphélométrique NFU",
      rawValue: "3,4",
      numericValue: 3.4,
      unit: "NFU",
      qualityLimit: null,
      qualityReference: "<=2 NFU",
    });
    expect(run([turbidity]).level).toBe("concerning");
  });

  it("is critical when a parameter is non-compliant", () => {
    expect(run([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })]).level).toBe("critical");
  });

  it("uses the latest result of each parameter", () => {
    const section = run([
      waterResult({ rawValue: "44", numericValue: 44, sampledAt: "2026-11-10T08:30:00Z", sampleCode: "B" }),
      waterResult({ rawValue: "62", numericValue: 62, sampledAt: "2026-06-10T08:30:00Z", sampleCode: "A", limitsPhysicochemical: "N" }),
    ]);
    expect(section.parameters[0]?.resultat_alphanumerique).toBe("44");
    expect(section.level).toBe("good");
  });

  it("counts the official verdict of the latest sample even if the parameter is not displayed", () => {
    const conclusion = "Eau non conforme aux limites de qualité pour le paramètre chlorure de vinyle monomère.";
    const section = run([waterResult({ rawValue: "20", numericValue: 20, limitsPhysicochemical: "N", sampleConclusion: conclusion })]);
    expect(section.level).toBe("critical");
    expect(section.conclusion).toBe(conclusion);
  });

  it("explains a non-compliant verdict that came without a conclusion text", () => {
    const section = run([waterResult({ limitsBacteriological: "N", sampleConclusion: null })]);
    expect(section.level).toBe("critical");
    expect(section.message).toMatch(/non conforme/);
  });

  it("reads an exceeded reference in the verdict as concerning at most", () => {
    expect(run([waterResult({ referencesPhysicochemical: "N" })]).level).toBe("concerning");
  });

  it("ignores the verdict of an older sample", () => {
    const section = run([
      waterResult({ sampledAt: "2026-11-10T08:30:00Z" }),
      waterResult({
        parameterCode: "1382",
        parameterLabel: "Plomb",
        rawValue: "3",
        unit: "µg/L",
        qualityLimit: "<=10 µg/L",
        sampledAt: "2026-05-01T08:00:00Z",
        limitsPhysicochemical: "N",
      }),
    ]);
    expect(section.level).toBe("good");
  });
});

describe("issue 9 — the ARS verdict and the regulation win", () => {
  const udi = { code: "080000512", name: "AMIENS CENTRE", quarter: null };
  const run = (data: WaterResult[], extra: Partial<Parameters<typeof evaluateWaterQuality>[0]> = {}) =>
    evaluateWaterQuality({ results: { ok: true, data }, udi, udis: [udi], now: NOW, ...extra });

  describe("non-relevant pesticide metabolites: 0,9 µg/L indicative value (item 5)", () => {
    const metabolite = (label: string, raw: string, flag: "C" | "N" | null, code = "9000") =>
      evaluate({
        parameterCode: code,
        parameterLabel: label,
        rawValue: raw,
        numericValue: Number(raw.replace(",", ".")),
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: flag,
      });

    it.each([
      // Observed: a compliant ARS sample with ESA-métolachlore at 0,32 µg/L showed « Non conforme ».
      ["ESA métolachlore", "0,32", "C", "6854", "good", "Conforme"],
      ["Métolachlore ESA", "0,32", null, "9000", "good", "Conforme"],
      ["OXA-métolachlore", "0,85", null, "9000", "acceptable", "Conforme, proche de la valeur indicative"],
      ["Alachlore ESA", "1,2", null, "9000", "concerning", "Au-dessus de la valeur indicative"],
      ["Chlorothalonil R471811", "0,4", null, "9000", "good", "Conforme"],
    ] as const)("%s at %s µg/L (ARS %s) is %s « %s »", (label, raw, flag, code, level, expected) => {
      expect(metabolite(label, raw, flag, code)).toMatchObject({
        level,
        label: expected,
        limit: 0.9,
        limit_kind: "indicative",
        note: "non-relevant-metabolite",
      });
    });

    it("keeps the 0,1 µg/L limit for a metabolite classed relevant (OXA-alachlore)", () => {
      expect(metabolite("OXA-alachlore", "0,32", "N")).toMatchObject({ level: "critical", label: "Non conforme", limit: 0.1, limit_kind: "limite" });
    });

    it("applies the class only to samples taken after it (ESA-métolachlore before 30 September 2022)", () => {
      const before = evaluate({
        parameterCode: "6854",
        parameterLabel: "ESA métolachlore",
        rawValue: "0,32",
        numericValue: 0.32,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: "N",
        sampledAt: "2022-06-01T08:00:00Z",
      });
      expect(before).toMatchObject({ level: "critical", limit_kind: "limite" });
    });
  });

  it("lets the ARS « C » win over a row that exceeds the value it carries", () => {
    const view = evaluate({
      parameterCode: "1234",
      parameterLabel: "Pesticide X",
      rawValue: "0,15",
      numericValue: 0.15,
      unit: "µg/L",
      qualityLimit: "<=0,1 µg/L",
      limitsPhysicochemical: "C",
    });
    expect(view).toMatchObject({ level: "acceptable", label: "Conforme", note: "ars-compliant" });
    expect(
      run([
        waterResult({ parameterCode: "1234", parameterLabel: "Pesticide X", rawValue: "0,15", numericValue: 0.15, unit: "µg/L", qualityLimit: "<=0,1 µg/L" }),
      ]).level,
    ).toBe("good");
  });

  it("shows « Conforme sous dérogation » (flag D) as concerning, never « Non conforme » (item 8)", () => {
    const result = waterResult({ rawValue: "58", numericValue: 58, limitsPhysicochemical: "D" });
    expect(evaluateParameter(result)).toMatchObject({ level: "concerning", label: "Conforme sous dérogation", note: "derogation" });
    expect(run([result]).level).toBe("concerning");
  });

  describe("lead, copper and nickel reflect one building's pipes (low)", () => {
    const lead = waterResult({
      parameterCode: "1382",
      parameterLabel: "Plomb",
      rawValue: "14",
      numericValue: 14,
      unit: "µg/L",
      qualityLimit: "<=10 µg/L",
      limitsPhysicochemical: "N",
      sampleCode: "L",
    });

    it("keeps « Non conforme » on the row but does not make the network critical", () => {
      const section = run([lead, waterResult({ sampleCode: "L" })]);
      expect(section.parameters[0]).toMatchObject({ code: "1382", level: "critical", label: "Non conforme", at_the_tap: true });
      expect(section).toMatchObject({ level: "concerning", tap_only_exceedance: true });
    });

    it("stays critical when another limit is exceeded too", () => {
      const nitrates = waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N", sampleCode: "L" });
      expect(run([lead, nitrates])).toMatchObject({ level: "critical", tap_only_exceedance: false });
    });

    it("stays critical when the ARS « N » of the newest sample is not explained by the tap", () => {
      const unexplained = waterResult({ sampleCode: "M", sampledAt: "2026-11-15T08:00:00Z", limitsPhysicochemical: "N" });
      expect(run([unexplained, { ...lead, sampledAt: "2026-11-01T08:00:00Z" }]).level).toBe("critical");
    });
  });

  describe("the 12-month window (item 12)", () => {
    it("judges a single pesticide by its latest result, even months before the newest sample", () => {
      const pesticide = waterResult({
        sampleCode: "P",
        parameterCode: "1263",
        parameterLabel: "Atrazine",
        rawValue: "0,25",
        numericValue: 0.25,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: "N",
        sampledAt: "2026-05-04T08:00:00Z",
      });
      const section = run([waterResult({ sampleCode: "Q" }), pesticide]);
      expect(section.level).toBe("critical");
      expect(section.parameters[0]).toMatchObject({ libelle_parametre: "Atrazine", label: "Non conforme" });
    });

    it("shows the most recent non-compliance of the window although the newest sample is compliant", () => {
      const older = waterResult({
        sampleCode: "A",
        rawValue: "62",
        numericValue: 62,
        limitsPhysicochemical: "N",
        sampledAt: "2026-03-03T08:00:00Z",
        sampleConclusion: "Eau non conforme (nitrates).",
      });
      const oldest = waterResult({ sampleCode: "Z", rawValue: "70", numericValue: 70, limitsPhysicochemical: "N", sampledAt: "2026-01-03T08:00:00Z" });
      const section = run([waterResult({ sampleCode: "B", rawValue: "41", numericValue: 41 }), older, oldest]);
      expect(section.level).toBe("good");
      expect(section.last_non_compliance).toEqual({
        sampled_at: "2026-03-03T08:00:00Z",
        conclusion: "Eau non conforme (nitrates).",
        parameters: ["Nitrates"], // the readable name, never the laboratory's label (issue 23)
      });
      expect(describeLastNonCompliance(section)).toBe(
        "Dernière non-conformité des 12\u00a0derniers mois\u00a0: prélèvement du 3\u00a0mars\u00a02026 (Nitrates). Les prélèvements plus récents n'ont pas été déclarés non conformes.",
      );
    });

    it("has no last non-compliance outside the window", () => {
      const old = waterResult({ sampleCode: "A", limitsPhysicochemical: "N", sampledAt: "2025-10-03T08:00:00Z" });
      expect(run([waterResult({ sampleCode: "B" }), old]).last_non_compliance).toBeNull();
    });
  });

  it("says when another network of the commune has a problem (item 13)", () => {
    const north = { code: "080000518", name: "AMIENS NORD", quarter: null };
    const section = run([waterResult()], {
      udis: [udi, north],
      udiChoice: "most-sampled",
      otherNetworks: [
        {
          udi: north,
          results: [waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N", networks: [{ code: north.code, name: north.name }] })],
        },
      ],
    });
    expect(section).toMatchObject({ level: "good", udi_choice: "most-sampled" });
    expect(section.other_networks_with_issues).toEqual([
      { code: north.code, name: "AMIENS NORD", quarter: null, level: "critical", sampled_at: "2026-11-10T08:30:00Z" },
    ]);
    expect(describeOtherNetworks(section)).toMatch(
      /^Un autre réseau de votre commune présente un problème \(AMIENS NORD\u00a0: non conforme, prélèvement du 10\u00a0novembre\u00a02026\)/,
    );
  });

  it("links the ministry's page of results of the commune's region, not the API documentation (low)", () => {
    expect(run([waterResult()], { communeCode: "80021" }).source.url).toBe(
      "https://orobnat.sante.gouv.fr/orobnat/afficherPage.do?methode=menu&usd=AEP&idRegion=32",
    );
    expect(run([waterResult()], { communeCode: "34148" }).source.url).toMatch(/idRegion=76$/);
  });
});
