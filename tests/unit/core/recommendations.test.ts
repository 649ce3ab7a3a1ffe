import { describe, expect, it } from "vitest";
import { evaluateAirQuality } from "../../../src/core/air/index.ts";
import { evaluateDrought } from "../../../src/core/drought/index.ts";
import {
  ADVICE_TEXTS,
  type AdviceFacts,
  type AdviceId,
  type RecommendationInput,
  renderRecommendation,
  type SelectedAdvice,
  selectRecommendations,
} from "../../../src/core/recommendations/index.ts";
import type { AirQualitySection, DroughtSection, DroughtZone, WaterQualitySection, WaterResult } from "../../../src/core/types.ts";
import { evaluateWaterQuality } from "../../../src/core/water/index.ts";
import { atmoIndex, camsEstimate, droughtZone, noBathing, NOW, waterResult } from "./builders.ts";

const water = (results: WaterResult[] = [waterResult({ rawValue: "20", numericValue: 20 })]): WaterQualitySection =>
  evaluateWaterQuality({ results: { ok: true, data: results }, udi: null, udis: [], now: NOW });
const air = (code = 1, pm25 = 8): AirQualitySection =>
  evaluateAirQuality({
    atmo: { ok: true, data: [atmoIndex({ code, label: ["", "Bon", "Moyen", "Dégradé", "Mauvais"][code] ?? "" })] },
    cams: { ok: true, data: camsEstimate({ pm2_5: pm25 }) },
    now: NOW,
  });
const drought = (zones: DroughtZone[] = []): DroughtSection => evaluateDrought({ zones: { ok: true, data: zones }, now: NOW });

/** The rules at NOW (22 November, out of the ozone season, no bathing site nearby) unless a test says otherwise. */
const select = (input: Omit<RecommendationInput, "now" | "bathing"> & { now?: Date; bathing?: RecommendationInput["bathing"] }) =>
  selectRecommendations({ now: NOW, bathing: noBathing(), ...input });
const ids = (input: Partial<{ water: WaterQualitySection; air: AirQualitySection; drought: DroughtSection }>) =>
  select({ water: water(), air: air(), drought: drought(), ...input }).map((recommendation) => recommendation.id);

