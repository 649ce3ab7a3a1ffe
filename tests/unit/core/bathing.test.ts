import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diffBathing } from "../../../src/sections/bathing/alert.ts";
import { bathingSeasonOfDay, currentBathingSeason, evaluateBathing, evaluateBathingSite, type NearbySite } from "../../../src/sections/bathing/index.ts";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { selectRecommendations } from "../../../src/core/recommendations/index.ts";
import { bathingHeadline, presentBathing } from "../../../src/core/report/present.ts";
import type { BathingSection } from "../../../src/core/types.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { readableName } from "../../../src/core/shared/format.ts";
import { parseSeasonInformation } from "../../../src/sources/baignades/dataset/season-information.ts";
import type { BathingLiveStatus, BathingSeasonRecord, BathingSite } from "../../../src/sections/bathing/types.ts";
import { atmoIndex, bathingLive as live, bathingRecord as record, camsEstimate, SUMMER, waterResult } from "./builders.ts";
import {
  describeBathingSeason,
  describeLiveRead,
  describeProhibition,
  describeProhibitionDetail,
  prohibitionTerm,
} from "../../../src/sections/bathing/notes.ts";
import { BATHING_DATASET } from "../../../src/sources/baignades/data.ts";

const WINTER = new Date("2026-11-22T10:00:00Z");

/** The bathing advice of a report whose water, air and drought are clear. */
function bathingRecommendations(bathing: BathingSection, now: Date) {
  const water = evaluateWaterQuality({ results: { ok: true, data: [waterResult({ rawValue: "20", numericValue: 20 })] }, udi: null, udis: [], now });
  const air = evaluateAirQuality({ atmo: { ok: true, data: [atmoIndex()] }, cams: { ok: true, data: camsEstimate() }, now, citycode: "80021" });
  const drought = evaluateDrought({ zones: { ok: true, data: [] }, now, citycode: "80021" });
  return selectRecommendations({ water, air, drought, bathing, now }).filter((recommendation) => recommendation.category === "bathing");
}

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

const nearby = (overrides: Partial<NearbySite> = {}): NearbySite => ({
  site,
  distanceKm: 17.63,
  record: record(),
  live: live(),
  officialUrl: "https://portail-baignades.example/site/x",
  ...overrides,
});

