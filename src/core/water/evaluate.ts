import { worstLevel } from "../shared/levels.ts";
import { HUBEAU_SOURCE } from "../shared/sources.ts";
import type { Level, SourceResult, Udi, WaterParameterView, WaterQualitySection, WaterResult } from "../types.ts";
import { conversionFactor, parseLimitSpec, parseMeasurement, type LimitSpec } from "./measurements.ts";
import { displayPriority, findParameterRule, type ThresholdKind } from "./parameters.ts";

const DAY_MS = 24 * 3600 * 1000;
export const WATER_WINDOW_DAYS = 365;
export const MAX_DISPLAYED_PARAMETERS = 6;

type RatedLevel = Exclude<Level, "unavailable">;

interface Threshold {
  kind: ThresholdKind;
  spec: LimitSpec;
}

/**
 * Which threshold a result is judged against: the limit Hub'Eau gives with the result first, then
 * its reference, then our table. Only a limite de qualité can make a result « Non conforme ».
 */
export function resolveThreshold(result: WaterResult): Threshold | null {
  const rule = findParameterRule(result.parameterCode, result.parameterLabel);
  const fromLimit = parseLimitSpec(result.qualityLimit);
  const fromReference = parseLimitSpec(result.qualityReference);
  const forcedKind = rule?.forceKind ? rule.kind : null;
  if (fromLimit) return { kind: forcedKind ?? "limite", spec: fromLimit };
  if (fromReference) return { kind: forcedKind ?? "reference", spec: fromReference };
  if (!rule?.threshold) return null;
  // Before a limit comes into force (PFAS: 2026), the same value is only an indicator.
  const inForce = !rule.appliesFrom || result.sampledAt.slice(0, 10) >= rule.appliesFrom;
  return { kind: inForce ? rule.kind : "reference", spec: rule.threshold };
}

/** Level and French label of one result; null for a qualitative result (nothing to compare). */
export function evaluateParameter(result: WaterResult): WaterParameterView | null {
  const measurement = parseMeasurement(result.rawValue, result.numericValue);
  if (!measurement) return null;
  const base = {
    code: result.parameterCode,
    libelle_parametre: result.parameterLabel,
    resultat_alphanumerique: result.rawValue,
    value: measurement.value,
    unite_mesure: result.unit,
    date_prelevement: result.sampledAt,
  };
  const threshold = resolveThreshold(result);
  const factor = threshold ? conversionFactor(threshold.spec.unit, result.unit ?? "") : null;
  if (!threshold || factor === null) {
    // No known limit, or one in a unit we cannot compare with: say nothing alarming.
    return { ...base, limit: null, limit_min: null, ratio: null, level: "acceptable", label: "Conforme", limit_kind: null };
  }
  const min = threshold.spec.min === null ? null : threshold.spec.min * factor;
  const max = threshold.spec.max === null ? null : threshold.spec.max * factor;
  const unit = result.unit ?? (threshold.spec.unit || null);
  const view = { ...base, unite_mesure: unit, limit: max, limit_min: min, limit_kind: threshold.kind };
  const { value, qualifier } = measurement;

  if (min !== null) {
    // A range (pH, conductivity) or a minimum: inside is compliant, outside is out of range.
    const below = qualifier !== ">" && value < min;
    const above = max !== null && qualifier !== "<" && value > max;
    if (!below && !above) return { ...view, ratio: null, level: "good", label: "Conforme" };
    return { ...view, ratio: null, ...outOfRange(threshold.kind) };
  }
  if (max === null) {
    return { ...view, ratio: null, level: "acceptable", label: "Conforme" };
  }
  if (max === 0) {
    // Microbiology: 0 per 100 mL. "<1" or 0 means none found.
    if (qualifier === "<" || value === 0) return { ...view, ratio: null, level: "excellent", label: "Non détecté" };
    return { ...view, ratio: null, ...outOfRange(threshold.kind) };
  }
  if (qualifier === "<") {
    // Below the laboratory's detection limit: if that limit is itself under the threshold, the
    // substance was not found; otherwise the analysis cannot tell.
    if (value <= max) return { ...view, ratio: null, level: "excellent", label: "Non détecté" };
    return { ...view, ratio: null, level: "acceptable", label: "Non quantifiable" };
  }
  const ratio = value / max;
  return { ...view, ratio, ...levelFromRatio(ratio, threshold.kind) };
}

/** The ratio table of ARCHITECTURE.md for limits; indicators and comfort values stop at « À surveiller ». */
export function levelFromRatio(ratio: number, kind: ThresholdKind): { level: RatedLevel; label: string } {
  if (ratio <= 0.25) return { level: "excellent", label: "Excellent" };
  if (ratio <= 0.5) return { level: "good", label: "Bon" };
  if (ratio <= 0.8) return { level: "acceptable", label: "Acceptable" };
  if (kind === "limite") return ratio <= 1 ? { level: "concerning", label: "Limite atteinte" } : { level: "critical", label: "Non conforme" };
  if (ratio <= 1) return { level: "acceptable", label: kind === "reference" ? "Proche de la référence" : "Proche du seuil de confort" };
  return { level: "concerning", label: "À surveiller" };
}

