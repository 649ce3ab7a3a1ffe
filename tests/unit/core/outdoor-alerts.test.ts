// The opt-in alerts of issue 26 (decision 073): pollen « Élevé » or worse tomorrow for a chosen
// pollen, Météo-France vigilance orange or red for the département. The sections are built by hand
// in the contract's shape (src/core/types.ts), as evaluatePollen / evaluateWeatherWarnings give them.
import { describe, expect, it } from "vitest";
import { diffPollen, type PollenAlertState } from "../../../src/sections/pollen/alert.ts";
import { diffWeather } from "../../../src/sections/weather/alert.ts";
import { levelOfPollenCode, POLLEN_LABELS, POLLEN_TAXA } from "../../../src/sections/pollen/scale.ts";
import { POLLEN_SOURCE, unavailablePollen } from "../../../src/sections/pollen/source.ts";
import { presentPollen } from "../../../src/sections/pollen/present.ts";
import { presentWeatherWarnings } from "../../../src/sections/weather/present.ts";
import type { PollenDayView, PollenSection, PollenTaxon } from "../../../src/sections/pollen/types.ts";
import type { VigilanceColor, VigilanceDayView, VigilancePhenomenon, WeatherWarningsSection } from "../../../src/sections/weather/types.ts";
import { VIGILANCE_LABELS, VIGILANCE_LEVELS, VIGILANCE_PHENOMENON_NAMES } from "../../../src/sections/weather/scale.ts";
import { formatDateFr } from "../../../src/core/shared/format.ts";
import { unavailableWeatherWarnings, VIGILANCE_SOURCE } from "../../../src/sections/weather/source.ts";

const SPRING = new Date("2026-04-14T05:00:00Z");

/** An advice as the report words it (selectRecommendations): the events carry it whole. */
const advice = (title: string, text = `${title} : le texte entier du conseil.`) => ({
  title,
  text,
  source: { name: "Ministère chargé de la santé", url: "https://sante.gouv.fr/" },
});
const ALLERGY = advice("Pollens : conseils aux personnes allergiques");
const TODAY = "2026-04-14";
const TOMORROW = "2026-04-15";

function pollenDay(date: string, codes: Partial<Record<PollenTaxon, number>>): PollenDayView {
  const overall = Math.max(1, ...Object.values(codes));
  return {
    date,
    code: overall,
    label: POLLEN_LABELS[overall] ?? "Indisponible",
    color: null,
    level: levelOfPollenCode(overall),
    taxa: POLLEN_TAXA.map(({ taxon, name }) => {
      const code = codes[taxon] ?? 1;
      return { taxon, name, code, label: POLLEN_LABELS[code] ?? null, level: levelOfPollenCode(code) };
    }),
    responsible: POLLEN_TAXA.filter(({ taxon }) => (codes[taxon] ?? 1) === overall && overall > 1).map(({ name }) => name),
  };
}

function pollen(days: PollenDayView[], overrides: Partial<PollenSection> = {}): PollenSection {
  return {
    success: true,
    level: days[0]?.level ?? "unavailable",
    origin: "atmo",
    zone: { code: "80021", name: "Amiens" },
    days,
    not_covered: false,
    day: TODAY,
    message: null,
    source: POLLEN_SOURCE,
    ...overrides,
  };
}

