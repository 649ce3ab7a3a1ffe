import { describe, expect, it } from "vitest";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { selectRecommendations } from "../../../src/core/recommendations/index.ts";
import { deriveAddressInfo, droughtHeadline, presentReport } from "../../../src/core/report/index.ts";
import type { Address, DroughtGravity, DroughtSection, DroughtZone } from "../../../src/core/types.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { CRISIS_SCENARIO } from "../../fixtures/scenarios.ts";
import { atmoIndex, camsEstimate, droughtZone, noBathing, NOW, waterResult } from "./builders.ts";
import { unreadSections } from "../../helpers/unread-sections.ts";
import { assembleNamed } from "../../helpers/assemble.ts";

/** A section's own sentence (its document's), whether « L'essentiel » lists it in full or on its calm line (decision 084). */
const sentenceOf = (presentation: { sections: ReadonlyArray<{ key: string; summary: string }> }, key: string) =>
  presentation.sections.find((section) => section.key === key)?.summary;

const NBSP = "\u00A0";
const evaluate = (zones: DroughtZone[], now = NOW, citycode = "80021") => evaluateDrought({ zones: { ok: true, data: zones }, now, citycode });

/** Maraussan (34148), as in the demo: the river zone in crise, the drinking-water network in alerte, under one decree. */
const MARAUSSAN_DECREE = { start: "2026-11-17", end: "2026-12-17", url: "https://example.invalid/34668.pdf", frameworkUrl: null };
/** One restricted use, as VigiEau lists it: [name, theme, description, concerns individuals]. */
type Usage = [string, string, string, boolean];
const usages = (rows: Usage[]) => rows.map(([name, theme, description, concernsIndividuals]) => ({ name, theme, description, concernsIndividuals }));
const LAWNS_AND_CARS: Usage[] = [
  ["Arrosage des pelouses, massifs fleuris", "Arroser", "Interdit.", true],
  ["Lavage de véhicules par des particuliers", "Nettoyer", "Interdit.", true],
];
const MARAUSSAN_SUP = droughtZone({
  id: 2418,
  type: "SUP",
  gravity: "crise",
  name: "Bassin versant de l'Orb à l'aval de la confluence avec le Jaur",
  decree: MARAUSSAN_DECREE,
  usages: usages([
    ["Travaux en cours d'eau", "Travaux et activités en cours d'eau", "Report des travaux.", true],
    ["Irrigation par aspersion des cultures", "Irriguer", "Voir l'arrêté.", false],
    ...LAWNS_AND_CARS,
  ]),
});
const MARAUSSAN_AEP = droughtZone({
  id: 2611,
  type: "AEP",
  gravity: "alerte",
  name: "Réseaux d'eau potable alimentés par la nappe alluviale de l'Orb",
  decree: MARAUSSAN_DECREE,
  usages: usages([["Arrosage des pelouses, massifs fleuris", "Arroser", "Interdit de 8h à 20h.", true], LAWNS_AND_CARS[1]!]),
});

