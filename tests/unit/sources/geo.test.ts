// API Géo: the recorded shape of `/communes/{code}?fields=code,nom,codeEpci,epci` (field list
// from the API's own definition.yml and lib/helpers.js, datagouv/api-geo), client over HTTP.
import { describe, expect, it } from "vitest";
import { fetchCommuneEpci } from "../../../src/sources/geo/client.ts";
import { geoCommuneSchema } from "../../../src/sources/geo/schema.ts";
import { mapCommuneEpci } from "../../../src/sources/geo/to-domain.ts";
import { readFixture } from "./fixtures.ts";
import { useFakeUpstreams } from "../../helpers/fake-upstreams.ts";

describe("API Géo commune → its EPCI", () => {
  it.each([
    ["geo/commune-derived-34148.json", { communeCode: "34148", communeName: "Maraussan", epci: { code: "243400488", name: "CC la Domitienne" } }],
    ["geo/commune-derived-80021.json", { communeCode: "80021", communeName: "Amiens", epci: { code: "248000531", name: "CA Amiens Métropole" } }],
  ])("%s", (file, expected) => {
    expect(mapCommuneEpci(geoCommuneSchema.parse(readFixture(file)))).toEqual(expected);
  });

  it("reads a commune outside any EPCI (no codeEpci) as epci: null", () => {
    // L'Île-d'Yeu is one of the few communes outside any EPCI à fiscalité propre.
    expect(mapCommuneEpci(geoCommuneSchema.parse({ code: "85113", nom: "L'Île-d'Yeu" }))).toEqual({
      communeCode: "85113",
      communeName: "L'Île-d'Yeu",
      epci: null,
    });
  });

  it("uses codeEpci when the epci object was not asked for, with no name", () => {
    expect(mapCommuneEpci(geoCommuneSchema.parse({ code: "34148", nom: "Maraussan", codeEpci: "243400488" })).epci).toEqual({ code: "243400488", name: "" });
  });
});

describe("fetchCommuneEpci against the fake API Géo", () => {
  const upstreams = useFakeUpstreams({ now: new Date("2026-11-22T15:00:00Z") });
  const opts = () => ({ baseUrl: upstreams.config.GEO_API_URL, timeoutMs: 10_000 });

  it("asks /communes/{code} for the EPCI fields", async () => {
    const result = await fetchCommuneEpci(opts(), { communeCode: "34148" });
    expect(result).toEqual({ ok: true, data: { communeCode: "34148", communeName: "Maraussan", epci: { code: "243400488", name: "CC la Domitienne" } } });
    expect(upstreams.requests).toEqual([{ source: "geo", path: "/communes/34148", query: { fields: "code,nom,codeEpci,epci" } }]);
  });

  it("reports an unknown commune (404) and a failing API as failures, never as « no EPCI »", async () => {
    expect(await fetchCommuneEpci(opts(), { communeCode: "99999" })).toMatchObject({ ok: false, reason: "not_found" });
    upstreams.setMode("geo", "error500");
    expect(await fetchCommuneEpci(opts(), { communeCode: "34148" })).toMatchObject({ ok: false, reason: "http", status: 500 });
  });

  it("refuses what is not an INSEE commune code without calling", async () => {
    expect(await fetchCommuneEpci(opts(), { communeCode: "../x" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(upstreams.requests).toHaveLength(0);
  });
});