describe("pollen alerts (opt-in, decision 073)", () => {
  const birchHighTomorrow = pollen([pollenDay(TODAY, { bouleau: 3 }), pollenDay(TOMORROW, { bouleau: 4 })]);

  it("tomorrow's official index at « Élevé » (code 4) or worse for a chosen pollen alerts once, in the report's words", () => {
    // Atmo France, indice pollen (2024): 1 Très faible, 2 Faible, 3 Modéré, 4 Élevé, 5 Très élevé, 6 Extrêmement élevé.
    const diff = diffPollen(null, birchHighTomorrow, ["bouleau"], SPRING, [ALLERGY]);
    expect(diff.next).toEqual({ episodeLastDay: TOMORROW, levels: { bouleau: 4 } });
    expect(diff.events).toHaveLength(1);
    const [event] = diff.events;
    expect(event).toMatchObject({ source: "pollen", kind: "pollen-episode", key: `pollen:episode:${TOMORROW}`, severity: "warning", dataDate: TOMORROW });
    expect(event?.title).toBe("Pollens demain : bouleau élevé".replace(" :", "\u00a0:"));
    expect(event?.lines).toContain(`L'indice pollen officiel prévu pour le ${formatDateFr(TOMORROW)}\u00a0: Bouleau «\u00a0Élevé\u00a0».`);
    // The report's own sentence, as « L'essentiel » and the report e-mail say it.
    expect(event?.lines).toContain(`Votre bilan\u00a0: ${presentPollen(birchHighTomorrow).summary}`);
    // The report's advice travels whole with the event (title and full text), never only its title in a line.
    expect(event?.advice).toEqual([ALLERGY]);
    expect(event?.lines.join(" ")).not.toContain("Conseil");
    expect(event?.sourceRef).toEqual(POLLEN_SOURCE);
  });

  it("« Modéré » tomorrow, or « Élevé » only for a pollen the person did not choose, never alerts", () => {
    expect(diffPollen(null, pollen([pollenDay(TODAY, {}), pollenDay(TOMORROW, { bouleau: 3 })]), ["bouleau"], SPRING)).toEqual({ events: [], next: null });
    expect(diffPollen(null, birchHighTomorrow, ["graminees", "ambroisie"], SPRING)).toEqual({ events: [], next: null });
  });

  it("« Très élevé » or « Extrêmement élevé » is critical and names every chosen pollen at « Élevé » or worse", () => {
    const section = pollen([pollenDay(TODAY, {}), pollenDay(TOMORROW, { bouleau: 4, graminees: 6, aulne: 5 })]);
    const [event] = diffPollen(null, section, ["graminees", "bouleau"], SPRING).events;
    expect(event?.severity).toBe("critical");
    expect(event?.lines[0]).toBe(
      `L'indice pollen officiel prévu pour le ${formatDateFr(TOMORROW)}\u00a0: Bouleau «\u00a0Élevé\u00a0», Graminées «\u00a0Extrêmement élevé\u00a0».`,
    );
    expect(event?.lines.join(" ")).not.toContain("Aulne");
  });

  it("one e-mail per episode of consecutive days: the next high day extends the episode silently; after a gap, a new one", () => {
    const first = diffPollen(null, birchHighTomorrow, ["bouleau"], SPRING);
    const nextDay = pollen([pollenDay(TOMORROW, { bouleau: 4 }), pollenDay("2026-04-16", { bouleau: 4 })], { day: TOMORROW });
    const second = diffPollen(first.next, nextDay, ["bouleau"], new Date("2026-04-15T05:00:00Z"));
    expect(second).toEqual({ events: [], next: { episodeLastDay: "2026-04-16", levels: { bouleau: 4 } } });
    // Run twice the same day: nothing new.
    expect(diffPollen(first.next, birchHighTomorrow, ["bouleau"], SPRING)).toEqual({ events: [], next: null });
    const afterGap = pollen([pollenDay("2026-04-20", {}), pollenDay("2026-04-21", { bouleau: 4 })], { day: "2026-04-20" });
    const third = diffPollen(second.next as PollenAlertState, afterGap, ["bouleau"], new Date("2026-04-20T05:00:00Z"));
    expect(third.events.map((event) => event.key)).toEqual(["pollen:episode:2026-04-21"]);
  });

  // Issue 36: a rise inside an ongoing episode (« Élevé » → « Extrêmement élevé ») was never
  // told, while the weather topic tells orange turning red.
  describe("a rise inside an episode", () => {
    const APRIL_15 = new Date("2026-04-15T05:00:00Z");
    const APRIL_16 = new Date("2026-04-16T05:00:00Z");
    const first = diffPollen(null, pollen([pollenDay(TODAY, { graminees: 3 }), pollenDay(TOMORROW, { graminees: 4 })]), ["graminees", "bouleau"], SPRING);
    const dayTwo = (codes: Partial<Record<PollenTaxon, number>>) =>
      pollen([pollenDay(TOMORROW, { graminees: 4 }), pollenDay("2026-04-16", codes)], { day: TOMORROW });

    it("« Élevé » turning « Extrêmement élevé » the next day is told once, critical, with the word it rises from", () => {
      const rise = diffPollen(first.next, dayTwo({ graminees: 6 }), ["graminees", "bouleau"], APRIL_15, [ALLERGY]);
      expect(rise.events).toHaveLength(1);
      const [event] = rise.events;
      expect(event).toMatchObject({
        source: "pollen",
        kind: "pollen-rise",
        key: "pollen:rise:2026-04-16:graminees-6",
        severity: "critical",
        dataDate: "2026-04-16",
      });
      expect(event?.title).toBe("Pollens demain, en hausse\u00a0: graminées extrêmement élevé");
      expect(event?.lines[0]).toBe(
        `L'indice pollen officiel prévu pour le ${formatDateFr("2026-04-16")} monte\u00a0: Graminées «\u00a0Extrêmement élevé\u00a0» (jusqu'ici «\u00a0Élevé\u00a0»).`,
      );
      expect(event?.advice).toEqual([ALLERGY]);
      expect(rise.next).toEqual({ episodeLastDay: "2026-04-16", levels: { graminees: 6 } });
      // The same run again: nothing new, nothing to store.
      expect(diffPollen(rise.next, dayTwo({ graminees: 6 }), ["graminees", "bouleau"], APRIL_15)).toEqual({ events: [], next: null });
      // The level holds the next day: the episode goes on silently.
      const holding = pollen([pollenDay("2026-04-16", { graminees: 6 }), pollenDay("2026-04-17", { graminees: 6 })], { day: "2026-04-16" });
      expect(diffPollen(rise.next, holding, ["graminees", "bouleau"], APRIL_16)).toEqual({
        events: [],
        next: { episodeLastDay: "2026-04-17", levels: { graminees: 6 } },
      });
    });

    it("a steady or falling level inside the episode is never told again; a fall then a new rise is, like orange → red after an orange day", () => {
      const steady = diffPollen(first.next, dayTwo({ graminees: 4 }), ["graminees", "bouleau"], APRIL_15);
      expect(steady).toEqual({ events: [], next: { episodeLastDay: "2026-04-16", levels: { graminees: 4 } } });
      const up = diffPollen(first.next, dayTwo({ graminees: 5 }), ["graminees"], APRIL_15);
      const down = diffPollen(
        up.next,
        pollen([pollenDay("2026-04-16", { graminees: 5 }), pollenDay("2026-04-17", { graminees: 4 })], { day: "2026-04-16" }),
        ["graminees"],
        APRIL_16,
      );
      expect(down).toEqual({ events: [], next: { episodeLastDay: "2026-04-17", levels: { graminees: 4 } } });
      const again = diffPollen(
        down.next,
        pollen([pollenDay("2026-04-17", { graminees: 4 }), pollenDay("2026-04-18", { graminees: 5 })], { day: "2026-04-17" }),
        ["graminees"],
        new Date("2026-04-17T05:00:00Z"),
      );
      expect(again.events.map((event) => event.key)).toEqual(["pollen:rise:2026-04-18:graminees-5"]);
    });

    it("a republished forecast for the same day that rises is told; that falls and rises again is not told twice", () => {
      const up = diffPollen(first.next, pollen([pollenDay(TODAY, { graminees: 3 }), pollenDay(TOMORROW, { graminees: 5 })]), ["graminees"], SPRING);
      expect(up.events.map((event) => event.key)).toEqual([`pollen:rise:${TOMORROW}:graminees-5`]);
      const down = diffPollen(up.next, pollen([pollenDay(TODAY, { graminees: 3 }), pollenDay(TOMORROW, { graminees: 4 })]), ["graminees"], SPRING);
      expect(down).toEqual({ events: [], next: null });
      expect(diffPollen(up.next, pollen([pollenDay(TODAY, { graminees: 3 }), pollenDay(TOMORROW, { graminees: 5 })]), ["graminees"], SPRING).events).toEqual(
        [],
      );
    });

    it("a second chosen pollen reaching « Élevé » inside the episode is a rise too; an unchosen one is not", () => {
      const [event] = diffPollen(first.next, dayTwo({ graminees: 4, bouleau: 4, aulne: 6 }), ["graminees", "bouleau"], APRIL_15).events;
      expect(event).toMatchObject({ kind: "pollen-rise", key: "pollen:rise:2026-04-16:bouleau-4", severity: "warning" });
      expect(event?.lines[0]).toBe(`L'indice pollen officiel prévu pour le ${formatDateFr("2026-04-16")} monte\u00a0: Bouleau «\u00a0Élevé\u00a0».`);
      expect(diffPollen(first.next, dayTwo({ graminees: 4, aulne: 6 }), ["graminees", "bouleau"], APRIL_15).events).toEqual([]);
    });

    it("a state stored before rises were told (no levels) is a baseline: no e-mail, the levels are kept from now on", () => {
      const legacy: PollenAlertState = { episodeLastDay: TOMORROW };
      expect(diffPollen(legacy, dayTwo({ graminees: 6 }), ["graminees"], APRIL_15)).toEqual({
        events: [],
        next: { episodeLastDay: "2026-04-16", levels: { graminees: 6 } },
      });
    });
  });

  it("never alerts from a failed read, a territory without an official index, a model, or a day that is not tomorrow", () => {
    expect(diffPollen(null, unavailablePollen(TODAY, "Indisponible."), ["bouleau"], SPRING)).toEqual({ events: [], next: null });
    expect(diffPollen(null, { ...birchHighTomorrow, not_covered: true }, ["bouleau"], SPRING)).toEqual({ events: [], next: null });
    expect(diffPollen(null, { ...birchHighTomorrow, origin: null }, ["bouleau"], SPRING)).toEqual({ events: [], next: null });
    const dayAfter = pollen([pollenDay(TODAY, {}), pollenDay("2026-04-16", { bouleau: 5 })]);
    expect(diffPollen(null, dayAfter, ["bouleau"], SPRING)).toEqual({ events: [], next: null });
  });

  it("tomorrow is the commune's own tomorrow (the section's day), not Paris's", () => {
    // 23:30 in Paris on the 14th is already the 15th nowhere else; the section's day rules.
    const late = new Date("2026-04-14T22:30:00Z");
    expect(diffPollen(null, birchHighTomorrow, ["bouleau"], late).events.map((event) => event.dataDate)).toEqual([TOMORROW]);
  });
});

