// Drought alerts per zone type (issue 20, item 5): an event when any zone type that applies to the
// address changes level, the drinking-water zone's « crise » too while the river's already was;
// each zone in the event under its own name, with its own rules, as the report writes it.
import { describe, expect, it } from "vitest";
import { diffDrought, type DroughtAlertState, type LegacyDroughtAlertState } from "../../../src/sections/drought/alert.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { describeDroughtZone, presentDrought } from "../../../src/core/report/index.ts";
import type { DroughtGravity, DroughtZone } from "../../../src/core/types.ts";
import { droughtZone, NOW } from "./builders.ts";

const DAY = "2026-11-22";
const RULES: Record<string, DroughtZone["usages"]> = {
  AEP: [{ name: "Arrosage des pelouses, massifs fleuris", theme: "Arroser", description: "Interdit de 8h à 20h.", concernsIndividuals: true }],
  SUP: [
    { name: "Arrosage des pelouses, massifs fleuris", theme: "Arroser", description: "Interdit.", concernsIndividuals: true },
    { name: "Irrigation agricole", theme: "Irriguer", description: "Réduction de 30 %.", concernsIndividuals: false },
  ],
  SOU: [{ name: "Remplissage des piscines privées", theme: "Remplir ou vidanger", description: "Interdit.", concernsIndividuals: true }],
};

/** « AEP:alerte SUP:crise » → the section VigiEau's zones make; « ? » is a level we do not know. */
function section(spec: string) {
  const zones = spec
    .split(" ")
    .filter(Boolean)
    .map((entry, index) => {
      const [type = "", level = ""] = entry.split(":");
      const gravity = level === "?" ? null : (level as DroughtGravity);
      return droughtZone({ id: index, type, gravity, name: `Zone ${type}`, code: `34_${type}`, usages: RULES[type] ?? [] });
    });
  return evaluateDrought({ zones: { ok: true, data: zones }, now: NOW, citycode: "34148" });
}

const state = (zones: DroughtAlertState["zones"]): DroughtAlertState => ({ version: 2, zones });
/** The tap's zone in a title: its uses restricted, never a warning about drinking the water. */
const TAP_TITLE = (level: string) => `Sécheresse\u00a0: restrictions d'usage, niveau ${level}`;

