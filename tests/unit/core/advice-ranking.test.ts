// Issue 38, « One ranking rule for « À retenir » and for the advice » (decision 084), proven over
// generated reports: every section drawn from its real evaluator's answers (read, failed, from the
// model, with nothing published), put together by the one assembleReport the server uses.
//   - severity first, strictly: « Important » before « Précaution » before information;
//   - at equal severity an official reading before a model's estimate, and the tap water that could
//     not be read before both; an estimate never says « Important »;
//   - « À retenir » is the first advice that may be promoted, never one whose words say « rien ne
//     change », and the tap water unread outranks every estimate;
//   - when nothing needs attention, « L'essentiel » is one calm line;
//   - the page, the PDF and the e-mail read the advice in that one order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareAdvice, isPromotable } from "../../../src/core/recommendations/rank.ts";
import { ALL_CALM_TEXT, presentReport } from "../../../src/core/report/index.ts";
import type { AirQualitySection, DroughtSection, Recommendation, Report, WaterQualitySection } from "../../../src/core/types.ts";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { renderLatestReportEmail } from "../../../src/server/email/templates/latest-report.ts";
import { air as amiensAir, report, udi, water as amiensWater } from "./amiens-report.ts";
import { atmoIndex, camsEstimate, droughtZone, NOW, waterResult } from "./builders.ts";
import { outdoorSections, pollenNotCovered, radonSection, uvLow, weatherGreen } from "./outdoor-builders.ts";

const ATMO_LABELS = ["", "Bon", "Moyen", "Dégradé", "Mauvais", "Très mauvais", "Extrêmement mauvais"];

const WATERS: Array<[string, () => WaterQualitySection]> = [
  ["compliant", () => amiensWater([waterResult()])],
  ["nitrates 62 mg/L", () => amiensWater([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })])],
  ["nitrates 44 mg/L", () => amiensWater([waterResult({ rawValue: "44", numericValue: 44 })])],
  ["Hub'Eau failing", () => evaluateWaterQuality({ results: { ok: false, reason: "http", status: 500 }, udi: null, udis: [], now: NOW })],
  ["no network known", () => evaluateWaterQuality({ results: { ok: true, data: [] }, udi: null, udis: [], now: NOW })],
  ["no analysis for the network", () => evaluateWaterQuality({ results: { ok: true, data: [] }, udi, udis: [udi], now: NOW })],
];

/** ATMO's index (official) or, without one, the CAMS model's estimate, at each level; or nothing readable. */
const airOf = (code: number, official: boolean): AirQualitySection =>
  official
    ? amiensAir({ atmo: { ok: true, data: [atmoIndex({ code, label: ATMO_LABELS[code] ?? "" })] } })
    : amiensAir({
        atmo: { ok: true, data: [] },
        // Ozone alone decides the model's level: 50 « Bon », 100 « Moyen », 140 « Dégradé », 200 « Mauvais », 300 « Très mauvais ».
        cams: { ok: true, data: camsEstimate({ o3: [0, 50, 100, 140, 200, 300, 400][code] ?? 50 }) },
      });
const airFailed = () => evaluateAirQuality({ citycode: "80021", atmo: { ok: false, reason: "timeout" }, cams: { ok: false, reason: "timeout" }, now: NOW });

const droughtOf = (gravity: "none" | "vigilance" | "alerte" | "alerte_renforcee" | "crise" | "failed"): DroughtSection =>
  gravity === "failed"
    ? evaluateDrought({ zones: { ok: false, reason: "timeout" }, now: NOW, citycode: "80021" })
    : evaluateDrought({ zones: { ok: true, data: gravity === "none" ? [] : [droughtZone({ gravity, type: "AEP" })] }, now: NOW, citycode: "80021" });