// ---------------------------------------------------------------- weather warnings

const SUMMER_DAY = "2026-07-20";
const SUMMER_NEXT = "2026-07-21";
const SUMMER = new Date("2026-07-20T05:00:00Z");

function vigilanceDay(date: string, phenomena: Partial<Record<VigilancePhenomenon, VigilanceColor>>): VigilanceDayView {
  const rank: Record<VigilanceColor, number> = { vert: 1, jaune: 2, orange: 3, rouge: 4 };
  const views = Object.entries(phenomena)
    .map(([phenomenon, color]) => ({
      phenomenon: phenomenon as VigilancePhenomenon,
      name: VIGILANCE_PHENOMENON_NAMES[phenomenon as VigilancePhenomenon],
      color: color as VigilanceColor,
      label: VIGILANCE_LABELS[color as VigilanceColor],
      level: VIGILANCE_LEVELS[color as VigilanceColor],
    }))
    .sort((a, b) => rank[b.color] - rank[a.color]);
  const color = views[0]?.color ?? "vert";
  return { date, color, label: VIGILANCE_LABELS[color], level: VIGILANCE_LEVELS[color], phenomena: views, coast: null };
}

function weather(days: VigilanceDayView[], overrides: Partial<WeatherWarningsSection> = {}): WeatherWarningsSection {
  return {
    success: true,
    level: days[0]?.level ?? "unavailable",
    configured: true,
    department: { code: "34", name: "Hérault" },
    days,
    updated_at: "2026-07-20T04:00:00Z",
    day: SUMMER_DAY,
    message: null,
    source: VIGILANCE_SOURCE,
    ...overrides,
  };
}

