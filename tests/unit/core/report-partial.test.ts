// Issue 25, « Progressive report » (decision 067): while a report streams in, « L'essentiel » says
// for each arrived section exactly what the whole report says, and for any other only that it is
// being read. Decision 054: « Bonne nouvelle » speaks for water, air and drought read and clear —
// so never before all three are in (the advice, built by the server from every section, comes last).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { isPending, presentPartialReport, presentReport, SECTION_PENDING, type PartialReport } from "../../../src/core/report/index.ts";
import type { Report, WaterQualitySection } from "../../../src/core/types.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { NOW, waterResult } from "./builders.ts";
import { air, drought, report, water } from "./amiens-report.ts";
import { outdoorSections, pollenNotCovered, radonNotClassified, weatherNotConfigured } from "./outdoor-builders.ts";

const failedWater = (): WaterQualitySection => evaluateWaterQuality({ results: { ok: false, reason: "timeout" }, udi: null, udis: [], now: NOW });

/** All clear: the one report whose advice is « Bonne nouvelle ! ». */
const allClear = () => report({ drought: drought([]) });

const REPORTS: Array<[string, () => Report]> = [
  ["all clear (« Bonne nouvelle »)", allClear],
  ["drought alert", () => report()],
  ["nitrates above the limit", () => report({ water: water([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })]) })],
  ["water unavailable", () => report({ water: failedWater() })],
  ["air from the model, no official index", () => report({ air: air({ atmo: { ok: true, data: [] } }) })],
  ["drought unavailable", () => report({ drought: evaluateDrought({ zones: { ok: false, reason: "timeout" }, now: NOW, citycode: "80021" }) })],
  ["pollen, UV, vigilance and radon read (derived)", () => report({ outdoor: outdoorSections() })],
  [
    "no official pollen index, vigilance not configured, commune not classified (derived)",
    () => report({ outdoor: { pollen: pollenNotCovered(), weatherWarnings: weatherNotConfigured(), radon: radonNotClassified() } }),
  ],
];

const SECTIONS = [
  { field: "water_quality", key: "water", label: "Eau du robinet" },
  { field: "air_quality", key: "air", label: "Air aujourd'hui" },
  { field: "drought", key: "drought", label: "Sécheresse" },
  { field: "bathing", key: "bathing", label: "Baignade" },
  // Issue 26: in the summary's order.
  { field: "weather_warnings", key: "weather", label: "Vigilance météo" },
  { field: "pollen", key: "pollen", label: "Pollens" },
  { field: "uv", key: "uv", label: "Indice UV" },
  { field: "radon", key: "radon", label: "Radon" },
] as const;

/** The report as the stream has brought it so far: the head, the sections arrived, the advice if it came. */
function partialOf(whole: Report, arrived: ReadonlyArray<(typeof SECTIONS)[number]["field"]>, withAdvice: boolean): PartialReport {
  const partial: PartialReport = { address: whole.address, address_info: whole.address_info, generated_at: whole.generated_at };
  for (const field of arrived) Object.assign(partial, { [field]: whole[field] });
  if (withAdvice) partial.recommendations = whole.recommendations;
  return partial;
}

const arbitraryArrival = fc.record({
  which: fc.integer({ min: 0, max: REPORTS.length - 1 }),
  arrived: fc.subarray(SECTIONS.map((section) => section.field)),
  withAdvice: fc.boolean(),
});

describe("the summary of a report on its way (decision 067)", () => {
  it("an arrived section's line is the whole report's line for it, and a missing section's line says only « en cours de lecture »", () => {
    fc.assert(
      fc.property(arbitraryArrival, ({ which, arrived, withAdvice }) => {
        const whole = REPORTS[which]![1]();
        const wholeLines = presentReport(whole).summary;
        const lines = presentPartialReport(partialOf(whole, arrived, withAdvice)).summary;
        for (const section of SECTIONS) {
          const line = lines.find((candidate) => candidate.key === section.key);
          if (arrived.includes(section.field)) {
            expect(line).toEqual(wholeLines.find((candidate) => candidate.key === section.key));
          } else {
            // Nothing is known of it: no word, no badge, no colour of its own.
            expect(line).toMatchObject({
              label: section.label,
              badge: null,
              tone: "neutral",
              pending: true,
              text: `${section.label}\u00a0: ${SECTION_PENDING}`,
            });
          }
        }
      }),
    );
  });

  it("« À retenir » and every advice wait for all eight sections and the recommendations; then the summary is the whole report's", () => {
    fc.assert(
      fc.property(arbitraryArrival, ({ which, arrived, withAdvice }) => {
        const whole = REPORTS[which]![1]();
        const presentation = presentPartialReport(partialOf(whole, arrived, withAdvice));
        if (arrived.length === SECTIONS.length && withAdvice) {
          expect(presentation).toEqual(presentReport(whole));
        } else {
          expect(presentation.advice).toBeNull();
          expect(presentation.summary.some((line) => line.key === "advice")).toBe(false);
        }
      }),
    );
  });

  it("never says « Bonne nouvelle » before water, air and drought are all in (decision 054)", () => {
    const whole = allClear();
    // The guard of this test: the whole report does say it.
    expect(JSON.stringify(presentReport(whole))).toContain("Bonne nouvelle");
    fc.assert(
      fc.property(fc.subarray(SECTIONS.map((section) => section.field)), fc.boolean(), (arrived, withAdvice) => {
        const readAll = ["water_quality", "air_quality", "drought"].every((field) => arrived.includes(field as (typeof arrived)[number]));
        const said = JSON.stringify(presentPartialReport(partialOf(whole, arrived, withAdvice)));
        if (!readAll) expect(said).not.toContain("Bonne nouvelle");
      }),
    );
  });

  it("a report with no section in yet names its address, commune and date, and every section as being read", () => {
    const whole = report();
    const presentation = presentPartialReport(partialOf(whole, [], false));
    expect(presentation.title).toBe(whole.address.label);
    expect(presentation.updated).toBe(presentReport(whole).updated);
    expect(presentation.summary.map((line) => line.text)).toEqual([
      "Eau du robinet\u00a0: en cours de lecture…",
      "Air aujourd'hui\u00a0: en cours de lecture…",
      "Sécheresse\u00a0: en cours de lecture…",
      "Baignade\u00a0: en cours de lecture…",
      "Vigilance météo\u00a0: en cours de lecture…",
      "Pollens\u00a0: en cours de lecture…",
      "Indice UV\u00a0: en cours de lecture…",
      "Radon\u00a0: en cours de lecture…",
    ]);
    expect([presentation.water, presentation.air, presentation.drought, presentation.bathing, presentation.advice]).toEqual([null, null, null, null, null]);
    // The four newer sections too: each only pending, nothing said of it.
    expect(["weather", "pollen", "uv", "radon"].map((key) => presentation.sections.find((section) => section.key === key))).toEqual(
      ["weather", "pollen", "uv", "radon"].map((key) => expect.objectContaining({ key, pending: true })),
    );
    expect(presentation.sections.every(isPending)).toBe(true);
  });
});