describe("diffDrought per zone type", () => {
  it.each<
    [
      string,
      DroughtAlertState | LegacyDroughtAlertState | null,
      string,
      { key: string; severity: string; title: string; kind: string } | null,
      DroughtAlertState | null,
    ]
  >([
    // [case, previous state, today's zones, the event (null: none), the next state (null: unchanged)]
    ["a first read is a baseline", null, "SUP:crise AEP:alerte", null, state({ AEP: "alerte", SUP: "crise" })],
    ["a first read without zones is a baseline", null, "", null, state({})],
    ["a state stored before issue 20 is a baseline", { gravity: "crise" }, "SUP:crise AEP:alerte", null, state({ AEP: "alerte", SUP: "crise" })],
    ["an old state without restriction is a baseline", { gravity: null }, "AEP:alerte", null, state({ AEP: "alerte" })],
    ["nothing changed", state({ AEP: "alerte", SUP: "crise" }), "SUP:crise AEP:alerte", null, null],
    [
      "AEP goes to crise while SUP already was",
      state({ AEP: "alerte", SUP: "crise" }),
      "SUP:crise AEP:crise",
      { key: `drought:AEP-crise:${DAY}`, severity: "critical", title: TAP_TITLE("Crise"), kind: "drought-change" },
      state({ AEP: "crise", SUP: "crise" }),
    ],
    [
      "AEP comes down while SUP stays in crise",
      state({ AEP: "crise", SUP: "crise" }),
      "SUP:crise AEP:alerte",
      { key: `drought:AEP-alerte:${DAY}`, severity: "info", title: TAP_TITLE("Alerte"), kind: "drought-change" },
      state({ AEP: "alerte", SUP: "crise" }),
    ],
    [
      "a zone type enters restrictions",
      state({ SUP: "crise" }),
      "SUP:crise AEP:alerte",
      { key: `drought:AEP-alerte:${DAY}`, severity: "warning", title: TAP_TITLE("Alerte"), kind: "drought-change" },
      state({ AEP: "alerte", SUP: "crise" }),
    ],
    [
      "a zone type leaves restrictions, another stays",
      state({ AEP: "alerte", SUP: "crise" }),
      "AEP:alerte",
      { key: `drought:SUP-none:${DAY}`, severity: "info", title: "Sécheresse\u00a0: fin des restrictions (eau superficielle)", kind: "drought-change" },
      state({ AEP: "alerte" }),
    ],
    [
      "the tap's zone leaves restrictions while the river's stays in crise",
      state({ AEP: "alerte", SUP: "crise" }),
      "SUP:crise",
      { key: `drought:AEP-none:${DAY}`, severity: "info", title: "Sécheresse\u00a0: fin des restrictions (eau du réseau)", kind: "drought-change" },
      state({ SUP: "crise" }),
    ],
    [
      "the last zone leaves restrictions",
      state({ AEP: "alerte" }),
      "",
      { key: `drought:AEP-none:${DAY}`, severity: "info", title: "Sécheresse\u00a0: fin des restrictions", kind: "drought-end" },
      state({}),
    ],
    [
      "two zone types change together, households' water first",
      state({ SUP: "vigilance", AEP: "alerte" }),
      "SUP:alerte AEP:alerte_renforcee",
      {
        key: `drought:AEP-alerte_renforcee+SUP-alerte:${DAY}`,
        severity: "critical",
        title: "Sécheresse\u00a0: restrictions d'usage, niveau Alerte renforcée, niveau Alerte (eau superficielle)",
        kind: "drought-change",
      },
      state({ AEP: "alerte_renforcee", SUP: "alerte" }),
    ],
    // The tap's zone sets the severity (decision 086): a river's or a groundwater zone's change is
    // news for whoever draws that water, told for information.
    [
      "groundwater rises while rivers are worse: information, the tap is not restricted",
      state({ SUP: "crise", SOU: "vigilance" }),
      "SUP:crise SOU:alerte",
      { key: `drought:SOU-alerte:${DAY}`, severity: "info", title: "Sécheresse\u00a0: niveau Alerte (eau souterraine)", kind: "drought-change" },
      state({ SUP: "crise", SOU: "alerte" }),
    ],
    [
      "a river goes to crise while the tap's zone stays in alerte: information, not the tap's crise",
      state({ AEP: "alerte", SUP: "alerte" }),
      "SUP:crise AEP:alerte",
      { key: `drought:SUP-crise:${DAY}`, severity: "info", title: "Sécheresse\u00a0: niveau Crise (eau superficielle)", kind: "drought-change" },
      state({ AEP: "alerte", SUP: "crise" }),
    ],
    ["an unknown level is not a change: the last known level stays", state({ AEP: "alerte" }), "AEP:?", null, null],
    ["a type first seen with an unknown level is noted", state({}), "AEP:?", null, state({ AEP: null })],
    ["its first known level is its baseline", state({ AEP: null }), "AEP:crise", null, state({ AEP: "crise" })],
    ["a type seen only with an unknown level may go silently", state({ AEP: null }), "", null, state({})],
  ])("%s", (_case, previous, zones, event, next) => {
    const diff = diffDrought(previous, section(zones), NOW);
    expect(diff.events.map(({ key, severity, title, kind }) => ({ key, severity, title, kind }))).toEqual(event ? [event] : []);
    expect(diff.next).toEqual(next);
  });

  it("never alerts nor moves on a failed read", () => {
    const failed = evaluateDrought({ zones: { ok: false, reason: "timeout" }, now: NOW, citycode: "34148" });
    expect(diffDrought(state({ AEP: "crise" }), failed, NOW)).toEqual({ events: [], next: null });
    expect(diffDrought(null, failed, NOW)).toEqual({ events: [], next: null });
  });
});

describe("the words of a drought alert", () => {
  it("says which zone type changed, then each zone under its own name with only its own rules, as the report writes it", () => {
    const today = section("SUP:crise AEP:crise");
    const [event] = diffDrought(state({ AEP: "alerte", SUP: "crise" }), today, NOW).events;
    expect(event?.lines).toEqual([
      "Restrictions d'usage de l'eau du réseau\u00a0: le niveau passe de «\u00a0Alerte\u00a0» à «\u00a0Crise\u00a0».",
      "Les restrictions pour les particuliers, zone par zone, comme sur votre bilan\u00a0:",
    ]);
    // The report's zones, in its order (the tap first), each in the report's own lines.
    expect(event?.groups).toEqual(presentDrought(today, NOW.toISOString()).zones.map(describeDroughtZone));
    const [tap, river] = event?.groups ?? [];
    expect(tap?.heading).toBe("Restrictions d'usage de l'eau du réseau\u00a0: Crise");
    expect(tap?.lines).toContain("Zone\u00a0: Zone AEP");
    expect(tap?.lines).toContain("Arrosage des pelouses, massifs fleuris\u00a0: Interdit de 8h à 20h.");
    expect(tap?.lines).not.toContain("Arrosage des pelouses, massifs fleuris\u00a0: Interdit.");
    expect(tap?.lines.join("\n")).not.toContain("Zone SUP");
    expect(river?.heading).toBe("Eau superficielle\u00a0: Crise");
    expect(river?.lines).toContain("Arrosage des pelouses, massifs fleuris\u00a0: Interdit.");
    expect(river?.lines).not.toContain("Arrosage des pelouses, massifs fleuris\u00a0: Interdit de 8h à 20h.");
    expect(river?.lines.join("\n")).not.toContain("Irrigation agricole");
    // The decree's dates of the zone that changed.
    expect(event?.dataDate).toBe("2026-11-13");
  });

  it("names the zone types that came in or went out", () => {
    const [event] = diffDrought(state({ SUP: "crise", SOU: "vigilance" }), section("AEP:alerte SUP:crise"), NOW).events;
    expect(event?.lines.slice(0, 2)).toEqual([
      "Restrictions d'usage de l'eau du réseau\u00a0: le niveau passe à «\u00a0Alerte\u00a0» (aucune restriction jusqu'ici).",
      "Eau souterraine\u00a0: fin des restrictions (niveau «\u00a0Vigilance\u00a0» jusqu'ici).",
    ]);
    expect(event?.groups?.map((group) => group.heading)).toEqual(["Restrictions d'usage de l'eau du réseau\u00a0: Alerte", "Eau superficielle\u00a0: Crise"]);
    const [end] = diffDrought(state({ AEP: "alerte" }), section(""), NOW).events;
    expect(end?.lines).toEqual([
      "Restrictions d'usage de l'eau du réseau\u00a0: fin des restrictions (niveau «\u00a0Alerte\u00a0» jusqu'ici).",
      "Plus aucune restriction d'eau n'est en vigueur pour votre adresse.",
    ]);
    expect(end?.groups).toBeUndefined();
  });
});

