import { describe, expect, it } from "vitest";
import { ALERT_TEXTS, type AlertFacts, type AlertKind, diffAir, diffDrought, diffWater, renderAlertText } from "../../../src/core/alerts/index.ts";
import { evaluateAirQuality } from "../../../src/core/air/index.ts";
import { evaluateDrought } from "../../../src/core/drought/index.ts";
import type { DroughtGravity, WaterResult } from "../../../src/core/types.ts";
import { evaluateWaterQuality } from "../../../src/core/water/index.ts";
import { atmoIndex, camsEstimate, droughtZone, NOW, waterResult } from "./builders.ts";

const water = (results: Partial<WaterResult>[]) =>
  evaluateWaterQuality({ results: { ok: true, data: results.map((result) => waterResult(result)) }, udi: { code: "080000512", name: "AMIENS CENTRE", quarter: null }, udis: [], now: NOW });
const failedWater = evaluateWaterQuality({ results: { ok: false, reason: "timeout" }, udi: null, udis: [], now: NOW });
const drought = (gravity: DroughtGravity | null) => evaluateDrought({ zones: { ok: true, data: gravity ? [droughtZone({ gravity })] : [] }, now: NOW });
const air = (tomorrowCode: number, now = NOW, tomorrowDate = "2026-11-23") =>
  evaluateAirQuality({
    atmo: { ok: true, data: [atmoIndex({ date: "2026-11-22", code: 1 }), atmoIndex({ date: tomorrowDate, code: tomorrowCode, label: ["", "Bon", "Moyen", "Dégradé", "Mauvais"][tomorrowCode] ?? "" })] },
    cams: { ok: true, data: camsEstimate() },
    now,
  });

describe("water alerts", () => {
  const bad = { rawValue: "62", numericValue: 62, sampledAt: "2026-11-10T08:30:00Z", sampleCode: "B", limitsPhysicochemical: "N" as const };
  const good = { rawValue: "30", numericValue: 30, sampledAt: "2026-11-18T08:30:00Z", sampleCode: "C" };

  it("alerts on a new non-compliant sample, once", () => {
    const first = diffWater(null, water([bad]));
    expect(first.events.map((event) => event.key)).toEqual(["water:alert:2026-11-10T08:30:00Z"]);
    expect(first.events[0]).toMatchObject({ severity: "critical", dataDate: "2026-11-10" });
    expect(first.events[0]?.lines.join(" ")).toMatch(/Nitrates.*62.*Non conforme/);
    expect(diffWater(first.next, water([bad]))).toEqual({ events: [], next: null });
  });

  it.each(["44", "45", "50"])("never alerts on a compliant value near its limit (nitrates %s mg/L, issue 9)", (raw) => {
    const nearLimit = { ...bad, rawValue: raw, numericValue: Number(raw), limitsPhysicochemical: "C" as const };
    expect(diffWater(null, water([nearLimit]))).toEqual({ events: [], next: { lastSampleAt: bad.sampledAt, alerted: false } });
    // Nor after an alert: it is the return to compliance.
    const after = diffWater({ lastSampleAt: "2026-10-01T08:30:00Z", alerted: true }, water([nearLimit]));
    expect(after.events.map((event) => event.key)).toEqual([`water:ok:${bad.sampledAt}`]);
  });

  it("alerts on a derogation (concerning, « Conforme sous dérogation »), never as non-compliant", () => {
    const derogation = diffWater(null, water([{ ...bad, rawValue: "58", numericValue: 58, limitsPhysicochemical: "D" as const }]));
    expect(derogation.events[0]?.severity).toBe("warning");
    expect(derogation.events[0]?.lines.join(" ")).toMatch(/Conforme sous dérogation/);
    expect(derogation.events[0]?.lines.join(" ")).not.toMatch(/Non conforme/);
  });

  it("announces the return to compliance after an alert, and only then", () => {
    const alerted = { lastSampleAt: "2026-11-10T08:30:00Z", alerted: true };
    expect(diffWater(alerted, water([good, bad])).events.map((event) => event.key)).toEqual(["water:ok:2026-11-18T08:30:00Z"]);
    expect(diffWater({ ...alerted, alerted: false }, water([good, bad]))).toEqual({ events: [], next: { lastSampleAt: "2026-11-18T08:30:00Z", alerted: false } });
  });

  it("takes a first compliant sample as a silent baseline", () => {
    expect(diffWater(null, water([good]))).toEqual({ events: [], next: { lastSampleAt: "2026-11-18T08:30:00Z", alerted: false } });
  });

  it("never alerts nor moves on a failed read", () => {
    expect(diffWater({ lastSampleAt: "2026-11-10T08:30:00Z", alerted: true }, failedWater)).toEqual({ events: [], next: null });
  });
});

