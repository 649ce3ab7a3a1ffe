import { departmentCodeOf, regionCodeOf } from "../../core/shared/commune.ts";
import { HUBEAU_SOURCE } from "../../core/shared/sources.ts";
import type { ComplianceFlag, Level, SourceRef, SourceResult, Udi, WaterParameterView, WaterQualitySection, WaterResult } from "../../core/types.ts";
import { classifyUnit, conversionFactor, parseLimitSpec, parseMeasurement, restateAsSubstance, type LimitSpec } from "./measurements.ts";
import { displayPriority, findNonRelevantMetabolite, findParameterRule, NON_RELEVANT_METABOLITE_VALUE, type ThresholdKind } from "./parameters.ts";
import { WATER_WINDOW_DAYS, waterWindowStart } from "./window.ts";
import { NETWORK_NOT_IDENTIFIED } from "./notes.ts";
import { NBSP } from "../../core/shared/format.ts";

export { WATER_WINDOW_DAYS };
export const MAX_DISPLAYED_PARAMETERS = 6;

type RatedLevel = Exclude<Level, "unavailable">;

interface Threshold {
  kind: ThresholdKind;
  spec: LimitSpec;
}

/**
 * Which threshold a result is judged against: a non-relevant pesticide metabolite's indicative
 * value first (Hub'Eau rows may still carry the 0,1 µg/L limit), then the limit Hub'Eau gives
 * with the result, then its reference, then our table. Only a limite de qualité can make a
 * result « Non conforme ».
 */
export function resolveThreshold(result: WaterResult): Threshold | null {
  if (findNonRelevantMetabolite(result.parameterCode, result.parameterLabel, result.sampledAt)) {
    return { kind: "indicative", spec: { ...NON_RELEVANT_METABOLITE_VALUE } };
  }
  const rule = findParameterRule(result.parameterCode, result.parameterLabel);
  const fromLimit = parseLimitSpec(result.qualityLimit);
  const fromReference = parseLimitSpec(result.qualityReference);
  const forcedKind = rule?.forceKind ? rule.kind : null;
  if (fromLimit) return { kind: forcedKind ?? "limite", spec: fromLimit };
  if (fromReference) return { kind: forcedKind ?? "reference", spec: fromReference };
  if (!rule?.threshold) return null;
  return { kind: rule.kind, spec: rule.threshold };
}

/** A sample taken before its parameter's limit came into force (PFAS: 1 January 2026): no limit applied to it. */
function beforeItsLimit(result: WaterResult): boolean {
  const rule = findParameterRule(result.parameterCode, result.parameterLabel);
  return Boolean(rule?.appliesFrom && result.sampledAt.slice(0, 10) < rule.appliesFrom);
}

type Judgement = Pick<WaterParameterView, "level" | "label" | "note">;

