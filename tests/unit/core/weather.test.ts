// The weather-warnings section (issue 26, item 3): Météo-France's vigilance for the commune's
// département, today and tomorrow, in the map's own words and colours; its coastal strip apart
// (issue 36, decision 078).
import { describe, expect, it } from "vitest";
import { selectRecommendations } from "../../../src/core/recommendations/select.ts";
import { blocksOf, notesOf } from "../../../src/core/report/present.ts";
import { presentWeatherWarnings } from "../../../src/sections/weather/present.ts";
import { coastNameOf } from "../../../src/sections/weather/coast.ts";
import { evaluateWeatherWarnings, WEATHER_MESSAGES } from "../../../src/sections/weather/evaluate.ts";
import type { SourceResult } from "../../../src/core/types.ts";
import type { VigilanceBulletin } from "../../../src/sections/weather/types.ts";
import { vigilanceMapSchema } from "../../../src/sections/weather/meteofrance-schema.server.ts";
import { mapVigilanceBulletin } from "../../../src/sections/weather/meteofrance-to-domain.server.ts";
import { readFixture } from "../sources/fixtures.ts";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { noBathing } from "./builders.ts";

const RECORDED_NOW = new Date("2026-08-26T10:00:00Z");
const recorded = (): SourceResult<VigilanceBulletin> => ({
  ok: true,
  data: mapVigilanceBulletin(vigilanceMapSchema.parse(readFixture("meteofrance/cartevigilance-encours-2026-08-26.json"))),
});

/** One day's map: each département's phenomena (colour ids 1…4). */
function bulletinOf(
  days: Array<[string, Record<string, Array<[VigilanceBulletin["days"][number]["departments"][string][number]["phenomenon"], 1 | 2 | 3 | 4]>>]>,
) {
  return {
    ok: true as const,
    data: {
      updatedAt: "2026-07-10T04:00:00Z",
      days: days.map(([date, departments]) => ({
        date,
        departments: Object.fromEntries(Object.entries(departments).map(([code, list]) => [code, list.map(([phenomenon, color]) => ({ phenomenon, color }))])),
        coasts: {},
      })),
    },
  };
}

