// The indice pollen (issue 26, item 1): the official index of the regional agencies (AASQA),
// gathered by Atmo France, for the commune's own day, tomorrow and the day after.
//
// Atmo France, « L'indice pollen » (https://www.atmo-france.org/article/lindice-pollen), in
// substance (paraphrased, not quoted): one index per commune for six taxa (aulne, bouleau,
// olivier, graminées, armoise, ambroisie), for the day and the two following days, on six levels
// Très faible, Faible, Modéré, Élevé, Très élevé, Extrêmement élevé (0 Indisponible), in
// metropolitan France and Corsica; the recorded answer (tests/fixtures/pollen) writes « Faible ».
import { describe, expect, it } from "vitest";
import { evaluatePollen, hasOfficialPollenIndex } from "../../../src/sections/pollen/evaluate.ts";
import { selectRecommendations } from "../../../src/core/recommendations/select.ts";
import type { AirQualitySection, DroughtSection, SourceResult, WaterQualitySection } from "../../../src/core/types.ts";
import type { PollenIndex, PollenSection } from "../../../src/sections/pollen/types.ts";
import { noBathing, NOW, pollenIndex } from "./builders.ts";

const ok = (data: PollenIndex[]): SourceResult<PollenIndex[]> => ({ ok: true, data });
const evaluate = (data: PollenIndex[], citycode = "80021", now = NOW) => evaluatePollen({ indices: ok(data), now, citycode });

const THREE_DAYS = [
  pollenIndex({ date: "2026-11-21", code: 4, label: "Élevé" }),
  pollenIndex({ date: "2026-11-22" }),
  pollenIndex({
    date: "2026-11-23",
    code: 3,
    label: "Modéré",
    taxa: { aulne: 1, bouleau: 3, olivier: 1, armoise: 1, graminees: 3, ambroisie: 1 },
    responsible: "BETULA GRAMINEE",
  }),
  pollenIndex({ date: "2026-11-24", code: 3, label: "Modéré" }),
  pollenIndex({ date: "2026-11-25", code: 5, label: "Très élevé" }),
];

describe("evaluatePollen", () => {
  it("the headline is today's overall index in the agency's words, and the section shows today, tomorrow and the day after only", () => {
    const section = evaluate(THREE_DAYS);
    expect(section).toMatchObject({ success: true, level: "good", origin: "atmo", not_covered: false, day: "2026-11-22", message: null });
    expect(section.zone).toEqual({ code: "80021", name: "Amiens" });
    expect(section.days.map((day) => [day.date, day.label])).toEqual([
      ["2026-11-22", "Faible"],
      ["2026-11-23", "Modéré"],
      ["2026-11-24", "Modéré"],
    ]);
    expect(section.source.name).toBe("Indice pollen (Atmo Hauts-de-France)");
  });

  it("each taxon gets the scale's official word for its code, in the agencies' order (aulne, bouleau, olivier, graminées, armoise, ambroisie)", () => {
    const tomorrow = evaluate(THREE_DAYS).days[1]!;
    expect(tomorrow.taxa.map((taxon) => [taxon.name, taxon.label, taxon.level])).toEqual([
      ["Aulne", "Très faible", "good"],
      ["Bouleau", "Modéré", "acceptable"],
      ["Olivier", "Très faible", "good"],
      ["Graminées", "Modéré", "acceptable"],
      ["Armoise", "Très faible", "good"],
      ["Ambroisie", "Très faible", "good"],
    ]);
    const unpublished = evaluate([pollenIndex({ taxa: { aulne: null, bouleau: 1, olivier: null, armoise: 1, graminees: 2, ambroisie: 1 } })]).days[0]!;
    expect(unpublished.taxa[0]).toEqual({ taxon: "aulne", name: "Aulne", code: null, label: null, level: "unavailable" });
  });

  it("the responsible taxa are the agency's own pollen_resp, in French (« BETULA GRAMINEE » → Bouleau, Graminées)", () => {
    expect(evaluate(THREE_DAYS).days[1]!.responsible).toEqual(["Bouleau", "Graminées"]);
    // Without pollen_resp: the taxa at the day's overall level.
    const fallback = evaluate([
      pollenIndex({ responsible: null, code: 4, label: "Élevé", taxa: { aulne: 1, bouleau: 4, olivier: 1, armoise: 1, graminees: 4, ambroisie: 1 } }),
    ]);
    expect(fallback.days[0]!.responsible).toEqual(["Bouleau", "Graminées"]);
    // « Très faible » everywhere (out of season) names no taxon: not « Très faible (… Graminées …) » in December.
    const winter = evaluate([
      pollenIndex({ responsible: null, code: 1, label: "Très faible", taxa: { aulne: 1, bouleau: 1, olivier: 1, armoise: 1, graminees: 1, ambroisie: 1 } }),
    ]);
    expect(winter.days[0]!.responsible).toEqual([]);
  });

  it("the levels follow the scale: Très faible and Faible good, Modéré acceptable, Élevé concerning, Très élevé and Extrêmement élevé critical", () => {
    const levels = [1, 2, 3, 4, 5, 6].map((code) => evaluate([pollenIndex({ code, label: String(code) })]).level);
    expect(levels).toEqual(["good", "good", "acceptable", "concerning", "critical", "critical"]);
  });

  it("code 0 is « Indisponible », never a level: the section says the agency did not compute today's index", () => {
    const section = evaluate([
      pollenIndex({ code: 0, label: "Indisponible", taxa: { aulne: 0, bouleau: 0, olivier: 0, armoise: 0, graminees: 0, ambroisie: 0 }, responsible: null }),
    ]);
    expect(section.level).toBe("unavailable");
    expect(section.days[0]).toMatchObject({ code: 0, label: "Indisponible", color: null, level: "unavailable", responsible: [] });
    expect(section.message).toBe("L'indice pollen du jour est publié «\u00a0Indisponible\u00a0»\u00a0: l'agence ne l'a pas calculé aujourd'hui.");
  });

  it("nothing published for today is said, never read as a low level", () => {
    const section = evaluate([pollenIndex({ date: "2026-11-23", code: 3, label: "Modéré" })]);
    expect(section).toMatchObject({ success: true, level: "unavailable", message: "Aucun indice pollen n'est publié pour la commune aujourd'hui." });
    expect(evaluate([])).toMatchObject({ success: true, level: "unavailable", origin: null, days: [] });
  });

  it("« today » is the commune's own day (todayForCommune): at 23:30 UTC it is already tomorrow in Paris", () => {
    const lateEvening = new Date("2026-11-22T23:30:00Z");
    const section = evaluate(THREE_DAYS, "80021", lateEvening);
    expect(section.day).toBe("2026-11-23");
    expect(section.days[0]).toMatchObject({ date: "2026-11-23", label: "Modéré" });
  });

  it("overseas (971–978, 98x) has no official index: not_covered with a plain message, never a model value", () => {
    for (const citycode of ["97101", "97209", "97302", "97411", "97502", "97611", "97701", "97801", "98735", "98818"]) {
      expect(hasOfficialPollenIndex(citycode)).toBe(false);
      const section = evaluate(THREE_DAYS, citycode);
      expect(section).toMatchObject({ not_covered: true, level: "unavailable", origin: null, days: [] });
      expect(section.message).toBe(
        "Il n'existe pas d'indice pollen officiel pour ce territoire\u00a0: les associations agréées de surveillance de la qualité de l'air le publient pour la France métropolitaine et la Corse.",
      );
    }
    expect(hasOfficialPollenIndex("2A004")).toBe(true);
    expect(hasOfficialPollenIndex("75056")).toBe(true);
  });

  it("a failed read makes the section unavailable, with a message", () => {
    const section = evaluatePollen({ indices: { ok: false, reason: "invalid", detail: "unexpected payload" }, now: NOW, citycode: "80021" });
    expect(section).toMatchObject({ success: false, level: "unavailable", not_covered: false, days: [] });
    expect(section.message).toBe("L'indice pollen n'a pas pu être lu\u00a0: la source est momentanément indisponible.");
  });
});