/** Level and French label of one result; null for a qualitative result (nothing to compare). */
export function evaluateParameter(published: WaterResult): WaterParameterView | null {
  const parsed = parseMeasurement(published.rawValue, published.numericValue);
  if (!parsed) return null;
  const rule = findParameterRule(published.parameterCode, published.parameterLabel);
  // Nitrates published as their nitrogen (« mg(N)/L ») are restated in the mass of nitrates their
  // limit is written in, so that they are judged and drawn like the others (never left out).
  const restated = rule?.substance ? restateAsSubstance(published.unit ?? "", rule.substance) : null;
  const measurement = restated ? { ...parsed, value: Number((parsed.value * restated.factor).toPrecision(9)) } : parsed;
  const result = restated ? { ...published, unit: restated.unit } : published;
  const metaboliteRule = findNonRelevantMetabolite(result.parameterCode, result.parameterLabel, result.sampledAt);
  const base = {
    code: result.parameterCode,
    name: metaboliteRule?.name ?? rule?.name ?? result.parameterLabel,
    libelle_parametre: result.parameterLabel,
    resultat_alphanumerique: result.rawValue,
    value: measurement.value,
    unite_mesure: result.unit,
    ...(restated ? { unite_publiee: published.unit } : {}),
    at_the_tap: rule?.atTheTap === true,
    date_prelevement: result.sampledAt,
    older_than_a_year: false,
  };
  if (beforeItsLimit(result) && rule?.threshold) {
    // No limit applied on the day of the sample (PFAS before 1 January 2026; no référence
    // either): the value is a fact, without a verdict; the limit that applies since is said beside it.
    const factor = conversionFactor(rule.threshold.unit, result.unit ?? "");
    const futureLimit = factor === null || rule.threshold.max === null ? null : rule.threshold.max * factor;
    const facts = { ...base, limit: null, limit_min: null, ratio: null, limit_kind: null, note: "pfas-before-2026" as const };
    if (futureLimit !== null && measurement.qualifier === "<" && measurement.value <= futureLimit)
      return { ...facts, level: "excellent", label: "Non détecté" };
    const above = futureLimit === null || measurement.qualifier === "<" || measurement.value > futureLimit;
    return { ...facts, level: above ? "acceptable" : "good", label: "Pas de limite à cette date" };
  }
  const threshold = resolveThreshold(result);
  if (!threshold) {
    // No known limit: nothing to compare with (decision 023: « Conforme »).
    return { ...base, limit: null, limit_min: null, ratio: null, level: "acceptable", label: "Conforme", limit_kind: null, note: null };
  }
  const factor = conversionFactor(threshold.spec.unit, result.unit ?? "");
  if (factor === null) {
    // A unit we cannot compare with the limit (« mg(N)/L » against 50 mg/L of nitrates): never
    // call it compliant; the ARS verdict of the sample still counts for the network.
    return {
      ...base,
      limit: null,
      limit_min: null,
      ratio: null,
      level: "acceptable",
      label: "Non évalué",
      limit_kind: threshold.kind,
      note: "uncomparable-unit",
    };
  }
  const min = threshold.spec.min === null ? null : threshold.spec.min * factor;
  const max = threshold.spec.max === null ? null : threshold.spec.max * factor;
  const unit = result.unit ?? (threshold.spec.unit || null);
  const view = { ...base, unite_mesure: unit, limit: max, limit_min: min, limit_kind: threshold.kind };
  const { value, qualifier } = measurement;
  const metabolite = threshold.kind === "indicative" ? ("non-relevant-metabolite" as const) : null;
  const official = (judgement: Omit<Judgement, "note">) => applyOfficialVerdict(result, threshold, { ...judgement, note: metabolite });

  if (min !== null) {
    // A range (pH, conductivity) or a minimum: inside is compliant, outside is out of range.
    const below = qualifier !== ">" && value < min;
    const above = max !== null && qualifier !== "<" && value > max;
    if (!below && !above) return { ...view, ratio: null, level: "good", label: "Conforme", note: null };
    return { ...view, ratio: null, ...official(outOfRange(threshold.kind)) };
  }
  if (max === null) {
    return { ...view, ratio: null, level: "acceptable", label: "Conforme", note: null };
  }
  if (max === 0) {
    // Microbiology: 0 per 100 mL. "<1" or 0 means none found.
    if (qualifier === "<" || value === 0) return { ...view, ratio: null, level: "excellent", label: "Non détecté", note: null };
    return { ...view, ratio: null, ...official(outOfRange(threshold.kind)) };
  }
  if (qualifier === "<") {
    // Below the laboratory's limit of quantification: if that limit is itself under the
    // threshold, the substance was not found; otherwise the analysis cannot tell.
    if (value <= max) return { ...view, ratio: null, level: "excellent", label: "Non détecté", note: metabolite };
    return { ...view, ratio: null, level: "acceptable", label: "Non quantifié", note: metabolite };
  }
  const ratio = value / max;
  return { ...view, ratio, ...official(levelFromRatio(ratio, threshold.kind)) };
}

/**
 * Compliance first (decision 023): at or under its threshold a value is
 * « Conforme » — the ratio only shades it excellent/good/acceptable for ordering — and from 80 %
 * « Conforme, proche de la limite », never concerning, never an alert. Above a limite de qualité
 * it is « Non conforme » (critical); above a reference or an indicative value, at most « À
 * surveiller ». Chlorine has no regulatory value at all: above its comfort threshold it is a taste
 * note, never above « acceptable », so it never colours the section nor alerts.
 */
export function levelFromRatio(ratio: number, kind: ThresholdKind): { level: RatedLevel; label: string } {
  if (ratio <= 1) {
    const level: RatedLevel = ratio <= 0.25 ? "excellent" : ratio <= 0.5 ? "good" : "acceptable";
    if (ratio <= 0.8) return { level, label: "Conforme" };
    return { level: "acceptable", label: NEAR_LABELS[kind] };
  }
  return outOfRange(kind);
}

