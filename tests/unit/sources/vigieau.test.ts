import { describe, expect, it } from "vitest";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { zonesResponseSchema } from "../../../src/sources/vigieau/schema.ts";
import { mapDroughtZones } from "../../../src/sources/vigieau/to-domain.ts";
import { readFixture } from "./fixtures.ts";

const NOW = new Date("2026-07-15T10:00:00Z");
const zonesOf = (payload: unknown) => mapDroughtZones(zonesResponseSchema.parse(payload));

describe("VigiEau zones → drought zones", () => {
  it("maps the official single-object example", () => {
    const zones = zonesOf(readFixture("vigieau/zone-alerte-renforcee-single-object.json"));
    expect(zones).toHaveLength(1);
    const [zone] = zones;
    expect(zone).toMatchObject({
      id: 2418,
      code: "76_34_0011",
      type: "SUP",
      gravity: "alerte_renforcee",
      department: "34",
      decree: {
        start: "2024-04-16",
        end: "2024-04-30",
        url: expect.stringMatching(/^https:\/\/.*\.pdf$/),
        frameworkUrl: expect.stringMatching(/\.pdf$/),
      },
    });
    expect(zone?.usages).toHaveLength(7);
    expect(zone?.usages.filter((usage) => usage.concernsIndividuals).map((usage) => usage.theme)).toEqual([
      "Remplir ou vidanger",
      "Travaux et activités en cours d'eau",
      "Nettoyer",
    ]);
    // Prefecture texts come with Windows line ends.
    expect(zone?.usages.some((usage) => usage.description.includes("\r"))).toBe(false);
  });

  it("maps the live array shape with current decree dates", () => {
    const zones = zonesOf(readFixture("vigieau/zones-derived-80021-alerte.json", NOW));
    expect(zones).toHaveLength(1);
    expect(zones[0]).toMatchObject({ gravity: "alerte", decree: { start: "2026-07-05", end: "2026-08-04" } });
    const forIndividuals = zones[0]?.usages.filter((usage) => usage.concernsIndividuals).map((usage) => usage.name);
    expect(forIndividuals).toEqual(expect.arrayContaining(["Lavage de véhicules par des particuliers"]));
    expect(forIndividuals).not.toContain("Irrigation par aspersion des cultures");
  });

  it("maps a crisis with an AEP zone alongside", () => {
    const zones = zonesOf(readFixture("vigieau/zones-derived-34148-crise.json", NOW));
    expect(zones.map((zone) => [zone.type, zone.gravity])).toEqual([
      ["SUP", "crise"],
      ["AEP", "alerte"],
    ]);
  });

  it("reads [] and an empty body as no zone", () => {
    expect(zonesOf([])).toEqual([]);
    expect(zonesOf(null)).toEqual([]);
  });

  it.each([["pre_alerte"], [""], [null], [undefined], [3]])(
    "keeps a zone whose level %j it does not know, with no level, instead of dropping it",
    (niveauGravite) => {
      const recorded = readFixture("vigieau/zone-alerte-renforcee-single-object.json") as Record<string, unknown>;
      const unknown = { ...recorded, id: 9, niveauGravite };
      const zones = zonesOf([recorded, unknown]);
      expect(zones.map((zone) => [zone.id, zone.gravity])).toEqual([
        [2418, "alerte_renforcee"],
        [9, null],
      ]);
      // Its decree and usages stay: the report links the decree when it cannot name the level.
      expect(zones[1]?.decree?.url).toMatch(/\.pdf$/);
    },
  );

  it.each([
    ["Alerte renforcée", "alerte_renforcee"],
    [" CRISE ", "crise"],
    ["alerte-renforcee", "alerte_renforcee"],
  ])("reads the official level %j as %s", (niveauGravite, gravity) => {
    const recorded = readFixture("vigieau/zone-alerte-renforcee-single-object.json") as Record<string, unknown>;
    expect(zonesOf({ ...recorded, niveauGravite })[0]?.gravity).toBe(gravity);
  });
});