describe("the advice to allergic people, in season only", () => {
  // Ministère chargé de la santé, « Pollens et allergies » (paraphrased): rincer les cheveux le soir, aérer
  // avant le lever et après le coucher du soleil, éviter les activités qui exposent (tonte,
  // jardinage, sport), vitres fermées en voiture, pas de linge dehors, éviter les autres irritants.
  const water = { success: false, level: "unavailable" } as WaterQualitySection;
  const air = { success: false, level: "unavailable", index: null } as AirQualitySection;
  const drought = { success: false, level: "unavailable", gravity: null, zones: [] } as unknown as DroughtSection;
  const advice = (pollen: PollenSection) =>
    selectRecommendations({ water, air, drought, bathing: noBathing(), pollen, now: NOW }).filter((recommendation) => recommendation.category === "pollen");

  it("the indice pollen « Modéré » or worse today or tomorrow brings the ministry's advice, naming the day and the taxa", () => {
    const [only, ...rest] = advice(evaluate(THREE_DAYS));
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      id: "pollen-allergy",
      severity: "info",
      title: "Pollens «\u00a0Modéré\u00a0» demain\u00a0: conseils aux personnes allergiques",
    });
    expect(only?.text).toContain("Indice pollen de demain\u00a0: Modéré (Bouleau, Graminées).");
    expect(only?.text).toContain("rincez-vous les cheveux le soir");
    expect(only?.text).toContain("aérez votre logement avant le lever et après le coucher du soleil");
    expect(only?.source.url).toBe("https://sante.gouv.fr/sante-et-environnement/air-exterieur/pollens-et-allergies/");
  });

  it("« Élevé » or worse is a warning; the worse of today and tomorrow is named", () => {
    const section = evaluate([pollenIndex({ code: 4, label: "Élevé" }), pollenIndex({ date: "2026-11-23", code: 3, label: "Modéré" })]);
    expect(advice(section)[0]).toMatchObject({
      severity: "warning",
      title: "Pollens «\u00a0Élevé\u00a0» aujourd'hui\u00a0: conseils aux personnes allergiques",
    });
  });

  it("out of season (Très faible or Faible today and tomorrow), code 0, overseas or a failed read: no pollen advice", () => {
    expect(advice(evaluate([pollenIndex(), pollenIndex({ date: "2026-11-23", code: 1, label: "Très faible" })]))).toEqual([]);
    // The day after tomorrow alone does not count: the advice is about today and tomorrow.
    expect(advice(evaluate([pollenIndex(), pollenIndex({ date: "2026-11-24", code: 5, label: "Très élevé" })]))).toEqual([]);
    expect(advice(evaluate([pollenIndex({ code: 0, label: "Indisponible" })]))).toEqual([]);
    expect(advice(evaluate(THREE_DAYS, "97101"))).toEqual([]);
    expect(advice(evaluatePollen({ indices: { ok: false, reason: "timeout" }, now: NOW, citycode: "80021" }))).toEqual([]);
  });
});
