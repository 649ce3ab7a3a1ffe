import { describe, expect, it } from "vitest";
import { atmoFeatureCollectionSchema } from "../../../src/sources/atmo/schema.ts";
import { mapAtmoIndices, normaliseAtmoDate } from "../../../src/sources/atmo/to-domain.ts";
import { readFixture } from "./fixtures.ts";

const NOW = new Date("2026-11-22T15:00:00Z");
const indicesOf = (payload: unknown) => mapAtmoIndices(atmoFeatureCollectionSchema.parse(payload));

/** The national WFS GeoJSON built from the recorded Gwad'Air ArcGIS attributes. */
function wfsFromArcgisRecording(): unknown {
  const recorded = readFixture("atmo/aasqa-arcgis-indice-atmo-97101.json") as {
    features: Array<{ attributes: Record<string, unknown> & { date_ech: number; date_dif: number } }>;
  };
  return {
    type: "FeatureCollection",
    features: recorded.features.map(({ attributes }) => ({
      type: "Feature",
      properties: {
        ...attributes,
        date_ech: new Date(attributes.date_ech).toISOString(),
        date_dif: new Date(attributes.date_dif).toISOString(),
      },
    })),
  };
}

describe("ATMO WFS → indices", () => {
  it("maps the recorded Gwad'Air index (date_ech is Guadeloupe midnight, 04:00Z)", () => {
    expect(indicesOf(wfsFromArcgisRecording())).toEqual([
      {
        code: 1,
        label: "Bon",
        color: "#50F0E6",
        date: "2025-11-08",
        zoneCode: "97101",
        zoneName: "Les Abymes",
        zoneType: "commune",
        agency: "Gwad'Air",
        subIndices: { no2: 1, o3: 1, pm10: 1, pm25: 1, so2: 1 },
      },
    ]);
  });

  it("maps the Amiens scenario sorted by day: yesterday Bon, today Moyen, tomorrow Dégradé", () => {
    const indices = indicesOf(readFixture("atmo/ind-atmo-derived-80021.json", NOW));
    expect(indices.map((index) => [index.date, index.code, index.label])).toEqual([
      ["2026-11-21", 1, "Bon"],
      ["2026-11-22", 2, "Moyen"],
      ["2026-11-23", 3, "Dégradé"],
    ]);
    expect(indices[2]).toMatchObject({ agency: "Atmo Hauts-de-France", subIndices: { pm25: 3 } });
  });

  it("reads codes given as strings and the label from the code when lib_qual is missing", () => {
    const indices = indicesOf({
      type: "FeatureCollection",
      features: [
        { properties: { code_zone: "80021", type_zone: "Commune", date_ech: "2026-11-23", code_qual: "4", code_pm10: "4", code_no2: null } },
        { properties: { code_zone: "80021", date_ech: "2026-11-22", code_qual: "2", lib_qual: "Moyen" } },
      ],
    });
    expect(indices.map((index) => [index.date, index.code, index.label, index.zoneType])).toEqual([
      ["2026-11-22", 2, "Moyen", ""],
      ["2026-11-23", 4, "Mauvais", "commune"],
    ]);
    expect(indices[1]?.subIndices).toEqual({ no2: null, o3: null, pm10: 4, pm25: null, so2: null });
  });

  it("keeps the latest publication when a day is republished", () => {
    const indices = indicesOf({
      features: [
        { properties: { code_zone: "80021", date_ech: "2026-11-22", date_dif: "2026-11-21", code_qual: 2 } },
        { properties: { code_zone: "80021", date_ech: "2026-11-22", date_dif: "2026-11-22", code_qual: 3 } },
      ],
    });
    expect(indices.map((index) => index.code)).toEqual([3]);
  });

  it("maps an empty collection (commune without index) to no index", () => {
    expect(indicesOf({ type: "FeatureCollection", features: [] })).toEqual([]);
  });

  it.each([
    ["2026-11-22", "2026-11-22"],
    ["2026-11-22Z", "2026-11-22"],
    ["2026-11-22+01:00", "2026-11-22"],
    ["2026-11-22T00:00:00Z", "2026-11-22"],
    ["2026-11-21T23:00:00Z", "2026-11-22"],
    ["2026-07-21T22:00:00Z", "2026-07-22"],
    ["not a date", null],
  ])("normalises date_ech %s to the Paris day %s", (value, expected) => {
    expect(normaliseAtmoDate(value)).toBe(expected);
  });
});
