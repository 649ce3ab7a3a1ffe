// The presentation tables: the word each official level shows, with its colour, and each case of
// issue 10's « Why » list. Sections are built by the real evaluate* functions.
import { describe, expect, it } from "vitest";
import { evaluateBathing, type NearbySite } from "../../../src/sections/bathing/index.ts";
import type { BathingSeasonRecord } from "../../../src/sections/bathing/types.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import {
  airHeadline,
  ATMO_COLORS,
  bathingHeadline,
  countedVerdict,
  describeDroughtZone,
  droughtHeadline,
  presentReport,
  presentWater,
  VIGIEAU_COLORS,
  waterHeadline,
} from "../../../src/core/report/index.ts";
import { TAP_ONLY_TEXT } from "../../../src/sections/water/notes.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { atmoIndex, bathingLive, bathingRecord, camsEstimate, droughtZone, noBathing, NOW, SUMMER, waterResult } from "./builders.ts";
import { air, drought, report, udi, water } from "./amiens-report.ts";
import { contrastRatio } from "../../helpers/contrast.ts";
import { POLLEN_COLORS } from "../../../src/sections/pollen/scale.ts";
import { UV_COLORS } from "../../../src/sections/uv/scale.ts";
import { VIGILANCE_COLORS } from "../../../src/sections/weather/scale.ts";
import { RADON_CATEGORIES } from "../../../src/sections/radon/scale.ts";

/** A section's own sentence (its document's), whether « L'essentiel » lists it in full or on its calm line (decision 084). */
const sentenceOf = (presentation: { sections: ReadonlyArray<{ key: string; summary: string }> }, key: string) =>
  presentation.sections.find((section) => section.key === key)?.summary;

const OUR_SCALE_WORDS = ["Excellent", "Bon", "Acceptable", "À surveiller", "Critique", "Non disponible"];

// ---------------------------------------------------------------- bathing builders (tests/unit/core/builders.ts)

const record = (overrides: Partial<BathingSeasonRecord> = {}) =>
  bathingRecord({
    seasonStart: "2024-07-01",
    seasonEnd: "2024-08-31",
    lastSample: { date: "2024-08-26", enterococci: 15, ecoli: 15, status: null },
    ...overrides,
  });
const live = bathingLive;

const nearby = (overrides: Partial<NearbySite> = {}): NearbySite => ({
  site: {
    id: "FRJ1334074D034540",
    name: "ORB-CAMPING MUNICIPAL",
    communeCode: "34074",
    communeName: "CESSENON-SUR-ORB",
    department: "034",
    waterType: "Rivière",
    latitude: 43.45,
    longitude: 3.05,
  },
  distanceKm: 12.9,
  record: record(),
  live: live(),
  officialUrl: "https://portail-baignades.example/site/x",
  ...overrides,
});

const bathing = (sites: NearbySite[], now: Date) => evaluateBathing({ nearby: sites, recordSeason: 2024, now });

// ---------------------------------------------------------------- air

describe("air: the ATMO word with ATMO's colours", () => {
  it.each([
    [1, "Bon", "good", "#50F0E6"],
    [2, "Moyen", "acceptable", "#50CCAA"],
    [3, "Dégradé", "concerning", "#F0E641"],
    [4, "Mauvais", "critical", "#FF5050"],
    [5, "Très mauvais", "critical", "#960032"],
    [6, "Extrêmement mauvais", "critical", "#872181"],
    [7, "Événement", "concerning", "#888888"],
  ] as const)("code %i is « %s »", (code, word, tone, background) => {
    const headline = airHeadline(air({ atmo: { ok: true, data: [atmoIndex({ code, label: word })] } }));
    expect(headline).toEqual({ word, tone, colors: { background, text: ATMO_COLORS[code]?.text } });
  });

  it("keeps every ATMO colour's text readable (4.5:1)", () => {
    for (const colors of Object.values(ATMO_COLORS)) expect(contrastRatio(colors.background, colors.text)).toBeGreaterThanOrEqual(4.5);
  });

  it("says « (estimation) » for the model, in ATMO's colour of the same word (one word, one colour), and dates the estimate", () => {
    const section = air({ atmo: { ok: true, data: [] }, cams: { ok: true, data: camsEstimate({ o3: 116 }) } });
    expect(airHeadline(section)).toEqual({ word: "Dégradé (estimation)", tone: "concerning", colors: ATMO_COLORS[3] });
    const presentation = presentReport(report({ air: section }));
    expect(presentation.air.dateLine).toBe("Estimation pour la journée du 22\u00a0novembre\u00a02026, calculée sur les valeurs horaires du modèle");
    expect(presentation.air.modelValues).toContain("Ozone (O3)\u00a0: 116\u00a0µg/m³ (maximum horaire du jour ; «\u00a0Dégradé\u00a0» jusqu'à 130\u00a0µg/m³)");
    expect(sentenceOf(presentation, "air")).toBe("Air aujourd'hui\u00a0: Dégradé d'après l'ozone (O3) (estimation modélisée, pas d'indice officiel publié).");
  });

  it("says « Indisponible » when neither the index nor the model answered", () => {
    expect(airHeadline(air({ atmo: { ok: false, reason: "http" }, cams: { ok: false, reason: "network" } }))).toMatchObject({
      word: "Indisponible",
      tone: "neutral",
    });
  });
});

