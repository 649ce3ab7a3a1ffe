// Issue 21, air: the model never contradicts the official index, each official word is said as
// the ATMO scale says it, and overseas territories live on their own clock.
//
// Arrêté du 10 juillet 2020 relatif à l'indice de la qualité de l'air ambiant, art. 3 and annexe I:
// « L'indice […] est déterminé à partir des sous-indices de chacun des polluants […]. L'indice est
// égal au sous-indice le plus dégradé », on the scale « bon, moyen, dégradé, mauvais, très
// mauvais, extrêmement mauvais », each with its own colour; the feed adds « indisponible » (code 0)
// and « événement » (code 7) outside that scale.
import { describe, expect, it } from "vitest";
import { ATMO_COLORS, evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { diffAir } from "../../../src/sections/air/alert.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { airHeadline, deriveAddressInfo, presentReport } from "../../../src/core/report/index.ts";
import type { Address, AirQualitySection, AtmoIndex, Report } from "../../../src/core/types.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { normaliseAtmoDate } from "../../../src/sources/atmo/to-domain.ts";
import { MAIN_SCENARIO } from "../../fixtures/scenarios.ts";
import { atmoIndex, camsEstimate, noBathing, NOW, waterResult } from "./builders.ts";
import { unreadSections } from "../../helpers/unread-sections.ts";
import { assembleNamed } from "../../helpers/assemble.ts";

/** A section's own sentence (its document's), whether « L'essentiel » lists it in full or on its calm line (decision 084). */
const sentenceOf = (presentation: { sections: ReadonlyArray<{ key: string; summary: string }> }, key: string) =>
  presentation.sections.find((section) => section.key === key)?.summary;

const AMIENS: Address = { ...MAIN_SCENARIO, context: "80, Somme, Hauts-de-France", type: "housenumber", score: 0.97 };

const ATMO_WORDS = /«\s?(Bon|Moyen|Dégradé|Mauvais|Très mauvais|Extrêmement mauvais)\s?»|\b(Bon|Moyen|Dégradé|Mauvais)\b/;

/** Amiens today: « Moyen » officially because of ozone (code_o3 2), the rest « Bon ». */
const AMIENS_MOYEN_BY_OZONE = atmoIndex({ code: 2, label: "Moyen", color: "#50CCAA", subIndices: { no2: 1, o3: 2, pm10: 1, pm25: 1, so2: 1 } });
/** The model's day at Amiens: ozone's highest hour 48 µg/m³, inside « Bon »'s band (≤ 50) on the sub-index scale. */
const CALM_MODEL_DAY = camsEstimate({ pm2_5: 13.7, pm10: 19.8, no2: 38, o3: 48, so2: 3.5 });

function airOf(indices: AtmoIndex[], input: Partial<Parameters<typeof evaluateAirQuality>[0]> = {}): AirQualitySection {
  return evaluateAirQuality({ citycode: "80021", atmo: { ok: true, data: indices }, cams: { ok: true, data: CALM_MODEL_DAY }, now: NOW, ...input });
}

function reportWith(air: AirQualitySection, now: Date = NOW): Report {
  const udi = { code: "080000512", name: "AMIENS CENTRE", quarter: null };
  return assembleNamed({
    ...unreadSections(now, "80021"),
    address: AMIENS,
    addressInfo: deriveAddressInfo(AMIENS),
    water: evaluateWaterQuality({ results: { ok: true, data: [waterResult()] }, udi, udis: [udi], now }),
    air,
    drought: evaluateDrought({ zones: { ok: true, data: [] }, now, citycode: "80021" }),
    bathing: noBathing(now),
    now,
  });
}

describe("where an official ATMO index exists, its sub-indices are the facts; the model never contradicts it", () => {
  it("Amiens « Moyen » by ozone: the official sub-indices in ATMO words and colours, the model's values as numbers labelled « estimation du modèle CAMS », never an ATMO word", () => {
    const air = airOf([AMIENS_MOYEN_BY_OZONE]);
    expect(air.sub_indices).toContainEqual({ code: "o3", label: "Ozone (O3)", index_code: 2, index_label: "Moyen" });
    expect(air.responsible_pollutant?.code).toBe("o3");

    const presentation = presentReport(reportWith(air)).air;
    expect(presentation.subIndices.find((sub) => sub.name === "Ozone (O3)")?.badge).toEqual({ word: "Moyen", tone: "acceptable", colors: ATMO_COLORS[2] });
    expect(presentation.subIndices.map((sub) => sub.badge.word)).toEqual(["Bon", "Bon", "Bon", "Moyen", "Bon"]);
    // The model's ozone (48 µg/m³) would read « Bon » on the sub-index scale: beside the official
    // « Moyen », it is a number only.
    expect(presentation.modelValues).toContain("Ozone (O3)\u00a0: 48\u00a0µg/m³ (maximum horaire du jour)");
    for (const value of presentation.modelValues) expect(value).not.toMatch(ATMO_WORDS);
    expect(presentation.notes.join(" ")).toMatch(/Estimation du modèle CAMS/);
    expect(presentation.facts.map((fact) => fact.value).join(" ")).not.toMatch(/estimation/i);
  });

  it("without an official index, the CAMS estimate keeps its bands and is always said to be a model estimate", () => {
    const air = airOf([]);
    expect(air.sub_indices).toEqual([]);
    const presentation = presentReport(reportWith(air)).air;
    expect(presentation.headline.word).toBe("Moyen (estimation)");
    expect(presentation.modelValues).toContain("Particules fines (PM2,5)\u00a0: 13,7\u00a0µg/m³ (moyenne du jour ; «\u00a0Moyen\u00a0» jusqu'à 20\u00a0µg/m³)");
    expect(presentation.notes.join(" ")).toMatch(/modèle Copernicus CAMS.*pas des mesures/);
    expect(presentation.subIndices).toEqual([]);
  });

  it.each([
    [1, "Bon", { pm2_5: 8 }],
    [2, "Moyen", { pm2_5: 15 }],
    [3, "Dégradé", { pm2_5: 22 }],
    [4, "Mauvais", { pm2_5: 30 }],
    [5, "Très mauvais", { pm2_5: 60 }],
    [6, "Extrêmement mauvais", { pm2_5: 80 }],
  ] as const)("one word, one colour: code %i estimated by the model wears ATMO's colour for « %s » (atmo-scale.ts)", (code, word, values) => {
    const official = airHeadline(airOf([atmoIndex({ code, label: word })]));
    const estimated = airHeadline(airOf([], { cams: { ok: true, data: camsEstimate(values) } }));
    expect(estimated.word).toBe(`${word} (estimation)`);
    expect(estimated.colors).toEqual(official.colors);
    expect(estimated.colors).toEqual(ATMO_COLORS[code]);
  });
});

describe("ATMO code 0 « Indisponible » is said as such, never as « Bon » nor as a silent absence", () => {
  const unavailable = atmoIndex({ code: 0, label: "Indisponible", color: null, subIndices: { no2: null, o3: null, pm10: null, pm25: null, so2: null } });

  it("with the model: the section says the official index is « Indisponible » for the day, and that the level shown is the model's estimate", () => {
    const air = airOf([unavailable]);
    expect(air).toMatchObject({ origin: "cams", official_unavailable: { date: "2026-11-22", zone: "Amiens", zone_type: "commune" } });
    expect(air.message).toMatch(/^L'indice ATMO officiel d'aujourd'hui est «\u00a0Indisponible\u00a0» pour cette commune/);
    expect(air.message).toMatch(/estimation modélisée, pas une mesure officielle/);
    const presentation = presentReport(reportWith(air));
    expect(presentation.air.facts).toContainEqual({ term: "Indice ATMO", value: "Indisponible (non calculé pour le 22\u00a0novembre\u00a02026)" });
    expect(presentation.air.headline.word).toBe("Moyen (estimation)");
    expect(sentenceOf(presentation, "air")).toMatch(/estimation modélisée, indice ATMO officiel «\u00a0Indisponible\u00a0»/);
  });

  it("without the model: the headline is ATMO's « Indisponible », the level unavailable, no advice", () => {
    const air = airOf([unavailable], { cams: { ok: false, reason: "timeout" } });
    expect(air).toMatchObject({ success: true, level: "unavailable", index: null, origin: null });
    expect(air.message).toBe(
      "L'indice ATMO officiel d'aujourd'hui est «\u00a0Indisponible\u00a0» pour cette commune (l'agence de surveillance de la qualité de l'air ne l'a pas calculé), et aucune estimation du modèle n'est disponible.",
    );
    const report = reportWith(air);
    expect(airHeadline(air)).toEqual({ word: "Indisponible", tone: "neutral", colors: null });
    expect(presentReport(report).air.facts).toContainEqual({ term: "Indice ATMO", value: "Indisponible (non calculé pour le 22\u00a0novembre\u00a02026)" });
    expect(report.recommendations.filter((advice) => advice.category === "air")).toEqual([]);
  });

  it("the commune « Indisponible » but its intercommunality published: the EPCI's index, and the note says why", () => {
    const epci = { code: "248000531", name: "CA Amiens Métropole" };
    const epciIndex = atmoIndex({ zoneCode: epci.code, zoneName: epci.name, zoneType: "epci", code: 2, label: "Moyen" });
    const air = airOf([unavailable, epciIndex], { epci });
    expect(air).toMatchObject({ origin: "atmo", index: { label: "Moyen", zone_type: "epci" }, official_unavailable: null });
    expect(air.message).toBe(
      "L'indice de la commune elle-même est publié «\u00a0Indisponible\u00a0» aujourd'hui\u00a0: voici celui de son intercommunalité (CA Amiens Métropole).",
    );
  });
});

describe("advice titles name each official word", () => {
  it.each([
    [3, "Dégradé"],
    [4, "Mauvais"],
    [5, "Très mauvais"],
    [6, "Extrêmement mauvais"],
  ] as const)("ATMO code %i « %s » titles its advice with its own word, never « Air dégradé » for another one", (code, word) => {
    const report = reportWith(airOf([atmoIndex({ code, label: word })]));
    const advice = report.recommendations.find((item) => item.id === "air-poor");
    expect(advice?.title).toBe(`Air «\u00a0${word}\u00a0»\u00a0: adaptez vos activités à l'extérieur`);
    if (code > 3) expect(advice?.title).not.toMatch(/dégradé/i);
  });

  it("a model estimate says so in the advice title", () => {
    const report = reportWith(airOf([], { cams: { ok: true, data: camsEstimate({ no2: 150 }) } }));
    expect(report.recommendations.find((item) => item.id === "air-poor")?.title).toBe(
      "Air «\u00a0Mauvais\u00a0» (estimation)\u00a0: adaptez vos activités à l'extérieur",
    );
  });
});

describe("an « Événement » forecast for tomorrow never sends the pollution-episode advice", () => {
  // Code 7 is an incident with unusual emissions (fire, industrial plume) for which the agency
  // computes no index: not a rank of the scale, so not an « épisode » of Dégradé or worse.
  const withEventTomorrow = airOf([atmoIndex({ code: 1 }), atmoIndex({ date: "2026-11-23", code: 7, label: "Événement" })]);

  it("the alert uses the event's own words (the prefecture and the agency), not the advice to vulnerable people", () => {
    const diff = diffAir(null, withEventTomorrow, NOW);
    expect(diff.events).toHaveLength(1);
    const [event] = diff.events;
    expect(event).toMatchObject({ kind: "air-event", key: "air:event:2026-11-23", severity: "warning" });
    expect(event?.title).toBe("Qualité de l'air demain\u00a0: «\u00a0Événement\u00a0» signalé");
    expect(event?.lines.join(" ")).toMatch(/préfecture/);
    expect(event?.lines.join(" ")).not.toMatch(/personnes vulnérables|sport intense|dégradé/i);
    // Once per run of consecutive days, like an episode; the episode's own state is untouched.
    expect(diff.next).toEqual({ episodeLastDay: null, eventLastDay: "2026-11-23" });
    expect(diffAir(diff.next, withEventTomorrow, NOW)).toEqual({ events: [], next: null });
  });

  it("today's advice is today's: a « Bon » day with an « Événement » tomorrow gets no air advice", () => {
    expect(reportWith(withEventTomorrow).recommendations.filter((advice) => advice.category === "air")).toEqual([]);
  });
});

describe("overseas on its own clock: the commune's local day chooses the ATMO record, the model's day and tomorrow", () => {
  // 20:30 UTC on 25 November: 00:30 on the 26th in Réunion (UTC+4), still 21:30 on the 25th in Paris.
  const JUST_AFTER_MIDNIGHT_IN_REUNION = new Date("2026-11-25T20:30:00Z");
  const saintDenis = (overrides: Partial<AtmoIndex>) =>
    atmoIndex({ zoneCode: "97411", zoneName: "Saint-Denis", agency: "Atmo Réunion", subIndices: { no2: 1, o3: 1, pm10: 1, pm25: 1, so2: 1 }, ...overrides });
  const indices = [
    saintDenis({ date: "2026-11-25", code: 1, label: "Bon" }),
    saintDenis({ date: "2026-11-26", code: 4, label: "Mauvais", subIndices: { no2: 1, o3: 1, pm10: 4, pm25: 2, so2: 1 } }),
    saintDenis({ date: "2026-11-27", code: 3, label: "Dégradé" }),
  ];

  it("just after midnight in Réunion, « Air aujourd'hui » is Réunion's new day, not yesterday's index", () => {
    const air = evaluateAirQuality({
      citycode: "97411",
      atmo: { ok: true, data: indices },
      cams: { ok: true, data: camsEstimate({ day: "2026-11-26" }) },
      now: JUST_AFTER_MIDNIGHT_IN_REUNION,
    });
    expect(air).toMatchObject({ day: "2026-11-26", index: { date: "2026-11-26", label: "Mauvais" }, tomorrow: { date: "2026-11-27", label: "Dégradé" } });
    // The model's day is Réunion's too: its estimate for the 26th is today's.
    expect(air.pollutants.pm2_5).toBeDefined();
    expect(presentReport(reportWith(air, JUST_AFTER_MIDNIGHT_IN_REUNION)).air.dateLine).toBe("Indice du 26\u00a0novembre\u00a02026");
  });

  it("late in the evening in Guadeloupe, « today » is still Guadeloupe's day, not Paris's", () => {
    const now = new Date("2026-11-26T02:00:00Z"); // 22:00 on the 25th in Guadeloupe, 03:00 on the 26th in Paris
    const abymes = (date: string, code: number, label: string) => atmoIndex({ zoneCode: "97101", zoneName: "Les Abymes", date, code, label });
    const air = evaluateAirQuality({
      citycode: "97101",
      atmo: { ok: true, data: [abymes("2026-11-25", 1, "Bon"), abymes("2026-11-26", 3, "Dégradé")] },
      cams: { ok: false, reason: "timeout" },
      now,
    });
    expect(air).toMatchObject({ day: "2026-11-25", index: { date: "2026-11-25", label: "Bon" }, tomorrow: { date: "2026-11-26", label: "Dégradé" } });
  });

  it("the alert run reads tomorrow as the commune's tomorrow (Réunion: the 27th, not the 26th)", () => {
    const air = evaluateAirQuality({
      citycode: "97411",
      atmo: { ok: true, data: indices },
      cams: { ok: false, reason: "timeout" },
      now: JUST_AFTER_MIDNIGHT_IN_REUNION,
    });
    expect(diffAir(null, air, JUST_AFTER_MIDNIGHT_IN_REUNION).events).toMatchObject([{ key: "air:episode:2026-11-27", kind: "air-episode" }]);
  });

  it("an ATMO day stored as the territory's midnight in UTC is read in the territory's zone (Réunion midnight is 20:00Z the day before)", () => {
    expect(normaliseAtmoDate("2026-11-25T20:00:00Z", "Indian/Reunion")).toBe("2026-11-26");
    // The recorded Gwad'Air form: Guadeloupe midnight of the 8th is 04:00Z on the 8th.
    expect(normaliseAtmoDate("2025-11-08T04:00:00Z", "America/Guadeloupe")).toBe("2025-11-08");
    // A day written at UTC midnight is that day, wherever the commune is.
    expect(normaliseAtmoDate("2026-11-26T00:00:00Z", "America/Guadeloupe")).toBe("2026-11-26");
    expect(normaliseAtmoDate("2026-11-21T23:00:00Z")).toBe("2026-11-22");
  });
});