describe("VigiEau zones → drought section", () => {
  const sectionOf = (payload: unknown, now = NOW) => evaluateDrought({ zones: { ok: true, data: zonesOf(payload) }, now, citycode: "34148" });
  /** A day of the recorded decree (arrêté of 16 to 30 April 2024): the recorded answer read while it was in force. */
  const RECORDED_DECREE_DAY = new Date("2024-04-20T10:00:00Z");
  const NBSP = "\u00A0";

  it("the recorded official example: one river zone in « Alerte renforcée », households' usages first", () => {
    const section = sectionOf(readFixture("vigieau/zone-alerte-renforcee-single-object.json"), RECORDED_DECREE_DAY);
    expect(section).toMatchObject({ level: "critical", gravity: "alerte_renforcee", label: "Alerte renforcée" });
    expect(section.zones).toHaveLength(1);
    expect(section.zones[0]).toMatchObject({
      type: "SUP",
      type_label: "Eau superficielle",
      label: "Alerte renforcée",
      level: "critical",
      decree: { start: "2024-04-16", end: "2024-04-30", url: expect.stringMatching(/AvecAnnexe\.pdf$/) },
    });
    // VigiEau's theme order: fill/empty and clean before works in a river; ICPE and irrigation are
    // not for individuals.
    expect(section.zones[0]?.restrictions.map((restriction) => restriction.thematique)).toEqual([
      "Remplir ou vidanger",
      "Nettoyer",
      "Travaux et activités en cours d'eau",
    ]);
  });

  it("Maraussan (34148): the river zone in crise and the drinking-water zone in alerte, each with its rules", () => {
    const section = sectionOf(readFixture("vigieau/zones-derived-34148-crise.json", NOW));
    expect(section).toMatchObject({ level: "critical", gravity: "crise", label: "Crise", zone: { type: "SUP" } });
    expect(section.zones.map((zone) => [zone.type_label, zone.label])).toEqual([
      ["Eau potable", "Alerte"],
      ["Eau superficielle", "Crise"],
    ]);
    const aep = section.zones[0];
    expect(aep?.restrictions).toContainEqual({ usage: "Arrosage des pelouses, massifs fleuris", thematique: "Arroser", description: "Interdit de 8h à 20h." });
    expect(aep?.decree?.url).toMatch(/\.pdf$/);
    expect(section.restrictions).toContainEqual({
      usage: "Arrosage des pelouses, massifs fleuris",
      thematique: "Arroser",
      description: "Interdit de 8h à 20h.",
    });
    // Households' usages first in the crise block too.
    expect(section.zones[1]?.restrictions.slice(0, 2).map((restriction) => restriction.usage)).toEqual([
      "Arrosage des pelouses, massifs fleuris",
      "Arrosage des jardins potagers",
    ]);
  });

  it("[] reads « Aucune restriction »; an unknown level never does", () => {
    expect(sectionOf([])).toMatchObject({ level: "good", label: "Aucune restriction", zones: [] });
    const recorded = readFixture("vigieau/zone-alerte-renforcee-single-object.json") as Record<string, unknown>;
    const section = sectionOf({ ...recorded, niveauGravite: "pre_alerte" }, RECORDED_DECREE_DAY);
    expect(section).toMatchObject({
      success: true,
      level: "unavailable",
      label: `Niveau non reconnu${NBSP}: consultez l'arrêté`,
      decree: { url: expect.stringMatching(/AvecAnnexe\.pdf$/) },
    });
    expect(section.zones[0]).toMatchObject({ type_label: "Eau superficielle", level: "unavailable", gravity: null });
  });

  // The recorded answer names the decree's dates `arrete.dateDebutValidite` and `arrete.dateFinValidite`
  // (2024-04-16 and 2024-04-30). VigiEau keeps the decrees it published in memory and can still
  // answer a zone whose decree has ended: it is no restriction in force.
  it.each([
    ["2024-04-15T10:00:00Z", "not_started", "the day before its first day"],
    ["2024-04-16T10:00:00Z", "in_force", "its first day"],
    ["2024-04-30T20:00:00Z", "in_force", "its last day (22:00 in Paris)"],
    ["2024-04-30T22:30:00Z", "ended", "the next day in Paris (00:30)"],
    ["2026-07-15T10:00:00Z", "ended", "two years later"],
  ] as const)("a decree counts only between its own dates (dateDebutValidite ≤ the commune's day ≤ dateFinValidite): %s is %s (%s)", (at, status, _day) => {
    const section = sectionOf(readFixture("vigieau/zone-alerte-renforcee-single-object.json"), new Date(at));
    if (status === "in_force") {
      expect(section).toMatchObject({ level: "critical", label: "Alerte renforcée", zones_not_in_force: [] });
      return;
    }
    expect(section).toMatchObject({ level: "good", gravity: null, label: "Aucune restriction", zones: [], restrictions: [], decree: null });
    expect(section.zones_not_in_force).toEqual([
      {
        type: "SUP",
        type_label: "Eau superficielle",
        name: expect.stringMatching(/^Bassin versant de l'Orb/),
        gravity: "alerte_renforcee",
        label: "Alerte renforcée",
        decree: { start: "2024-04-16", end: "2024-04-30", url: expect.stringMatching(/AvecAnnexe\.pdf$/) },
        status,
      },
    ]);
  });
});
