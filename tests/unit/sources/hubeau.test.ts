import { describe, expect, it } from "vitest";
import { communesUdiResponseSchema, waterResultsResponseSchema } from "../../../src/sources/hubeau/schema.ts";
import { mapCommuneUdis, mapWaterResults } from "../../../src/sources/hubeau/to-domain.ts";
import { readFixture } from "./fixtures.ts";

const NOW = new Date("2026-11-22T10:00:00Z");
const udisOf = (file: string) => mapCommuneUdis(communesUdiResponseSchema.parse(readFixture(file, NOW)));
const resultsOf = (file: string) => mapWaterResults(waterResultsResponseSchema.parse(readFixture(file, NOW)));

describe("Hub'Eau communes_udi → UDIs", () => {
  it("maps the recorded UDIs with their quarter", () => {
    expect(udisOf("hubeau/communes-udi-38400.json")).toEqual([
      { code: "038000273", name: "MOIRANS PRINCIPAL", quarter: "archat" },
      { code: "038000335", name: "COUBLEVIE ST JEAN LA BUISSE", quarter: "commune" },
    ]);
  });

  it("keeps only the latest year, one entry per network", () => {
    // 2025 lists 080000512 for two quarters; 080000499 only appears in 2024 (no longer serving).
    expect(udisOf("hubeau/communes-udi-derived-80021.json")).toEqual([
      { code: "080000512", name: "AMIENS CENTRE", quarter: "centre-ville" },
      { code: "080000518", name: "AMIENS NORD", quarter: "nord" },
    ]);
  });

  it("maps an empty envelope to no UDI", () => {
    expect(mapCommuneUdis({ count: 0, data: [] })).toEqual([]);
  });
});

describe("Hub'Eau resultats_dis → water results", () => {
  it("keeps the raw French value next to resultat_numerique, which is 0.0 below detection", () => {
    const results = resultsOf("hubeau/resultats-dis-59310.json");
    expect(results).toHaveLength(11);
    const ammonium = results.find((result) => result.parameterCode === "1335");
    expect(ammonium).toEqual({
      sampleCode: "05900313051",
      parameterCode: "1335",
      parameterLabel: "Ammonium (en NH4)",
      rawValue: "<0,05",
      numericValue: 0,
      unit: "mg/L",
      qualityLimit: null,
      qualityReference: "<=0,1 mg/L",
      sampledAt: "2023-08-18T11:01:00Z",
      sampleConclusion: "Eau d'alimentation conforme aux exigences de qualité en vigueur pour l'ensemble des paramètres mesurés.",
      limitsBacteriological: "C",
      limitsPhysicochemical: "C",
      referencesBacteriological: "C",
      referencesPhysicochemical: "C",
      distributor: "SIDEN-SIAN NOREADE LE QUESNOY",
      networks: [
        { code: "059000440", name: "GOMMEGNIES" },
        { code: "059000615", name: "JENLAIN" },
      ],
    });
  });

  it("keeps a qualitative result verbatim", () => {
    const colour = resultsOf("hubeau/resultats-dis-59310.json").find((result) => result.parameterCode === "5900");
    expect(colour).toMatchObject({ rawValue: "Aucun changement anormal", unit: "SANS OBJET" });
  });

  it("maps the Amiens scenario: recent samples attributed to their UDI", () => {
    const results = resultsOf("hubeau/resultats-dis-derived-80021.json");
    const nitrates = results.filter((result) => result.parameterCode === "1340");
    expect(nitrates.map((result) => [result.networks[0]?.code, result.rawValue])).toEqual([
      ["080000512", "32,5"],
      ["080000518", "44"],
      ["080000512", "31"],
      ["080000518", "42"],
      ["080000512", "35"],
    ]);
    expect(nitrates[0]).toMatchObject({ numericValue: 32.5, unit: "mg/L", qualityLimit: "<=50 mg/L", sampledAt: "2026-11-10T08:30:00Z" });
    const pfas = results.find((result) => result.parameterCode === "8847");
    expect(pfas).toMatchObject({ rawValue: "0,012", qualityLimit: "<=0,1 µg/L" });
    const chlorine = results.find((result) => result.parameterCode === "1398");
    expect(chlorine).toMatchObject({ qualityLimit: null, qualityReference: null });
  });

  it("carries the official non-compliance verdict of the crisis scenario", () => {
    const latest = resultsOf("hubeau/resultats-dis-derived-nitrates-62.json").find((result) => result.parameterCode === "1340");
    expect(latest).toMatchObject({ rawValue: "62", numericValue: 62, limitsPhysicochemical: "N", limitsBacteriological: "C" });
    expect(latest?.sampleConclusion).toMatch(/non-conforme/);
  });

  it("tolerates records without network list, unit or known compliance flag", () => {
    const [result] = mapWaterResults(
      waterResultsResponseSchema.parse({
        count: 1,
        data: [
          {
            code_prelevement: "00100012345",
            code_parametre: 1340,
            libelle_parametre: "Nitrates (en NO3)",
            resultat_alphanumerique: "12",
            resultat_numerique: 12,
            libelle_unite: null,
            date_prelevement: "2025-03-01T09:00:00Z",
            conformite_limites_pc_prelevement: "X",
          },
        ],
      }),
    );
    expect(result).toMatchObject({ parameterCode: "1340", unit: null, networks: [], limitsPhysicochemical: null, sampleConclusion: null });
  });
});
