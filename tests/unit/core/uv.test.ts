// The UV section (issue 26, item 2): the WHO categories of the day's maximum UV index, from a
// model forecast labelled as such, and the HCSP's protection advice from index 3.
import { describe, expect, it } from "vitest";
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { selectRecommendations } from "../../../src/core/recommendations/index.ts";
import type { SourceResult } from "../../../src/core/types.ts";
import type { UvForecast, UvSection } from "../../../src/sections/uv/types.ts";
import { evaluateUv } from "../../../src/sections/uv/evaluate.ts";
import { UV_COLORS, uvCategoryOf } from "../../../src/sections/uv/scale.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import { atmoIndex, camsEstimate, noBathing, NOW, waterResult } from "./builders.ts";
import { contrastRatio } from "../../helpers/contrast.ts";

// NOW is 2026-11-22T10:00:00Z: the 22nd in Paris and in Guadeloupe (06:00 there).
const forecastOf = (values: Array<number | null>, firstDay = "2026-11-22"): SourceResult<UvForecast> => ({
  ok: true,
  data: {
    days: values.map((uvIndexMax, offset) => ({
      date: new Date(Date.parse(`${firstDay}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10),
      uvIndexMax,
    })),
  },
});
const uvOf = (values: Array<number | null>, citycode = "80021", now = NOW): UvSection => evaluateUv({ forecast: forecastOf(values), now, citycode });

describe("the WHO categories of the UV index (Global Solar UV Index: A Practical Guide, WHO 2002)", () => {
  // The guide's exposure categories: « 0–2 Low, 3–5 Moderate, 6–7 High, 8–10 Very high, 11+ Extreme »
  // (French edition: faible, modéré, élevé, très élevé, extrême), the index reported as a whole
  // number: the model's decimal is rounded before it is placed.
  it.each([
    [2, "faible", "Faible"],
    [3, "modere", "Modéré"],
    [5, "modere", "Modéré"],
    [6, "eleve", "Élevé"],
    [7, "eleve", "Élevé"],
    [8, "tres_eleve", "Très élevé"],
    [10, "tres_eleve", "Très élevé"],
    [11, "extreme", "Extrême"],
    [14, "extreme", "Extrême"],
  ])("index %d reads « %s » at each boundary 2/3, 5/6, 7/8, 10/11", (index, category, label) => {
    expect(uvCategoryOf(index)).toMatchObject({ category, label });
  });

  it("the model's decimals are rounded to the nearest whole number before the category (2,49 Faible, 2,5 Modéré, 10,55 Extrême)", () => {
    expect(uvOf([2.49]).today).toMatchObject({ uv_index_max: 2, category: "faible", label: "Faible", level: "good" });
    expect(uvOf([2.5]).today).toMatchObject({ uv_index_max: 3, category: "modere", label: "Modéré", level: "acceptable" });
    expect(uvOf([5.5]).today).toMatchObject({ uv_index_max: 6, category: "eleve" });
    expect(uvOf([7.49]).today).toMatchObject({ uv_index_max: 7, category: "eleve", level: "concerning" });
    expect(uvOf([10.55]).today).toMatchObject({ uv_index_max: 11, category: "extreme", label: "Extrême", level: "critical" });
  });
});

// WCAG 2.1, 1.4.3 « Contrast (Minimum) »: text has a contrast ratio of at least 4.5:1. White on
// the WHO's green (#289500) is 3.9:1: the « Faible » badge reads in a dark text.
it("keeps every UV colour's text readable (4.5:1)", () => {
  for (const colors of Object.values(UV_COLORS)) expect(contrastRatio(colors.background, colors.text)).toBeGreaterThanOrEqual(4.5);
});

describe("evaluateUv: a model forecast, on the commune's own days", () => {
  it("is labelled a model forecast (origin « model »), today's category sets the level, tomorrow is the next day of the forecast", () => {
    const uv = uvOf([1.15, 6.2, 8]);
    expect(uv).toMatchObject({ success: true, origin: "model", level: "good", day: "2026-11-22", message: null });
    expect(uv.today).toMatchObject({ date: "2026-11-22", uv_index_max: 1, label: "Faible" });
    expect(uv.tomorrow).toMatchObject({ date: "2026-11-23", uv_index_max: 6, label: "Élevé" });
  });

  it("overseas, « aujourd'hui » is the territory's day: at 02:00 UTC it is still the 21st in Guadeloupe", () => {
    const early = new Date("2026-11-22T02:00:00Z");
    const uv = evaluateUv({ forecast: forecastOf([9.6, 10.55], "2026-11-21"), now: early, citycode: "97101" });
    expect(uv.day).toBe("2026-11-21");
    expect(uv.today).toMatchObject({ date: "2026-11-21", label: "Très élevé" });
    expect(uv.tomorrow).toMatchObject({ date: "2026-11-22", label: "Extrême" });
  });

  it("shows only days the forecast dated: an answer of yesterday's days says nothing of today, never « Faible »", () => {
    const uv = evaluateUv({ forecast: forecastOf([4, 5], "2026-11-20"), now: NOW, citycode: "80021" });
    expect(uv).toMatchObject({ success: true, level: "unavailable", today: null, tomorrow: null });
    expect(uv.message).toMatch(/n'a pas donné d'indice UV pour aujourd'hui/);
  });

  it("a day the model left empty (null) is no forecast, not a zero", () => {
    const uv = uvOf([null, 3]);
    expect(uv.today).toBeNull();
    expect(uv.level).toBe("unavailable");
    expect(uv.tomorrow).toMatchObject({ label: "Modéré" });
  });

  it("a failed source makes the section unavailable, said plainly", () => {
    const uv = evaluateUv({ forecast: { ok: false, reason: "invalid", detail: "unexpected payload" }, now: NOW, citycode: "80021" });
    expect(uv).toMatchObject({ success: false, level: "unavailable", origin: null, today: null, tomorrow: null });
    expect(uv.message).toMatch(/momentanément indisponible/);
  });
});

describe("UV advice (HCSP, avis du 2 mai 2019: protection from index 3, more from 8)", () => {
  const water = evaluateWaterQuality({ results: { ok: true, data: [waterResult({ rawValue: "20", numericValue: 20 })] }, udi: null, udis: [], now: NOW });
  const air = evaluateAirQuality({
    citycode: "80021",
    atmo: { ok: true, data: [atmoIndex({ code: 1, label: "Bon" })] },
    cams: { ok: true, data: camsEstimate() },
    now: NOW,
  });
  const drought = evaluateDrought({ zones: { ok: true, data: [] }, now: NOW, citycode: "80021" });
  const adviceFor = (uv: UvSection | undefined) =>
    selectRecommendations({ water, air, drought, bathing: noBathing(), uv, now: NOW }).filter((recommendation) => recommendation.category === "uv");

  it("no UV advice while today and tomorrow stay « Faible » (index 2 or less), and « Bonne nouvelle ! » still stands", () => {
    expect(adviceFor(uvOf([2.4, 1]))).toEqual([]);
    expect(selectRecommendations({ water, air, drought, bathing: noBathing(), uv: uvOf([2.4, 1]), now: NOW }).map((r) => r.id)).toEqual(["all-clear"]);
  });

  it("no UV advice without a forecast: never reassurance nor alarm from no data", () => {
    expect(adviceFor(evaluateUv({ forecast: { ok: false, reason: "timeout" }, now: NOW, citycode: "80021" }))).toEqual([]);
    expect(adviceFor(undefined)).toEqual([]);
  });

  it("« Modéré » today (index 3): protect yourself, hours first, clothes next, sunscreen last, labelled a model forecast", () => {
    const [advice, ...rest] = adviceFor(uvOf([3, 2]));
    expect(rest).toEqual([]);
    expect(advice).toMatchObject({
      id: "uv-protection",
      category: "uv",
      severity: "info",
      title: "Indice UV «\u00a0Modéré\u00a0» aujourd'hui\u00a0: protégez-vous du soleil",
    });
    const text = advice?.text ?? "";
    expect(text).toContain("Prévision d'un modèle météorologique\u00a0: indice UV maximal 3 («\u00a0Modéré\u00a0») aujourd'hui.");
    // The HCSP's order: « en premier … les heures d'exposition au soleil à éviter et en deuxième
    // l'utilisation de vêtements longs puis les autres protections. La préconisation des crèmes
    // de protection solaire … devrait apparaître en dernier ».
    expect(text.indexOf("entre 12\u00a0h et 16\u00a0h")).toBeLessThan(text.indexOf("vêtements couvrants"));
    expect(text.indexOf("vêtements couvrants")).toBeLessThan(text.indexOf("crème solaire"));
    expect(text).toContain("Les bébés de moins d'un an ne doivent pas être exposés au soleil.");
    expect(advice?.source.url).toBe("https://www.hcsp.fr/Explore.cgi/AvisRapportsDomaine?clefr=723");
  });

  // The HCSP's hours are 12 h to 16 h, not « around midday »; its hat is wide-brimmed (ears, neck),
  // never a cap. Said in every category that calls for protection.
  it.each([
    [4, "Modéré"],
    [6.6, "Élevé"],
    [9, "Très élevé"],
    [12, "Extrême"],
  ])("index %d (« %s »): shade from 12 h to 16 h and a wide-brimmed hat, never a cap nor « mi-journée »", (index, label) => {
    const [advice] = adviceFor(uvOf([index, 1]));
    expect(advice?.title).toContain(`«\u00a0${label}\u00a0»`);
    expect(advice?.text).toContain("entre 12\u00a0h et 16\u00a0h");
    expect(advice?.text).toContain("chapeau à larges bords");
    expect(advice?.text).not.toMatch(/casquette|mi-journée|\b1[0-9] h\b/);
  });

  it("tomorrow's forecast counts too: « Élevé » tomorrow after a « Faible » today is said for tomorrow, dated", () => {
    const [advice] = adviceFor(uvOf([2, 6.4]));
    expect(advice).toMatchObject({ severity: "warning", title: "Indice UV «\u00a0Élevé\u00a0» demain\u00a0: protégez-vous du soleil" });
    expect(advice?.text).toContain("indice UV maximal 6 («\u00a0Élevé\u00a0») demain (23\u00a0novembre\u00a02026).");
  });

  it("the worse day's category names the title, today's on a tie; both days at 3 or more are said, today first", () => {
    expect(adviceFor(uvOf([7, 4]))[0]?.title).toBe("Indice UV «\u00a0Élevé\u00a0» aujourd'hui\u00a0: protégez-vous du soleil");
    expect(adviceFor(uvOf([4, 4]))[0]?.title).toBe("Indice UV «\u00a0Modéré\u00a0» aujourd'hui et demain\u00a0: protégez-vous du soleil");
    expect(adviceFor(uvOf([7, 4]))[0]?.text).toContain(
      "indice UV maximal 7 («\u00a0Élevé\u00a0») aujourd'hui et 4 («\u00a0Modéré\u00a0») demain (23\u00a0novembre\u00a02026).",
    );
  });

  // Issue 36: with today already « Extrême », a higher index tomorrow (12 after 11) made the advice
  // speak of tomorrow only, as if today were safe.
  it("today already « Extrême » is never left out for a higher tomorrow: the advice names today and tomorrow", () => {
    const [advice, ...rest] = adviceFor(uvOf([11.2, 12.4]));
    expect(rest).toEqual([]);
    expect(advice?.title).toBe("Indice UV «\u00a0Extrême\u00a0» aujourd'hui et demain\u00a0: évitez toute exposition au soleil");
    expect(advice?.text).toContain(
      "indice UV maximal 11 («\u00a0Extrême\u00a0») aujourd'hui et 12 («\u00a0Extrême\u00a0») demain (23\u00a0novembre\u00a02026).",
    );
    // Today « Extrême », tomorrow lower: today is the day named.
    expect(adviceFor(uvOf([11, 9]))[0]?.title).toBe("Indice UV «\u00a0Extrême\u00a0» aujourd'hui\u00a0: évitez toute exposition au soleil");
    // Today « Très élevé », tomorrow « Extrême »: tomorrow's words, and today still said.
    const rising = adviceFor(uvOf([9.6, 10.55]))[0];
    expect(rising?.title).toBe("Indice UV «\u00a0Extrême\u00a0» demain\u00a0: évitez toute exposition au soleil");
    expect(rising?.text).toContain("indice UV maximal 10 («\u00a0Très élevé\u00a0») aujourd'hui et 11 («\u00a0Extrême\u00a0») demain");
  });

  it("« Très élevé » (8–10) gets the reinforced advice, « Extrême » (11+) its own, stronger words, never those of « Très élevé »", () => {
    const veryHigh = adviceFor(uvOf([7.4, 8.2]))[0];
    expect(veryHigh).toMatchObject({ severity: "warning", prominent: true, title: "Indice UV «\u00a0Très élevé\u00a0» demain\u00a0: protection renforcée" });
    expect(veryHigh?.text).toContain("Évitez de sortir entre 12\u00a0h et 16\u00a0h");
    const extreme = adviceFor(uvOf([11.2, 9]))[0];
    expect(extreme).toMatchObject({ severity: "warning", prominent: true });
    expect(extreme?.title).not.toContain("protection renforcée");
    expect(extreme?.text).toContain("Ne vous exposez pas au soleil entre 12\u00a0h et 16\u00a0h, même peu de temps");
    expect(extreme?.text).toContain("peut brûler en quelques minutes");
    expect(extreme?.text).not.toContain("Évitez de sortir");
    // Below 8 the advice never says the strongest words.
    expect(adviceFor(uvOf([7.4, 7]))[0]?.text).not.toMatch(/Évitez de sortir|Ne vous exposez pas/);
  });
});
