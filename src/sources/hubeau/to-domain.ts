import type { ComplianceFlag, Udi, WaterResult } from "../../core/types.ts";
import type { CommunesUdiResponseRaw, SampleDatesResponseRaw, WaterResultRaw, WaterResultsResponseRaw } from "./schema.ts";

/**
 * The UDIs serving a commune. communes_udi lists every year the link existed (one item per
 * year and quarter): only the latest year describes today's networks. A network feeding
 * several quarters appears once per quarter; we keep its first quarter.
 */
export function mapCommuneUdis(raw: CommunesUdiResponseRaw): Udi[] {
  const years = raw.data.map((item) => Number(item.annee)).filter((year) => Number.isFinite(year));
  const latestYear = years.length > 0 ? Math.max(...years) : null;
  const udis = new Map<string, Udi>();
  for (const item of raw.data) {
    if (latestYear !== null && Number(item.annee) !== latestYear) continue;
    if (udis.has(item.code_reseau)) continue;
    udis.set(item.code_reseau, {
      code: item.code_reseau,
      name: item.nom_reseau?.trim() || item.code_reseau,
      quarter: item.nom_quartier?.trim() || null,
    });
  }
  return [...udis.values()];
}

export function mapWaterResults(raw: WaterResultsResponseRaw): WaterResult[] {
  return raw.data.map(mapWaterResult);
}

export function mapWaterResult(item: WaterResultRaw): WaterResult {
  return {
    sampleCode: item.code_prelevement,
    parameterCode: String(item.code_parametre),
    parameterLabel: item.libelle_parametre ?? String(item.code_parametre),
    rawValue: item.resultat_alphanumerique ?? "",
    numericValue: item.resultat_numerique ?? null,
    unit: nonEmpty(item.libelle_unite),
    qualityLimit: nonEmpty(item.limite_qualite_parametre),
    qualityReference: nonEmpty(item.reference_qualite_parametre),
    sampledAt: item.date_prelevement,
    sampleConclusion: nonEmpty(item.conclusion_conformite_prelevement),
    limitsBacteriological: toComplianceFlag(item.conformite_limites_bact_prelevement),
    limitsPhysicochemical: toComplianceFlag(item.conformite_limites_pc_prelevement),
    referencesBacteriological: toComplianceFlag(item.conformite_references_bact_prelevement),
    referencesPhysicochemical: toComplianceFlag(item.conformite_references_pc_prelevement),
    distributor: nonEmpty(item.nom_distributeur),
    // Older records and some ARS exports carry no network list.
    networks: (item.reseaux ?? []).map((network) => ({ code: network.code, name: network.nom?.trim() || network.code })),
  };
}

/** C conforme, D conforme sous dérogation, N non conforme, S sans objet; anything else is unknown. */
function toComplianceFlag(value: string | null | undefined): ComplianceFlag {
  const flag = value?.trim().toUpperCase();
  return flag === "C" || flag === "D" || flag === "N" || flag === "S" ? flag : null;
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** What a département's light read says of one commune: its newest sample date and the codes of its samples in the window. */
export interface CommuneSamples {
  newest: string;
  codes: Set<string>;
}

/** Folds a page into `communes` (commune → newest date_prelevement and sample codes); records without a commune are skipped. */
export function foldSampleDates(communes: Map<string, CommuneSamples>, raw: SampleDatesResponseRaw): void {
  for (const item of raw.data) {
    const commune = item.code_commune?.trim();
    if (!commune) continue;
    const known = communes.get(commune);
    const code = item.code_prelevement?.trim();
    if (!known) communes.set(commune, { newest: item.date_prelevement, codes: new Set(code ? [code] : []) });
    else {
      if (item.date_prelevement > known.newest) known.newest = item.date_prelevement;
      if (code) known.codes.add(code);
    }
  }
}