describe("weather-warning alerts (opt-in, decision 073)", () => {
  const heatTomorrow = weather([vigilanceDay(SUMMER_DAY, { canicule: "jaune" }), vigilanceDay(SUMMER_NEXT, { canicule: "orange", orages: "jaune" })]);

  it("vigilance orange or red for the département, today or tomorrow, alerts with the report's words « Vigilance orange (canicule) »", () => {
    const diff = diffWeather(null, heatTomorrow, SUMMER, [advice("Canicule : protégez-vous de la chaleur")]);
    expect(diff.events).toHaveLength(1);
    const [event] = diff.events;
    expect(event).toMatchObject({ source: "weather", kind: "weather-warning", key: `weather:${SUMMER_NEXT}:canicule:orange`, severity: "warning" });
    expect(event?.title).toBe("Vigilance orange (canicule) demain");
    // The same words as the report's vigilance sentence.
    expect(presentWeatherWarnings(heatTomorrow).summary).toContain("Vigilance orange (canicule)");
    expect(event?.lines).toContain(`Votre bilan\u00a0: ${presentWeatherWarnings(heatTomorrow).summary}`);
    expect(event?.lines[0]).toBe(
      `Météo-France place le département Hérault (34) en vigilance orange pour le phénomène «\u00a0Canicule\u00a0» le ${formatDateFr(SUMMER_NEXT)}.`,
    );
    expect(event?.advice).toEqual([advice("Canicule : protégez-vous de la chaleur")]);
    expect(event?.lines.join(" ")).not.toContain("Conseil");
    expect(event?.dataDate).toBe(SUMMER_NEXT);
    expect(diff.next).toEqual({ announced: { [`${SUMMER_NEXT}|canicule`]: "orange" } });
  });

  it("green and yellow never alert", () => {
    const calm = weather([vigilanceDay(SUMMER_DAY, { canicule: "jaune", orages: "jaune" }), vigilanceDay(SUMMER_NEXT, { vent: "vert" })]);
    expect(diffWeather(null, calm, SUMMER)).toEqual({ events: [], next: { announced: {} } });
  });

  it("one e-mail per (day, phenomenon, colour) rising: the same warning is not told twice, orange turning red is", () => {
    const first = diffWeather(null, heatTomorrow, SUMMER);
    // The next morning tomorrow's orange is today's: the same (day, phenomenon, colour), no e-mail.
    const nextMorning = new Date("2026-07-21T05:00:00Z");
    const sameDay = weather([vigilanceDay(SUMMER_NEXT, { canicule: "orange" }), vigilanceDay("2026-07-22", { canicule: "orange" })], { day: SUMMER_NEXT });
    const second = diffWeather(first.next, sameDay, nextMorning);
    expect(second.events).toEqual([]);
    // Rising to red is news.
    const red = weather([vigilanceDay(SUMMER_NEXT, { canicule: "rouge" }), vigilanceDay("2026-07-22", { canicule: "rouge" })], { day: SUMMER_NEXT });
    const third = diffWeather(second.next ?? first.next, red, nextMorning);
    expect(third.events.map((event) => [event.key, event.severity, event.title])).toEqual([
      [`weather:${SUMMER_NEXT}:canicule:rouge`, "critical", "Vigilance rouge (canicule) aujourd'hui"],
    ]);
    // Another phenomenon the same day is its own e-mail.
    const storms = weather([vigilanceDay(SUMMER_DAY, { orages: "orange" }), vigilanceDay(SUMMER_NEXT, { canicule: "orange" })]);
    expect(diffWeather(first.next, storms, SUMMER).events.map((event) => event.key)).toEqual([`weather:${SUMMER_DAY}:orages:orange`]);
  });

  it("a section not configured (no METEOFRANCE_API_KEY) or not read never alerts and keeps the state", () => {
    const known = { announced: { [`${SUMMER_DAY}|canicule`]: "orange" as const } };
    expect(diffWeather(known, unavailableWeatherWarnings(SUMMER_DAY, "Non configurée.", false), SUMMER)).toEqual({ events: [], next: null });
    expect(diffWeather(known, { ...heatTomorrow, configured: false }, SUMMER)).toEqual({ events: [], next: null });
    expect(diffWeather(known, unavailableWeatherWarnings(SUMMER_DAY, "Indisponible."), SUMMER)).toEqual({ events: [], next: null });
  });

  it("the coastal strip's orange (decision 078): told as the coast's, under its own key, never as the département's colour", () => {
    const coast = (date: string, color: VigilanceColor) => ({
      ...vigilanceDay(date, {}),
      coast: { name: "Littoral de l'Hérault", color, label: VIGILANCE_LABELS[color], phenomena: vigilanceDay(date, { vagues_submersion: color }).phenomena },
    });
    const section = weather([coast(SUMMER_DAY, "orange"), coast(SUMMER_NEXT, "rouge")]);
    expect(section.level).toBe("good");
    const diff = diffWeather(null, section, SUMMER, [advice("a title the département's advice would have")]);
    expect(diff.events.map((event) => [event.kind, event.key, event.severity, event.title])).toEqual([
      [
        "weather-coast-warning",
        `weather:${SUMMER_DAY}:littoral:vagues_submersion:orange`,
        "warning",
        "Vigilance orange (vagues-submersion) sur le littoral de l'Hérault aujourd'hui",
      ],
      [
        "weather-coast-warning",
        `weather:${SUMMER_NEXT}:littoral:vagues_submersion:rouge`,
        "critical",
        "Vigilance rouge (vagues-submersion) sur le littoral de l'Hérault demain",
      ],
    ]);
    const [first] = diff.events;
    expect(first?.lines[0]).toBe(
      `Météo-France place le littoral de l'Hérault en vigilance orange pour le phénomène «\u00a0Vagues-submersion\u00a0» le ${formatDateFr(SUMMER_DAY)}.`,
    );
    expect(first?.lines[1]).toContain("Pour le département Hérault (34), la carte indique ce jour-là\u00a0: Vigilance verte.");
    // The département's advice is the département's: never quoted for the coast.
    expect(first?.lines.join(" ")).not.toContain("a title the département's advice would have");
    expect(first?.advice).toBeUndefined();
    expect(first?.lines.join(" ")).not.toMatch(/place le département/);
    expect(diff.next).toEqual({
      announced: { [`${SUMMER_DAY}|littoral:vagues_submersion`]: "orange", [`${SUMMER_NEXT}|littoral:vagues_submersion`]: "rouge" },
    });
    // Told once: the same map again is no news.
    expect(diffWeather(diff.next, section, SUMMER).events).toEqual([]);
    // A yellow strip never alerts.
    expect(diffWeather(null, weather([coast(SUMMER_DAY, "jaune")]), SUMMER).events).toEqual([]);
  });

  it("forgets the days before yesterday, so the state does not grow", () => {
    const old = { announced: { "2026-07-01|canicule": "orange" as const, [`2026-07-19|canicule`]: "orange" as const } };
    const calm = weather([vigilanceDay(SUMMER_DAY, {}), vigilanceDay(SUMMER_NEXT, {})]);
    expect(diffWeather(old, calm, SUMMER).next).toEqual({ announced: { "2026-07-19|canicule": "orange" } });
  });
});