const arbitraryReport = fc
  .record({
    water: fc.integer({ min: 0, max: WATERS.length - 1 }),
    air: fc.oneof(fc.record({ code: fc.integer({ min: 1, max: 6 }), official: fc.boolean() }), fc.constant(null)),
    drought: fc.constantFrom("none", "vigilance", "alerte", "alerte_renforcee", "crise", "failed") as fc.Arbitrary<Parameters<typeof droughtOf>[0]>,
    outdoor: fc.constantFrom("read", "quiet"),
    radon: fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>,
  })
  .map((drawn) => ({
    drawn: { ...drawn, water: WATERS[drawn.water]![0] },
    report: report({
      water: WATERS[drawn.water]![1](),
      air: drawn.air ? airOf(drawn.air.code, drawn.air.official) : airFailed(),
      drought: droughtOf(drawn.drought),
      outdoor:
        drawn.outdoor === "read"
          ? { ...outdoorSections(), radon: radonSection(drawn.radon) }
          : { pollen: pollenNotCovered(), uv: uvLow(), weatherWarnings: weatherGreen(), radon: radonSection(drawn.radon) },
    }),
  }));

const SEVERITY_RANK = { critical: 0, warning: 1, info: 2, success: 3 } as const;
const BASIS_RANK = { unread: 0, reading: 1, estimate: 2 } as const;
const basisOf = (advice: Recommendation) => advice.basis ?? "reading";

function assertRanked(list: readonly Recommendation[]) {
  for (let i = 1; i < list.length; i++) {
    const [before, after] = [list[i - 1]!, list[i]!];
    // Severity first, strictly.
    expect(SEVERITY_RANK[before.severity]).toBeLessThanOrEqual(SEVERITY_RANK[after.severity]);
    // At equal severity: the tap water unread, then official readings, then estimates.
    if (before.severity === after.severity) expect(BASIS_RANK[basisOf(before)]).toBeLessThanOrEqual(BASIS_RANK[basisOf(after)]);
  }
}