const NEAR_LABELS: Record<ThresholdKind, string> = {
  limite: "Conforme, proche de la limite",
  reference: "Conforme, proche de la référence",
  indicative: "Conforme, proche de la valeur indicative",
  // No regulatory value: nothing to be « near » (decision 054).
  confort: "Conforme",
};

function outOfRange(kind: ThresholdKind): { level: RatedLevel; label: string } {
  if (kind === "limite") return { level: "critical", label: "Non conforme" };
  if (kind === "indicative") return { level: "concerning", label: "Au-dessus de la valeur indicative" };
  if (kind === "reference") return { level: "concerning", label: "Référence dépassée (indicateur)" };
  // Chlorine (arrêté du 11 janvier 2007: no limit nor reference of quality): a fact and a taste
  // note, never « À surveiller » — a fully compliant recorded sample at 0,67 mg(Cl2)/L turned amber.
  return { level: "acceptable", label: CHLORINE_TASTE_LABEL };
}

/** The label of chlorine above its comfort threshold: a taste, not a verdict. */
export const CHLORINE_TASTE_LABEL = "Goût de chlore possible";

/** Microbiology is judged by the bacteriological verdict, everything else by the physico-chemical one. */
function officialLimitFlag(result: WaterResult, threshold: Threshold): ComplianceFlag {
  const microbiological = classifyUnit(threshold.spec.unit).family === "count100ml" || classifyUnit(result.unit ?? "").family === "count100ml";
  return microbiological ? result.limitsBacteriological : result.limitsPhysicochemical;
}

/**
 * The ARS verdict of the sample wins over our reading of one row: above a limit under a
 * prefectoral derogation (D) is « Conforme sous dérogation »; above the limit written on the row
 * while the ARS declared the sample compliant (C) is compliant (e.g. a metabolite the ARS already
 * judges with the 0,9 µg/L indicative value).
 */
function applyOfficialVerdict(result: WaterResult, threshold: Threshold, judgement: Judgement): Judgement {
  if (judgement.level !== "critical") return judgement;
  const flag = officialLimitFlag(result, threshold);
  if (flag === "D") return { level: "concerning", label: "Conforme sous dérogation", note: "derogation" };
  if (flag === "C") return { level: "acceptable", label: "Conforme", note: "ars-compliant" };
  return judgement;
}

const LEVEL_RANK: Record<RatedLevel, number> = { excellent: 0, good: 1, acceptable: 2, concerning: 3, critical: 4 };
/** How bad one row reads (-1: qualitative, nothing to compare). */
const rowSeverity = (result: WaterResult) => {
  const view = evaluateParameter(result);
  return view ? LEVEL_RANK[view.level] : -1;
};

/**
 * The one order of results of one parameter, shared by the report and the alert digest (decision
 * 052): newest first; at the same instant (two rows of one sample, or two samples taken at once)
 * the worse reading first, then by sample code and value — never Hub'Eau's row order.
 */
export function compareResultsNewestWorstFirst(a: WaterResult, b: WaterResult): number {
  return (
    b.sampledAt.localeCompare(a.sampledAt) ||
    rowSeverity(b) - rowSeverity(a) ||
    a.sampleCode.localeCompare(b.sampleCode) ||
    a.rawValue.localeCompare(b.rawValue) ||
    (a.unit ?? "").localeCompare(b.unit ?? "") ||
    a.parameterCode.localeCompare(b.parameterCode)
  );
}

/** The first of `results` in an order, without sorting them all (the comparator evaluates rows). */
function firstBy(results: readonly WaterResult[], compare: (a: WaterResult, b: WaterResult) => number): WaterResult | null {
  let first: WaterResult | null = null;
  for (const result of results) if (first === null || compare(result, first) < 0) first = result;
  return first;
}

/**
 * The latest result of each parameter, whatever its age (a parameter measured once every few years
 * still counts: older than a year it is shown with its date, never dropped), newest first. Only
 * the rows at a parameter's newest instant are compared with the shared order.
 */
export function latestResultPerParameter(results: readonly WaterResult[]): WaterResult[] {
  const newest = new Map<string, WaterResult[]>();
  for (const result of results) {
    const candidates = newest.get(result.parameterCode);
    if (!candidates || result.sampledAt > candidates[0]!.sampledAt) newest.set(result.parameterCode, [result]);
    else if (result.sampledAt === candidates[0]!.sampledAt) candidates.push(result);
  }
  return [...newest.values()]
    .map((candidates) => (candidates.length === 1 ? candidates[0]! : firstBy(candidates, compareResultsNewestWorstFirst)!))
    .sort((a, b) => b.sampledAt.localeCompare(a.sampledAt) || a.parameterCode.localeCompare(b.parameterCode));
}