describe("drought alerts", () => {
  // The table of changes per zone type is in drought-alerts.test.ts.
  it("records the first level silently, then alerts on every change, up or down", () => {
    const base = diffDrought(null, drought("vigilance"), NOW);
    expect(base).toEqual({ events: [], next: { version: 2, zones: { SUP: "vigilance" } } });
    const up = diffDrought(base.next, drought("crise"), NOW);
    expect(up.events[0]).toMatchObject({ key: "drought:SUP-crise:2026-11-22", severity: "critical", title: "Sécheresse\u00a0: niveau crise (eau superficielle)" });
    expect(up.events[0]?.groups?.flatMap((group) => group.lines).join("\n")).toContain("Arrosage des pelouses");
    expect(up.events[0]?.groups?.flatMap((group) => group.lines).join("\n")).not.toContain("Irrigation agricole");
    const down = diffDrought(up.next, drought("alerte"), NOW);
    expect(down.events[0]?.key).toBe("drought:SUP-alerte:2026-11-22");
    const end = diffDrought(down.next, drought(null), NOW);
    expect(end.events[0]).toMatchObject({ key: "drought:SUP-none:2026-11-22", title: "Sécheresse\u00a0: fin des restrictions" });
    expect(diffDrought(down.next, drought("alerte"), NOW)).toEqual({ events: [], next: null });
  });

  it("never alerts on a failed read", () => {
    expect(diffDrought({ version: 2, zones: { SUP: "crise" } }, evaluateDrought({ zones: { ok: false, reason: "http" }, now: NOW }), NOW)).toEqual({ events: [], next: null });
  });
});

describe("air alerts", () => {
  it("alerts on tomorrow's forecast Dégradé or worse, once per episode", () => {
    const first = diffAir(null, air(3), NOW);
    expect(first.events[0]).toMatchObject({ key: "air:episode:2026-11-23", severity: "warning", dataDate: "2026-11-23" });
    expect(first.events[0]?.lines.join(" ")).toMatch(/personnes vulnérables/);
    // Same day, same forecast: nothing more.
    expect(diffAir(first.next, air(3), NOW)).toEqual({ events: [], next: null });
    // Next day, the episode goes on: no new email, the episode is extended.
    const nextDay = new Date("2026-11-23T16:00:00Z");
    expect(diffAir({ episodeLastDay: "2026-11-23" }, air(4, nextDay, "2026-11-24"), nextDay)).toEqual({ events: [], next: { episodeLastDay: "2026-11-24" } });
  });

  it("starts a new episode after a clean day", () => {
    const later = new Date("2026-11-25T16:00:00Z");
    expect(diffAir({ episodeLastDay: "2026-11-23" }, air(4, later, "2026-11-26"), later).events[0]).toMatchObject({ key: "air:episode:2026-11-26", severity: "critical" });
  });

  it("ignores Bon and Moyen, a missing forecast and a forecast for another day", () => {
    expect(diffAir(null, air(2), NOW).events).toEqual([]);
    expect(diffAir(null, air(4, NOW, "2026-11-24"), NOW).events).toEqual([]);
    const noForecast = evaluateAirQuality({ atmo: { ok: false, reason: "timeout" }, cams: { ok: true, data: camsEstimate({ pm2_5: 80 }) }, now: NOW });
    expect(diffAir(null, noForecast, NOW)).toEqual({ events: [], next: null });
  });
});

