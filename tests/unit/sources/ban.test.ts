import { describe, expect, it } from "vitest";
import { banSearchSchema } from "../../../src/sources/ban/schema.ts";
import { mapBanSearch } from "../../../src/sources/ban/to-domain.ts";
import { MAIN_SCENARIO } from "../../fixtures/scenarios.ts";
import { readFixture } from "./fixtures.ts";

const addressesOf = (file: string) => mapBanSearch(banSearchSchema.parse(readFixture(file)));

describe("BAN search → addresses", () => {
  it("maps a housenumber, swapping GeoJSON [lon, lat] into latitude/longitude", () => {
    expect(addressesOf("ban/search-toulouse-housenumber.json")).toEqual([
      {
        label: "13 Rue Albert Einstein 31100 Toulouse",
        latitude: 43.579724,
        longitude: 1.37987,
        citycode: "31555",
        postcode: "31100",
        city: "Toulouse",
        context: "31, Haute-Garonne, Occitanie",
        type: "housenumber",
        score: 0.9761863636363635,
      },
    ]);
  });

  it("maps a municipality answer of the Géoplateforme (extra fields ignored)", () => {
    const [ales] = addressesOf("ban/search-ales-municipality.json");
    expect(ales).toMatchObject({ label: "Alès", citycode: "30007", type: "municipality", latitude: 44.125356 });
  });

  it("keeps the current commune of merged communes, not the old one", () => {
    const addresses = addressesOf("ban/search-autocomplete-multi.json");
    expect(addresses).toHaveLength(10);
    expect(addresses[0]).toMatchObject({ city: "Montréverd", citycode: "85197", postcode: "85260" });
    expect(addresses.map((address) => address.type)).toContain("street");
  });

  it("maps no match to an empty list", () => {
    expect(addressesOf("ban/search-empty.json")).toEqual([]);
  });

  it("skips features without an INSEE code (they cannot be reported on)", () => {
    const raw = banSearchSchema.parse(readFixture("ban/search-toulouse-housenumber.json"));
    const [feature] = raw.features;
    if (!feature) throw new Error("fixture has a feature");
    const { citycode: _dropped, ...properties } = feature.properties;
    expect(mapBanSearch({ ...raw, features: [{ ...feature, properties }] })).toEqual([]);
  });

  it("serves the main scenario first for « 8 bd du Port »", () => {
    const addresses = addressesOf("ban/search-derived-8-bd-du-port.json");
    expect(addresses.length).toBeGreaterThanOrEqual(5);
    expect(addresses[0]).toMatchObject({
      label: MAIN_SCENARIO.label,
      latitude: MAIN_SCENARIO.latitude,
      longitude: MAIN_SCENARIO.longitude,
      citycode: MAIN_SCENARIO.citycode,
      postcode: MAIN_SCENARIO.postcode,
      city: MAIN_SCENARIO.city,
      context: "80, Somme, Hauts-de-France",
    });
    expect(new Set(addresses.map((address) => address.citycode)).size).toBe(addresses.length);
  });

  it("maps a reverse answer (derived) like a search, nearest first, for every scenario commune", () => {
    const [amiens] = addressesOf("ban/reverse-derived-amiens-8-bd-du-port.json");
    expect(amiens).toMatchObject({ ...MAIN_SCENARIO, type: "housenumber" });
    const [abymes] = addressesOf("ban/reverse-derived-les-abymes.json");
    expect(abymes).toMatchObject({ label: "Les Abymes", citycode: "97101", postcode: "97139", type: "municipality" });
    expect(addressesOf("ban/reverse-derived-camon-near-amiens.json").map((address) => address.citycode)).toEqual(["80164", "80164"]);
  });
});