const VERDICT_RANK = (sample: WaterResult) => {
  const verdict = levelOfOfficialVerdict(sample);
  return verdict === "critical" ? 2 : verdict === "concerning" ? 1 : 0;
};

/**
 * The order of samples, shared by the report and the digest: newest first; two samples taken at
 * the same instant, the one with the worse ARS verdict first, then by sample code. Within a
 * sample, one row stands for it (its verdict, conclusion and distributor are the sample's):
 * the smallest parameter code.
 */
export function compareSamplesNewestWorstFirst(a: WaterResult, b: WaterResult): number {
  return (
    b.sampledAt.localeCompare(a.sampledAt) ||
    VERDICT_RANK(b) - VERDICT_RANK(a) ||
    a.sampleCode.localeCompare(b.sampleCode) ||
    a.parameterCode.localeCompare(b.parameterCode) ||
    a.rawValue.localeCompare(b.rawValue)
  );
}

/** The newest sample of a network's results, as one of its rows (null: no result). */
export function newestSampleOf(results: readonly WaterResult[]): WaterResult | null {
  let at = "";
  const candidates: WaterResult[] = [];
  for (const result of results) {
    if (result.sampledAt > at) {
      at = result.sampledAt;
      candidates.length = 0;
    }
    if (result.sampledAt === at) candidates.push(result);
  }
  return firstBy(candidates, compareSamplesNewestWorstFirst);
}

/** A result older than this is shown with « mesure de plus d'un an ». */
export function isOlderThanAYear(sampledAt: string, now: Date): boolean {
  return sampledAt < waterWindowStart(now);
}

/**
 * Up to six parameters: anything at « À surveiller » or worse first (worst first), then a value
 * we could not compare with its limit, then the parameters people ask about (nitrates,
 * pesticides, PFAS, lead, E. coli, enterococci…).
 */
export function selectDisplayedParameters(evaluated: readonly WaterParameterView[]): WaterParameterView[] {
  const alarming = evaluated
    .filter((parameter) => parameter.level === "critical" || parameter.level === "concerning")
    .sort((a, b) => severityOrder(a) - severityOrder(b) || priorityOf(a) - priorityOf(b));
  const uncomparable = evaluated.filter((parameter) => !alarming.includes(parameter) && parameter.note === "uncomparable-unit");
  const usual = evaluated
    .filter((parameter) => !alarming.includes(parameter) && !uncomparable.includes(parameter) && Number.isFinite(priorityOf(parameter)))
    .sort((a, b) => priorityOf(a) - priorityOf(b));
  return [...alarming, ...uncomparable, ...usual].slice(0, MAX_DISPLAYED_PARAMETERS);
}

const severityOrder = (parameter: WaterParameterView) => (parameter.level === "critical" ? 0 : 1);
const priorityOf = (parameter: WaterParameterView) => displayPriority(parameter.code, parameter.libelle_parametre);

