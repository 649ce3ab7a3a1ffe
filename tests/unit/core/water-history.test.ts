// Twelve months of the key water parameters (issue 15): the series built from the network's
// results, their words, and the chart geometry both the page and the PDF draw from. The scenario
// follows the recorded Hub'Eau shapes: a non-compliant nitrates sample (62 mg/L, ARS flag N), a
// total of pesticides below the laboratory's limit (« <0,05 », resultat_numerique 0.0) and no
// sample from February to July.
import { describe, expect, it } from "vitest";
import { presentReport, presentWaterHistory, type WaterHistoryPresentation } from "../../../src/core/report/present.ts";
import {
  CHART_HEADROOM,
  isNeverDetected,
  isWorthDrawing,
  layoutWaterChart,
  placeLimitLabel,
  type WaterChartBox,
} from "../../../src/core/report/water-chart.ts";
import { deriveAddressInfo } from "../../../src/core/report/index.ts";
import type { WaterHistorySeries, WaterResult } from "../../../src/core/types.ts";
import { buildWaterHistory, evaluateWaterQuality, WATER_HISTORY_CODES, withWaterHistory } from "../../../src/sections/water/index.ts";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { MAIN_SCENARIO } from "../../fixtures/scenarios.ts";
import { atmoIndex, camsEstimate, noBathing, NOW, waterResult } from "./builders.ts";
import { unreadSections } from "../../helpers/unread-sections.ts";
import { assembleNamed } from "../../helpers/assemble.ts";

const NBSP = "\u00a0";
const DAY_MS = 24 * 3600 * 1000;

const nitrates = (sampleCode: string, sampledAt: string, rawValue: string, flags: Partial<WaterResult> = {}) =>
  waterResult({ sampleCode, sampledAt, rawValue, numericValue: Number(rawValue.replace(",", ".")), ...flags });

const pesticides = (sampleCode: string, sampledAt: string, rawValue: string) =>
  waterResult({
    sampleCode,
    sampledAt,
    parameterCode: "6276",
    parameterLabel: "Total des pesticides analysés",
    rawValue,
    // Hub'Eau writes 0.0 below the detection limit.
    numericValue: rawValue.startsWith("<") ? 0 : Number(rawValue.replace(",", ".")),
    unit: "µg/L",
    qualityLimit: "<=0,5 µg/L",
  });

const NON_COMPLIANT = {
  limitsPhysicochemical: "N" as const,
  sampleConclusion: "Eau non conforme aux limites de qualité pour le paramètre nitrates.",
};

/** One network's year: five nitrates samples with a gap from February to July, and more. */
const RESULTS: WaterResult[] = [
  // Older than twelve months: not drawn.
  nitrates("08000180001", "2025-11-01T08:30:00Z", "30"),
  nitrates("08000181202", "2025-12-12T08:30:00Z", "35"),
  nitrates("08000181509", "2026-01-20T08:30:00Z", "41"),
  nitrates("08000184820", "2026-08-20T08:30:00Z", "62", NON_COMPLIANT),
  pesticides("08000184820", "2026-08-20T08:30:00Z", "<0,05"),
  nitrates("08000186977", "2026-10-05T08:30:00Z", "48"),
  // The newest sample, with its results in Hub'Eau's order; a re-analysis of nitrates comes second.
  nitrates("08000187412", "2026-11-10T08:30:00Z", "32,5"),
  nitrates("08000187412", "2026-11-10T08:30:00Z", "33"),
  pesticides("08000187412", "2026-11-10T08:30:00Z", "0,08"),
  waterResult({
    sampleCode: "08000187412",
    parameterCode: "1449",
    parameterLabel: "Escherichia coli /100ml - MF",
    rawValue: "<1",
    numericValue: 0,
    unit: "n/(100mL)",
    qualityLimit: "<=0 n/(100mL)",
  }),
  waterResult({
    sampleCode: "08000187412",
    parameterCode: "1398",
    parameterLabel: "Chlore libre",
    rawValue: "0,25",
    numericValue: 0.25,
    unit: "mg(Cl2)/L",
    qualityLimit: null,
  }),
  // The sum of 20 PFAS before its limit came into force (1 January 2026): no limit then, a fact.
  waterResult({
    sampleCode: "08000181202",
    sampledAt: "2025-12-12T08:30:00Z",
    parameterCode: "8847",
    parameterLabel: "Somme des 20 PFAS",
    rawValue: "0,012",
    numericValue: 0.012,
    unit: "µg/L",
    qualityLimit: null,
  }),
];

