// judge(digest(history)) = judge(history), over generated histories (decision 052): samples over
// three years on several networks, ARS flags C/N/D, « <LQ » values, samples arriving late and in
// any order, samples republished with another flag or value, two samples at the same instant and
// two rows of one parameter in one sample. The report judges every result Hub'Eau serves; the
// alert run judges the digest its reads were folded into: both must say the same thing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ComplianceFlag, Udi, WaterResult } from "../../../src/core/types.ts";
import { diffWater, type WaterAlertState } from "../../../src/sections/water/alert.ts";
import { digestResults, emptyWaterDigest, evaluateWaterQuality, foldIntoWaterDigest, judgeWaterQuality } from "../../../src/sections/water/index.ts";
import { communeWaterFromDigest, selectWater, watchedNetworks, type CommuneWater } from "../../../src/server/services/commune-data.ts";
import { NOW, waterEssentials as essentials, waterResult } from "./builders.ts";

const NETWORKS: Udi[] = [
  { code: "034000101", name: "MARAUSSAN VILLAGE", quarter: null },
  { code: "034000102", name: "MARAUSSAN HAMEAUX", quarter: null },
  { code: "034000103", name: "SOURCE DU PUITS", quarter: null },
];

/** Parameters of every kind the rules treat differently, with values on both sides of their thresholds. */
const PARAMETERS = [
  {
    parameterCode: "1340",
    parameterLabel: "Nitrates (en NO3)",
    unit: "mg/L",
    qualityLimit: "<=50 mg/L",
    qualityReference: null,
    values: ["62", "41", "58", "12", "<0,5"],
  },
  {
    parameterCode: "1506",
    parameterLabel: "Escherichia coli /100ml - MF",
    unit: "n/(100mL)",
    qualityLimit: "<=0 n/(100mL)",
    qualityReference: null,
    values: ["<1", "0", "3"],
  },
  {
    parameterCode: "6276",
    parameterLabel: "Total des pesticides analysés",
    unit: "µg/L",
    qualityLimit: "<=0,5 µg/L",
    qualityReference: null,
    values: ["0,7", "0,1", "<0,02"],
  },
  {
    parameterCode: "1335",
    parameterLabel: "Ammonium (en NH4)",
    unit: "mg/L",
    qualityLimit: null,
    qualityReference: "<=0,1 mg/L",
    values: ["0,3", "0,05", "<0,05"],
  },
  { parameterCode: "1382", parameterLabel: "Plomb", unit: "µg/L", qualityLimit: "<=10 µg/L", qualityReference: null, values: ["14", "2", "<2"] },
  // A result written as a word: the ARS's « N » may rest on it (qualitative_findings).
  {
    parameterCode: "6455",
    parameterLabel: "Entérocoques /100ml-MS",
    unit: "n/(100mL)",
    qualityLimit: "<=0 n/(100mL)",
    qualityReference: null,
    values: ["Présence", "<1", "Absence"],
  },
  {
    parameterCode: "1309",
    parameterLabel: "Aspect (qualitatif)",
    unit: null,
    qualityLimit: null,
    qualityReference: null,
    values: ["Aucun changement anormal"],
  },
] as const;

const CONCLUSIONS = [
  "Eau d'alimentation conforme aux exigences de qualité en vigueur pour l'ensemble des paramètres mesurés.",
  "Eau d'alimentation non conforme aux limites de qualité pour le paramètre nitrates.",
  null,
];

const DAY_MS = 86_400_000;
const flag = fc.constantFrom<ComplianceFlag>("C", "C", "C", "N", "D");

/**
 * One publication of a sample: the rows Hub'Eau serves for it at the time it is read. A sample
 * republished keeps its parameters (its rows are corrected, never removed): a digest cannot know
 * the result a removed row had hidden.
 */
const publication = fc.record({
  sample: fc.integer({ min: 0, max: 11 }),
  values: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
  limitsBacteriological: flag,
  limitsPhysicochemical: flag,
  referencesBacteriological: fc.constantFrom<ComplianceFlag>("C", "C", "N"),
  referencesPhysicochemical: fc.constantFrom<ComplianceFlag>("C", "C", "N"),
  conclusion: fc.constantFrom(...CONCLUSIONS),
});

/**
 * Per sample code: when it was taken (few instants, so that samples share one), which networks it
 * names, and which parameters it measured (twice the same one: a re-analysis in one sample).
 */
const sampleFacts = fc.array(
  fc.record({
    parameters: fc.array(fc.integer({ min: 0, max: PARAMETERS.length - 1 }), { minLength: 1, maxLength: 4 }),
    daysAgo: fc.constantFrom(3, 20, 20, 90, 200, 364, 366, 400, 700, 1000),
    hour: fc.constantFrom("08:30", "08:30", "14:00"),
    networks: fc.subarray([0, 1, 2], { minLength: 0, maxLength: 2 }),
  }),
  { minLength: 12, maxLength: 12 },
);

const history = fc.record({
  facts: sampleFacts,
  publications: fc.array(publication, { minLength: 1, maxLength: 16 }),
  // How the alert run's reads slice the arrivals: each read folds a run of publications.
  cuts: fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
});

type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