describe("one ranking rule for the advice and « À retenir » (issue 38, decision 084)", () => {
  it("every generated report's advice is in the one order, and an estimate never says « Important »", () => {
    fc.assert(
      fc.property(arbitraryReport, ({ report: generated }) => {
        assertRanked(generated.recommendations);
        for (const advice of generated.recommendations) if (advice.basis === "estimate") expect(advice.severity).not.toBe("critical");
      }),
      { numRuns: 300 },
    );
  });

  it("the tap water that could not be read outranks every estimate, and is « À retenir » unless an official « Important » stands", () => {
    fc.assert(
      fc.property(arbitraryReport, ({ report: generated, drawn }) => {
        const list = generated.recommendations;
        const unread = list.findIndex((advice) => advice.id === "water-unchecked" && advice.basis === "unread");
        if (drawn.water !== "Hub'Eau failing") {
          expect(unread).toBe(-1);
          return;
        }
        expect(unread).toBeGreaterThanOrEqual(0);
        for (const [index, advice] of list.entries()) if (advice.basis === "estimate") expect(index).toBeGreaterThan(unread);
        const lead = presentReport(generated).summary[0]!;
        const officialImportant = list.some((advice) => advice.severity === "critical");
        if (!officialImportant) expect(lead.text).toBe("À retenir\u00a0: Nous n'avons pas pu vérifier l'eau du robinet aujourd'hui");
      }),
      { numRuns: 300 },
    );
  });

  it("« À retenir » is the first advice that may be promoted — never one whose words say « rien ne change », never good news", () => {
    fc.assert(
      fc.property(arbitraryReport, ({ report: generated }) => {
        const presentation = presentReport(generated);
        const first = presentation.advice.find(isPromotable);
        const lead = presentation.summary[0]!;
        if (first) {
          expect(lead).toMatchObject({ key: "advice", linkText: first.title });
          expect(first.calm).toBe(false);
          expect(first.text).not.toMatch(/^Rien ne change/);
        } else {
          expect(presentation.summary.some((line) => line.key === "advice")).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("each section in « L'essentiel » once: in full when it needs attention, else on the one calm line; nothing needing attention is one calm line", () => {
    fc.assert(
      fc.property(arbitraryReport, ({ report: generated }) => {
        const presentation = presentReport(generated);
        const lines = presentation.summary;
        const calm = lines.filter((line) => line.key === "calm");
        expect(calm.length).toBeLessThanOrEqual(1);
        const named = [
          ...lines.filter((line) => line.key !== "advice" && line.key !== "calm").map((line) => line.anchor),
          ...(calm[0]?.calm ?? []).map((entry) => entry.anchor),
        ];
        expect(named.sort()).toEqual(presentation.sections.map((section) => section.anchor).sort());
        for (const line of lines.filter((candidate) => candidate.key !== "advice" && candidate.key !== "calm"))
          expect(line.tone === "concerning" || line.tone === "critical" || /indisponible|n'a pas pu/i.test(line.text)).toBe(true);
        if (lines.length === 1) expect(lines[0]!.text.startsWith(`${ALL_CALM_TEXT}\u00a0: `)).toBe(true);
        else expect(lines.every((line) => !line.text.startsWith(ALL_CALM_TEXT))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("the e-mail lists the advice in the presentation's order, which is the one ranking even for a report stored in another order", () => {
    fc.assert(
      fc.property(arbitraryReport, fc.boolean(), ({ report: generated }, shuffled) => {
        // A report cached before the rule (decision 084) may hold its advice in another order.
        const stored: Report = shuffled ? { ...generated, recommendations: [...generated.recommendations].reverse() } : generated;
        const presentation = presentReport(stored);
        expect([...stored.recommendations].sort(compareAdvice).map((advice) => advice.id)).toEqual(presentation.advice.map((advice) => advice.id));
        const email = renderLatestReportEmail({
          firstName: null,
          reports: [stored],
          accountUrl: "https://zone-sante.example/compte",
          reportUrlFor: () => "https://zone-sante.example/",
        });
        // In the e-mail's list of advice (« À retenir » quotes one title above it, in « L'essentiel »).
        const list = email.text.slice(email.text.indexOf("NOS CONSEILS"));
        expect(email.text.indexOf("NOS CONSEILS")).toBeGreaterThan(0);
        const at = presentation.advice.map((advice) => list.indexOf(advice.title));
        expect(at.every((position) => position >= 0)).toBe(true);
        expect([...at].sort((a, b) => a - b)).toEqual(at);
      }),
      { numRuns: 100 },
    );
  });
});

describe("the cases the issue names", () => {
  it("all calm (derived): « L'essentiel » is one calm line naming every section", () => {
    const calm = report({
      water: amiensWater([waterResult()]),
      air: airOf(1, true),
      drought: droughtOf("none"),
      outdoor: { pollen: pollenNotCovered(), uv: uvLow(), weatherWarnings: weatherGreen(), radon: radonSection(1) },
    });
    const { summary } = presentReport(calm);
    expect(summary).toHaveLength(1);
    expect(summary[0]!.text).toMatch(/^Rien ne demande d'attention particulière aujourd'hui\u00a0: Eau du robinet – /);
  });

  it("air « Moyen » from the model with the water unread: « À retenir » names the tap water, never « Qualité de l'air moyenne »", () => {
    const cergy = report({ water: WATERS[3]![1](), air: airOf(2, false), drought: droughtOf("none") });
    const lead = presentReport(cergy).summary[0]!;
    expect(lead.text).toBe("À retenir\u00a0: Nous n'avons pas pu vérifier l'eau du robinet aujourd'hui");
  });

  it("no network known and air « Moyen » estimated: « À retenir » says the tap water could not be checked", () => {
    const boulogne = report({ water: WATERS[4]![1](), air: airOf(2, false), drought: droughtOf("none") });
    expect(presentReport(boulogne).summary[0]!.text).toBe("À retenir\u00a0: L'eau du robinet n'a pas pu être vérifiée");
  });
});