describe("drought alerts follow the decree's dates, as the report does", () => {
  // A decree counts only between its own dates (arrete.dateDebutValidite ≤ the commune's day ≤
  // arrete.dateFinValidite): VigiEau may still answer a zone whose decree ended yesterday. The alert
  // says its restrictions ended — once — and never calls it in force.
  const ENDED_YESTERDAY = { start: "2026-10-22", end: "2026-11-21", url: "https://example.invalid/ended.pdf", frameworkUrl: null };
  const riverUnder = (decree: DroughtZone["decree"]) =>
    evaluateDrought({
      zones: { ok: true, data: [droughtZone({ type: "SUP", gravity: "crise", name: "Orb aval", usages: RULES.SUP ?? [], decree })] },
      now: NOW,
      citycode: "34148",
    });

  it("an expired decree ends its zone type's restrictions: one « fin des restrictions » alert, never « en vigueur », then nothing", () => {
    const diff = diffDrought(state({ SUP: "crise" }), riverUnder(ENDED_YESTERDAY), NOW);
    expect(diff.next).toEqual(state({}));
    const [event] = diff.events;
    expect(event).toMatchObject({ kind: "drought-end", key: `drought:SUP-none:${DAY}`, severity: "info", title: "Sécheresse\u00a0: fin des restrictions" });
    expect(event?.lines).toEqual([
      "Eau superficielle\u00a0: fin des restrictions (niveau «\u00a0Crise\u00a0» jusqu'ici).",
      "Eau superficielle – zone «\u00a0Orb aval\u00a0»\u00a0: l'arrêté (niveau «\u00a0Crise\u00a0») était en vigueur jusqu'au 21\u00a0novembre\u00a02026 et ne s'applique plus.",
      "Plus aucune restriction d'eau n'est en vigueur pour votre adresse.",
    ]);
    expect(event?.groups).toBeUndefined();
    // The next runs read the same answer: nothing more to say.
    expect(diffDrought(diff.next, riverUnder(ENDED_YESTERDAY), NOW)).toEqual({ events: [], next: null });
    // A first read of that answer is a baseline without a zone in force.
    expect(diffDrought(null, riverUnder(ENDED_YESTERDAY), NOW)).toEqual({ events: [], next: state({}) });
  });

  it("a decree not started yet is not a change; its first day is", () => {
    const next = { start: "2026-11-23", end: "2026-12-23", url: "https://example.invalid/next.pdf", frameworkUrl: null };
    expect(diffDrought(state({}), riverUnder(next), NOW)).toEqual({ events: [], next: null });
    const firstDay = new Date("2026-11-23T10:00:00Z");
    const started = evaluateDrought({
      zones: { ok: true, data: [droughtZone({ type: "SUP", gravity: "crise", name: "Orb aval", usages: RULES.SUP ?? [], decree: next })] },
      now: firstDay,
      citycode: "34148",
    });
    const [event] = diffDrought(state({}), started, firstDay).events;
    expect(event).toMatchObject({ kind: "drought-change", title: "Sécheresse\u00a0: niveau Crise (eau superficielle)", dataDate: "2026-11-23" });
  });
});

describe("a groundwater-only « crise » in an alert says which water, as the report does", () => {
  it("the title names the groundwater, and the email says the tap's water is not restricted, in the report's words", () => {
    const today = section("SOU:crise");
    const [event] = diffDrought(state({}), today, NOW).events;
    expect(event).toMatchObject({ severity: "info", title: "Sécheresse\u00a0: niveau Crise (eau souterraine)" });
    // The report's verdict, word for word.
    const { verdict } = presentDrought(today, NOW.toISOString());
    expect(verdict).toBe("Pas de restriction d'usage de l'eau du réseau à votre adresse.");
    expect(event?.lines).toContain(verdict);
    expect(event?.groups?.map((group) => group.heading)).toEqual(["Eau souterraine\u00a0: Crise"]);
  });
});