describe("evaluateWeatherWarnings", () => {
  it("shows the département's colour per phenomenon in Météo-France's words: 3 → « Vigilance orange » (orages), today and tomorrow", () => {
    const section = evaluateWeatherWarnings({ bulletin: recorded(), now: RECORDED_NOW, citycode: "35238" });
    expect(section).toMatchObject({ success: true, configured: true, level: "concerning", department: { code: "35", name: "Ille-et-Vilaine" } });
    expect(section.updated_at).toBe("2026-08-26T04:00:28Z");
    expect(section.days[0]).toMatchObject({ date: "2026-08-26", color: "orange", label: "Vigilance orange" });
    expect(section.days[0]?.phenomena[0]).toEqual({ phenomenon: "orages", name: "Orages", color: "orange", label: "Vigilance orange", level: "concerning" });
    // Tomorrow's map does not list Ille-et-Vilaine in this (trimmed) recording: no day is invented.
    expect(section.days.map((day) => day.date)).toEqual(["2026-08-26"]);
  });

  it("puts the highest colour first, and canicule first among equal colours in summer (1 June – 15 September)", () => {
    const phenomena: Array<["orages" | "canicule" | "vent", 1 | 2 | 3 | 4]> = [
      ["vent", 2],
      ["orages", 3],
      ["canicule", 3],
    ];
    const summer = evaluateWeatherWarnings({
      bulletin: bulletinOf([["2026-07-10", { "34": phenomena }]]),
      now: new Date("2026-07-10T10:00:00Z"),
      citycode: "34148",
    });
    expect(summer.days[0]?.phenomena.map((entry) => entry.phenomenon)).toEqual(["canicule", "orages", "vent"]);
    const autumn = evaluateWeatherWarnings({
      bulletin: bulletinOf([["2026-10-10", { "34": phenomena }]]),
      now: new Date("2026-10-10T10:00:00Z"),
      citycode: "34148",
    });
    expect(autumn.days[0]?.phenomena.map((entry) => entry.phenomenon)).toEqual(["orages", "canicule", "vent"]);
    // A higher colour always comes first, canicule or not.
    const higher = evaluateWeatherWarnings({
      bulletin: bulletinOf([
        [
          "2026-07-10",
          {
            "34": [
              ["canicule", 2],
              ["orages", 4],
            ],
          },
        ],
      ]),
      now: new Date("2026-07-10T10:00:00Z"),
      citycode: "34148",
    });
    expect(higher.days[0]?.phenomena.map((entry) => entry.phenomenon)).toEqual(["orages", "canicule"]);
    expect(higher.level).toBe("critical");
  });

  it("without METEOFRANCE_API_KEY says the section is not configured (configured: false), never a colour", () => {
    const section = evaluateWeatherWarnings({ bulletin: { ok: false, reason: "not_configured" }, now: RECORDED_NOW, citycode: "80021" });
    expect(section).toMatchObject({ success: false, configured: false, level: "unavailable", days: [], message: WEATHER_MESSAGES.notConfigured });
  });

  it("an unreadable map (changed shape) makes the section unavailable, never « vert »", () => {
    const section = evaluateWeatherWarnings({ bulletin: { ok: false, reason: "invalid", detail: "unexpected payload" }, now: RECORDED_NOW, citycode: "80021" });
    expect(section).toMatchObject({ success: false, configured: true, level: "unavailable", days: [], message: WEATHER_MESSAGES.unavailable });
  });

  it("overseas départements are not on the national map: said plainly with the territory's own vigilance page, never « vert »", () => {
    const section = evaluateWeatherWarnings({ bulletin: recorded(), now: RECORDED_NOW, citycode: "97101" });
    expect(section.level).toBe("unavailable");
    expect(section.days).toEqual([]);
    expect(section.department).toEqual({ code: "971", name: "Guadeloupe" });
    expect(section.message).toContain("ne couvre que la métropole et la Corse");
    expect(section.message).toContain("https://meteofrance.gp/");
    expect(section.source.url).toMatch(/^https:\/\/meteofrance\.gp\//);
    // Even without a key, overseas is said as such (the map would not cover it anyway).
    expect(evaluateWeatherWarnings({ bulletin: { ok: false, reason: "not_configured" }, now: RECORDED_NOW, citycode: "97411" }).message).toContain(
      "meteofrance.re",
    );
  });

  it.each([
    ["97801", "978", "Saint-Martin", "https://meteofrance.gp/fr/vigilance"],
    ["97701", "977", "Saint-Barthélemy", "https://meteofrance.gp/fr/vigilance"],
    ["97502", "975", "Saint-Pierre-et-Miquelon", "https://meteofrance.pm/"],
  ])("%s: the collectivity's vigilance is linked where Météo-France publishes it (%s %s)", (citycode, code, name, url) => {
    const section = evaluateWeatherWarnings({ bulletin: recorded(), now: RECORDED_NOW, citycode });
    expect(section).toMatchObject({ success: true, level: "unavailable", days: [], department: { code, name } });
    expect(section.source).toMatchObject({ url, publisher: "Météo-France" });
    expect(section.message).toBe(
      `La carte de vigilance nationale de Météo-France ne couvre que la métropole et la Corse. La vigilance de ce territoire (${name}) est publiée séparément par Météo-France : ${url}`,
    );
  });

  it("a département the day's map does not list is not shown as green", () => {
    const section = evaluateWeatherWarnings({ bulletin: recorded(), now: RECORDED_NOW, citycode: "80021" });
    expect(section).toMatchObject({ success: true, level: "unavailable", days: [], message: WEATHER_MESSAGES.notOnMap });
  });
});

describe("the coastal strip apart (decision 078): the coast is the coast", () => {
  const NOV = new Date("2026-11-10T10:00:00Z");
  /** The Gironde green, its strip « 3310 » at these colours of vagues-submersion (today, tomorrow). */
  const gironde = (today: 1 | 2 | 3 | 4, tomorrow: 1 | 2 | 3 | 4): SourceResult<VigilanceBulletin> => ({
    ok: true,
    data: {
      updatedAt: "2026-11-10T04:00:00Z",
      days: [
        {
          date: "2026-11-10",
          departments: { "33": [{ phenomenon: "vent", color: 1 }] },
          coasts: { "33": [{ phenomenon: "vagues_submersion", color: today }] },
        },
        {
          date: "2026-11-11",
          departments: { "33": [{ phenomenon: "vent", color: 1 }] },
          coasts: { "33": [{ phenomenon: "vagues_submersion", color: tomorrow }] },
        },
      ],
    },
  });

  it.each([
    ["33402", "inland Sainte-Foy-la-Grande"],
    ["33214", "coastal Lacanau"],
  ])("%s (%s): the département's green sets the day and the level; the strip's orange is the coast's, named", (citycode) => {
    const section = evaluateWeatherWarnings({ bulletin: gironde(3, 4), now: NOV, citycode });
    expect(section).toMatchObject({ level: "good", department: { code: "33", name: "Gironde" } });
    expect(section.days.map((day) => [day.color, day.level])).toEqual([
      ["vert", "good"],
      ["vert", "good"],
    ]);
    expect(section.days.flatMap((day) => day.phenomena.map((entry) => entry.phenomenon))).toEqual(["vent", "vent"]);
    expect(section.days.map((day) => day.coast && [day.coast.name, day.coast.color, day.coast.label])).toEqual([
      ["Littoral de la Gironde", "orange", "Vigilance orange"],
      ["Littoral de la Gironde", "rouge", "Vigilance rouge"],
    ]);
    // No advice: « À retenir » and « Tenez-vous éloigné du littoral » were the merge's words for an inland commune.
    const advice = selectRecommendations({ ...unreadSectionsInput(), weatherWarnings: section, now: NOV }).filter((entry) => entry.category === "weather");
    expect(advice).toEqual([]);
  });

  it("a département without a strip on the map has no coast; an unknown strip is named without a guessed article", () => {
    expect(evaluateWeatherWarnings({ bulletin: bulletinOf([["2026-11-10", { "80": [["vent", 1]] }]]), now: NOV, citycode: "80021" }).days[0]?.coast).toBeNull();
    expect(coastNameOf({ code: "33", name: "Gironde" })).toBe("Littoral de la Gironde");
    expect(coastNameOf({ code: "35", name: "Ille-et-Vilaine" })).toBe("Littoral d'Ille-et-Vilaine");
    expect(coastNameOf({ code: "2A", name: "Corse-du-Sud" })).toBe("Littoral de la Corse-du-Sud");
    expect(coastNameOf({ code: "45", name: "Loiret" })).toBe("Littoral du département Loiret (45)");
  });

  it("the report's one line and sentence: the coast named, the département's word as the headline, no grid of the coast", () => {
    const present = (today: 1 | 2 | 3 | 4, tomorrow: 1 | 2 | 3 | 4) =>
      presentWeatherWarnings(evaluateWeatherWarnings({ bulletin: gironde(today, tomorrow), now: NOV, citycode: "33402" }));
    const both = present(3, 3);
    expect(both.headline).toMatchObject({ word: "Vigilance verte", tone: "good" });
    expect(blocksOf(both, "table")).toEqual([]);
    expect(notesOf(both)).toEqual(["Le littoral de la Gironde est en vigilance orange vagues-submersion aujourd'hui et demain."]);
    expect(both.summary).toBe(
      "Vigilance météo\u00a0: Vigilance verte\u00a0; demain\u00a0: Vigilance verte. Le littoral de la Gironde est en vigilance orange vagues-submersion aujourd'hui et demain.",
    );
    expect(notesOf(present(1, 3))).toEqual(["Le littoral de la Gironde sera en vigilance orange vagues-submersion demain."]);
    expect(notesOf(present(2, 4))).toEqual([
      "Le littoral de la Gironde est en vigilance jaune vagues-submersion aujourd'hui, puis en vigilance rouge vagues-submersion demain.",
    ]);
    // A green strip says nothing: the département's colour is enough.
    expect(notesOf(present(1, 1))).toEqual([]);
    expect(present(1, 1).summary).toBe("Vigilance météo\u00a0: Vigilance verte\u00a0; demain\u00a0: Vigilance verte.");
  });
});

describe("weather advice (Météo-France's conseils de comportement)", () => {
  const recommendationsFor = (bulletin: SourceResult<VigilanceBulletin>, now: Date, citycode: string) =>
    selectRecommendations({ ...unreadSectionsInput(), weatherWarnings: evaluateWeatherWarnings({ bulletin, now, citycode }), now }).filter(
      (advice) => advice.category === "weather",
    );

  it("orange canicule: the map's « Soyez très vigilant » and the heatwave advice with Canicule info service (0 800 06 66 66)", () => {
    const now = new Date("2026-07-10T10:00:00Z");
    const [advice, ...others] = recommendationsFor(bulletinOf([["2026-07-10", { "34": [["canicule", 3]] }]]), now, "34148");
    expect(others).toEqual([]);
    expect(advice).toMatchObject({ id: "weather-warning", severity: "warning", title: "Vigilance orange canicule" });
    expect(advice?.text).toContain("Soyez très vigilant");
    expect(advice?.text).toContain("0 800 06 66 66");
  });

  it("red is critical, with the map's « Une vigilance absolue s'impose »", () => {
    const now = new Date("2026-10-10T10:00:00Z");
    const [advice] = recommendationsFor(
      bulletinOf([
        ["2026-10-10", { "34": [["orages", 2]] }],
        ["2026-10-11", { "34": [["orages", 4]] }],
      ]),
      now,
      "34148",
    );
    expect(advice).toMatchObject({ id: "weather-warning", severity: "critical", title: "Vigilance rouge orages demain" });
    expect(advice?.text).toContain("Une vigilance absolue s'impose");
  });

  it("yellow only: a short « Soyez attentif », no behaviour advice; green: no weather advice at all", () => {
    const now = new Date("2026-10-10T10:00:00Z");
    const [yellow] = recommendationsFor(bulletinOf([["2026-10-10", { "34": [["vent", 2]] }]]), now, "34148");
    expect(yellow).toMatchObject({ id: "weather-attentive", severity: "info", title: "Vigilance jaune vent violent\u00a0: soyez attentif" });
    expect(recommendationsFor(bulletinOf([["2026-10-10", { "34": [["vent", 1]] }]]), now, "34148")).toEqual([]);
    expect(recommendationsFor({ ok: false, reason: "not_configured" }, now, "34148")).toEqual([]);
  });
});

/** Water, air and drought unread: only the weather advice is under test here. */
function unreadSectionsInput() {
  const now = new Date("2026-07-10T10:00:00Z");
  return {
    water: evaluateWaterQuality({ udi: null, udis: [], results: { ok: false, reason: "timeout" }, now }),
    air: evaluateAirQuality({ atmo: { ok: false, reason: "timeout" }, cams: { ok: false, reason: "timeout" }, now, citycode: "34148", epci: null }),
    drought: evaluateDrought({ zones: { ok: false, reason: "timeout" }, now, citycode: "34148" }),
    bathing: noBathing(now),
  };
}
