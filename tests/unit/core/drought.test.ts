import { describe, expect, it } from "vitest";
import { evaluateDrought } from "../../../src/core/drought/index.ts";
import type { DroughtGravity } from "../../../src/core/types.ts";
import { droughtZone, NOW } from "./builders.ts";

describe("evaluateDrought", () => {
  it("is unavailable, with a French message, when VigiEau fails", () => {
    const section = evaluateDrought({ zones: { ok: false, reason: "http" }, now: NOW });
    expect(section).toMatchObject({ success: false, level: "unavailable", restrictions: [], decree: null });
    expect(section.message).toMatch(/momentanément indisponibles/);
    expect(section.source.name).toBe("VigiEau");
  });

  it("is good with no zone in restriction", () => {
    expect(evaluateDrought({ zones: { ok: true, data: [] }, now: NOW })).toMatchObject({
      success: true,
      level: "good",
      gravity: null,
      label: "Aucune restriction",
      restrictions: [],
      decree: null,
    });
  });

  it.each([
    ["vigilance", "good", "Vigilance"],
    ["alerte", "concerning", "Alerte"],
    ["alerte_renforcee", "critical", "Alerte renforcée"],
    // The specification's « Crise → acceptable » is a defect: crise is the most severe level.
    ["crise", "critical", "Crise"],
  ] as Array<[DroughtGravity, string, string]>)("%s → %s « %s »", (gravity, level, label) => {
    expect(evaluateDrought({ zones: { ok: true, data: [droughtZone({ gravity })] }, now: NOW })).toMatchObject({ level, label, gravity });
  });

  it("shows the worst zone, its decree and only the restrictions for individuals", () => {
    const section = evaluateDrought({
      zones: {
        ok: true,
        data: [
          droughtZone({ id: 2, type: "AEP", gravity: "alerte", name: "Eau potable" }),
          droughtZone({ id: 1, type: "SUP", gravity: "crise", name: "Orb aval", decree: { start: "2026-11-18", end: "2026-12-18", url: "https://example.invalid/crise.pdf", frameworkUrl: null } }),
        ],
      },
      now: NOW,
    });
    expect(section).toMatchObject({
      level: "critical",
      gravity: "crise",
      zone: { name: "Orb aval", type: "SUP" },
      decree: { start: "2026-11-18", end: "2026-12-18", url: "https://example.invalid/crise.pdf" },
    });
    expect(section.restrictions.map((restriction) => restriction.usage)).toEqual([
      "Arrosage des pelouses, massifs fleuris",
      "Lavage de véhicules par des particuliers",
    ]);
  });

  it("prefers surface water among zones of the same gravity, and removes duplicate restrictions", () => {
    const usage = { name: "Arrosage", theme: "Arroser", description: "Interdit.", concernsIndividuals: true };
    const section = evaluateDrought({
      zones: {
        ok: true,
        data: [droughtZone({ type: "SOU", name: "Nappe", gravity: "alerte" }), droughtZone({ type: "SUP", name: "Rivière", gravity: "alerte", usages: [usage, usage] })],
      },
      now: NOW,
    });
    expect(section.zone?.name).toBe("Rivière");
    expect(section.restrictions).toHaveLength(1);
  });
});