const history = buildWaterHistory(RESULTS, NOW);
const seriesOf = (code: string): WaterHistorySeries => {
  const series = history.find((candidate) => candidate.code === code);
  if (!series) throw new Error(`no series ${code}`);
  return series;
};

describe("buildWaterHistory", () => {
  it("keeps the key parameters measured in the window, in the order they are drawn", () => {
    expect(history.map((series) => series.code)).toEqual(["1340", "6276", "8847", "1449"]);
    expect(history.map((series) => series.name)).toEqual(["Nitrates", "Pesticides (total)", "PFAS (somme de 20)", "Escherichia coli (E. coli)"]);
    expect(WATER_HISTORY_CODES).toEqual(["1340", "6276", "8847", "1449", "6455", "1382"]);
    // Chlorine is not a key parameter; lead and enterococci were not measured.
    expect(history.some((series) => series.code === "1398")).toBe(false);
  });

  it("draws one point per sample, oldest first, with the report's labels and the limite de qualité", () => {
    const series = seriesOf("1340");
    expect(series.unit).toBe("mg/L");
    expect(series.limit).toBe(50);
    expect(series.points.map((point) => [point.sampled_at.slice(0, 10), point.value, point.label, point.level])).toEqual([
      ["2025-12-12", 35, "Conforme", "acceptable"],
      ["2026-01-20", 41, "Conforme, proche de la limite", "acceptable"],
      ["2026-08-20", 62, "Non conforme", "critical"],
      ["2026-10-05", 48, "Conforme, proche de la limite", "acceptable"],
      // The first of the sample's two results, as the report's parameter list shows it.
      ["2026-11-10", 32.5, "Conforme", "acceptable"],
    ]);
    expect(series.points.at(-1)?.raw).toBe("32,5");
  });

  it("never draws the 0.0 Hub'Eau gives below the detection limit: the point says « Non détecté »", () => {
    const series = seriesOf("6276");
    expect(series.limit).toBe(0.5);
    expect(series.points).toEqual([
      { sampled_at: "2026-08-20T08:30:00Z", value: null, below: 0.05, not_quantified: false, raw: "<0,05", label: "Non détecté", level: "excellent" },
      { sampled_at: "2026-11-10T08:30:00Z", value: 0.08, below: null, not_quantified: false, raw: "0,08", label: "Conforme", level: "excellent" },
    ]);
    expect(seriesOf("1449")).toMatchObject({ limit: 0, points: [{ value: null, raw: "<1", label: "Non détecté" }] });
  });

  it("draws no limit line for PFAS before 2026 (no limit applied then), nor for a référence de qualité", () => {
    const series = seriesOf("8847");
    expect(series.points.map((point) => point.label)).toEqual(["Pas de limite à cette date"]);
    expect(series.limit).toBeNull();
    // A limit Hub'Eau gives as a reference is not a limite de qualité either.
    const turbidityLike = buildWaterHistory(
      [
        waterResult({
          parameterCode: "1382",
          parameterLabel: "Plomb",
          rawValue: "3",
          numericValue: 3,
          unit: "µg/L",
          qualityLimit: null,
          qualityReference: "<=10 µg/L",
        }),
      ],
      NOW,
    );
    expect(turbidityLike[0]?.limit).toBeNull();
  });

  it("converts an older value into the newest result's unit, and leaves out a unit that cannot be compared", () => {
    const series = buildWaterHistory(
      [
        pesticides("A", "2026-03-01T08:30:00Z", "0,0001"),
        { ...pesticides("B", "2026-04-01T08:30:00Z", "0,12"), unit: "mg(N)/L", qualityLimit: null },
        { ...pesticides("C", "2026-05-01T08:30:00Z", "0,1"), unit: "ng/L", qualityLimit: "<=500 ng/L" },
      ],
      NOW,
    )[0];
    expect(series?.unit).toBe("ng/L");
    expect(series?.limit).toBe(500);
    expect(series?.points.map((point) => point.value)).toEqual([0.1, 0.1]);
  });

  it("is empty without results in the window; withWaterHistory puts it on the report's section, the alert run's stays empty", () => {
    expect(buildWaterHistory([nitrates("X", "2025-10-01T08:30:00Z", "30")], NOW)).toEqual([]);
    const udi = { code: "080000512", name: "AMIENS CENTRE", quarter: null };
    const judged = (results: Parameters<typeof evaluateWaterQuality>[0]["results"]) => evaluateWaterQuality({ results, udi, udis: [udi], now: NOW });
    const ok = { ok: true as const, data: RESULTS };
    expect(judged(ok).history).toEqual([]);
    expect(withWaterHistory(judged(ok), ok, NOW).history).toEqual(history);
    const failed = { ok: false as const, reason: "timeout" as const };
    expect(withWaterHistory(judged(failed), failed, NOW).history).toEqual([]);
    const none = { ok: true as const, data: [] };
    expect(withWaterHistory(judged(none), none, NOW).history).toEqual([]);
  });
});

