import { describe, expect, it } from "vitest";
import { diffBathing } from "../../../src/core/alerts/index.ts";
import { evaluateBathing, evaluateBathingSite, type NearbySite } from "../../../src/core/bathing/index.ts";
import type { BathingLiveStatus, BathingSeasonRecord, BathingSite } from "../../../src/core/bathing/types.ts";

const SUMMER = new Date("2026-07-20T10:00:00Z");
const WINTER = new Date("2026-11-22T10:00:00Z");

const site: BathingSite = {
  id: "FRJ1334324M034010",
  name: "LE CASINO",
  communeCode: "34324",
  communeName: "VALRAS-PLAGE",
  department: "034",
  waterType: "Mer",
  latitude: 43.247,
  longitude: 3.29,
};

const record = (overrides: Partial<BathingSeasonRecord> = {}): BathingSeasonRecord => ({
  season: 2024,
  seasonStart: "2024-06-15",
  seasonEnd: "2024-09-15",
  events: [],
  classement: null,
  lastSample: { date: "2024-09-02", enterococci: 15, ecoli: 15, status: null },
  ...overrides,
});

const live = (overrides: Partial<BathingLiveStatus> = {}): BathingLiveStatus => ({
  fetchedAt: SUMMER.toISOString(),
  seasonStart: "2026-06-15",
  seasonEnd: "2026-09-15",
  lastSample: { date: "2026-07-14", verdict: "Bon" },
  prohibition: null,
  classement: { year: 2025, label: "Excellente" },
  ...overrides,
});

const nearby = (overrides: Partial<NearbySite> = {}): NearbySite => ({ site, distanceKm: 17.63, record: record(), live: live(), officialUrl: "https://baignades.sante.gouv.fr/x", ...overrides });