describe("evaluateDrought", () => {
  it("is unavailable, with a French message, when VigiEau fails", () => {
    const section = evaluateDrought({ zones: { ok: false, reason: "http" }, now: NOW, citycode: "80021" });
    expect(section).toMatchObject({ success: false, level: "unavailable", restrictions: [], decree: null, zones: [] });
    expect(section.message).toMatch(/momentanément indisponibles/);
    expect(section.source.name).toBe("VigiEau");
  });

  it("is good « Aucune restriction » with no zone in restriction", () => {
    expect(evaluate([])).toMatchObject({
      success: true,
      level: "good",
      gravity: null,
      label: "Aucune restriction",
      restrictions: [],
      decree: null,
      zone: null,
      zones: [],
      message: null,
    });
  });

  it.each([
    ["vigilance", "good", "Vigilance"],
    ["alerte", "concerning", "Alerte"],
    ["alerte_renforcee", "critical", "Alerte renforcée"],
    // The specification's « Crise → acceptable » is a defect: crise is the most severe level.
    ["crise", "critical", "Crise"],
  ] as Array<[DroughtGravity, string, string]>)("%s → %s « %s », for the section and its zone", (gravity, level, label) => {
    const section = evaluate([droughtZone({ gravity })]);
    expect(section).toMatchObject({ level, label, gravity });
    expect(section.zones).toEqual([expect.objectContaining({ gravity, level, label })]);
  });

  it("shows a single zone with its water type, official word, decree and restrictions for individuals only", () => {
    const section = evaluate([droughtZone()]);
    expect(section.zones).toEqual([
      {
        type: "SUP",
        type_label: "Eau superficielle",
        type_hint: "l'eau prélevée dans les cours d'eau et rivières",
        name: "Somme aval et Avre",
        gravity: "alerte",
        label: "Alerte",
        level: "concerning",
        restrictions: [
          { usage: "Arrosage des pelouses, massifs fleuris", thematique: "Arroser", description: "Interdit de 9h à 20h." },
          { usage: "Lavage de véhicules par des particuliers", thematique: "Nettoyer", description: "Interdit à domicile." },
        ],
        decree: { start: "2026-11-13", end: "2026-12-13", url: "https://example.invalid/arrete.pdf" },
      },
    ]);
    expect(section).toMatchObject({
      zone: { name: "Somme aval et Avre", type: "SUP" },
      decree: { start: "2026-11-13", end: "2026-12-13", url: "https://example.invalid/arrete.pdf" },
      restrictions: section.zones[0]?.restrictions,
      message: null,
    });
  });

  it("Maraussan: the drinking-water zone in alerte no longer disappears behind the river's crise", () => {
    // The zones are listed households' water first (AEP, then SUP), the headline is the worst
    // zone's: the input order must not matter.
    for (const data of [
      [MARAUSSAN_AEP, MARAUSSAN_SUP],
      [MARAUSSAN_SUP, MARAUSSAN_AEP],
    ]) {
      const section = evaluate(data);
      expect(section).toMatchObject({
        level: "critical",
        gravity: "crise",
        label: "Crise",
        zone: { name: MARAUSSAN_SUP.name, type: "SUP" },
        decree: { url: "https://example.invalid/34668.pdf" },
      });
      expect(section.zones.map((zone) => [zone.type, zone.type_label, zone.label, zone.level])).toEqual([
        ["AEP", "Eau potable", "Alerte", "concerning"],
        ["SUP", "Eau superficielle", "Crise", "critical"],
      ]);
      // The tap's own rule (watering banned 8 h–20 h) is shown in its block…
      expect(section.zones[0]?.restrictions).toEqual([
        { usage: "Arrosage des pelouses, massifs fleuris", thematique: "Arroser", description: "Interdit de 8h à 20h." },
        { usage: "Lavage de véhicules par des particuliers", thematique: "Nettoyer", description: "Interdit." },
      ]);
      // …and in the flat list, after the worst zone's, without repeating an identical rule.
      expect(section.restrictions.map((restriction) => `${restriction.usage} : ${restriction.description}`)).toEqual([
        "Arrosage des pelouses, massifs fleuris : Interdit.",
        "Lavage de véhicules par des particuliers : Interdit.",
        "Travaux en cours d'eau : Report des travaux.",
        "Arrosage des pelouses, massifs fleuris : Interdit de 8h à 20h.",
      ]);
    }
  });

  it.each([
    // [zones as VigiEau sent them, expected order of types, the headline's zone]: VigiEau's order
    // of zone types (drinking water, rivers, groundwater; an unknown type last) whatever the
    // levels (issue 20: households first); the headline is the worst zone, the order breaking ties.
    [["SOU:alerte", "SUP:alerte", "AEP:alerte"], ["AEP", "SUP", "SOU"], "AEP"],
    [["AEP:vigilance", "SOU:alerte_renforcee", "SUP:alerte"], ["AEP", "SUP", "SOU"], "SOU"],
    [["SUP:crise", "SOU:crise"], ["SUP", "SOU"], "SUP"],
    [["XYZ:crise", "SUP:alerte", "AEP:alerte"], ["AEP", "SUP", "XYZ"], "XYZ"],
  ])("orders %j as %j, headline %s", (input, expected, head) => {
    const zones = input.map((entry, index) => {
      const [type, gravity] = entry.split(":") as [string, DroughtGravity];
      return droughtZone({ id: index, type, gravity, name: `Zone ${type}` });
    });
    const section = evaluate(zones);
    expect(section.zones.map((zone) => zone.type)).toEqual(expected);
    expect(section.zone?.type).toBe(head);
  });

  it("lists households' themes first, in VigiEau's order, keeping the decree's order within a theme", () => {
    const usage = (name: string, theme: string) => ({ name, theme, description: "Interdit.", concernsIndividuals: true });
    const section = evaluate([
      droughtZone({
        usages: [
          usage("Travaux en cours d'eau", "Travaux et activités en cours d’eau"),
          usage("Manœuvre de vannes", "Ouvrages hydrauliques"),
          usage("Usage sans thème connu", "Autre thème"),
          usage("Nettoyage des façades", "Nettoyer"),
          usage("Remplissage des piscines privées", "Remplir ou vidanger"),
          usage("Arrosage des pelouses", "Arroser"),
          usage("Lavage de véhicules", "Nettoyer"),
          usage("Arrosage des potagers", "Arroser"),
          usage("Fontaines", "Alimenter des fontaines et autres usages de loisirs"),
        ],
      }),
    ]);
    expect(section.zones[0]?.restrictions.map((restriction) => restriction.usage)).toEqual([
      "Arrosage des pelouses",
      "Arrosage des potagers",
      "Remplissage des piscines privées",
      "Nettoyage des façades",
      "Lavage de véhicules",
      "Fontaines",
      "Travaux en cours d'eau",
      "Manœuvre de vannes",
      // Unknown themes go last, never hidden.
      "Usage sans thème connu",
    ]);
  });

  it("removes duplicate restrictions within a zone and identical ones across zones", () => {
    const usage = { name: "Arrosage", theme: "Arroser", description: "Interdit.", concernsIndividuals: true };
    const section = evaluate([
      droughtZone({ type: "SOU", name: "Nappe", gravity: "alerte", usages: [usage] }),
      droughtZone({ type: "SUP", name: "Rivière", gravity: "alerte", usages: [usage, usage] }),
    ]);
    expect(section.zone?.name).toBe("Rivière");
    expect(section.zones.map((zone) => zone.restrictions.length)).toEqual([1, 1]);
    expect(section.restrictions).toEqual([{ usage: "Arrosage", thematique: "Arroser", description: "Interdit." }]);
  });

  it("still shows a zone whose restrictions concern no private individual", () => {
    const section = evaluate([
      droughtZone({ gravity: "crise", usages: [{ name: "Irrigation", theme: "Irriguer", description: "Interdit.", concernsIndividuals: false }] }),
    ]);
    expect(section).toMatchObject({ level: "critical", label: "Crise", restrictions: [] });
    expect(section.zones).toHaveLength(1);
    expect(section.zones[0]?.restrictions).toEqual([]);
  });

  describe("fails closed on a level it does not know", () => {
    const unknown = droughtZone({
      type: "SOU",
      name: "Nappe astienne",
      gravity: null,
      decree: { start: "2026-11-20", end: null, url: "https://example.invalid/inconnu.pdf", frameworkUrl: null },
    });

    it("alone: the level is unknown, never « Aucune restriction », and the decree is still linked", () => {
      const section = evaluate([unknown]);
      expect(section.label).not.toBe("Aucune restriction");
      expect(section).toMatchObject({
        success: true,
        level: "unavailable",
        gravity: null,
        label: `Niveau non reconnu${NBSP}: consultez l'arrêté`,
        decree: { url: "https://example.invalid/inconnu.pdf" },
        zone: { name: "Nappe astienne", type: "SOU" },
      });
      expect(section.message).toMatch(/n'est pas reconnu/);
      expect(section.zones).toEqual([
        expect.objectContaining({
          type: "SOU",
          type_label: "Eau souterraine",
          gravity: null,
          level: "unavailable",
          label: `Niveau non reconnu${NBSP}: consultez l'arrêté`,
          decree: { start: "2026-11-20", end: null, url: "https://example.invalid/inconnu.pdf" },
        }),
      ]);
    });

    it("beside a known zone: the section takes the worst known level and still shows the unknown zone", () => {
      const section = evaluate([unknown, droughtZone({ type: "AEP", gravity: "vigilance" })]);
      expect(section).toMatchObject({ level: "good", gravity: "vigilance", label: "Vigilance", zone: { type: "AEP" } });
      expect(section.message).toMatch(/n'est pas reconnu/);
      expect(section.zones.map((zone) => [zone.type, zone.level, zone.label])).toEqual([
        ["AEP", "good", "Vigilance"],
        ["SOU", "unavailable", `Niveau non reconnu${NBSP}: consultez l'arrêté`],
      ]);
    });
  });
});

describe("a decree counts only between its own dates, on the commune's local day", () => {
  // VigiEau's `arrete.dateDebutValidite` / `dateFinValidite` (decision 054): a prefectoral
  // decree restricts water uses from its first day to its last. VigiEau can still answer a zone
  // whose decree has ended (it keeps its published decrees in memory) or one published ahead of
  // its first day: neither is a restriction in force, on the page, in the PDF or in an alert.
  const ENDED_YESTERDAY = { start: "2026-10-22", end: "2026-11-21", url: "https://example.invalid/ended.pdf", frameworkUrl: null };
  const STARTS_TOMORROW = { start: "2026-11-23", end: "2026-12-23", url: "https://example.invalid/next.pdf", frameworkUrl: null };

  it("a zone whose decree ended yesterday is not in force: « Pas de restrictions », never « en vigueur »", () => {
    const section = evaluate([droughtZone({ type: "SUP", gravity: "crise", name: "Orb aval", decree: ENDED_YESTERDAY })]);
    expect(section).toMatchObject({ level: "good", gravity: null, label: "Aucune restriction", zones: [], restrictions: [], decree: null, zone: null });
    expect(section.zones_not_in_force).toEqual([
      {
        type: "SUP",
        type_label: "Eau superficielle",
        name: "Orb aval",
        gravity: "crise",
        label: "Crise",
        decree: { start: "2026-10-22", end: "2026-11-21", url: "https://example.invalid/ended.pdf" },
        status: "ended",
      },
    ]);
    const presentation = presentReport(reportWith(section)).drought;
    expect(presentation.headline.word).toBe("Pas de restrictions");
    expect(presentation.zones).toEqual([]);
    expect(presentation.notes).toEqual([
      `Eau superficielle – zone «${NBSP}Orb aval${NBSP}»${NBSP}: l'arrêté (niveau «${NBSP}Crise${NBSP}») était en vigueur jusqu'au 21${NBSP}novembre${NBSP}2026 et ne s'applique plus.`,
    ]);
    expect(JSON.stringify(presentation)).not.toMatch(/en vigueur du/);
  });

  it("a decree not started yet is not in force either, and is announced with its first day", () => {
    const section = evaluate([
      droughtZone({ type: "SUP", gravity: "alerte", name: "Orb aval" }),
      droughtZone({ id: 2, type: "AEP", gravity: "crise", name: "Réseaux de l'Orb", decree: STARTS_TOMORROW }),
    ]);
    expect(section).toMatchObject({ level: "concerning", gravity: "alerte", label: "Alerte" });
    expect(section.zones.map((zone) => zone.type)).toEqual(["SUP"]);
    expect(section.zones_not_in_force.map((zone) => [zone.type, zone.status])).toEqual([["AEP", "not_started"]]);
    expect(presentReport(reportWith(section)).drought.notes).toContain(
      `Eau potable – zone «${NBSP}Réseaux de l'Orb${NBSP}»${NBSP}: l'arrêté (niveau «${NBSP}Crise${NBSP}») entrera en vigueur le 23${NBSP}novembre${NBSP}2026${NBSP}; il ne s'applique pas encore.`,
    );
  });

  it("its first and last days count (both included); a decree without dates or without an end stays in force", () => {
    const on = (decree: DroughtZone["decree"]) => evaluate([droughtZone({ decree })]).level;
    expect(on({ start: "2026-11-22", end: "2026-12-22", url: null, frameworkUrl: null })).toBe("concerning");
    expect(on({ start: "2026-10-22", end: "2026-11-22", url: null, frameworkUrl: null })).toBe("concerning");
    expect(on({ start: "2026-10-22", end: null, url: null, frameworkUrl: null })).toBe("concerning");
    expect(on(null)).toBe("concerning");
  });

  it("an overseas commune lives on its own day: a decree ending on the 22nd has ended in Réunion at 01:00 on the 23rd, while Paris is still on the 22nd", () => {
    const late = new Date("2026-11-22T21:00:00Z"); // 22:00 in Paris, 01:00 on 23 November in Réunion (UTC+4)
    const zone = droughtZone({ department: "974", decree: { start: "2026-10-23", end: "2026-11-22", url: null, frameworkUrl: null } });
    expect(evaluate([zone], late, "97411")).toMatchObject({ level: "good", zones: [], zones_not_in_force: [expect.objectContaining({ status: "ended" })] });
    expect(evaluate([zone], late, "80021")).toMatchObject({ level: "concerning", zones_not_in_force: [] });
  });
});

describe("« vigilance » alone calls for saving water: good, with its own advice, never « Bonne nouvelle »", () => {
  // VigiEau's own description of the level: « Incitation des particuliers et des professionnels à
  // économiser l'eau » (decision 028: vigilance → good, with its own advice to save water).
  it("the tap's zone in vigilance: good « Vigilance », the vigilance advice, with VigiEau as its source", () => {
    const section = evaluate([droughtZone({ type: "AEP", gravity: "vigilance" })]);
    expect(section.level).toBe("good");
    expect(droughtHeadline(section)).toMatchObject({ word: "Vigilance", tone: "good" });
    const advice = selectRecommendations({ water: cleanWater(), air: goodAir(), drought: section, bathing: noBathing(), now: NOW });
    expect(advice.map((item) => item.id)).toEqual(["drought-vigilance"]);
    expect(advice[0]).toMatchObject({
      category: "drought",
      severity: "info",
      title: "Sécheresse\u00a0: niveau Vigilance, économisez l'eau",
      source: { name: "VigiEau – ministère de la Transition écologique", url: "https://vigieau.gouv.fr/" },
    });
    expect(advice[0]?.text).toMatch(/économiser l'eau/);
    expect(advice.map((item) => item.title).join(" ")).not.toMatch(/Bonne nouvelle/);
  });

  it("a river's vigilance: the tap is not restricted, and the well and river advice still calls for saving water", () => {
    const section = evaluate([droughtZone({ gravity: "vigilance" })]);
    expect(droughtHeadline(section)).toMatchObject({ word: "Pas de restrictions", tone: "good" });
    const advice = selectRecommendations({ water: cleanWater(), air: goodAir(), drought: section, bathing: noBathing(), now: NOW });
    expect(advice.map((item) => [item.id, item.severity])).toEqual([["drought-own-supply", "info"]]);
    expect(advice[0]?.title).toBe(`Si vous utilisez un puits, un forage ou l'eau d'une rivière${NBSP}: niveau Vigilance`);
    expect(advice[0]?.text).toMatch(/économiser l'eau/);
    expect(advice.map((item) => item.title).join(" ")).not.toMatch(/Bonne nouvelle/);
  });
});

describe("the tap's zone first: a groundwater-only « crise » is not the tap's (decision 086)", () => {
  // VigiEau's zones are per water (decision 028: SUP surface, SOU ground, AEP drinking water);
  // VigiEau asks first which water you use, the tap's by default. A SOU zone's rules bind a
  // household drawing from a well or a borehole, not the tap: with no AEP zone in force, VigiEau
  // itself says « L'eau potable n'est pas concernée par des restrictions à votre adresse ». The
  // headline, the summary and the advice follow the tap's zone; the others inform, behind their question.
  const groundwater = () => evaluate([droughtZone({ type: "SOU", gravity: "crise", name: "Nappe astienne" })], NOW, CRISIS_SCENARIO.citycode) as DroughtSection;

  it("headline « Pas de restrictions », the summary and the verdict about the tap, an information for wells", () => {
    const section = groundwater();
    // The answer (the API's) still carries the zone's level.
    expect(section).toMatchObject({ level: "critical", gravity: "crise", label: "Crise" });
    const presentation = presentReport(reportWith(section));
    expect(presentation.drought.headline).toMatchObject({ word: "Pas de restrictions", tone: "good" });
    // Calm: on « L'essentiel »'s calm line (decision 084), in the tap's words; its sentence for the channels that print it.
    expect(presentation.summary.find((line) => line.key === "drought")).toBeUndefined();
    expect(presentation.summary.find((line) => line.key === "calm")?.calm).toContainEqual({
      anchor: "secheresse",
      label: "Sécheresse",
      word: "Pas de restrictions",
    });
    expect(sentenceOf(presentation, "drought")).toBe(
      `Sécheresse${NBSP}: pas de restriction d'usage de l'eau du réseau à votre adresse${NBSP}; règles à part pour les puits, forages et rivières.`,
    );
    expect(presentation.drought.verdict).toBe("Pas de restriction d'usage de l'eau du réseau à votre adresse.");
    expect(presentation.drought.notes).toEqual([]);
    const drought = presentation.advice.filter((item) => item.category === "drought");
    expect(drought.map((item) => [item.id, item.severity, item.prominent])).toEqual([["drought-own-supply", "info", false]]);
    expect(drought[0]?.title).toBe(`Si vous utilisez un puits, un forage ou l'eau d'une rivière${NBSP}: niveau Crise`);
    expect(drought[0]?.text).toContain(`(eau souterraine${NBSP}: niveau Crise)`);
    expect(drought[0]?.text).toContain("Ces règles ne visent pas l'eau du réseau.");
  });

  it("with a drinking-water zone in force, the tap's level leads and the groundwater's crise only informs", () => {
    const section = evaluate([droughtZone({ type: "SOU", gravity: "crise" }), droughtZone({ id: 2, type: "AEP", gravity: "alerte" })]);
    const presentation = presentReport(reportWith(section));
    expect(presentation.drought.headline).toMatchObject({ word: "Alerte", tone: "concerning" });
    expect(presentation.drought.verdict).toBeNull();
    expect(presentation.drought.notes).toEqual([]);
    expect(sentenceOf(presentation, "drought")).toBe(`Sécheresse${NBSP}: restrictions d'usage de l'eau du réseau, niveau Alerte.`);
    const drought = presentation.advice.filter((item) => item.category === "drought");
    // One drought advice, the tap's; the groundwater's crise in one sentence of it.
    expect(drought.map((item) => [item.id, item.severity])).toEqual([["drought-alert", "warning"]]);
    expect(drought[0]?.title).toBe(`Sécheresse${NBSP}: restrictions d'usage de l'eau, niveau Alerte`);
    expect(drought[0]?.text).toContain(
      `Si vous utilisez un puits, un forage ou l'eau d'une rivière, d'autres règles s'appliquent à cette eau (eau souterraine${NBSP}: niveau Crise).`,
    );
  });

  it("Maraussan: « Alerte » for the tap leads, the river's « Crise » sits behind the question", () => {
    const presentation = presentReport(reportWith(evaluate([MARAUSSAN_SUP, MARAUSSAN_AEP], NOW, CRISIS_SCENARIO.citycode)));
    expect(presentation.drought.headline.word).toBe("Alerte");
    // The card's one advice line is the tap's: the first drought advice in the ranking.
    expect(presentation.advice.find((item) => item.category === "drought")).toMatchObject({
      id: "drought-alert",
      title: `Sécheresse${NBSP}: restrictions d'usage de l'eau, niveau Alerte`,
    });
    expect(presentation.drought.zones.map((zone) => [zone.tap, zone.title, zone.badge.word])).toEqual([
      [true, "Restrictions d'usage de l'eau du réseau", "Alerte"],
      [false, "Eau superficielle", "Crise"],
    ]);
    // Every channel's document reads the same way: the tap's zone, then the others under the question.
    const document = presentation.sections.find((section) => section.key === "drought");
    expect(
      document?.blocks.map((block) => (block.kind === "facts" ? block.facts.map((fact) => fact.term) : block.kind === "notes" ? block.notes : block.kind)),
    ).toEqual([
      "date",
      ["Restrictions d'usage de l'eau du réseau"],
      [`Vous utilisez un puits, un forage ou l'eau d'une rivière${NBSP}?`],
      ["Eau superficielle"],
    ]);
  });
});

const MARAUSSAN: Address = { ...CRISIS_SCENARIO, context: "34, Hérault, Occitanie", type: "street", score: 0.9 };
const cleanWater = () => evaluateWaterQuality({ results: { ok: true, data: [waterResult()] }, udi: null, udis: [], now: NOW });
const goodAir = () =>
  evaluateAirQuality({
    atmo: { ok: true, data: [atmoIndex({ code: 1, label: "Bon" })] },
    cams: { ok: true, data: camsEstimate() },
    now: NOW,
    citycode: "80021",
  });

function reportWith(drought: DroughtSection) {
  return assembleNamed({
    ...unreadSections(NOW, "80021"),
    address: MARAUSSAN,
    addressInfo: deriveAddressInfo(MARAUSSAN),
    water: cleanWater(),
    air: goodAir(),
    drought,
    bathing: noBathing(),
    now: NOW,
  });
}