describe("presentWaterHistory", () => {
  const presented = (code: string): WaterHistoryPresentation => presentWaterHistory(seriesOf(code), NOW.toISOString());

  it("summarises each series in the report's words, with French typography", () => {
    const nitratesWords = presented("1340");
    expect(nitratesWords.summary).toBe(`5${NBSP}prélèvements du 12${NBSP}décembre${NBSP}2025 au 10${NBSP}novembre${NBSP}2026, dont 1 non conforme`);
    expect(nitratesWords.limitLabel).toBe(`Limite de qualité${NBSP}: 50${NBSP}mg/L`);
    expect(nitratesWords.description).toBe(`Nitrates${NBSP}: ${nitratesWords.summary}, limite de qualité${NBSP}: 50${NBSP}mg/L`);
    expect(nitratesWords.points[2]).toMatchObject({
      value: `62${NBSP}mg/L`,
      label: "Non conforme",
      tone: "critical",
      text: `20${NBSP}août${NBSP}2026${NBSP}: 62${NBSP}mg/L (Non conforme)`,
    });
    expect(nitratesWords.line).toBe(
      `Nitrates${NBSP}: 5${NBSP}prélèvements, dont 1 non conforme${NBSP}; dernier le 10${NBSP}novembre${NBSP}2026${NBSP}: 32,5${NBSP}mg/L (Conforme)${NBSP}; limite de qualité${NBSP}: 50${NBSP}mg/L`,
    );
  });

  it("says « Non détecté » with the laboratory's limit, never a value of 0", () => {
    const words = presented("6276");
    expect(words.summary).toBe(`2${NBSP}prélèvements du 20${NBSP}août${NBSP}2026 au 10${NBSP}novembre${NBSP}2026, tous conformes`);
    expect(words.points[0]).toMatchObject({
      value: `<${NBSP}0,05${NBSP}µg/L`,
      label: "Non détecté",
      text: `20${NBSP}août${NBSP}2026${NBSP}: Non détecté (<${NBSP}0,05${NBSP}µg/L)`,
    });
    expect(words.points[1]?.value).toBe(`0,08${NBSP}µg/L`);
    expect(presented("1449").points[0]?.value).toBe(`<${NBSP}1${NBSP}par 100 mL`);
    expect(presented("1449").limitLabel).toBe(`Limite de qualité${NBSP}: 0${NBSP}par 100 mL`);
    expect(presented("8847")).toMatchObject({
      summary: `1${NBSP}prélèvement, le 12${NBSP}décembre${NBSP}2025, sans limite à cette date`,
      limitLabel: null,
    });
  });

  it("reaches the report's presentation, ending the window at the report's generation", () => {
    const udi = { code: "080000512", name: "AMIENS CENTRE", quarter: null };
    const report = assembleNamed({
      ...unreadSections(NOW, "80021"),
      address: { ...MAIN_SCENARIO, context: "80, Somme, Hauts-de-France", type: "housenumber", score: 0.97 },
      addressInfo: deriveAddressInfo(MAIN_SCENARIO),
      water: withWaterHistory(evaluateWaterQuality({ results: { ok: true, data: RESULTS }, udi, udis: [udi], now: NOW }), { ok: true, data: RESULTS }, NOW),
      air: evaluateAirQuality({ citycode: "80021", atmo: { ok: true, data: [atmoIndex()] }, cams: { ok: true, data: camsEstimate() }, now: NOW }),
      drought: evaluateDrought({ zones: { ok: true, data: [] }, now: NOW, citycode: "80021" }),
      bathing: noBathing(),
      now: NOW,
    });
    const water = presentReport(report).water;
    expect(water.history.map((item) => item.name)).toEqual(["Nitrates", "Pesticides (total)", "PFAS (somme de 20)", "Escherichia coli (E. coli)"]);
    expect(water.history[0]?.windowEnd).toBe(NOW.toISOString());
    // The newest point says what the parameter list says.
    const row = water.rows.find((candidate) => candidate.code === "1340");
    expect(water.history[0]?.points.at(-1)?.label).toBe(row?.badge.word);
    // A report cached before the field existed still presents.
    const { history: _dropped, ...older } = report.water_quality;
    expect(presentReport({ ...report, water_quality: older as typeof report.water_quality }).water.history).toEqual([]);
  });
});