describe("bathing site level", () => {
  it.each([
    [
      "a prohibition in force",
      { live: live({ prohibition: { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" } }) },
      "critical",
      "Baignade interdite",
    ],
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
    const view = evaluateBathingSite(
      nearby({
        live: live({ fetchedAt: WINTER.toISOString(), lastSample: { date: "2026-09-01", verdict: "Moyen" }, classement: { year: 2026, label: "Bonne" } }),
      }),
      WINTER,
    );
    expect(view).toMatchObject({ in_season: false, level: "good", status_label: "Hors saison – Bonne" });
  });

  it("without the live page, shows the official record: its season window and last sample", () => {
    const view = evaluateBathingSite(nearby({ live: null }), WINTER);
    expect(view).toMatchObject({
      in_season: false,
      level: "unavailable",
      status_label: "Hors saison",
      live_read_at: null,
      record_sample: { date: "2024-09-02" },
      season: { year: 2024 },
    });
  });

  it("a prohibition of the record counts only while it lasts, and cyanobacteria are flagged", () => {
    const events = [
      { type: "Interdiction sanitaire", start: "2026-07-18", end: "2026-07-25", measures: "Présence de cyanobactéries" },
      { type: "Prolifération de cyanobactéries", start: "2026-07-18", end: "2026-07-25", measures: null },
    ];
    const during = evaluateBathingSite(
      nearby({ live: null, record: record({ season: 2026, seasonStart: "2026-06-15", seasonEnd: "2026-09-15", events }) }),
      SUMMER,
    );
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
    expect(evaluateBathing({ nearby: [nearby({ live: null })], recordSeason: 2024, now: SUMMER }).message).toBe(
      "Suivi en direct du ministère momentanément indisponible\u00a0: dernier classement officiel de chaque site, avec son année.",
    );
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

  it("an alert names the site and its commune in readable case, as the report does (« Le Casino (Valras-Plage) »)", () => {
    const [event] = diffBathing(null, section(prohibited)).events;
    expect(event?.title).toMatch(/Le Casino/);
    expect(JSON.stringify(event)).not.toMatch(/LE CASINO|VALRAS-PLAGE/);
  });

  it("a clear read between two prohibited ones does not announce a lift", () => {
    const started = diffBathing(null, section(prohibited));
    const clear = diffBathing(started.next, section(live()));
    const again = diffBathing(clear.next, section(prohibited));
    expect(again.events).toEqual([]);
    expect(again.next?.[site.id]).toMatchObject({ prohibited: true, clearReads: 0 });
  });

  it("tells a « Mauvais » sample once, and a new classement after the first read", () => {
    const poor = diffBathing(
      { [site.id]: { prohibited: false, clearReads: 0, lastPoorSample: null, classement: "2025:Excellente" } },
      section(live({ lastSample: { date: "2026-07-17", verdict: "Mauvais" } })),
    );
    expect(poor.events.map((event) => event.key)).toEqual([`bathing:poor:${site.id}:2026-07-17`]);
    expect(diffBathing(poor.next, section(live({ lastSample: { date: "2026-07-17", verdict: "Mauvais" } }))).events).toEqual([]);
    const reclassed = diffBathing(poor.next, section(live({ classement: { year: 2026, label: "Bonne" } })));
    expect(reclassed.events.map((event) => event.key)).toEqual([`bathing:classement:${site.id}:2026:Bonne`]);
    // The first read of a site is a baseline for its classement.
    expect(diffBathing(null, section(live())).events).toEqual([]);
  });

  it("never moves on a failed read (no live page)", () => {
    expect(diffBathing({ [site.id]: { prohibited: true, clearReads: 1, lastPoorSample: null, classement: null } }, section(null))).toEqual({
      events: [],
      next: null,
    });
  });
});

// ---------------------------------------------------------------- issue 9: bans and seasons
// Real sites and records from the shipped data (src/sources/baignades/data/, season 2024). Records
// marked « derived » are those records with their season moved to 2026, to stand for a record of
// the current season (none is published yet: a season's files come out the following June).

const realSite = (id: string) => {
  const found = BATHING_DATASET.sites.find((candidate) => candidate.id === id);
  const found_record = BATHING_DATASET.records[id];
  if (!found || !found_record) throw new Error(`site ${id} is no longer in the shipped data`);
  return { site: found, record: found_record };
};
/** « AIRE D'ACCUEIL DE BONIN » (58): « Interdiction sanitaire » since 2024-07-08, no end date, season 2024-07-01 → 2024-08-31. */
const BONIN = realSite("FRC1258177D058045");
/** « ANSE A SABLE » (971): ban since 2023-10-01 without end date, season 2023-10-01 → 2024-09-30. */
const ANSE_A_SABLE = realSite("FRY1097106M971025");
/** « PETIT HAVRE » (971, Le Gosier): no event, season 2023-10-01 → 2024-09-30. */
const PETIT_HAVRE = realSite("FRY1097113M971095");
/** Derived: BONIN's 2024 record moved to 2026, the season of the days it is evaluated on. */
const bonin2026: BathingSeasonRecord = {
  ...BONIN.record,
  season: 2026,
  seasonStart: "2026-07-01",
  seasonEnd: "2026-08-31",
  events: BONIN.record.events.map((event) => ({ ...event, start: event.start?.replace("2024", "2026") ?? null })),
};

const at = (isoDay: string) => new Date(`${isoDay}T10:00:00Z`);
const fromRecord = (real: { site: BathingSite; record: BathingSeasonRecord }, recordOverride?: BathingSeasonRecord): NearbySite => ({
  site: real.site,
  distanceKm: 3,
  record: recordOverride ?? real.record,
  live: null,
  officialUrl: "https://portail-baignades.example/",
});
/** Derived overseas page: the portal prints a year-round season (structure notes; dates as in the record). */
const overseasLive = (fetchedAt: string, overrides: Partial<BathingLiveStatus> = {}): BathingLiveStatus => ({
  fetchedAt,
  season: 2027,
  seasonStart: "2026-10-01",
  seasonEnd: "2027-09-30",
  lastSample: null,
  prohibition: null,
  classement: null,
  ...overrides,
});

describe("bans: only a current one is « Baignade interdite » (issue 9, item 2)", () => {
  it.each([
    [
      "the 2024 ban without end date, in November 2026",
      fromRecord(BONIN),
      "2026-11-22",
      { current: false, season: 2024, since: "2024-07-08", reason: "sanitaire" },
      "unavailable",
      "Hors saison",
    ],
    [
      "the 2024 ban without end date, in July 2026 (in season, but not this season's record)",
      fromRecord(BONIN),
      "2026-07-20",
      { current: false, season: 2024, since: "2024-07-08" },
      "unavailable",
      "Pas de résultat récent",
    ],
    [
      "the same ban in the 2026 record (derived), during the season",
      fromRecord(BONIN, bonin2026),
      "2026-07-20",
      { current: true, season: 2026, since: "2026-07-08" },
      "critical",
      "Baignade interdite",
    ],
    [
      // « Classement insuffisant durant 5 années consécutives »: the permanent ban of directive 2006/7/CE, art. 5(4).
      "an overseas 2024 permanent ban (Oct 2023 → Sep 2024 season) in November 2026",
      fromRecord(ANSE_A_SABLE),
      "2026-11-22",
      { current: false, state: "information", permanent: true, season: 2024, since: "2023-10-01" },
      "unavailable",
      "Interdiction permanente signalée",
    ],
    [
      "the same overseas ban in March 2024, inside its season",
      fromRecord(ANSE_A_SABLE),
      "2024-03-10",
      { current: true, season: 2024 },
      "critical",
      "Baignade interdite",
    ],
    [
      "the same overseas ban in November 2024: the 2025 season has begun",
      fromRecord(ANSE_A_SABLE),
      "2024-11-10",
      { current: false, season: 2024 },
      "unavailable",
      "Interdiction permanente signalée",
    ],
  ] as const)("%s", (_name, input, day, prohibition, level, label) => {
    const view = evaluateBathingSite(input, at(day));
    expect(view.prohibition).toMatchObject(prohibition);
    expect(view).toMatchObject({ level, status_label: label });
    const section = evaluateBathing({ nearby: [input], recordSeason: 2024, now: at(day) });
    expect(section.level).toBe(level);
  });

  it("a ban of an earlier season is told as information, with its season and date", () => {
    const view = evaluateBathingSite(fromRecord(BONIN), WINTER);
    expect(view.prohibition && prohibitionTerm(view.prohibition)).toBe("Information");
    expect(view.prohibition && describeProhibition(view.prohibition)).toBe(
      "Interdiction signalée pendant la saison 2024, depuis le 8\u00a0juillet\u00a02024 (raison sanitaire)",
    );
  });

  it("a ban in force says since when, from the banner's date", () => {
    const view = evaluateBathingSite(
      nearby({ live: live({ prohibition: { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" } }) }),
      SUMMER,
    );
    expect(view.prohibition && prohibitionTerm(view.prohibition)).toBe("Interdiction");
    expect(view.prohibition && describeProhibition(view.prohibition)).toBe("En vigueur depuis le 18\u00a0juillet\u00a02026 (raison sanitaire)");
    // The banner's own words only repeat that date: not shown twice.
    expect(view.prohibition && describeProhibitionDetail(view.prohibition)).toBeNull();
  });

  it("a July 2026 banner still on the page in March 2027 belongs to the 2026 season, not to the coming one", () => {
    const march = new Date("2027-03-01T10:00:00Z");
    const view = evaluateBathingSite(
      nearby({
        live: live({
          fetchedAt: march.toISOString(),
          prohibition: { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" },
        }),
      }),
      march,
    );
    expect(view.prohibition).toMatchObject({ current: false, season: 2026 });
    expect(view.prohibition && describeProhibition(view.prohibition)).toBe(
      "Interdiction signalée pendant la saison 2026, depuis le 18\u00a0juillet\u00a02026 (raison sanitaire)",
    );
  });

  it("an earlier season's ban leaves the level to the classement, as for any site", () => {
    const view = evaluateBathingSite({ ...fromRecord(BONIN), record: { ...BONIN.record, classement: "Bonne" } }, WINTER);
    expect(view).toMatchObject({ level: "good", status_label: "Hors saison – Bonne", prohibition: { current: false } });
  });

  const banner = { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" } as const;
  it.each([
    ["read in season", live({ prohibition: banner }), SUMMER, { current: true, season: 2026, since: "2026-07-18" }, "critical", "Baignade interdite"],
    [
      "read in November, after the season",
      live({ fetchedAt: WINTER.toISOString(), prohibition: banner }),
      WINTER,
      { current: false, season: 2026, since: "2026-07-18" },
      "good",
      "Hors saison – Excellente",
    ],
    [
      "read in season, shown in November from the last snapshot of the same season",
      live({ fetchedAt: "2026-09-10T08:00:00Z", prohibition: banner }),
      WINTER,
      { current: false, state: "information", season: 2026 },
      "good",
      "Hors saison – Excellente",
    ],
    [
      "read today with no season dates known at all",
      live({ fetchedAt: WINTER.toISOString(), seasonStart: null, seasonEnd: null, prohibition: banner }),
      WINTER,
      { current: true, state: "in_force", season: 2026 },
      "critical",
      "Baignade interdite",
    ],
  ] as const)("a live banner %s", (_name, liveStatus, now, prohibition, level, label) => {
    const view = evaluateBathingSite(nearby({ live: liveStatus, record: liveStatus.seasonStart ? record() : null }), now);
    expect(view.prohibition).toMatchObject(prohibition);
    expect(view).toMatchObject({ level, status_label: label });
  });

  it("a live banner read on an overseas site in November is current (year-round season)", () => {
    const view = evaluateBathingSite(
      {
        ...fromRecord(PETIT_HAVRE),
        live: overseasLive("2026-11-22T09:00:00Z", {
          prohibition: { title: "Interdiction de baignade du 15/11/2026", kind: "temporaire", reason: "sanitaire" },
        }),
      },
      WINTER,
    );
    expect(view).toMatchObject({ level: "critical", status_label: "Baignade interdite", prohibition: { current: true, season: 2027, since: "2026-11-15" } });
  });
});

describe("seasons across the year end (issue 9, item 3)", () => {
  it.each([
    [
      "an overseas site (971) in November, from its 2024 record",
      fromRecord(PETIT_HAVRE),
      "2026-11-22",
      true,
      { year: 2024, current: false, start: "2023-10-01", end: "2024-09-30" },
    ],
    ["an overseas site (971) in March, from its 2024 record", fromRecord(PETIT_HAVRE), "2026-03-15", true, { year: 2024, current: false }],
    [
      "an overseas site (971) read live in November: the 2027 season",
      { ...fromRecord(PETIT_HAVRE), live: overseasLive("2026-11-22T09:00:00Z") },
      "2026-11-22",
      true,
      { year: 2027, current: true, start: "2026-10-01", end: "2027-09-30" },
    ],
    ["a metropolitan site in November, from its 2024 record", fromRecord(BONIN), "2026-11-22", false, { year: 2024, current: false }],
    ["a metropolitan site in July, from its 2024 record", fromRecord(BONIN), "2026-07-20", true, { year: 2024, current: false }],
    [
      "a metropolitan site read live in November: the 2026 season is over",
      nearby({ live: live({ fetchedAt: WINTER.toISOString() }) }),
      "2026-11-22",
      false,
      { year: 2026, current: true, start: "2026-06-15", end: "2026-09-15" },
    ],
  ] as const)("%s", (_name, input, day, inSeason, season) => {
    const view = evaluateBathingSite(input, at(day));
    expect(view).toMatchObject({ in_season: inSeason, season });
    if (!inSeason) expect(view.status_label).toMatch(/^Hors saison/);
  });

  it("shows a live « Mauvais » sample on an overseas site in season", () => {
    const view = evaluateBathingSite(
      { ...fromRecord(PETIT_HAVRE), live: overseasLive("2026-11-22T09:00:00Z", { lastSample: { date: "2026-11-18", verdict: "Mauvais" } }) },
      WINTER,
    );
    expect(view).toMatchObject({ in_season: true, level: "concerning", status_label: "Mauvais", latest_sample: { verdict: "Mauvais" } });
  });

  it("says which season the dates belong to", () => {
    expect(describeBathingSeason(evaluateBathingSite(fromRecord(PETIT_HAVRE), WINTER))).toBe(
      "En saison (d'après les dates de la saison 2024\u00a0: du 1er\u00a0octobre\u00a02023 au 30\u00a0septembre\u00a02024)",
    );
    expect(describeBathingSeason(evaluateBathingSite(nearby({ live: live({ fetchedAt: WINTER.toISOString() }) }), WINTER))).toBe(
      "Hors saison (saison 2026\u00a0: du 15\u00a0juin\u00a02026 au 15\u00a0septembre\u00a02026)",
    );
  });

  it("says when the ministry's page was read, in Paris time", () => {
    expect(describeLiveRead("2026-08-20T12:05:00Z")).toBe("Lu sur le site du ministère le 20\u00a0août\u00a02026 à 14\u00a0h\u00a005");
    expect(describeLiveRead("2026-11-22T08:00:00Z")).toBe("Lu sur le site du ministère le 22\u00a0novembre\u00a02026 à 9\u00a0h\u00a000");
  });
});

describe("bathing alerts only for a current ban (issue 9, item 2)", () => {
  const banner = { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" } as const;
  const sectionAt = (now: Date, input: NearbySite) => evaluateBathing({ nearby: [input], recordSeason: 2024, now });

  it("sends nothing for a banner read after the season, nor for an earlier season's record", () => {
    expect(diffBathing(null, sectionAt(WINTER, nearby({ live: live({ fetchedAt: WINTER.toISOString(), prohibition: banner }) }))).events).toEqual([]);
    expect(diffBathing(null, sectionAt(WINTER, { ...fromRecord(BONIN), live: live({ fetchedAt: WINTER.toISOString() }) })).events).toEqual([]);
  });

  it("does not announce a lift when the season ends with the banner still up", () => {
    const started = diffBathing(null, sectionAt(SUMMER, nearby({ live: live({ prohibition: banner }) })));
    expect(started.events).toHaveLength(1);
    const offSeason = () => sectionAt(WINTER, nearby({ live: live({ fetchedAt: WINTER.toISOString(), prohibition: banner }) }));
    const first = diffBathing(started.next, offSeason());
    const second = diffBathing(first.next ?? started.next, offSeason());
    expect([...first.events, ...second.events]).toEqual([]);
  });

  it("a « Mauvais » sample alerts only in season: a July sample read in November is noted, never emailed (issue 10, item 5)", () => {
    const julySample = { date: "2026-07-17", verdict: "Mauvais" } as const;
    const winter = diffBathing(null, sectionAt(WINTER, nearby({ live: live({ fetchedAt: WINTER.toISOString(), lastSample: julySample }) })));
    expect(winter.events).toEqual([]);
    expect(winter.next?.[site.id]).toMatchObject({ lastPoorSample: "2026-07-17" });
    // Nor when the next season opens before its first sample.
    const nextJune = new Date("2027-06-20T10:00:00Z");
    const reopened = nearby({ live: live({ fetchedAt: nextJune.toISOString(), seasonStart: "2027-06-15", seasonEnd: "2027-09-15", lastSample: julySample }) });
    expect(sectionAt(nextJune, reopened).sites[0]?.in_season).toBe(true);
    expect(diffBathing(winter.next, sectionAt(nextJune, reopened)).events).toEqual([]);
    // In season the same sample is announced.
    expect(diffBathing(null, sectionAt(SUMMER, nearby({ live: live({ lastSample: julySample }) }))).events.map((event) => event.kind)).toEqual([
      "bathing-poor",
    ]);
  });

  it("counts a clear read in season even when an earlier season's ban is still on the record", () => {
    const state = { [BONIN.site.id]: { prohibited: true, clearReads: 0, lastPoorSample: null, classement: null } };
    const clearRead = () =>
      sectionAt(at("2026-07-20"), {
        ...fromRecord(BONIN),
        live: live({ fetchedAt: at("2026-07-20").toISOString(), seasonStart: "2026-07-01", seasonEnd: "2026-08-31", lastSample: null, classement: null }),
      });
    const first = diffBathing(state, clearRead());
    const second = diffBathing(first.next, clearRead());
    expect(second.events.map((event) => event.key)).toEqual([`bathing:lifted:${BONIN.site.id}:2026-07-20`]);
  });
});

// ---------------------------------------------------------------- issue 21: seasons, dates and words the source printed

/** The official 2024 season information file (recorded, tests/fixtures/baignades/). */
const OFFICIAL_2024_SEASONS = parseSeasonInformation(
  readFileSync(new URL("../../fixtures/baignades/saison-balneaire-2024-informations-sur-la-saison.cp1252.csv", import.meta.url)),
);
const REUNION_SITE: BathingSite = { ...site, id: "REUNION", communeCode: "97415", communeName: "SAINT-PAUL", department: "974" };

describe("overseas seasons are numbered as the ministry numbers them, on the territory's own clock (issue 21)", () => {
  it("an overseas season is named after the year it ends in: the official 2024 record runs every site of 971–976 from 01/10/2023 to 30/09/2024", () => {
    // Read in the recorded file: « 2024;Guadeloupe;971;FRY1097102M971005;Saison balnéaire;01/10/2023;30/09/2024; », and
    // so for the 129 sites of 971, 62 of 972, 11 of 973, 25 of 974 and 21 of 976 (248 rows). No recorded ministry
    // page exists (consultsite-page-structure.md); the public scraper B of those notes asks overseas pages with
    // `annee` = the next year from October, and rewrites the page's years to (annee − 1, annee).
    const departments = new Map(BATHING_DATASET.sites.map((candidate) => [candidate.id, candidate.department]));
    const overseas = [...OFFICIAL_2024_SEASONS].filter(([id]) => /^97[1-6]$/.test(departments.get(id) ?? ""));
    expect(overseas).toHaveLength(248);
    for (const [id, season] of overseas) {
      expect({ id, start: season.seasonStart, end: season.seasonEnd }).toEqual({ id, start: "2023-10-01", end: "2024-09-30" });
      const department = departments.get(id) ?? "";
      expect([bathingSeasonOfDay("2023-10-01", department), bathingSeasonOfDay("2024-09-30", department)]).toEqual([2024, 2024]);
    }
    // Metropolitan seasons stay within one summer, named after their calendar year.
    expect([bathingSeasonOfDay("2024-06-15", "034"), bathingSeasonOfDay("2024-10-01", "034"), bathingSeasonOfDay("2024-10-01", "02B")]).toEqual([
      2024, 2024, 2024,
    ]);
  });

  it("the season under way is the territory's: from its own 1 October overseas it is the next year's, whatever the Paris day", () => {
    // 21:00 UTC on 30 September: still 30 September in Paris (23:00), already 1 October in Réunion (01:00).
    const edge = new Date("2026-09-30T21:00:00Z");
    expect(currentBathingSeason(edge, REUNION_SITE)).toBe(2027);
    expect(currentBathingSeason(edge, site)).toBe(2026);
    // 02:00 UTC on 1 October: 1 October in Paris, still 30 September in Guadeloupe (22:00).
    expect(currentBathingSeason(new Date("2026-10-01T02:00:00Z"), PETIT_HAVRE.site)).toBe(2026);
    expect(currentBathingSeason(WINTER, PETIT_HAVRE.site)).toBe(2027);
    // In January a metropolitan site's season is the coming summer's.
    expect(currentBathingSeason(new Date("2027-01-15T10:00:00Z"), site)).toBe(2027);
  });

  /** The page of the season that ended (asked with `annee=2026`), as a derived page prints it. */
  const endedSeasonPage = (fetchedAt: string): BathingLiveStatus => ({
    fetchedAt,
    season: 2026,
    seasonStart: "2025-10-01",
    seasonEnd: "2026-09-30",
    lastSample: { date: "2026-09-14", verdict: "Mauvais" },
    prohibition: { title: "Interdiction de baignade du 15/09/2026", kind: "temporaire", reason: "sanitaire" },
    classement: { year: 2025, label: "Bonne" },
  });

  it("from October overseas, the season that ended is never current: its September ban and sample are dated facts, under the dates its page printed", () => {
    const november = new Date("2026-11-10T14:00:00Z");
    const view = evaluateBathingSite({ ...fromRecord(PETIT_HAVRE), live: endedSeasonPage(november.toISOString()) }, november);
    expect(view.prohibition).toMatchObject({ current: false, state: "information", season: 2026, since: "2026-09-15" });
    expect(view.latest_sample).toEqual({ date: "2026-09-14", verdict: "Mauvais", current: false });
    expect(view).toMatchObject({ level: "good", status_label: "Bonne", in_season: true });
    // The dates the page printed, with their season: not « saison 2027 : du 1er octobre 2026 au 30 septembre 2027 ».
    expect(view.season).toEqual({ start: "2025-10-01", end: "2026-09-30", year: 2026, current: false });
    expect(describeBathingSeason(view)).toBe(
      "En saison (d'après les dates de la saison 2026\u00a0: du 1er\u00a0octobre\u00a02025 au 30\u00a0septembre\u00a02026)",
    );
    const section = evaluateBathing({
      nearby: [{ ...fromRecord(PETIT_HAVRE), live: endedSeasonPage(november.toISOString()) }],
      recordSeason: 2024,
      now: november,
    });
    expect(bathingHeadline(section).word).not.toMatch(/interdite|Mauvais/);
    expect(diffBathing(null, section).events).toEqual([]);
  });

  it("the page of the season under way (annee=2027 in November) speaks for today", () => {
    const november = new Date("2026-11-10T14:00:00Z");
    const page: BathingLiveStatus = {
      fetchedAt: november.toISOString(),
      season: 2027,
      seasonStart: "2026-10-01",
      seasonEnd: "2027-09-30",
      lastSample: { date: "2026-11-03", verdict: "Mauvais" },
      prohibition: null,
      classement: { year: 2026, label: "Bonne" },
    };
    const view = evaluateBathingSite({ ...fromRecord(PETIT_HAVRE), live: page }, november);
    expect(view).toMatchObject({ level: "concerning", status_label: "Mauvais", latest_sample: { current: true } });
    expect(view.season).toEqual({ start: "2026-10-01", end: "2027-09-30", year: 2027, current: true });
  });
});

describe("only dates the source printed; a ban is in force only when read less than 24 hours ago (issue 21)", () => {
  it("a metropolitan page read in January keeps the 2026 dates it printed, never moved onto 2027", () => {
    // The derived off-season page prints « Début de la saison : 20/06/2026 », « Fin de la saison : 06/09/2026 ».
    const january = new Date("2027-01-15T10:00:00Z");
    const page = live({
      fetchedAt: january.toISOString(),
      season: 2027,
      seasonStart: "2026-06-20",
      seasonEnd: "2026-09-06",
      classement: { year: 2026, label: "Bonne" },
    });
    const view = evaluateBathingSite(nearby({ live: page }), january);
    expect(view.season).toEqual({ start: "2026-06-20", end: "2026-09-06", year: 2026, current: false });
    expect(describeBathingSeason(view)).toBe(
      "Hors saison (d'après les dates de la saison 2026\u00a0: du 20\u00a0juin\u00a02026 au 6\u00a0septembre\u00a02026)",
    );
    expect(describeBathingSeason(view)).not.toMatch(/2027/);
  });

  it("a page that printed no season dates gets none invented", () => {
    const january = new Date("2027-01-15T10:00:00Z");
    const view = evaluateBathingSite(
      nearby({ record: null, live: live({ fetchedAt: january.toISOString(), season: 2027, seasonStart: null, seasonEnd: null }) }),
      january,
    );
    expect(view.season).toEqual({ start: null, end: null, year: 2027, current: true });
    expect(describeBathingSeason(view)).toBe("Saison 2027\u00a0: dates non communiquées");
  });

  const banner = { title: "Interdiction de baignade du 18/07/2026", kind: "temporaire", reason: "sanitaire" } as const;
  const readOn22July = "2026-07-22T08:00:00Z";

  it("a ban read 20 days ago is « signalée le … », to be checked, never « En vigueur »", () => {
    const twentyDaysLater = new Date("2026-08-11T08:00:00Z");
    const input = nearby({ live: live({ fetchedAt: readOn22July, prohibition: banner }) });
    const view = evaluateBathingSite(input, twentyDaysLater);
    expect(view.prohibition).toMatchObject({ current: false, state: "unconfirmed", read_on: "2026-07-22", since: "2026-07-18" });
    // Neither in force today nor good news: amber, in words that say what is known.
    expect(view).toMatchObject({ level: "concerning", status_label: "Interdiction signalée" });
    const prohibition = view.prohibition!;
    expect(prohibitionTerm(prohibition)).toBe("À vérifier");
    expect(describeProhibition(prohibition)).toBe(
      "Interdiction signalée le 22\u00a0juillet\u00a02026 sur le site du ministère, depuis le 18\u00a0juillet\u00a02026 (raison sanitaire)\u00a0: elle a pu être levée depuis, vérifiez sur la fiche officielle",
    );
    expect(describeProhibition(prohibition)).not.toMatch(/En vigueur/);
    const section = evaluateBathing({ nearby: [input], recordSeason: 2024, now: twentyDaysLater });
    expect(bathingHeadline(section)).toMatchObject({ word: "Interdiction signalée", tone: "concerning" });
    expect(presentBathing(section).sites[0]?.facts[0]).toEqual({ term: "À vérifier", value: describeProhibition(prohibition) });
    const advice = bathingRecommendations(section, twentyDaysLater);
    expect(advice.map((recommendation) => recommendation.id)).toEqual(["bathing-prohibition-unconfirmed"]);
    expect(advice[0]?.text).toMatch(
      /^«\u00a0Le Casino\u00a0»\u00a0: une interdiction de baignade était affichée le 22\u00a0juillet\u00a02026 sur le site du ministère\./,
    );
    // An old read neither starts a ban alert nor counts as a clear read.
    expect(diffBathing(null, section).events).toEqual([]);
    const state = { [site.id]: { prohibited: true, clearReads: 1, lastPoorSample: null, classement: "2025:Excellente" } };
    expect(diffBathing(state, section).events).toEqual([]);
  });

  it.each([
    ["23 h 59 after the read: in force", 24 * 3600 * 1000 - 60_000, "in_force", "Baignade interdite"],
    ["24 h after the read: to be checked", 24 * 3600 * 1000, "unconfirmed", "Interdiction signalée"],
  ] as const)("a ban read %s", (_name, ageMs, state, label) => {
    const now = new Date(Date.parse(readOn22July) + ageMs);
    const view = evaluateBathingSite(nearby({ live: live({ fetchedAt: readOn22July, prohibition: banner }) }), now);
    expect(view.prohibition?.state).toBe(state);
    expect(view.status_label).toBe(label);
  });
});

describe("a permanent ban is a ban whatever the season (issue 21)", () => {
  const permanentBanner = { title: "Interdiction de baignade du 07/05/2020", kind: "permanente", reason: "sanitaire" } as const;

  it("a permanent ban read out of season is « Baignade interdite », never « Hors saison – Excellente » in green", () => {
    // The page's banner: « Type : INTERDICTION PERMANENTE - RAISON SANITAIRE » (structure notes, B).
    const input = nearby({ live: live({ fetchedAt: WINTER.toISOString(), prohibition: permanentBanner, classement: { year: 2026, label: "Excellente" } }) });
    const view = evaluateBathingSite(input, WINTER);
    expect(view).toMatchObject({ in_season: false, level: "critical", status_label: "Baignade interdite" });
    expect(view.prohibition).toMatchObject({ current: true, state: "in_force", permanent: true });
    expect(describeProhibition(view.prohibition!)).toBe("En vigueur depuis le 7\u00a0mai\u00a02020 (interdiction permanente, raison sanitaire)");
    const section = evaluateBathing({ nearby: [input], recordSeason: 2024, now: WINTER });
    expect(bathingHeadline(section)).toMatchObject({ word: "Baignade interdite", tone: "critical" });
    expect(bathingRecommendations(section, WINTER).map((recommendation) => recommendation.id)).toEqual(["bathing-prohibited"]);
  });

  /** « 2024;Provence-Alpes-Côte d'Azur;006;FRL0306123M006400;Interdiction sanitaire;01/01/2024;31/12/9999;Interdiction permanente de baignade suite à 5 années de classement insuffisant … » */
  const PERMANENT_2024 = realSite("FRL0306123M006400");

  it("a permanent ban of an earlier season's record heads its site instead of the classement, without setting a level", () => {
    // The page was last read in August (its snapshot is old) and showed no banner but an « Excellente » classement.
    const input: NearbySite = {
      ...fromRecord(PERMANENT_2024),
      live: live({ fetchedAt: "2026-08-20T08:00:00Z", classement: { year: 2025, label: "Excellente" } }),
    };
    const view = evaluateBathingSite(input, WINTER);
    expect(view.prohibition).toMatchObject({ state: "information", permanent: true, season: 2024, since: "2024-01-01" });
    expect(view).toMatchObject({ level: "unavailable", status_label: "Interdiction permanente signalée" });
    expect(describeProhibition(view.prohibition!)).toBe(
      "Interdiction permanente signalée pendant la saison 2024, depuis le 1er\u00a0janvier\u00a02024 (raison sanitaire)",
    );
    expect(bathingHeadline(evaluateBathing({ nearby: [input], recordSeason: 2024, now: WINTER })).word).not.toMatch(/Excellente/);
    // A fresh read of this season's page without any banner is the latest word: the ban was lifted.
    const lifted = evaluateBathingSite({ ...input, live: live({ fetchedAt: WINTER.toISOString(), classement: { year: 2026, label: "Excellente" } }) }, WINTER);
    expect(lifted).toMatchObject({ level: "good", status_label: "Hors saison – Excellente", prohibition: { state: "information" } });
  });

  it.each([
    [
      "Interdiction permanente de baignade suite à 5 années de classement insuffisant conformément aux dispositions du code de la santé publique. Arrêté communal du 7 mai 2020",
      true,
    ],
    ["Classement insuffisant durant 5 années consécutives", true],
    ["Fermeture de la baignade suite à un classement insuffisant pendant 5 ans consécutifs", true],
    ["baignade classée en insuffisant pendant 5 ans arrêté préfectoral 184/ 2023/ARS/DSP", true],
    ["Site classé insuffisant 5 années consécutives, baignade interdite par arrêté municipal pour toute la saison 2024", false],
    ["Baignade interdite par arrêté municipal durant toute la saison", false],
    ["Passage tempête Ernesto", false],
  ] as const)("the record's words « %s » make a permanent ban: %s", (measures, permanent) => {
    const events = [{ type: "Interdiction sanitaire", start: "2024-01-01", end: null, measures }];
    expect(evaluateBathingSite(nearby({ live: null, record: record({ events }) }), WINTER).prohibition?.permanent).toBe(permanent);
  });
});

describe("an « Insuffisante » classement is named as the classement of four seasons, never as the last results (issue 21)", () => {
  it("in season, classement « Insuffisante » and last sample « Bon »: the advice names the classement (four seasons) and says the last sample was good", () => {
    // Directive 2006/7/CE, art. 4(2): the classement is made on « l'ensemble des données relatives à la qualité des
    // eaux de baignade recueillies pour la saison balnéaire considérée et les trois saisons précédentes ».
    const input = nearby({ live: live({ lastSample: { date: "2026-07-14", verdict: "Bon" }, classement: { year: 2025, label: "Insuffisante" } }) });
    const section = evaluateBathing({ nearby: [input], recordSeason: 2024, now: SUMMER });
    const [poor, ...others] = bathingRecommendations(section, SUMMER);
    expect(others).toEqual([]);
    expect(poor).toMatchObject({ id: "bathing-poor", title: "Eau de baignade classée «\u00a0Insuffisante\u00a0»" });
    expect(poor?.text).toBe(
      "«\u00a0Le Casino\u00a0»\u00a0: classement «\u00a0Insuffisante\u00a0» (2025), établi sur les quatre dernières saisons\u00a0; le dernier prélèvement, le 14\u00a0juillet\u00a02026, est «\u00a0Bon\u00a0». Préférez un autre site, évitez de boire la tasse, surtout après un orage, et douchez-vous en sortant de l'eau.",
    );
    expect(poor?.text).not.toMatch(/derniers résultats/);
    // The badge names the classement that sets its colour: never « Bon » in amber.
    expect(section.sites[0]).toMatchObject({ level: "concerning", status_label: "Bon – classement Insuffisante" });
    expect(bathingHeadline(section)).toMatchObject({ word: "Bon – classement Insuffisante", tone: "concerning" });
  });

  it("a « Mauvais » sample of this season is named as the sample, with its date", () => {
    const section = evaluateBathing({
      nearby: [nearby({ live: live({ lastSample: { date: "2026-07-17", verdict: "Mauvais" } }) })],
      recordSeason: 2024,
      now: SUMMER,
    });
    const [poor] = bathingRecommendations(section, SUMMER);
    expect(poor).toMatchObject({ id: "bathing-poor", title: "Eau de baignade\u00a0: dernier prélèvement «\u00a0Mauvais\u00a0»" });
    expect(poor?.text).toMatch(/^«\u00a0Le Casino\u00a0»\u00a0: le dernier prélèvement, le 17\u00a0juillet\u00a02026, est «\u00a0Mauvais\u00a0»\./);
  });
});

describe("site names in readable case, French particles lower-case inside (issue 23)", () => {
  it("raw capitals become readable: « LE CASINO » → « Le Casino », « PLAGE DU PRADO » → « Plage du Prado »", () => {
    expect(readableName("LE CASINO")).toBe("Le Casino");
    expect(readableName("PLAGE DU PRADO")).toBe("Plage du Prado");
    expect(readableName("ORB-CAMPING MUNICIPAL")).toBe("Orb-Camping Municipal");
    expect(readableName("VALRAS-PLAGE")).toBe("Valras-Plage");
    expect(readableName("SAINTES-MARIES-DE-LA-MER")).toBe("Saintes-Maries-de-la-Mer");
    expect(readableName("PLAGE DE L'ANSE DES SABLES")).toBe("Plage de l'Anse des Sables");
    expect(readableName("PLAGE D'AGDE SUR LA LOIRE")).toBe("Plage d'Agde sur la Loire");
    expect(readableName("BAIE AUX CAILLOUX EN VENDÉE")).toBe("Baie aux Cailloux en Vendée");
    expect(readableName("ÉTANG DES ÉCHAUDÉS")).toBe("Étang des Échaudés");
  });

  it("a first word that is a particle is capitalised (« L'ILE-ROUSSE » → « L'Ile-Rousse », « LES SABLES » → « Les Sables »)", () => {
    expect(readableName("L'ILE-ROUSSE")).toBe("L'Ile-Rousse");
    expect(readableName("LES SABLES")).toBe("Les Sables");
  });

  it("a name already in mixed case is the source's own spelling, kept as it is", () => {
    expect(readableName("Plage du Prado")).toBe("Plage du Prado");
    expect(readableName("Lac de Saint-Point (plage des Grands Champs)")).toBe("Lac de Saint-Point (plage des Grands Champs)");
  });
});