describe("selectRecommendations", () => {
  it("says « Bonne nouvelle ! » when nothing applies", () => {
    const [only, ...rest] = select({ water: water(), air: air(), drought: drought() });
    expect(rest).toHaveLength(0);
    expect(only).toMatchObject({ id: "all-clear", severity: "success", title: "Bonne nouvelle\u00a0!" });
  });

  it("does not claim good news when no data could be obtained", () => {
    const [only] = select({
      water: evaluateWaterQuality({ results: { ok: false, reason: "timeout" }, udi: null, udis: [], now: NOW }),
      air: evaluateAirQuality({ atmo: { ok: false, reason: "timeout" }, cams: { ok: false, reason: "timeout" }, now: NOW }),
      drought: evaluateDrought({ zones: { ok: false, reason: "timeout" }, now: NOW }),
    });
    expect(only?.id).toBe("no-data");
  });

  it.each([
    ["40", []],
    ["41", ["water-nitrates"]],
    ["48", ["water-nitrates"]],
  ])("nitrates at %s mg/L", (raw, expected) => {
    expect(ids({ water: water([waterResult({ rawValue: raw, numericValue: Number(raw) })]) }).filter((id) => id.startsWith("water"))).toEqual(expected);
  });

  it("above 50 mg/L: the advice for pregnant women and infants first, then the non-compliance (issue 10, item 5)", () => {
    const list = select({ water: water([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })]), air: air(2), drought: drought() });
    // Before issue 10 the non-compliance came first; advice for vulnerable people now leads.
    expect(list.map((recommendation) => recommendation.id)).toEqual(["water-nitrates", "water-non-compliant", "air-moderate"]);
    expect(list[0]?.text).toMatch(/femmes enceintes et les nourrissons de moins de 6 mois ne boivent pas/);
    expect(list[0]?.text).toMatch(/convient pour la préparation des aliments des nourrissons/);
    expect(list[0]?.text).toMatch(/Pour les autres personnes/);
    expect(list[0]).toMatchObject({ severity: "critical", vulnerable: true, prominent: true });
    expect(list[1]).toMatchObject({ severity: "critical", vulnerable: false, prominent: false });
  });

  describe("the nitrates advice depends on the level and on microbiology (issue 9, item 4)", () => {
    const nitrates = (raw: string, flag: "C" | "N" = "N") => waterResult({ rawValue: raw, numericValue: Number(raw), limitsPhysicochemical: flag });
    const advice = (results: WaterResult[]) => select({ water: water(results), air: air(), drought: drought() }).find((r) => r.id === "water-nitrates");

    it("44 mg/L (Amiens Nord, ARS « conforme »): information, compliant, no precaution", () => {
      const found = advice([nitrates("44", "C")]);
      expect(found).toMatchObject({ severity: "info", title: "Nitrates conformes, proches de la limite de qualité" });
      expect(found?.text).toMatch(/est conforme/);
    });

    it("above 100 mg/L: nobody should drink it — the sentence « others can drink » is gone", () => {
      const found = advice([nitrates("120")]);
      expect(found?.severity).toBe("critical");
      expect(found?.text).toMatch(/personne ne boive l'eau du robinet/);
      expect(found?.text).not.toMatch(/autres personnes/);
    });

    it("with E. coli detected, never says others can drink it", () => {
      const ecoli = waterResult({
        parameterCode: "1449",
        parameterLabel: "Escherichia coli /100ml - MF",
        rawValue: "3",
        numericValue: 3,
        unit: "n/(100mL)",
        qualityLimit: "<=0 n/(100mL)",
        limitsBacteriological: "N",
        limitsPhysicochemical: "N",
      });
      const found = advice([nitrates("62"), ecoli]);
      expect(found?.text).not.toMatch(/autres personnes/);
      expect(found?.text).toMatch(/Des germes ont aussi été détectés/);
    });
  });

  describe("pesticides: a substance above 0,1 µg/L or the total above 0,5 µg/L (issue 9, item 7)", () => {
    it.each([
      // Observed: a compliant total of 0,32 µg/L produced « Pesticides au-dessus de 0,1 µg/L ».
      ["0,32", "C", false],
      ["0,5", "C", false],
      ["0,6", "N", true],
    ] as const)("total pesticides at %s µg/L (ARS %s): advice %s", (raw, flag, expected) => {
      const result = waterResult({
        parameterCode: "6276",
        parameterLabel: "Total des pesticides analysés",
        rawValue: raw,
        numericValue: Number(raw.replace(",", ".")),
        unit: "µg/L",
        qualityLimit: "<=0,5 µg/L",
        limitsPhysicochemical: flag,
      });
      expect(ids({ water: water([result]) }).includes("water-pesticides")).toBe(expected);
    });

    it("a single substance above 0,1 µg/L triggers it, with its name", () => {
      const atrazine = waterResult({
        parameterCode: "1107",
        parameterLabel: "Atrazine",
        rawValue: "0,15",
        numericValue: 0.15,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: "N",
      });
      const found = select({ water: water([atrazine]), air: air(), drought: drought() }).find((r) => r.id === "water-pesticides");
      expect(found?.text).toMatch(/^Atrazine atteint 0,15\u00a0µg\/L \(limite de qualité\u00a0: 0,1\u00a0µg\/L par substance\)/);
    });

    it("a non-relevant metabolite under 0,9 µg/L does not", () => {
      const metabolite = waterResult({
        parameterCode: "6854",
        parameterLabel: "ESA métolachlore",
        rawValue: "0,32",
        numericValue: 0.32,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: "C",
      });
      expect(ids({ water: water([metabolite]) })).toEqual(["all-clear"]);
    });
  });

  it("water « À surveiller » never gets « Bonne nouvelle ! » (issue 9, item 9)", () => {
    const turbidity = waterResult({
      parameterCode: "1295",
      parameterLabel: "Turbidité néphélométrique NFU",
      rawValue: "3,4",
      numericValue: 3.4,
      unit: "NFU",
      qualityLimit: null,
      qualityReference: "<=2 NFU",
    });
    expect(water([turbidity]).level).toBe("concerning");
    expect(ids({ water: water([turbidity]) })).toEqual(["water-watch"]);
  });

  it("PFAS above 0,1 µg/L and lead above 5 µg/L get their own advice", () => {
    const results = [
      waterResult({
        parameterCode: "8847",
        parameterLabel: "Somme des 20 PFAS",
        rawValue: "0,12",
        numericValue: 0.12,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: "N",
      }),
      waterResult({ parameterCode: "1382", parameterLabel: "Plomb", rawValue: "7", numericValue: 7, unit: "µg/L", qualityLimit: "<=10 µg/L" }),
    ];
    const list = ids({ water: water(results) });
    expect(list).toContain("water-pfas");
    expect(list).toContain("water-lead");
  });

  it.each([
    [1, 8, []],
    [2, 8, ["air-moderate"]],
    [3, 8, ["air-poor"]],
    [4, 8, ["air-poor"]],
    // Issue 9, item 9: an official « Bon » is not contradicted by the model's PM2,5 above 25 µg/m³.
    [1, 26, []],
  ])("ATMO code %s with PM2.5 %s µg/m³", (code, pm25, expected) => {
    expect(ids({ air: air(code, pm25) }).filter((id) => id.startsWith("air"))).toEqual(expected);
  });

  it("without an official index, the model's worst pollutant sets the advice and is named", () => {
    const ozoneDay = evaluateAirQuality({ atmo: { ok: true, data: [] }, cams: { ok: true, data: camsEstimate({ pm2_5: 8, o3: 116 }) }, now: NOW });
    const [advice] = select({ water: water(), air: ozoneDay, drought: drought() }).filter((r) => r.category === "air");
    expect(advice?.id).toBe("air-poor");
    expect(advice?.text).toMatch(/^Indice du jour \(estimation modélisée\)\u00a0: Dégradé, d'après l'ozone/);
    expect(advice?.text).toMatch(/Les jours d'ozone/);
  });

  it("ATMO « Événement » (code 7) gets its own advice, not « Air dégradé » (issue 9, low)", () => {
    const event = evaluateAirQuality({
      atmo: { ok: true, data: [atmoIndex({ code: 7, label: "Événement" })] },
      cams: { ok: true, data: camsEstimate({ pm2_5: 8 }) },
      now: NOW,
    });
    const advice = select({ water: water(), air: event, drought: drought() }).filter((r) => r.category === "air");
    expect(advice.map((r) => [r.id, r.severity])).toEqual([["air-event", "warning"]]);
    expect(advice[0]?.title).not.toMatch(/dégradé/i);
  });

  it("« Moyen » mentions the afternoon ozone only when ozone sets the level (no ozone advice in November by default)", () => {
    const moderate = select({ water: water(), air: air(2), drought: drought() }).find((r) => r.id === "air-moderate");
    expect(moderate?.text).not.toMatch(/ozone/i);
  });

  it("air « Mauvais » is critical and addresses vulnerable people", () => {
    const [first] = select({ water: water(), air: air(4), drought: drought() });
    expect(first?.severity).toBe("critical");
    expect(first?.text).toMatch(/personnes vulnérables/);
    expect(first?.source.url).toMatch(/legifrance/);
  });

  it.each([
    ["vigilance", []],
    ["alerte", ["drought-alert"]],
    ["alerte_renforcee", ["drought-severe"]],
    ["crise", ["drought-severe"]],
  ] as const)("drought %s", (gravity, expected) => {
    expect(ids({ drought: drought([droughtZone({ gravity })]) }).filter((id) => id.startsWith("drought"))).toEqual(expected);
  });

  it("a drought crisis lists the first two restrictions for individuals", () => {
    const [first] = select({ water: water(), air: air(), drought: drought([droughtZone({ gravity: "crise" })]) });
    expect(first?.text).toContain("«\u00a0Arrosage des pelouses, massifs fleuris\u00a0»");
    expect(first?.text).toContain("«\u00a0Lavage de véhicules par des particuliers\u00a0»");
    expect(first?.text).not.toContain("Irrigation agricole");
  });

  it("each recommendation has a title, a text, an article link and a public source, in French typography", () => {
    const list = select({
      water: water([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })]),
      air: air(3, 30),
      drought: drought([droughtZone({ gravity: "crise" })]),
    });
    expect(list.length).toBeGreaterThanOrEqual(4);
    for (const recommendation of list) {
      expect(recommendation.title.length).toBeGreaterThan(5);
      expect(recommendation.text.length).toBeGreaterThan(40);
      expect(recommendation.link).toMatch(/^\/blog\/impact-(eau|air|secheresse)-sante$/);
      expect(recommendation.source.url).toMatch(/^https:\/\//);
      // No ordinary space before a high punctuation mark or inside guillemets.
      expect(`${recommendation.title} ${recommendation.text}`).not.toMatch(/ [:;!?»]|« /);
      // General advice, never a diagnosis.
      expect(recommendation.text).not.toMatch(/diagnostic|vous êtes malade/i);
    }
  });
});