function outOfRange(kind: ThresholdKind): { level: RatedLevel; label: string } {
  return kind === "limite" ? { level: "critical", label: "Non conforme" } : { level: "concerning", label: "À surveiller" };
}

/** Latest result of each parameter within the window, newest first. */
export function latestResultPerParameter(results: readonly WaterResult[], now: Date): WaterResult[] {
  const since = new Date(now.getTime() - WATER_WINDOW_DAYS * DAY_MS).toISOString();
  const sorted = [...results].filter((result) => result.sampledAt >= since).sort((a, b) => b.sampledAt.localeCompare(a.sampledAt));
  const latest = new Map<string, WaterResult>();
  for (const result of sorted) if (!latest.has(result.parameterCode)) latest.set(result.parameterCode, result);
  return [...latest.values()];
}

/**
 * Up to six parameters: anything at « À surveiller » or worse first (worst first), then the
 * parameters people ask about (nitrates, pesticides, PFAS, lead, E. coli, enterococci…).
 */
export function selectDisplayedParameters(evaluated: readonly WaterParameterView[]): WaterParameterView[] {
  const alarming = evaluated
    .filter((parameter) => parameter.level === "critical" || parameter.level === "concerning")
    .sort((a, b) => severityOrder(a) - severityOrder(b) || priorityOf(a) - priorityOf(b));
  const usual = evaluated
    .filter((parameter) => !alarming.includes(parameter) && Number.isFinite(priorityOf(parameter)))
    .sort((a, b) => priorityOf(a) - priorityOf(b));
  return [...alarming, ...usual].slice(0, MAX_DISPLAYED_PARAMETERS);
}

const severityOrder = (parameter: WaterParameterView) => (parameter.level === "critical" ? 0 : 1);
const priorityOf = (parameter: WaterParameterView) => displayPriority(parameter.code, parameter.libelle_parametre);

/** The official verdict of a sample: non-compliant with a limit → critical; derogation or reference → concerning. */
export function levelOfOfficialVerdict(sample: WaterResult): RatedLevel | null {
  if (sample.limitsBacteriological === "N" || sample.limitsPhysicochemical === "N") return "critical";
  if (
    sample.limitsBacteriological === "D" ||
    sample.limitsPhysicochemical === "D" ||
    sample.referencesBacteriological === "N" ||
    sample.referencesPhysicochemical === "N"
  ) {
    return "concerning";
  }
  return null;
}

export function evaluateWaterQuality(input: {
  results: SourceResult<WaterResult[]>;
  udi: Udi | null;
  udis: Udi[];
  now: Date;
}): WaterQualitySection {
  const common = {
    udi: input.udi ? { code: input.udi.code, name: input.udi.name } : null,
    udis: input.udis.map((udi) => ({ code: udi.code, name: udi.name, quarter: udi.quarter })),
    source: HUBEAU_SOURCE,
  };
  if (!input.results.ok) {
    return {
      ...common,
      success: false,
      level: "unavailable",
      sampled_at: null,
      conclusion: null,
      parameters: [],
      distributor: null,
      message: "Les résultats du contrôle sanitaire de l'eau sont momentanément indisponibles. Réessayez dans quelques minutes.",
    };
  }
  const latest = latestResultPerParameter(input.results.data, input.now);
  const newestSample = latest[0];
  if (!newestSample) {
    return {
      ...common,
      success: true,
      level: "unavailable",
      sampled_at: null,
      conclusion: null,
      parameters: [],
      distributor: null,
      message:
        "Aucune analyse de l'eau du robinet n'a été publiée pour ce réseau au cours des 12 derniers mois (les résultats paraissent avec environ deux mois de décalage).",
    };
  }
  const evaluated = latest.map(evaluateParameter).filter((view): view is WaterParameterView => view !== null);
  const verdict = levelOfOfficialVerdict(newestSample);
  const worst = worstLevel([...evaluated.map((parameter) => parameter.level), ...(verdict ? [verdict] : [])]);
  const level: Level = worst === "critical" ? "critical" : worst === "concerning" ? "concerning" : "good";
  const conclusion = newestSample.sampleConclusion;
  return {
    ...common,
    success: true,
    level,
    sampled_at: newestSample.sampledAt,
    conclusion,
    parameters: selectDisplayedParameters(evaluated),
    distributor: newestSample.distributor,
    message:
      verdict === "critical" && !conclusion
        ? "Le dernier prélèvement a été déclaré non conforme par l'Agence régionale de santé."
        : null,
  };
}