describe("layoutWaterChart", () => {
  const BOX: WaterChartBox = { width: 300, height: 120, margin: { top: 10, right: 10, bottom: 20, left: 30 }, windowEnd: NOW.toISOString() };
  const plotWidth = 260;
  const plotHeight = 90;
  const start = NOW.getTime() - 365 * DAY_MS;
  const xOfDay = (iso: string) => 30 + ((Date.parse(iso) - start) / (365 * DAY_MS)) * plotWidth;

  it("places each sample by its date over the twelve months, so a gap of months shows as empty space", () => {
    const chart = layoutWaterChart(seriesOf("1340"), BOX);
    expect(chart.plot).toEqual({ left: 30, right: 290, top: 10, bottom: 100 });
    const xs = chart.points.map((point) => point.x);
    seriesOf("1340").points.forEach((point, index) => expect(xs[index]).toBeCloseTo(xOfDay(point.sampled_at), 6));
    // January 20 to August 20: 212 days, more than half the width, with no point in between.
    const gap = xs[2]! - xs[1]!;
    expect(gap).toBeCloseTo((212 / 365) * plotWidth, 6);
    expect(gap / plotWidth).toBeGreaterThan(0.5);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(xs.every((x) => x >= 30 && x <= 290)).toBe(true);
  });

  it("scales y from 0 to the highest of limit and values plus headroom, with the limit line at 50 mg/L", () => {
    const chart = layoutWaterChart(seriesOf("1340"), BOX);
    expect(chart.yMax).toBeCloseTo(62 * CHART_HEADROOM, 9);
    const yOf = (value: number) => 100 - (value / (62 * CHART_HEADROOM)) * plotHeight;
    expect(chart.limit?.value).toBe(50);
    expect(chart.limit?.y).toBeCloseTo(yOf(50), 9);
    // The non-compliant sample is above the line (smaller y), the others under it.
    const [, , above, ...rest] = chart.points;
    expect(above?.y).toBeCloseTo(yOf(62), 9);
    expect(above!.y).toBeLessThan(chart.limit!.y);
    for (const point of rest) expect(point.y).toBeGreaterThan(chart.limit!.y);
    expect(chart.points.map((point) => point.marker)).toEqual(["value", "value", "value", "value", "value"]);
    expect(chart.points[2]?.level).toBe("critical");
  });

  it("draws « Non détecté » on the baseline with its own marker, not as a value", () => {
    const chart = layoutWaterChart(seriesOf("6276"), BOX);
    expect(chart.points[0]).toMatchObject({ marker: "not-detected", y: 100 });
    expect(chart.points[1]?.marker).toBe("value");
    // The scale follows the 0,5 µg/L limit: the 0,08 value sits low, the limit near the top.
    expect(chart.yMax).toBeCloseTo(0.5 * CHART_HEADROOM, 9);
    expect(chart.limit?.y).toBeCloseTo(100 - plotHeight / CHART_HEADROOM, 9);
  });

  it("draws no limit line for a référence, and keeps an axis when nothing was quantified", () => {
    expect(layoutWaterChart(seriesOf("8847"), BOX).limit).toBeNull();
    const bacteria = layoutWaterChart(seriesOf("1449"), BOX);
    expect(bacteria.yMax).toBe(1);
    // A limit of 0 germ: its line lies on the baseline.
    expect(bacteria.limit).toEqual({ y: 100, value: 0 });
    expect(bacteria.valueTicks.map((tick) => tick.label)).toEqual(["0", "1"]);
  });

  it("puts the limit's label where no point hides it: right end first, else the left end", () => {
    const chart = layoutWaterChart(seriesOf("1340"), BOX);
    const limitY = chart.limit!.y;
    // A short label at the right end misses the samples of October (48 mg/L) and November.
    expect(placeLimitLabel(chart, { width: 20, height: 8 }, 4)).toEqual({ x: 290, y: limitY - 2, anchor: "end" });
    // A long one would touch the 62 mg/L sample just above the line and the 48 mg/L just under it: left end.
    expect(placeLimitLabel(chart, { width: 150, height: 12 }, 4)).toEqual({ x: 36, y: limitY - 2, anchor: "start" });
    expect(placeLimitLabel(layoutWaterChart(seriesOf("8847"), BOX), { width: 60, height: 8 }, 4)).toBeNull();
  });

  it("labels months with French short names and values with decimal commas", () => {
    const chart = layoutWaterChart(seriesOf("6276"), BOX);
    expect(chart.monthTicks.map((tick) => tick.label)).toEqual([
      "déc.",
      "janv.",
      "févr.",
      "mars",
      "avr.",
      "mai",
      "juin",
      "juil.",
      "août",
      "sept.",
      "oct.",
      "nov.",
    ]);
    expect(chart.monthTicks[1]?.x).toBeCloseTo(xOfDay("2026-01-01T00:00:00Z"), 6);
    expect(chart.valueTicks.map((tick) => tick.label)).toEqual(["0", "0,2", "0,4"]);
    expect(chart.valueTicks[0]?.y).toBe(100);
    // In a narrow box, every other month keeps its name; the others keep a bare tick.
    const narrow = layoutWaterChart(seriesOf("6276"), { ...BOX, minMonthLabelSpacing: 30 });
    expect(narrow.monthTicks).toHaveLength(12);
    expect(narrow.monthTicks.map((tick) => tick.label).filter(Boolean)).toEqual(["janv.", "mars", "mai", "juil.", "sept.", "nov."]);
  });
});