/** The official verdict of a sample: non-compliant with a limit → critical; derogation or reference → concerning. */
export function levelOfOfficialVerdict(sample: WaterResult): RatedLevel | null {
  if (isOfficiallyNonCompliant(sample)) return "critical";
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

/** The ARS verdict on the limits of quality, in its own terms: N wins over D, D over C. */
export function officialVerdictOf(sample: WaterResult): WaterQualitySection["official_verdict"] {
  const flags = [sample.limitsBacteriological, sample.limitsPhysicochemical];
  if (flags.includes("N")) return "non_conforme";
  if (flags.includes("D")) return "derogation";
  if (flags.includes("C")) return "conforme";
  return null;
}

const isOfficiallyNonCompliant = (sample: WaterResult) => sample.limitsBacteriological === "N" || sample.limitsPhysicochemical === "N";

function inWindow(results: readonly WaterResult[], now: Date): WaterResult[] {
  const since = waterWindowStart(now);
  return results.filter((result) => result.sampledAt >= since);
}

interface NetworkJudgement {
  level: Level;
  newestSample: WaterResult | null;
  evaluated: WaterParameterView[];
  verdict: RatedLevel | null;
  tapOnly: boolean;
}

/**
 * One network's level from the latest result of each parameter and the ARS verdict of its newest
 * sample. Lead, copper and nickel are sampled at one building's tap: when they are the only
 * limits exceeded (the ARS « N » of that sample included), the network is « à surveiller », not
 * critical — the building's pipes are the likely cause.
 */
export function judgeNetwork(results: readonly WaterResult[], now: Date): NetworkJudgement {
  const latest = latestResultPerParameter(results);
  const newestSample = newestSampleOf(results);
  if (!newestSample) return { level: "unavailable", newestSample: null, evaluated: [], verdict: null, tapOnly: false };
  const evaluated = latest
    .map(evaluateParameter)
    .filter((view): view is WaterParameterView => view !== null)
    .map((view) => (isOlderThanAYear(view.date_prelevement, now) ? { ...view, older_than_a_year: true } : view));
  const verdict = levelOfOfficialVerdict(newestSample);
  const exceeded = evaluated.filter((parameter) => parameter.level === "critical");
  const newestExceeded = exceeded.filter((parameter) => parameter.date_prelevement === newestSample.sampledAt);
  const networkWide = exceeded.filter((parameter) => !parameter.at_the_tap);
  // An ARS « N » is explained by the tap only when the newest sample shows an exceedance and
  // every exceedance of that sample is at the tap; an unexplained « N » stays critical.
  const verdictFromNetwork = verdict === "critical" && (newestExceeded.length === 0 || newestExceeded.some((parameter) => !parameter.at_the_tap));
  const tapOnly = exceeded.length > 0 && networkWide.length === 0 && !verdictFromNetwork;
  const critical = networkWide.length > 0 || verdictFromNetwork;
  const concerning = tapOnly || evaluated.some((parameter) => parameter.level === "concerning") || verdict !== null;
  const level: Level = critical ? "critical" : concerning ? "concerning" : "good";
  return { level, newestSample, evaluated, verdict, tapOnly };
}

/** The most recent sample of the window that the ARS declared non-compliant with a limit. */
export function findLastNonCompliance(results: readonly WaterResult[], now: Date): WaterQualitySection["last_non_compliance"] {
  const flagged = inWindow(results, now)
    .filter(isOfficiallyNonCompliant)
    .sort((a, b) => b.sampledAt.localeCompare(a.sampledAt));
  const newest = flagged[0];
  if (!newest) return null;
  const sameSample = results.filter((result) => result.sampleCode === newest.sampleCode);
  const parameters = sameSample
    .map(evaluateParameter)
    .filter((view): view is WaterParameterView => view !== null && view.level === "critical")
    // The readable name, as the rows write it: never the laboratory's « Escherichia coli /100ml - MF ».
    .map((view) => view.name || view.libelle_parametre);
  return { sampled_at: newest.sampledAt, conclusion: newest.sampleConclusion, parameters: [...new Set(parameters)] };
}

/** « Présence », « Positif », « Détecté »: a word that says something was found (never « Absence », « Non détecté »). */
const PRESENCE_WORD = /(?<!\p{L})(?:pr[ée]sences?|positi(?:f|ve)s?|d[ée]tect[ée]e?s?)(?!\p{L})/iu;
const ABSENCE_WORD = /(?<!\p{L})(?:absences?|non|aucune?|n[ée]gati(?:f|ve)s?|pas)(?!\p{L})/iu;

/**
 * Among the latest result of each parameter, those of the newest sample that the laboratory wrote
 * as a word of presence rather than a number: the ARS's « N » may rest on them, and no limit can be
 * compared with them. Said as facts (« Entérocoques : Présence »), never judged; in parameter-code
 * order. (A number measured for the same parameter at the same instant is the latest result, as
 * for the rest of the report.)
 */
export function findQualitativeFindings(latest: readonly WaterResult[], newestSample: WaterResult): WaterQualitySection["qualitative_findings"] {
  return latest
    .filter((result) => result.sampleCode === newestSample.sampleCode && result.sampledAt === newestSample.sampledAt)
    .filter((result) => {
      const raw = result.rawValue.trim();
      return !parseMeasurement(raw, result.numericValue) && PRESENCE_WORD.test(raw) && !ABSENCE_WORD.test(raw);
    })
    .map((result) => ({
      code: result.parameterCode,
      name: findParameterRule(result.parameterCode, result.parameterLabel)?.name ?? result.parameterLabel,
      result: result.rawValue.trim(),
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/**
 * The ministry's own page of drinking-water results, for the commune's region (the department
 * and commune are then chosen in its form: the page cannot be deep-linked further).
 */
export function waterSourceFor(communeCode: string | null): SourceRef {
  const region = communeCode ? regionCodeOf(departmentCodeOf(communeCode)) : null;
  if (!region) return HUBEAU_SOURCE;
  return { ...HUBEAU_SOURCE, url: `https://orobnat.sante.gouv.fr/orobnat/afficherPage.do?methode=menu&usd=AEP&idRegion=${region}` };
}

export interface WaterQualityInput {
  results: SourceResult<WaterResult[]>;
  udi: Udi | null;
  udis: Udi[];
  /** how `udi` was chosen; null when the commune has no known network */
  udiChoice?: WaterQualitySection["udi_choice"];
  /** the commune's other networks and their results, to say when one of them has a problem */
  otherNetworks?: ReadonlyArray<{ udi: Udi; results: readonly WaterResult[] }>;
  /** INSEE code of the commune, for the link to the ministry's page of results */
  communeCode?: string | null;
  now: Date;
}

/** The water section of the report. */
export function evaluateWaterQuality(input: WaterQualityInput): WaterQualitySection {
  return judgeWaterQuality(input).section;
}

/** The section the report shows, and every parameter judged to write it (the alerts name a parameter that recovered). */
export function judgeWaterQuality(input: WaterQualityInput): { section: WaterQualitySection; measured: WaterParameterView[] } {
  const common = {
    udi: input.udi ? { code: input.udi.code, name: input.udi.name } : null,
    udis: input.udis.map((udi) => ({ code: udi.code, name: udi.name, quarter: udi.quarter })),
    udi_choice: input.udi ? (input.udiChoice ?? null) : null,
    source: waterSourceFor(input.communeCode ?? null),
  };
  const empty = {
    sampled_at: null,
    conclusion: null,
    official_verdict: null,
    references_exceeded: false,
    parameters: [],
    distributor: null,
    last_non_compliance: null,
    tap_only_exceedance: false,
    qualitative_findings: [],
    other_networks_with_issues: [],
    history: [],
  };
  if (!input.results.ok) {
    const section: WaterQualitySection = {
      ...common,
      ...empty,
      success: false,
      level: "unavailable",
      message: "Les résultats du contrôle sanitaire de l'eau sont momentanément indisponibles. Réessayez dans quelques minutes.",
    };
    return { section, measured: [] };
  }
  const otherNetworks = (input.otherNetworks ?? [])
    .map(({ udi, results }) => {
      const judged = judgeNetwork(results, input.now);
      return { code: udi.code, name: udi.name, quarter: udi.quarter, level: judged.level, sampled_at: judged.newestSample?.sampledAt ?? null };
    })
    .filter((network) => network.level === "critical" || network.level === "concerning");
  const judged = judgeNetwork(input.results.data, input.now);
  const newestSample = judged.newestSample;
  if (!newestSample) {
    const section: WaterQualitySection = {
      ...common,
      ...empty,
      other_networks_with_issues: otherNetworks,
      success: true,
      level: "unavailable",
      // Two cases, one wording each on every channel (notes.ts): no network known, or a network without analyses.
      message: input.udi
        ? "Aucune analyse de l'eau du robinet n'a été publiée pour ce réseau (les résultats paraissent avec environ deux mois de décalage)."
        : `${NETWORK_NOT_IDENTIFIED}${NBSP}: aucune analyse de l'eau du robinet ne peut lui être rattachée.`,
    };
    return { section, measured: [] };
  }
  const conclusion = newestSample.sampleConclusion;
  const section: WaterQualitySection = {
    ...common,
    success: true,
    level: judged.level,
    sampled_at: newestSample.sampledAt,
    conclusion,
    official_verdict: officialVerdictOf(newestSample),
    references_exceeded: newestSample.referencesBacteriological === "N" || newestSample.referencesPhysicochemical === "N",
    parameters: selectDisplayedParameters(judged.evaluated),
    last_non_compliance: findLastNonCompliance(input.results.data, input.now),
    tap_only_exceedance: judged.tapOnly,
    qualitative_findings:
      officialVerdictOf(newestSample) === "non_conforme" ? findQualitativeFindings(latestResultPerParameter(input.results.data), newestSample) : [],
    other_networks_with_issues: otherNetworks,
    distributor: newestSample.distributor,
    // Drawn only on the report (withWaterHistory): alerts and the account page never show it.
    history: [],
    message: judged.verdict === "critical" && !conclusion ? "Le dernier prélèvement a été déclaré non conforme par l'Agence régionale de santé." : null,
  };
  return { section, measured: judged.evaluated };
}
