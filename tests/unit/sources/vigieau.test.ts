import { describe, expect, it } from "vitest";
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

  it("drops a zone whose level it does not know instead of guessing", () => {
    const recorded = readFixture("vigieau/zone-alerte-renforcee-single-object.json");
    const unknown = { ...(recorded as Record<string, unknown>), id: 9, niveauGravite: "pre_alerte" };
    expect(zonesOf([recorded, unknown]).map((zone) => zone.id)).toEqual([2418]);
  });
});