// ---------------------------------------------------------------- drought

describe("drought: VigiEau's word with VigiEau's colours", () => {
  // drought([river, tap]): the first zone a river's (SUP), the second the drinking water's (AEP).
  it.each([
    [[], "Pas de restrictions", "good", "none"],
    // The tap's zone's word (decision 086): a river's level is not the tap's, whatever it is.
    [["vigilance"], "Pas de restrictions", "good", "none"],
    [["crise"], "Pas de restrictions", "good", "none"],
    [["alerte", "vigilance"], "Vigilance", "good", "vigilance"],
    [["crise", "alerte"], "Alerte", "concerning", "alerte"],
    [["vigilance", "alerte_renforcee"], "Alerte renforcée", "critical", "alerte_renforcee"],
    [["crise", "crise"], "Crise", "critical", "crise"],
  ] as const)("%j is « %s »", (gravities, word, tone, colorKey) => {
    expect(droughtHeadline(drought([...gravities]))).toEqual({ word, tone, colors: VIGIEAU_COLORS[colorKey] });
  });

  it("says the tap zone's unknown level is not recognised, never « Pas de restrictions »", () => {
    expect(droughtHeadline(drought(["crise", null]))).toEqual({ word: "Niveau non reconnu", tone: "neutral", colors: null });
    // A river's unknown level is not the tap's: its own block says it, and the section's message.
    const river = drought([null]);
    expect(droughtHeadline(river).word).toBe("Pas de restrictions");
    expect(river.message).toMatch(/n'est pas reconnu/);
    expect(presentReport(report({ drought: river })).drought.zones[0]?.badge.word).toBe("Niveau non reconnu");
  });

  it("says « Indisponible » when VigiEau failed", () => {
    expect(droughtHeadline(evaluateDrought({ zones: { ok: false, reason: "invalid" }, now: NOW, citycode: "80021" }))).toMatchObject({
      word: "Indisponible",
      tone: "neutral",
    });
  });

  it("keeps every colour of the indice pollen, the UV scale, the vigilance map and the radon categories readable (4.5:1)", () => {
    const pairs = [
      ...Object.values(POLLEN_COLORS),
      ...Object.values(UV_COLORS),
      ...Object.values(VIGILANCE_COLORS),
      ...Object.values(RADON_CATEGORIES).map((category) => category.colors),
    ];
    for (const colors of pairs) expect(contrastRatio(colors.background, colors.text), JSON.stringify(colors)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps every VigiEau colour's text readable (4.5:1)", () => {
    for (const colors of Object.values(VIGIEAU_COLORS)) expect(contrastRatio(colors.background, colors.text)).toBeGreaterThanOrEqual(4.5);
  });

  it("groups each zone's restrictions by theme and counts them for households", () => {
    const [zone] = presentReport(report({ drought: drought(["crise"]) })).drought.zones;
    expect(zone).toMatchObject({ title: "Eau superficielle", badge: { word: "Crise" }, restrictionsSummary: "2 restrictions s'appliquent aux particuliers" });
    expect(zone?.groups.map((group) => group.theme)).toEqual(["Arroser", "Nettoyer"]);
    expect(zone?.facts).toContainEqual({ term: "Arrêté", value: "en vigueur du 13\u00a0novembre\u00a02026 au 13\u00a0décembre\u00a02026" });
  });

  it("writes each zone in lines with its own name, period and rules only (the alert emails quote them)", () => {
    const section = evaluateDrought({
      zones: {
        ok: true,
        data: [
          droughtZone({
            type: "SUP",
            gravity: "crise",
            name: "Orb aval",
            usages: [{ name: "Arrosage des pelouses", theme: "Arroser", description: "Interdit.", concernsIndividuals: true }],
          }),
          droughtZone({
            type: "AEP",
            gravity: "alerte",
            name: "Réseaux de l'Orb",
            decree: null,
            usages: [{ name: "Arrosage des pelouses", theme: "Arroser", description: "Interdit de 8h  à 20h.", concernsIndividuals: true }],
          }),
          droughtZone({ type: "SOU", gravity: "vigilance", name: "Nappe astienne", usages: [] }),
        ],
      },
      now: NOW,
      citycode: "80021",
    });
    expect(presentReport(report({ drought: section })).drought.zones.map(describeDroughtZone)).toEqual([
      {
        heading: "Restrictions d'usage de l'eau du réseau\u00a0: Alerte",
        lines: [
          "Pour l'eau du robinet",
          "Zone\u00a0: Réseaux de l'Orb",
          "1 restriction s'applique aux particuliers\u00a0:",
          "Arrosage des pelouses\u00a0: Interdit de 8h à 20h.",
        ],
      },
      {
        heading: "Eau superficielle\u00a0: Crise",
        lines: [
          "Pour l'eau prélevée dans les cours d'eau et rivières",
          "Zone\u00a0: Orb aval",
          "Arrêté\u00a0: en vigueur du 13\u00a0novembre\u00a02026 au 13\u00a0décembre\u00a02026",
          "1 restriction s'applique aux particuliers\u00a0:",
          "Arrosage des pelouses\u00a0: Interdit.",
          "Texte de l'arrêté\u00a0: https://example.invalid/arrete.pdf",
        ],
      },
      {
        heading: "Eau souterraine\u00a0: Vigilance",
        lines: [
          "Pour l'eau prélevée dans les nappes (puits, forages)",
          "Zone\u00a0: Nappe astienne",
          "Arrêté\u00a0: en vigueur du 13\u00a0novembre\u00a02026 au 13\u00a0décembre\u00a02026",
          "Aucune restriction ne concerne les particuliers.",
          "Texte de l'arrêté\u00a0: https://example.invalid/arrete.pdf",
        ],
      },
    ]);
  });
});

// ---------------------------------------------------------------- water

describe("water: the ARS verdict of the newest sample", () => {
  it.each([
    ["C", "Conforme", "good"],
    ["N", "Non conforme", "critical"],
    ["D", "Conforme sous dérogation", "concerning"],
  ] as const)("flag %s is « %s »", (flag, word, tone) => {
    const section = water([waterResult({ limitsPhysicochemical: flag, ...(flag === "C" ? {} : { rawValue: "58", numericValue: 58 }) })]);
    expect(waterHeadline(section)).toEqual({ word, tone, colors: null });
    expect(presentWater(section).dateLine).toBe("Prélèvement du 10\u00a0novembre\u00a02026, verdict de l'Agence régionale de santé");
  });

  it("without a verdict, speaks from the rows and does not claim the ARS's", () => {
    const section = water([waterResult({ limitsBacteriological: null, limitsPhysicochemical: null })]);
    expect(section.official_verdict).toBeNull();
    expect(waterHeadline(section)).toMatchObject({ word: "Conforme", tone: "good" });
    expect(presentWater(section).dateLine).toBe("Prélèvement du 10\u00a0novembre\u00a02026");
  });

  it("a tap-only exceedance (lead) keeps the ARS word, coloured « concerning », with its explanation", () => {
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
    const section = water([lead, waterResult({ sampleCode: "L" })]);
    expect(section.tap_only_exceedance).toBe(true);
    expect(waterHeadline(section)).toEqual({ word: "Non conforme", tone: "concerning", colors: null });
    expect(presentWater(section).notes).toContain(TAP_ONLY_TEXT);
  });

  it("an older non-compliance of the window is a note, never a red « Conforme »", () => {
    const older = waterResult({ sampleCode: "A", rawValue: "62", numericValue: 62, limitsPhysicochemical: "N", sampledAt: "2026-03-03T08:00:00Z" });
    const section = water([waterResult({ sampleCode: "B", rawValue: "41", numericValue: 41 }), older]);
    expect(waterHeadline(section)).toEqual({ word: "Conforme", tone: "good", colors: null });
    expect(presentWater(section).notes.join(" ")).toMatch(/^Dernière non-conformité des 12\u00a0derniers mois/);
  });

  it("a « Conforme » newest sample is never red, even when an older pesticide result makes the level critical", () => {
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
    const section = water([waterResult({ sampleCode: "Q" }), pesticide]);
    expect(section.level).toBe("critical");
    expect(waterHeadline(section)).toEqual({ word: "Conforme", tone: "concerning", colors: null });
  });

  it("says « Indisponible » when Hub'Eau failed and « Aucune analyse publiée » without a sample", () => {
    expect(waterHeadline(evaluateWaterQuality({ results: { ok: false, reason: "timeout" }, udi: null, udis: [], now: NOW }))).toMatchObject({
      word: "Indisponible",
      tone: "neutral",
    });
    expect(waterHeadline(water([]))).toMatchObject({ word: "Aucune analyse publiée", tone: "neutral" });
  });

  // Issue 23: « dépasse la limite de qualité de 24 % (50 mg/L) » reads as a limit of 24 %; and the
  // laboratory's « Escherichia coli /100ml - MF » is no name for a reader (arrêté du 11 janvier 2007,
  // annexe I: « Escherichia coli (E. coli) », « Entérocoques intestinaux »).
  it("rows: readable names, units in words, the laboratory's label only as a technical detail, « 62 mg/L, soit 24 % au-dessus de la limite de qualité (50 mg/L) »", () => {
    const section = water([
      waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" }),
      waterResult({
        parameterCode: "1449",
        parameterLabel: "Escherichia coli /100ml - MF",
        rawValue: "<1",
        numericValue: 0,
        unit: "n/(100mL)",
        qualityLimit: "<=0 n/(100mL)",
      }),
    ]);
    const [nitrates, ecoli] = presentWater(section).rows;
    expect(nitrates).toMatchObject({
      name: "Nitrates",
      labLabel: "Libellé du laboratoire\u00a0: Nitrates (en NO3)",
      value: "62\u00a0mg/L",
      badge: { word: "Non conforme", tone: "critical" },
    });
    expect(nitrates?.comparison).toBe("62\u00a0mg/L, soit 24\u00a0% au-dessus de la limite de qualité (50\u00a0mg/L)");
    expect(ecoli).toMatchObject({
      name: "Escherichia coli (E. coli)",
      labLabel: "Libellé du laboratoire\u00a0: Escherichia coli /100ml - MF",
      value: "<\u00a01\u00a0par 100 mL",
      badge: { word: "Non détecté" },
      comparison: "limite de qualité\u00a0: aucun germe toléré dans 100\u00a0mL",
    });
  });

  it("states chlorine as a fact with a taste note, never as a share of a threshold (no regulatory value)", () => {
    const chlorine = water([
      waterResult({ parameterCode: "1398", parameterLabel: "Chlore libre", rawValue: "0,15", numericValue: 0.15, unit: "mg/L", qualityLimit: null }),
    ]);
    expect(presentWater(chlorine).rows[0]).toMatchObject({
      comparison: "pas de limite réglementaire\u00a0; goût de chlore possible au-delà de 0,6\u00a0mg/L",
      gauge: null,
    });
  });
});

// ---------------------------------------------------------------- bathing

describe("issue 23: the same case in the same words on every channel", () => {
  // « The account says « Réseau d'eau non identifié » while the report, PDF and e-mail say « aucune
  // analyse publiée pour ce réseau » with « Réseau : Non précisé » »: two different cases.
  it("a known network without analyses says « aucune analyse publiée pour ce réseau » and names it; no known network says « Réseau d'eau non identifié pour cette adresse », as /compte", () => {
    const known = presentReport(report({ water: evaluateWaterQuality({ results: { ok: true, data: [] }, udi, udis: [udi], now: NOW }) }));
    expect(sentenceOf(known, "water")).toBe("Eau du robinet\u00a0: aucune analyse publiée pour ce réseau (AMIENS CENTRE).");
    expect(known.water.facts).toContainEqual({ term: "Réseau", value: "AMIENS CENTRE" });

    const none = presentReport(report({ water: evaluateWaterQuality({ results: { ok: true, data: [] }, udi: null, udis: [], now: NOW }) }));
    expect(sentenceOf(none, "water")).toBe("Eau du robinet\u00a0: réseau d'eau non identifié pour cette adresse, aucune analyse publiée.");
    expect(none.water.facts).toContainEqual({ term: "Réseau", value: "Non identifié pour cette adresse" });
    for (const text of [...none.summary.map((line) => line.text), ...none.advice.map((item) => item.text)]) expect(text).not.toMatch(/pour ce réseau/);
  });

  // « dont 2 « Non conforme » » → natural French, agreed with its number.
  it("a twelve-month summary counts verdicts in natural French: « dont 2 non conformes », never « dont 2 « Non conforme » »", () => {
    expect(countedVerdict("Non conforme", 2)).toBe("non conformes");
    expect(countedVerdict("Non conforme", 1)).toBe("non conforme");
    expect(countedVerdict("Non quantifié", 3)).toBe("non quantifiés");
    expect(countedVerdict("Référence dépassée (indicateur)", 2)).toBe("au-dessus de la référence de qualité");
  });
});

describe("bathing: the ministry's words", () => {
  it("a ban in force: « Baignade interdite »", () => {
    const section = bathing(
      [nearby({ live: live({ prohibition: { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" } }) })],
      SUMMER,
    );
    expect(bathingHeadline(section)).toEqual({ word: "Baignade interdite", tone: "critical", colors: null });
    expect(presentReport(report({ bathing: section, now: SUMMER })).bathing?.sites[0]?.facts[0]).toEqual({
      term: "Interdiction",
      value: "En vigueur depuis le 18\u00a0juillet\u00a02026 (raison sanitaire)",
    });
  });

  it("a ban of an earlier season is information with its season, never « Baignade interdite »", () => {
    const events = [{ type: "Interdiction sanitaire", start: "2024-07-18", end: null, measures: "Baignade interdite" }];
    const section = bathing([nearby({ live: null, record: record({ events }) })], NOW);
    expect(section.sites[0]?.prohibition).toMatchObject({ current: false, season: 2024 });
    expect(bathingHeadline(section).word).not.toBe("Baignade interdite");
    const presentation = presentReport(report({ bathing: section }));
    expect(presentation.bathing?.sites[0]?.facts[0]?.term).toBe("Information");
    expect(presentation.bathing?.sites[0]?.facts[0]?.value).toMatch(/^Interdiction signalée pendant la saison 2024, depuis le 18\u00a0juillet\u00a02024/);
  });

  it("in season, the latest sample's word (Bon, Moyen, Mauvais), with the live read", () => {
    const section = bathing([nearby({ live: live({ lastSample: { date: "2026-07-17", verdict: "Moyen" } }) })], SUMMER);
    expect(bathingHeadline(section)).toEqual({ word: "Moyen", tone: "acceptable", colors: null });
    const presentation = presentReport(report({ bathing: section, now: SUMMER })).bathing;
    expect(presentation?.liveRead).toMatch(/^Lu sur le site du ministère le 20\u00a0juillet\u00a02026/);
    expect(presentation?.sites[0]?.facts).toContainEqual({ term: "Dernier prélèvement", value: "Moyen, le 17\u00a0juillet\u00a02026" });
    expect(presentation?.sites[0]?.facts).toContainEqual({ term: "Classement", value: "Excellente (2025)" });
  });

  it("out of season: « Hors saison », one calm line for the site (no classement in our data: the official page says it)", () => {
    const section = bathing([nearby({ live: null })], NOW);
    expect(bathingHeadline(section)).toEqual({ word: "Hors saison", tone: "neutral", colors: null });
    const site = presentReport(report({ bathing: section })).bathing?.sites[0];
    expect(site?.facts).toEqual([]);
    expect(site?.line).toBe("Saison terminée\u00a0; classement\u00a0: voir la fiche officielle");
  });

  it("no site within 20 km: « Aucun site proche »", () => {
    expect(bathingHeadline(noBathing())).toEqual({ word: "Aucun site proche", tone: "neutral", colors: null });
  });
});

// ---------------------------------------------------------------- issue 23: the bathing card must not read like an error

describe("issue 23: the bathing card reads calmly, each value with its own year", () => {
  const site2 = (id: string, name: string) => ({ ...nearby().site, id, name });
  // The 2025 season record (the classement « Bonne » the ministry gave for 2025), read in November 2026.
  const record2025 = record({ season: 2025, seasonStart: "2025-06-15", seasonEnd: "2025-09-15", classement: "Bonne" });
  const nothingTechnical = /n'a pas pu|Non communiqué|indisponible|dernier bilan officiel/;

  it("out of season: one calm line per site, « Saison terminée ; dernier classement : Bonne (2025) », no « Non communiqué », no technical failure", () => {
    // The live page not answering out of season is not news (issue 23, « Out of season: one calm line »).
    const section = bathing([nearby({ live: null, record: record2025 })], NOW);
    const presentation = presentReport(report({ bathing: section })).bathing;
    expect(presentation.sites[0]?.line).toBe("Saison terminée\u00a0; dernier classement\u00a0: Bonne (2025)");
    expect(presentation.sites[0]?.facts).toEqual([]);
    expect(presentation.message).toBeNull();
    expect(presentation.liveRead).toBeNull();
    expect(JSON.stringify(presentation)).not.toMatch(nothingTechnical);
  });

  it("out of season, a ban of the summer stays as information above the one calm line", () => {
    const events = [{ type: "Interdiction sanitaire", start: "2025-07-18", end: null, measures: "Baignade interdite" }];
    const section = bathing([nearby({ live: null, record: { ...record2025, events } })], NOW);
    const site = presentReport(report({ bathing: section })).bathing.sites[0];
    expect(site?.facts.map((fact) => fact.term)).toEqual(["Information"]);
    expect(site?.line).toBe("Saison terminée\u00a0; dernier classement\u00a0: Bonne (2025)");
  });

  it("out of season before this season's printed start: « Saison 2027 à partir du 15 juin 2027 », the classement with its year", () => {
    const march = new Date("2027-03-10T10:00:00Z");
    const page = live({ fetchedAt: march.toISOString(), season: 2027, seasonStart: "2027-06-15", seasonEnd: "2027-09-15", lastSample: null });
    const section = bathing([nearby({ live: page, record: record2025 })], march);
    const site = presentReport(report({ bathing: section, now: march })).bathing.sites[0];
    expect(site?.line).toBe("Saison 2027 à partir du 15\u00a0juin\u00a02027\u00a0; dernier classement\u00a0: Excellente (2025)");
  });

  it("in season without the live page: said once and calmly, the last official classement with its year", () => {
    const section = bathing(
      [nearby({ live: null, record: record({ season: 2026, seasonStart: "2026-06-15", seasonEnd: "2026-09-15", classement: "Bonne" }) })],
      SUMMER,
    );
    const presentation = presentReport(report({ bathing: section, now: SUMMER })).bathing;
    expect(presentation.message).toBe(
      "Suivi en direct du ministère momentanément indisponible\u00a0: dernier classement officiel de chaque site, avec son année.",
    );
    expect(presentation.sites[0]?.line).toBeNull();
    expect(presentation.sites[0]?.facts).toContainEqual({ term: "Classement", value: "Bonne (2026)" });
    expect(JSON.stringify(presentation)).not.toMatch(/n'a pas pu/);
  });

  it("read live: no « dernier bilan officiel publié : saison 2024 » over a 2026 classement; each value with its own year", () => {
    const page = live({ classement: { year: 2026, label: "Bonne" }, lastSample: { date: "2026-07-17", verdict: "Bon" } });
    const section = bathing([nearby({ live: page })], SUMMER);
    expect(section.record_season).toBe(2024);
    const presentation = presentReport(report({ bathing: section, now: SUMMER })).bathing;
    expect(presentation.dateLine).toBeNull();
    expect(presentation.sites[0]?.facts).toContainEqual({ term: "Classement", value: "Bonne (2026)" });
    expect(presentation.sites[0]?.facts).toContainEqual({ term: "Dernier prélèvement", value: "Bon, le 17\u00a0juillet\u00a02026" });
    expect(JSON.stringify(presentation)).not.toMatch(/dernier bilan officiel|saison 2024/);
  });

  it("« Lu sur le site du ministère » once for the card, under its sites; an in-force ban still says where it was read", () => {
    const ban = live({ prohibition: { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" } });
    const section = bathing(
      [
        nearby({ site: site2("A", "LE CASINO"), live: ban }),
        nearby({ site: site2("B", "PLAGE DU PRADO"), live: live() }),
        nearby({ site: site2("C", "ORB-REALS"), live: live({ fetchedAt: "2026-07-20T06:30:00Z" }) }),
      ],
      SUMMER,
    );
    const presentation = presentReport(report({ bathing: section, now: SUMMER })).bathing;
    expect(presentation.sites[0]?.badge.word).toBe("Baignade interdite");
    expect(presentation.liveRead).toBe(
      "Lu sur le site du ministère le 20\u00a0juillet\u00a02026 à 12\u00a0h\u00a000 (le 20\u00a0juillet\u00a02026 à 8\u00a0h\u00a030 pour Orb-Reals)",
    );
    expect(JSON.stringify(presentation.sites)).not.toMatch(/Lu sur le site/);
    expect(JSON.stringify(presentation).match(/Lu sur le site du ministère/g)).toHaveLength(1);
  });

  it("sites read seconds apart within the same minute are one « Lu sur le site du ministère » line, with no parenthesis repeating it", () => {
    const section = bathing(
      [
        nearby({ site: site2("A", "ORB-REALS"), live: live({ fetchedAt: "2026-07-20T10:00:02Z" }) }),
        nearby({ site: site2("B", "ORB-CAMPING MUNICIPAL"), live: live({ fetchedAt: "2026-07-20T10:00:41Z" }) }),
      ],
      SUMMER,
    );
    expect(presentReport(report({ bathing: section, now: SUMMER })).bathing.liveRead).toBe(
      "Lu sur le site du ministère le 20\u00a0juillet\u00a02026 à 12\u00a0h\u00a000",
    );
  });

  it("site and commune names in readable case on the card and in the summary (« LE CASINO » → « Le Casino »)", () => {
    const section = bathing([nearby({ site: { ...site2("A", "LE CASINO"), communeName: "VALRAS-PLAGE" } })], SUMMER);
    const presentation = presentReport(report({ bathing: section, now: SUMMER }));
    expect(presentation.bathing.sites[0]?.name).toBe("Le Casino");
    expect(presentation.bathing.sites[0]?.place).toMatch(/^Valras-Plage · /);
    expect(sentenceOf(presentation, "bathing")).toMatch(/site le plus proche\u00a0: Le Casino/);
  });
});

// ---------------------------------------------------------------- issue 10, « Why »

describe("issue 10 « Why »: the report never contradicts its sources", () => {
  it("Amiens Nord, nitrates 44 mg/L and an ARS « conforme »: « Conforme, proche de la limite », not red", () => {
    const presentation = presentReport(report({ water: water([waterResult({ rawValue: "44", numericValue: 44 })]) }));
    expect(presentation.water.headline).toEqual({ word: "Conforme", tone: "good", colors: null });
    const [row] = presentation.water.rows;
    expect(row?.badge).toEqual({ word: "Conforme, proche de la limite", tone: "acceptable", colors: null });
    expect(row?.comparison).toBe("88\u00a0% de la limite de qualité (50\u00a0mg/L)");
    expect(row?.gauge).toEqual({ percent: 88, tone: "medium" });
    expect(JSON.stringify(presentation)).not.toMatch(/Limite atteinte|À surveiller/);
  });

  it("a total of pesticides of 0,32 µg/L (limit 0,5 µg/L) gives no pesticide advice", () => {
    const total = waterResult({
      parameterCode: "6276",
      parameterLabel: "Total des pesticides analysés",
      rawValue: "0,32",
      numericValue: 0.32,
      unit: "µg/L",
      qualityLimit: "<=0,5 µg/L",
    });
    const presentation = presentReport(report({ water: water([waterResult(), total]) }));
    expect(presentation.water.rows.find((row) => row.code === "6276")).toMatchObject({
      name: "Pesticides (total)",
      badge: { word: "Conforme" },
      comparison: "64\u00a0% de la limite de qualité (0,5\u00a0µg/L)",
    });
    expect(presentation.advice.map((advice) => advice.id)).not.toContain("water-pesticides");
    expect(presentation.advice.map((advice) => advice.title).join(" ")).not.toMatch(/Pesticides/);
  });

  it("the summary names a permanent ban of an earlier season, never the classement beside it (issue 21)", () => {
    // The 2024 record's wording: « Interdiction permanente de baignade suite à 5 années de classement insuffisant ».
    const events = [
      {
        type: "Interdiction sanitaire",
        start: "2024-01-01",
        end: null,
        measures: "Interdiction permanente de baignade suite à 5 années de classement insuffisant",
      },
    ];
    const stalePage = live({ fetchedAt: "2026-08-20T08:00:00Z", classement: { year: 2025, label: "Excellente" } });
    const presentation = presentReport(report({ bathing: bathing([nearby({ live: stalePage, record: record({ events }) })], NOW) }));
    const line = sentenceOf(presentation, "bathing");
    expect(line).toBe("Baignade\u00a0: hors saison\u00a0; site le plus proche\u00a0: Orb-Camping Municipal, interdiction permanente signalée (saison 2024).");
    expect(presentation.bathing?.sites[0]?.badge).toMatchObject({ word: "Interdiction permanente signalée", tone: "neutral" });
  });

  it("the summary says a ban read more than a day ago is « signalée », with the day it was read, to be checked (issue 21)", () => {
    const stale = live({
      fetchedAt: "2026-07-22T08:00:00Z",
      prohibition: { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" },
    });
    const presentation = presentReport(
      report({ bathing: bathing([nearby({ live: stale })], new Date("2026-08-11T08:00:00Z")), now: new Date("2026-08-11T08:00:00Z") }),
    );
    expect(sentenceOf(presentation, "bathing")).toBe(
      "Baignade\u00a0: interdiction signalée à Orb-Camping Municipal (à 12,9\u00a0km) le 22\u00a0juillet\u00a02026, à vérifier sur la fiche officielle.",
    );
    expect(presentation.bathing?.headline).toMatchObject({ word: "Interdiction signalée", tone: "concerning" });
  });

  it("Maraussan in November: an earlier season's ban on a river site is neither « Baignade interdite » nor an important advice", () => {
    const events = [{ type: "Interdiction sanitaire", start: "2024-07-18", end: null, measures: "Baignade interdite" }];
    const presentation = presentReport(report({ bathing: bathing([nearby({ live: null, record: record({ events }) })], NOW) }));
    expect(presentation.bathing?.headline.word).toBe("Hors saison");
    expect(sentenceOf(presentation, "bathing")).not.toMatch(/interdite/);
    expect(presentation.advice.filter((advice) => advice.category === "bathing" && advice.severity === "critical")).toEqual([]);
    expect(presentation.advice.map((advice) => advice.title).join(" ")).not.toMatch(/Baignade interdite/);
  });

  it("ATMO « Moyen » is « Moyen », VigiEau « Alerte » is « Alerte » and « Crise » is « Crise », in the headlines and the summary", () => {
    const alerte = presentReport(
      report({ air: air({ atmo: { ok: true, data: [atmoIndex({ code: 2, label: "Moyen" })] } }), drought: drought(["crise", "alerte"]) }),
    );
    expect(alerte.air.headline.word).toBe("Moyen");
    expect(alerte.drought.headline.word).toBe("Alerte");
    expect(sentenceOf(alerte, "air")).toBe("Air aujourd'hui\u00a0: Moyen (indice ATMO, Amiens).");
    // « restrictions d'usage »: the tap's level is about what its water may be used for, never about drinking it.
    expect(sentenceOf(alerte, "drought")).toBe("Sécheresse\u00a0: restrictions d'usage de l'eau du réseau, niveau Alerte.");
    const crise = presentReport(report({ drought: drought(["alerte", "crise"]) }));
    expect(crise.drought.headline.word).toBe("Crise");
    expect(crise.drought.zones.map((zone) => zone.badge.word)).toEqual(["Crise", "Alerte"]);
    for (const presentation of [alerte, crise]) {
      const words = [
        ...presentation.summary.flatMap((line) => (line.badge ? [line.badge.word] : [])),
        presentation.water.headline.word,
        presentation.air.headline.word,
        presentation.drought.headline.word,
      ];
      for (const word of words) expect(OUR_SCALE_WORDS.filter((ours) => ours !== "Bon")).not.toContain(word);
    }
  });

  it("the summary's « À retenir » line links with the advice's title, never « À retenir » alone (RGAA 6.1)", () => {
    // RGAA 4.1, criterion 6.1: « Chaque lien est-il explicite ? » — « À retenir » says nothing of where the link goes.
    const nitrates = water([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })]);
    const presentation = presentReport(report({ water: nitrates }));
    const line = presentation.summary[0];
    expect(line?.key).toBe("advice");
    expect(line?.linkText).toBe(presentation.advice[0]?.title);
    expect(line?.text.endsWith(line.linkText ?? "")).toBe(true);
  });

  it("the five-second summary: the most important advice first, then a sentence per domain that needs attention, then the calm ones on one line", () => {
    const nitrates = water([waterResult({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N" })]);
    // The tap zone's crise (a river's alone would be calm: decision 086).
    const presentation = presentReport(report({ water: nitrates, drought: drought(["alerte", "crise"]) }));
    // Issue 38: the domains that need attention (or could not be read: the builders' four newer ones) in full, in
    // the cards' order; the calm ones grouped, in the cards' order too.
    expect(presentation.summary.map((line) => line.key)).toEqual(["advice", "water", "drought", "weather", "pollen", "uv", "radon", "calm"]);
    expect(presentation.summary.at(-1)?.calm?.map((entry) => entry.label)).toEqual(["Air aujourd'hui", "Baignade"]);
    expect(presentation.advice[0]).toMatchObject({ category: "water", prominent: true, severityLabel: "Important" });
    expect(presentation.advice[0]?.title).toMatch(/femmes enceintes et les nourrissons/);
    expect(presentation.summary[0]?.text).toBe(`À retenir\u00a0: ${presentation.advice[0]?.title}`);
    expect(presentation.summary[1]?.text).toBe(
      "Eau du robinet\u00a0: non conforme (prélèvement du 10\u00a0novembre\u00a02026, réseau AMIENS CENTRE) – Nitrates 62\u00a0mg/L.",
    );
    // At most one prominent box per domain.
    const prominent = presentation.advice.filter((advice) => advice.prominent).map((advice) => advice.category);
    expect(new Set(prominent).size).toBe(prominent.length);
  });
});