describe("the advice words (issue 10, item 1: one table keyed by id)", () => {
  const restrictions = ["Arrosage des pelouses, massifs fleuris", "Lavage de véhicules par des particuliers", "Remplissage des piscines privées"];
  // Every id of the table with the facts of each of its variants: a new id fails to compile here until it is tested.
  const SAMPLES: { [K in AdviceId]: AdviceFacts[K][] } = {
    "water-non-compliant": [
      { carriedForward: null },
      { carriedForward: { sampledAt: "2026-11-17T08:30:00Z", verdict: "conforme", parameters: [{ name: "Nitrates", measuredAt: "2026-01-26T08:30:00Z" }] } },
      {
        carriedForward: {
          sampledAt: "2026-11-17T08:30:00Z",
          verdict: "derogation",
          parameters: [
            { name: "Nitrates", measuredAt: "2026-01-26T08:30:00Z" },
            { name: "Atrazine", measuredAt: "2026-02-03T08:30:00Z" },
          ],
        },
      },
    ],
    "water-nitrates": [
      { mgPerL: 120, band: "above-100", germsDetected: false },
      { mgPerL: 62, band: "above-limit", germsDetected: true },
      { mgPerL: 62, band: "above-limit", germsDetected: false },
      { mgPerL: 44, band: "near-limit", germsDetected: false },
    ],
    "water-pesticides": [
      { total: true, substance: "Total des pesticides analysés", microgramsPerL: 0.6 },
      { total: false, substance: "Atrazine", microgramsPerL: 0.15 },
    ],
    "water-pfas": [
      { microgramsPerL: 0.12, substance: null, measuredBeforeLimit: null },
      { microgramsPerL: 0.15, substance: "PFOA", measuredBeforeLimit: null },
      { microgramsPerL: 0.15, substance: null, measuredBeforeLimit: "2025-12-02T08:00:00Z" },
      { microgramsPerL: 0.15, substance: "PFHxS", measuredBeforeLimit: "2025-12-02T08:00:00Z" },
    ],
    "water-lead": [{ microgramsPerL: 12 }],
    "water-watch": [{ tapOnlyExceedance: true }, { tapOnlyExceedance: false }],
    "air-event": [{}],
    "air-poor": [
      { reason: { kind: "index", label: "Dégradé", estimated: false, pollutant: "o3" }, ozone: "responsible" },
      { reason: { kind: "index", label: "Mauvais", estimated: true, pollutant: null }, ozone: "season" },
      { reason: { kind: "pm25", microgramsPerM3: 30 }, ozone: null },
    ],
    "air-moderate": [{ ozone: "responsible" }, { ozone: "season" }, { ozone: null }],
    "drought-severe": [
      { levelLabel: "Crise", householdRestrictions: restrictions, zoneType: "eau superficielle" },
      { levelLabel: "Alerte renforcée", householdRestrictions: [], zoneType: null },
    ],
    "drought-alert": [
      { householdRestrictions: restrictions.slice(0, 1), zoneType: null },
      { householdRestrictions: [], zoneType: "eau potable" },
    ],
    "bathing-prohibited": [{ sites: ["Plage du Bonin", "Lac de Jaunay"] }],
    "bathing-cyanobacteria": [{}],
    "bathing-poor": [{ sites: ["Plage du Bonin"] }],
    "no-data": [{}],
    "all-clear": [{}],
  };
  const rows = (Object.keys(SAMPLES) as AdviceId[]).flatMap((id) => SAMPLES[id].map((facts, variant) => [id, variant, facts] as const));

  it("covers every id the rules can choose", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(ADVICE_TEXTS).sort());
  });

  it.each(rows)("%s (variant %i) renders a French title and text, a link and a public source", (id, _variant, facts) => {
    const [rendered] = renderAdviceFor(id, facts);
    expect(rendered?.title.length).toBeGreaterThan(5);
    expect(rendered?.text.length).toBeGreaterThan(40);
    expect(rendered?.link).toMatch(/^\/blog/);
    expect(rendered?.source.url).toMatch(/^(https:\/\/|\/sources$)/);
    expect(rendered?.source.name.length).toBeGreaterThan(5);
    // French typography: no ordinary space before : ; ! ? », none after «.
    expect(`${rendered?.title} ${rendered?.text}`).not.toMatch(/ [:;!?»]|« /);
    // Facts are written as numbers, never as JavaScript's: no "0.6", no "undefined".
    expect(`${rendered?.title} ${rendered?.text}`).not.toMatch(/\d\.\d|undefined|null|\[object/);
  });

  it("says how many restrictions apply to individuals, never a bare number (issue 10, item 5)", () => {
    const [severe] = renderAdviceFor("drought-severe", { levelLabel: "Crise", householdRestrictions: restrictions, zoneType: null });
    expect(severe?.text).toContain(
      "3 restrictions s'appliquent aux particuliers, par exemple «\u00a0Arrosage des pelouses, massifs fleuris\u00a0» et «\u00a0Lavage de véhicules par des particuliers\u00a0».",
    );
    const [alert] = renderAdviceFor("drought-alert", { householdRestrictions: restrictions.slice(0, 1), zoneType: null });
    expect(alert?.text).toContain("1 restriction s'applique aux particuliers\u00a0: «\u00a0Arrosage des pelouses, massifs fleuris\u00a0».");
    const [none] = renderAdviceFor("drought-alert", { householdRestrictions: [], zoneType: null });
    expect(none?.text).toContain("Aucune restriction de l'arrêté ne vise les particuliers.");
  });

  it("a real drought crisis counts the restrictions of the section", () => {
    const section = drought([droughtZone({ gravity: "crise" })]);
    const advice = select({ water: water(), air: air(), drought: section }).find((r) => r.id === "drought-severe");
    expect(advice?.text).toContain(`${section.restrictions.length} restrictions s'appliquent aux particuliers`);
  });
});