describe("bathing site level", () => {
  it.each([
    ["a prohibition in force", { live: live({ prohibition: { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" } }) }, "critical", "Baignade interdite"],
    ["a « Mauvais » sample", { live: live({ lastSample: { date: "2026-07-17", verdict: "Mauvais" } }) }, "concerning", "Mauvais"],
    ["an « Insuffisante » classement", { live: live({ lastSample: null, classement: { year: 2025, label: "Insuffisante" } }) }, "concerning", "Insuffisante"],
    ["a « Moyen » sample", { live: live({ lastSample: { date: "2026-07-17", verdict: "Moyen" } }) }, "acceptable", "Moyen"],
    ["a « Suffisante » classement", { live: live({ lastSample: null, classement: { year: 2025, label: "Suffisante" } }) }, "acceptable", "Suffisante"],
    ["a « Bon » sample and an excellent classement", {}, "good", "Bon"],
  ] as const)("%s", (_name, overrides, level, label) => {
    const view = evaluateBathingSite(nearby(overrides), SUMMER);
    expect(view).toMatchObject({ level, status_label: label, in_season: true, distance_km: 17.6 });
  });

  it("out of season, the classement speaks, not last summer's sample", () => {
    const view = evaluateBathingSite(nearby({ live: live({ fetchedAt: WINTER.toISOString(), lastSample: { date: "2026-09-01", verdict: "Moyen" }, classement: { year: 2026, label: "Bonne" } }) }), WINTER);
    expect(view).toMatchObject({ in_season: false, level: "good", status_label: "Hors saison – Bonne" });
  });

  it("without the live page, shows the official record: its season window and last sample", () => {
    const view = evaluateBathingSite(nearby({ live: null }), WINTER);
    expect(view).toMatchObject({ in_season: false, level: "unavailable", status_label: "Hors saison", live_read_at: null, record_sample: { date: "2024-09-02" }, season: { year: 2024 } });
  });

  it("a prohibition of the record counts only while it lasts, and cyanobacteria are flagged", () => {
    const events = [
      { type: "Interdiction sanitaire", start: "2026-07-18", end: "2026-07-25", measures: "Présence de cyanobactéries" },
      { type: "Prolifération de cyanobactéries", start: "2026-07-18", end: "2026-07-25", measures: null },
    ];
    const during = evaluateBathingSite(nearby({ live: null, record: record({ season: 2026, seasonStart: "2026-06-15", seasonEnd: "2026-09-15", events }) }), SUMMER);
    expect(during).toMatchObject({ level: "critical", prohibition: { title: "Présence de cyanobactéries", reason: "sanitaire", since: "2026-07-18" } });
    expect(during.health_events).toEqual([{ type: "Prolifération de cyanobactéries", start: "2026-07-18", end: "2026-07-25", active: true }]);
    const after = evaluateBathingSite(nearby({ live: null, record: record({ season: 2026, events }) }), new Date("2026-08-10T10:00:00Z"));
    expect(after.prohibition).toBeNull();
  });
});

describe("bathing section", () => {
  it("takes the worst of the nearby sites and says when the live page was not read", () => {
    const section = evaluateBathing({
      nearby: [nearby(), nearby({ site: { ...site, id: "B" }, live: null, record: record({ classement: "Insuffisante" }) })],
      recordSeason: 2024,
      now: SUMMER,
    });
    expect(section.level).toBe("concerning");
    expect(section.message).toBeNull();
    expect(evaluateBathing({ nearby: [nearby({ live: null })], recordSeason: 2024, now: SUMMER }).message).toMatch(/bilan officiel de la saison 2024/);
  });

  it("is neutral, not an error, without any site within 20 km", () => {
    expect(evaluateBathing({ nearby: [], recordSeason: 2024, now: SUMMER })).toMatchObject({
      success: true,
      level: "unavailable",
      sites: [],
      message: "Aucun site de baignade surveillé à proximité (moins de 20\u00a0km).",
    });
  });
});

describe("bathing alerts", () => {
  const section = (liveStatus: BathingLiveStatus | null) => evaluateBathing({ nearby: [nearby({ live: liveStatus })], recordSeason: 2024, now: SUMMER });
  const prohibited = live({ prohibition: { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" } });

  it("tells a prohibition once, and its end only after two clear reads", () => {
    const started = diffBathing(null, section(prohibited));
    expect(started.events.map((event) => event.key)).toEqual([`bathing:prohibition:${site.id}:2026-07-20`]);
    expect(diffBathing(started.next, section(prohibited)).events).toEqual([]);
    const firstClear = diffBathing(started.next, section(live()));
    expect(firstClear.events).toEqual([]);
    const secondClear = diffBathing(firstClear.next, section(live()));
    expect(secondClear.events.map((event) => event.key)).toEqual([`bathing:lifted:${site.id}:2026-07-20`]);
  });

  it("a clear read between two prohibited ones does not announce a lift", () => {
    const started = diffBathing(null, section(prohibited));
    const clear = diffBathing(started.next, section(live()));
    const again = diffBathing(clear.next, section(prohibited));
    expect(again.events).toEqual([]);
    expect(again.next?.[site.id]).toMatchObject({ prohibited: true, clearReads: 0 });
  });

  it("tells a « Mauvais » sample once, and a new classement after the first read", () => {
    const poor = diffBathing({ [site.id]: { prohibited: false, clearReads: 0, lastPoorSample: null, classement: "2025:Excellente" } }, section(live({ lastSample: { date: "2026-07-17", verdict: "Mauvais" } })));
    expect(poor.events.map((event) => event.key)).toEqual([`bathing:poor:${site.id}:2026-07-17`]);
    expect(diffBathing(poor.next, section(live({ lastSample: { date: "2026-07-17", verdict: "Mauvais" } }))).events).toEqual([]);
    const reclassed = diffBathing(poor.next, section(live({ classement: { year: 2026, label: "Bonne" } })));
    expect(reclassed.events.map((event) => event.key)).toEqual([`bathing:classement:${site.id}:2026:Bonne`]);
    // The first read of a site is a baseline for its classement.
    expect(diffBathing(null, section(live())).events).toEqual([]);
  });

  it("never moves on a failed read (no live page)", () => {
    expect(diffBathing({ [site.id]: { prohibited: true, clearReads: 1, lastPoorSample: null, classement: null } }, section(null))).toEqual({ events: [], next: null });
  });
});
