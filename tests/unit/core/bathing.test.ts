import { describe, expect, it } from "vitest";
import { diffBathing } from "../../../src/core/alerts/index.ts";
import { evaluateBathing, evaluateBathingSite, type NearbySite } from "../../../src/core/bathing/index.ts";
import type { BathingLiveStatus, BathingSeasonRecord, BathingSite } from "../../../src/core/bathing/types.ts";
import { bathingLive as live, bathingRecord as record, SUMMER } from "./builders.ts";
import { describeBathingSeason, describeLiveRead, describeProhibition, describeProhibitionDetail, prohibitionTerm } from "../../../src/core/bathing/notes.ts";
import { BATHING_DATASET } from "../../../src/sources/baignades/data.ts";

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
      "an overseas 2024 ban (Oct 2023 → Sep 2024 season) in November 2026",
      fromRecord(ANSE_A_SABLE),
      "2026-11-22",
      { current: false, season: 2024, since: "2023-10-01" },
      "unavailable",
      "Pas de résultat récent",
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
      "Pas de résultat récent",
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
      { current: true, season: 2026 },
      "critical",
      "Baignade interdite",
    ],
    [
      "read with no season known at all",
      live({ seasonStart: null, seasonEnd: null, prohibition: banner }),
      WINTER,
      { current: true, season: null },
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