describe("advice that fits the day (issue 10, item 5)", () => {
  const JULY = new Date("2026-07-15T10:00:00Z");
  const OZONE = /ozone/i;
  const airOn = (now: Date, code: number, subIndices?: { no2: number; o3: number; pm10: number; pm25: number; so2: number }) => {
    const day = now.toISOString().slice(0, 10);
    const label = ["", "Bon", "Moyen", "Dégradé", "Mauvais"][code] ?? "";
    return evaluateAirQuality({
      atmo: { ok: true, data: [atmoIndex({ date: day, code, label, ...(subIndices ? { subIndices } : {}) })] },
      cams: { ok: true, data: camsEstimate({ day }) },
      now,
    });
  };
  const airAdvice = (now: Date, section: AirQualitySection) =>
    select({ water: water(), air: section, drought: drought(), now }).find((r) => r.category === "air");

  it("advice for vulnerable people comes first: nitrates 62, then air Dégradé, then the others", () => {
    const list = select({
      water: water([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })]),
      air: air(3),
      drought: drought([droughtZone({ gravity: "crise" })]),
    });
    expect(list.map((r) => r.id)).toEqual(["water-nitrates", "air-poor", "water-non-compliant", "drought-severe"]);
    expect(list.map((r) => r.vulnerable)).toEqual([true, true, false, false]);
  });

  it("then by severity: critical, warning, info", () => {
    const list = select({
      water: water([
        waterResult({ rawValue: "44", numericValue: 44 }),
        waterResult({
          parameterCode: "8847",
          parameterLabel: "Somme des 20 PFAS",
          rawValue: "0,12",
          numericValue: 0.12,
          unit: "µg/L",
          qualityLimit: "<=0,1 µg/L",
          limitsPhysicochemical: "N",
        }),
      ]),
      air: air(2),
      drought: drought([droughtZone({ gravity: "crise" })]),
    });
    // The PFAS row is « Non conforme » (ARS « N »): the section's non-compliance is critical too.
    expect(list.map((r) => r.severity)).toEqual(["critical", "critical", "warning", "info", "info"]);
  });

  it("gives each domain at most one prominent box: its first critical or warning advice", () => {
    const results = [
      waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" }),
      waterResult({
        parameterCode: "8847",
        parameterLabel: "Somme des 20 PFAS",
        rawValue: "0,12",
        numericValue: 0.12,
        unit: "µg/L",
        qualityLimit: "<=0,1 µg/L",
        limitsPhysicochemical: "N",
      }),
      waterResult({ parameterCode: "1382", parameterLabel: "Plomb", rawValue: "7", numericValue: 7, unit: "µg/L", qualityLimit: "<=10 µg/L" }),
    ];
    const list = select({ water: water(results), air: air(4), drought: drought([droughtZone({ gravity: "alerte" })]) });
    expect(list.filter((r) => r.category === "water").length).toBeGreaterThanOrEqual(3);
    for (const category of ["water", "air", "drought", "bathing", "general"] as const) {
      expect(list.filter((r) => r.category === category && r.prominent).length).toBeLessThanOrEqual(1);
    }
    expect(list.filter((r) => r.prominent).map((r) => r.id)).toEqual(["water-nitrates", "air-poor", "drought-alert"]);
    // Information is never a prominent box, nor is good news.
    expect(select({ water: water(), air: air(2), drought: drought() }).some((r) => r.prominent)).toBe(false);
    expect(select({ water: water(), air: air(), drought: drought() })[0]).toMatchObject({ id: "all-clear", prominent: false });
  });

  it("no ozone sentence in November unless ozone sets the level", () => {
    for (const code of [2, 3, 4]) expect(airAdvice(NOW, airOn(NOW, code))?.text).not.toMatch(OZONE);
    const ozoneDay = airOn(NOW, 3, { no2: 1, o3: 3, pm10: 1, pm25: 1, so2: 1 });
    expect(ozoneDay.responsible_pollutant?.code).toBe("o3");
    expect(airAdvice(NOW, ozoneDay)?.text).toMatch(/Les jours d'ozone, évitez l'effort physique l'après-midi/);
  });

  it("an ozone sentence in July on a Moyen day, whatever the pollutant", () => {
    const moyen = airOn(JULY, 2, { no2: 1, o3: 1, pm10: 2, pm25: 1, so2: 1 });
    expect(moyen.responsible_pollutant?.code).not.toBe("o3");
    const advice = airAdvice(JULY, moyen);
    expect(advice?.id).toBe("air-moderate");
    expect(advice?.text).toMatch(/D'avril à septembre, l'ozone est plus présent l'après-midi/);
    // The season is the Paris day's: 30 September 23:30 UTC is already October in Paris.
    expect(airAdvice(new Date("2026-09-30T23:30:00Z"), moyen)?.text).not.toMatch(OZONE);
  });
});

/** One advice rendered through the public function, from its facts. */
function renderAdviceFor<K extends AdviceId>(id: K, facts: AdviceFacts[K]) {
  return [renderRecommendation({ id, category: "general", severity: "info", vulnerable: false, prominent: false, facts } as SelectedAdvice)];
}
