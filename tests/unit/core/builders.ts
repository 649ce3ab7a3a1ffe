// Domain objects for the core tests, with realistic defaults taken from the recorded Hub'Eau and
// VigiEau shapes; each test overrides only what it is about.
import { evaluateAirQuality } from "../../../src/sections/air/index.ts";
import { evaluateBathing } from "../../../src/sections/bathing/evaluate.ts";
import { evaluateDrought } from "../../../src/sections/drought/index.ts";
import { evaluateWaterQuality } from "../../../src/sections/water/index.ts";
import type { BathingLiveStatus, BathingSeasonRecord } from "../../../src/sections/bathing/types.ts";
import type { AtmoIndex, BathingSection, CamsEstimate, DroughtZone, WaterQualitySection, WaterResult } from "../../../src/core/types.ts";
import type { PollenIndex } from "../../../src/sections/pollen/types.ts";

export const NOW = new Date("2026-11-22T10:00:00Z");

export function waterResult(overrides: Partial<WaterResult> = {}): WaterResult {
  return {
    sampleCode: "08000187412",
    parameterCode: "1340",
    parameterLabel: "Nitrates (en NO3)",
    rawValue: "32,5",
    numericValue: 32.5,
    unit: "mg/L",
    qualityLimit: "<=50 mg/L",
    qualityReference: null,
    sampledAt: "2026-11-10T08:30:00Z",
    sampleConclusion: "Eau d'alimentation conforme aux exigences de qualité en vigueur pour l'ensemble des paramètres mesurés.",
    limitsBacteriological: "C",
    limitsPhysicochemical: "C",
    referencesBacteriological: "C",
    referencesPhysicochemical: "C",
    distributor: "AMIENS METROPOLE - REGIE DE L'EAU",
    networks: [{ code: "080000512", name: "AMIENS CENTRE" }],
    ...overrides,
  };
}

export function atmoIndex(overrides: Partial<AtmoIndex> = {}): AtmoIndex {
  return {
    code: 1,
    label: "Bon",
    color: "#50F0E6",
    date: "2026-11-22",
    zoneCode: "80021",
    zoneName: "Amiens",
    zoneType: "commune",
    agency: "Atmo Hauts-de-France",
    subIndices: { no2: 1, o3: 1, pm10: 1, pm25: 1, so2: 1 },
    ...overrides,
  };
}

/** Amiens' indice pollen for a day (fields as sources/pollen/to-domain.ts maps the national WFS layer). */
export function pollenIndex(overrides: Partial<PollenIndex> = {}): PollenIndex {
  return {
    zoneCode: "80021",
    zoneName: "Amiens",
    date: "2026-11-22",
    code: 2,
    label: "Faible",
    color: "#50CCAA",
    taxa: { aulne: 1, bouleau: 1, olivier: 1, armoise: 1, graminees: 2, ambroisie: 1 },
    responsible: "GRAMINEE",
    agency: "Atmo Hauts-de-France",
    ...overrides,
  };
}

export function camsEstimate(overrides: Partial<CamsEstimate> = {}): CamsEstimate {
  // A quiet November day for NOW: every pollutant in « Bon » on its daily basis.
  return { day: "2026-11-22", pm2_5: 8, pm10: 14, no2: 9, o3: 50, so2: 2, ...overrides };
}

export function droughtZone(overrides: Partial<DroughtZone> = {}): DroughtZone {
  return {
    id: 1,
    code: "80_SUP_01",
    name: "Somme aval et Avre",
    type: "SUP",
    gravity: "alerte",
    department: "80",
    decree: { start: "2026-11-13", end: "2026-12-13", url: "https://example.invalid/arrete.pdf", frameworkUrl: null },
    usages: [
      { name: "Arrosage des pelouses, massifs fleuris", theme: "Arroser", description: "Interdit de 9h à 20h.", concernsIndividuals: true },
      { name: "Lavage de véhicules par des particuliers", theme: "Nettoyer", description: "Interdit à domicile.", concernsIndividuals: true },
      { name: "Irrigation agricole", theme: "Irriguer", description: "Réduction de 30 %.", concernsIndividuals: false },
    ],
    ...overrides,
  };
}

/** The bathing section of an address with no monitored site nearby. */
export function noBathing(now: Date = NOW): BathingSection {
  return evaluateBathing({ nearby: [], recordSeason: 2024, now });
}

/** A day in the 2026 summer season of a metropolitan bathing site (15 June – 15 September). */
export const SUMMER = new Date("2026-07-20T10:00:00Z");

/** A 2024 season record of a metropolitan bathing site, as the shipped data hold them. */
export function bathingRecord(overrides: Partial<BathingSeasonRecord> = {}): BathingSeasonRecord {
  return {
    season: 2024,
    seasonStart: "2024-06-15",
    seasonEnd: "2024-09-15",
    events: [],
    classement: null,
    lastSample: { date: "2024-09-02", enterococci: 15, ecoli: 15, status: null },
    ...overrides,
  };
}

/** What the ministry's page says of a site read on SUMMER. */
export function bathingLive(overrides: Partial<BathingLiveStatus> = {}): BathingLiveStatus {
  return {
    fetchedAt: SUMMER.toISOString(),
    season: 2026,
    seasonStart: "2026-06-15",
    seasonEnd: "2026-09-15",
    lastSample: { date: "2026-07-14", verdict: "Bon" },
    prohibition: null,
    classement: { year: 2025, label: "Excellente" },
    ...overrides,
  };
}

/** What the report shows of a water section and the alerts are written from: two paths that must agree compare these. */
export function waterEssentials(section: WaterQualitySection) {
  return {
    level: section.level,
    sampledAt: section.sampled_at,
    conclusion: section.conclusion,
    verdict: section.official_verdict,
    referencesExceeded: section.references_exceeded,
    tapOnly: section.tap_only_exceedance,
    qualitativeFindings: section.qualitative_findings,
    udi: section.udi?.code ?? null,
    udiChoice: section.udi_choice,
    distributor: section.distributor,
    flagged: section.parameters
      .filter((parameter) => parameter.level === "critical" || parameter.level === "concerning")
      .map(
        (parameter) =>
          `${parameter.code}=${parameter.resultat_alphanumerique} ${parameter.label}@${parameter.date_prelevement}${parameter.older_than_a_year ? " (old)" : ""}`,
      ),
    otherNetworks: section.other_networks_with_issues.map((network) => `${network.code}:${network.level}@${network.sampled_at}`).sort(),
  };
}

/** Amiens on a clear day (compliant water, ATMO « Bon », no drought, no bathing): the other sections' advice stands alone. */
export function clearAmiensSections() {
  return {
    water: evaluateWaterQuality({ results: { ok: true, data: [waterResult({ rawValue: "20", numericValue: 20 })] }, udi: null, udis: [], now: NOW }),
    air: evaluateAirQuality({
      citycode: "80021",
      atmo: { ok: true, data: [atmoIndex({ code: 1, label: "Bon" })] },
      cams: { ok: true, data: camsEstimate({ pm2_5: 8 }) },
      now: NOW,
    }),
    drought: evaluateDrought({ zones: { ok: true, data: [] }, now: NOW, citycode: "80021" }),
    bathing: noBathing(),
    now: NOW,
  };
}
