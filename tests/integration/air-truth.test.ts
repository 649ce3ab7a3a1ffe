// Issue 21, air, through the API with the fake upstreams: the official index's sub-indices are the
// facts and the model never contradicts them (arrêté du 10 juillet 2020: « l'indice est égal au
// sous-indice le plus dégradé »), and an overseas commune's « today » is its own day.
import { describe, expect, it } from "vitest";
import { presentReport } from "../../src/core/report/present.ts";
import type { Report } from "../../src/core/types.ts";
import { MAIN_SCENARIO, OVERSEAS_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

/** A section's own sentence (its document's), whether « L'essentiel » lists it in full or on its calm line (decision 084). */
const sentenceOf = (presentation: { sections: ReadonlyArray<{ key: string; summary: string }> }, key: string) =>
  presentation.sections.find((section) => section.key === key)?.summary;

/** 02:00 UTC on 26 November 2026: 03:00 on the 26th in Paris, still 22:00 on the 25th in Guadeloupe (UTC−4). */
const LATE_EVENING_IN_GUADELOUPE = new Date("2026-11-26T02:00:00Z");

const t = useTestApp({ now: LATE_EVENING_IN_GUADELOUPE }, { now: LATE_EVENING_IN_GUADELOUPE, resetUpstreams: true, onlyKnownUpstreams: true });

async function reportOf(app: TestApp["app"], query: URLSearchParams): Promise<Report> {
  const response = await app.request(`/api/report?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

/** A Gwad'Air feed derived from ind-atmo-derived-97101.json with fixed days: the 25th « Bon », the 26th « Dégradé » by PM10. */
function abymesFeed(): unknown {
  const feature = (day: string, code: number, label: string, colour: string, pm10: number) => ({
    type: "Feature",
    id: `ind_atmo_2021.97101.${day}`,
    geometry: { type: "Point", coordinates: [-61.4917115229248, 16.2690976053805] },
    properties: {
      code_no2: 1,
      code_o3: 1,
      code_pm10: pm10,
      code_pm25: 1,
      code_qual: code,
      code_so2: 1,
      code_zone: "97101",
      coul_qual: colour,
      date_dif: "2026-11-24Z",
      date_ech: `${day}Z`,
      lib_qual: label,
      lib_zone: "Les Abymes",
      source: "Gwad'Air",
      type_zone: "commune",
    },
  });
  return { type: "FeatureCollection", features: [feature("2026-11-25", 1, "Bon", "#50F0E6", 1), feature("2026-11-26", 3, "Dégradé", "#F0E641", 3)] };
}

describe("air in the report: the official index first, the model never contradicts it", () => {
  it("Amiens « Moyen » officially because of ozone: ozone's official sub-index is « Moyen », and the model's ozone is a number, never « Bon »", async () => {
    const report = await reportOf(t.rebuild(), reportQueryOf(MAIN_SCENARIO));
    expect(report.air_quality).toMatchObject({ origin: "atmo", index: { label: "Moyen" }, responsible_pollutant: { code: "o3" } });
    expect(report.air_quality.sub_indices).toContainEqual({ code: "o3", label: "Ozone (O3)", index_code: 2, index_label: "Moyen" });
    // The model's ozone of the day (derived calm fixture: highest hour 48 µg/m³) sits in « Bon »'s band.
    expect(report.air_quality.pollutants.o3).toMatchObject({ value: 48, basis: "daily_max" });

    const air = presentReport(report).air;
    expect(air.subIndices.find((sub) => sub.name === "Ozone (O3)")?.badge).toMatchObject({ word: "Moyen", colors: { background: "#50CCAA" } });
    expect(air.modelValues).toContain("Ozone (O3)\u00a0: 48\u00a0µg/m³ (maximum horaire du jour)");
    for (const value of air.modelValues) expect(value).not.toMatch(/«|Bon|Moyen|Dégradé|Mauvais/);
    expect(air.notes.join(" ")).toMatch(/Estimation du modèle CAMS/);
  });
});

describe("overseas on its own clock: the air of Les Abymes late in the evening is the 25th's, Guadeloupe's day", () => {
  it("chooses the ATMO record of the commune's own day and asks the model for that day in the territory's time zone", async () => {
    t.upstreams.setData("atmo", "97101", abymesFeed());
    const report = await reportOf(t.rebuild(), reportQueryOf(OVERSEAS_SCENARIO));
    // Paris is already on the 26th: its day would have shown tomorrow's « Dégradé » as « Air aujourd'hui ».
    expect(report.air_quality).toMatchObject({
      day: "2026-11-25",
      origin: "atmo",
      index: { date: "2026-11-25", label: "Bon", zone: "Les Abymes" },
      tomorrow: { date: "2026-11-26", label: "Dégradé" },
    });
    const presentation = presentReport(report);
    expect(presentation.air.dateLine).toBe("Indice du 25\u00a0novembre\u00a02026");
    expect(sentenceOf(presentation, "air")).toBe("Air aujourd'hui\u00a0: Bon (indice ATMO, Les Abymes)\u00a0; demain\u00a0: Dégradé.");

    const atmo = t.upstreams.requests.filter((request) => request.source === "atmo");
    // From the day before Guadeloupe's today: a local midnight stored in UTC can fall on the previous UTC date.
    expect(atmo[0]?.query.CQL_FILTER).toBe("code_zone='97101' AND date_ech>='2026-11-24'");
    const model = t.upstreams.requests.find((request) => request.source === "openmeteo" && request.path === "/air-quality");
    expect(model?.query).toMatchObject({ timezone: "America/Guadeloupe", start_date: "2026-11-25", end_date: "2026-11-25", domains: "cams_global" });
    // The model's estimate of Guadeloupe's day is today's (a Paris-day window would be another day's hours).
    expect(report.air_quality.pollutants.pm2_5).toBeDefined();
  });
});