function rowsOf(entry: History["publications"][number], facts: History["facts"]): WaterResult[] {
  const fact = facts[entry.sample]!;
  const day = new Date(NOW.getTime() - fact.daysAgo * DAY_MS).toISOString().slice(0, 10);
  return fact.parameters.map((parameter, index) => {
    const spec = PARAMETERS[parameter]!;
    const raw = spec.values[entry.values[index]! % spec.values.length]!;
    const numeric = Number(raw.replace("<", "").replace(",", "."));
    return waterResult({
      sampleCode: `S${String(entry.sample).padStart(2, "0")}`,
      parameterCode: spec.parameterCode,
      parameterLabel: spec.parameterLabel,
      rawValue: raw,
      numericValue: Number.isFinite(numeric) ? numeric : null,
      unit: spec.unit,
      qualityLimit: spec.qualityLimit,
      qualityReference: spec.qualityReference,
      sampledAt: `${day}T${fact.hour}:00Z`,
      sampleConclusion: entry.conclusion,
      limitsBacteriological: entry.limitsBacteriological,
      limitsPhysicochemical: entry.limitsPhysicochemical,
      referencesBacteriological: entry.referencesBacteriological,
      referencesPhysicochemical: entry.referencesPhysicochemical,
      distributor: "SIVOM DE LA REGION",
      networks: fact.networks.map((index) => ({ code: NETWORKS[index]!.code, name: NETWORKS[index]!.name })),
    });
  });
}

/** What Hub'Eau serves today: each sample as last published. */
function servedToday(generated: History): WaterResult[] {
  const last = new Map<number, History["publications"][number]>();
  for (const entry of generated.publications) last.set(entry.sample, entry);
  return [...last.values()].flatMap((entry) => rowsOf(entry, generated.facts));
}

/** The digest the alert run holds after reading the publications as they came, in reads of several. */
function digestAfterReads(generated: History) {
  const digest = emptyWaterDigest(NETWORKS);
  let read: WaterResult[] = [];
  let inRead = new Set<number>();
  const flush = () => {
    if (read.length > 0) foldIntoWaterDigest(digest, read, NOW);
    read = [];
    inRead = new Set();
  };
  generated.publications.forEach((entry, index) => {
    // One read serves one version of a sample: a republication starts a new read.
    if (inRead.has(entry.sample) || generated.cuts[index]) flush();
    read.push(...rowsOf(entry, generated.facts));
    inRead.add(entry.sample);
  });
  flush();
  return digest;
}

const judge = (water: CommuneWater, udiCode: string | undefined) => essentials(evaluateWaterQuality({ ...selectWater(water, udiCode, NOW), now: NOW }));

export const RUNS = 1000;

describe("the water digest judges like the full history (property-based)", () => {
  it(`${RUNS} generated histories: every network, the default choice included, judged the same from the digest`, () => {
    fc.assert(
      fc.property(history, (generated) => {
        const full: CommuneWater = { communeCode: "34148", udis: { ok: true, data: NETWORKS }, results: { ok: true, data: servedToday(generated) } };
        const fromDigest = communeWaterFromDigest("34148", digestAfterReads(generated));
        for (const udi of [undefined, ...NETWORKS.map((network) => network.code)]) {
          expect(judge(fromDigest, udi), `network ${udi ?? "default"}`).toEqual(judge(full, udi));
        }
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it(`${RUNS} generated histories read day after day: the alert e-mails from the digest are the ones the report's data give`, () => {
    fc.assert(
      fc.property(history, (generated) => {
        // Each publication is one day's read: the report judges what Hub'Eau serves that day, the
        // alert run the digest it folded the day's read into; both diff against their own state.
        const digest = emptyWaterDigest(NETWORKS);
        let served: History["publications"] = [];
        let fromReport: WaterAlertState | null = null;
        let fromDigest: WaterAlertState | null = null;
        for (const entry of generated.publications) {
          served = [...served, entry];
          foldIntoWaterDigest(digest, rowsOf(entry, generated.facts), NOW);
          const full: CommuneWater = {
            communeCode: "34148",
            udis: { ok: true, data: NETWORKS },
            results: { ok: true, data: servedToday({ ...generated, publications: served }) },
          };
          const judgeAll = (water: CommuneWater) =>
            watchedNetworks(water, null).map(({ code, udiCode }) => ({ code, ...judgeWaterQuality({ ...selectWater(water, udiCode, NOW), now: NOW }) }));
          const report = diffWater(fromReport, judgeAll(full));
          const alert = diffWater(fromDigest, judgeAll(communeWaterFromDigest("34148", digest)));
          expect(alert.events).toEqual(report.events);
          fromReport = report.next ?? fromReport;
          fromDigest = alert.next ?? fromDigest;
          expect(fromDigest).toEqual(fromReport);
        }
      }),
      { numRuns: RUNS },
    );
    // About 30 s on the 2-core machine: sixteen days of reads per history, each judged twice.
  }, 900_000);

  it("the digest never keeps more rows than the history it stands for", () => {
    fc.assert(
      fc.property(history, (generated) => {
        expect(digestResults(digestAfterReads(generated)).length).toBeLessThanOrEqual(servedToday(generated).length);
      }),
      { numRuns: 200 },
    );
  });
});