describe("the history's axis and which parameters it draws (issue 23)", () => {
  const BOX: WaterChartBox = { width: 300, height: 120, margin: { top: 10, right: 10, bottom: 20, left: 30 }, windowEnd: NOW.toISOString() };
  const point = (sampledAt: string, value: number | null, level: WaterHistorySeries["points"][number]["level"] = "excellent", notQuantified = false) => ({
    sampled_at: sampledAt,
    value,
    below: value === null ? 1 : null,
    not_quantified: notQuantified,
    raw: value === null ? "<1" : String(value),
    label: value === null ? "Non détecté" : "Conforme",
    level,
  });
  const bacteria = (points: WaterHistorySeries["points"]): WaterHistorySeries => ({ code: "1449", name: "E. coli", unit: "n/(100mL)", limit: 0, points });

  it("the axis names the year beside the months when the twelve months span two years (« déc. 2025 » … « janv. 2026 »)", () => {
    // NOW is in November 2026: the window starts in November 2025, so its months belong to two years.
    const chart = layoutWaterChart(seriesOf("6276"), BOX);
    const labelled = chart.monthTicks.filter((tick) => tick.label !== null).map((tick) => [tick.label, tick.year]);
    expect(labelled[0]).toEqual(["déc.", "2025"]);
    expect(labelled[1]).toEqual(["janv.", "2026"]);
    expect(labelled.slice(2).every(([, year]) => year === null)).toBe(true);
    // Every other month labelled: the year goes on the first labelled month of each year.
    const narrow = layoutWaterChart(seriesOf("6276"), { ...BOX, minMonthLabelSpacing: 30 });
    expect(narrow.monthTicks.filter((tick) => tick.year !== null).map((tick) => `${tick.label} ${tick.year}`)).toEqual(["janv. 2026"]);
  });

  it("the axis names no year when the twelve months lie in one calendar year", () => {
    const chart = layoutWaterChart(seriesOf("6276"), { ...BOX, windowEnd: "2026-12-31T12:00:00Z" });
    expect(chart.monthTicks.some((tick) => tick.year !== null)).toBe(false);
  });

  it("a parameter is drawn only when it has something to say: two quantified values, or any sample above its limit", () => {
    // Nitrates at Maraussan: several values, one above the limite de qualité.
    expect(isWorthDrawing(seriesOf("1340"))).toBe(true);
    // « <1 » E. coli all year long (limite de qualité 0/100 mL, arrêté du 11 janvier 2007, annexe I): rings on the axis say nothing a sentence cannot.
    const neverDetected = bacteria([point("2026-03-01T08:00:00Z", null), point("2026-06-01T08:00:00Z", null), point("2026-09-01T08:00:00Z", null)]);
    expect(isWorthDrawing(neverDetected)).toBe(false);
    expect(isNeverDetected(neverDetected)).toBe(true);
    // One quantified value only: a sentence (its summary) says it.
    expect(isWorthDrawing(bacteria([point("2026-03-01T08:00:00Z", null), point("2026-09-01T08:00:00Z", 0)]))).toBe(false);
    // A single sample above the limit is always drawn.
    const once = bacteria([point("2026-03-01T08:00:00Z", null), point("2026-09-01T08:00:00Z", 3, "critical")]);
    expect(isWorthDrawing(once)).toBe(true);
    expect(isNeverDetected(once)).toBe(false);
    // « Non quantifié » is not « non détecté »: it is never summed up as « jamais détecté ».
    expect(isNeverDetected(bacteria([point("2026-03-01T08:00:00Z", null, "excellent", true)]))).toBe(false);
  });
});