describe("alert words (issue 10, item 1: one table keyed by kind)", () => {
  // Every kind of the table with the facts of its variants: a new kind fails to compile here until it is tested.
  const SAMPLES: { [K in AlertKind]: AlertFacts[K][] } = {
    "water-alert": [
      { nonCompliant: true, sampledAt: "2026-11-10T08:30:00Z", networkName: "AMIENS CENTRE", flagged: [{ name: "Nitrates (en NO3)", result: "62", unit: "mg/L", label: "Non conforme" }], conclusion: "Eau non conforme." },
      { nonCompliant: false, sampledAt: "2026-11-10T08:30:00Z", networkName: null, flagged: [{ name: "Turbidité", result: "3,4", unit: null, label: "Référence dépassée" }], conclusion: null },
    ],
    "water-ok": [{ sampledAt: "2026-11-18T08:30:00Z", networkName: "AMIENS CENTRE", conclusion: "Eau conforme." }],
    "drought-change": [
      {
        changes: [{ typeLabel: "Eau potable", before: "Alerte", after: "Crise" }],
        zones: [{ heading: "Eau potable : Crise", lines: ["Zone : Réseaux de l'Orb", "1 restriction s'applique aux particuliers :", "Arrosage des pelouses : Interdit."] }],
      },
      {
        changes: [
          { typeLabel: "Eau souterraine", before: null, after: "Alerte renforcée" },
          { typeLabel: "Eau superficielle", before: "Crise", after: null },
        ],
        zones: [{ heading: "Eau souterraine : Alerte renforcée", lines: ["Aucune restriction ne concerne les particuliers."] }],
      },
    ],
    "drought-end": [{ changes: [{ typeLabel: "Eau superficielle", before: "Vigilance", after: null }] }],
    "air-episode": [{ forecastDate: "2026-11-23", indexLabel: "Dégradé" }],
    "bathing-prohibition": [{ siteName: "LE CASINO", commune: "VALRAS-PLAGE", prohibitionTitle: "Interdiction de baignade du 18/07/2026" }],
    "bathing-lifted": [{ siteName: "LE CASINO", commune: "VALRAS-PLAGE" }],
    "bathing-poor": [{ siteName: "LE CASINO", commune: "VALRAS-PLAGE", sampleDate: "2026-07-17" }],
    "bathing-classement": [{ siteName: "LE CASINO", commune: "VALRAS-PLAGE", year: 2026, label: "Bonne" }],
  };
  const rows = (Object.keys(SAMPLES) as AlertKind[]).flatMap((kind) => SAMPLES[kind].map((facts, variant) => [kind, variant, facts] as const));

  it("covers every kind of the table", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(ALERT_TEXTS).sort());
  });

  it.each(rows)("%s (variant %i) renders a title and lines in French typography", (kind, _variant, facts) => {
    const rendered = renderAlertText(kind, facts as never);
    expect(rendered.kind).toBe(kind);
    expect(rendered.title.length).toBeGreaterThan(10);
    expect(rendered.lines.length).toBeGreaterThan(0);
    for (const text of [rendered.title, ...rendered.lines, ...(rendered.groups ?? []).flatMap((group) => [group.heading, ...group.lines])]) {
      expect(text).not.toMatch(/ [:;!?»]|« /);
      expect(text).not.toMatch(/undefined|null|\d{4}-\d{2}-\d{2}|\s{2}/);
    }
  });

  it("the diff writes its events through the table: same kind, same words", () => {
    const event = diffWater(null, water([{ rawValue: "62", numericValue: 62, sampledAt: "2026-11-10T08:30:00Z", sampleCode: "B", limitsPhysicochemical: "N" }])).events[0];
    expect(event?.kind).toBe("water-alert");
    expect(event?.title).toBe("Eau du robinet\u00a0: prélèvement non conforme");
    expect(event?.lines[0]).toBe("Le prélèvement du 10\u00a0novembre\u00a02026 (réseau AMIENS CENTRE) signale\u00a0:");
    expect(diffDrought({ version: 2, zones: { SUP: "alerte" } }, drought(null), NOW).events[0]?.kind).toBe("drought-end");
    expect(diffDrought({ version: 2, zones: { SUP: "vigilance" } }, drought("crise"), NOW).events[0]?.kind).toBe("drought-change");
    expect(diffAir(null, air(3), NOW).events[0]).toMatchObject({ kind: "air-episode", title: "Qualité de l'air demain\u00a0: dégradé" });
  });
});
