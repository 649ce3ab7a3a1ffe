// Twelve months of the key parameters of one network, one point per sample, for the chart on the
// report and in the PDF (issue 15). Built from the results the report already judged: each point
// carries the label evaluateParameter gives it, so the chart never contradicts the parameter list.
import type { SourceResult, WaterHistoryPoint, WaterHistorySeries, WaterQualitySection, WaterResult } from "../../core/types.ts";
import { compareResultsNewestWorstFirst, evaluateParameter } from "./evaluate.ts";
import { conversionFactor, parseMeasurement } from "./measurements.ts";
import { findParameterRule } from "./parameters.ts";
import { waterWindowStart } from "./window.ts";

/**
 * Nitrates, total pesticides, sum of 20 PFAS, E. coli, enterococci, lead — in the order they are
 * drawn (SANDRE codes).
 */
export const WATER_HISTORY_CODES = ["1340", "6276", "8847", "1449", "6455", "1382"] as const;

/** The history code a result belongs to: by its own code, or by its label through our rules. */
function historyCodeOf(result: WaterResult): string | null {
  if ((WATER_HISTORY_CODES as readonly string[]).includes(result.parameterCode)) return result.parameterCode;
  const rule = findParameterRule(result.parameterCode, result.parameterLabel);
  return rule?.codes.find((code) => (WATER_HISTORY_CODES as readonly string[]).includes(code)) ?? null;
}

/**
 * The key parameters measured in the twelve months before `now`, each only when it has at least
 * one result there. The series' unit and limit are those of its newest result (the one the
 * report shows); the limit is drawn only when it is a limite de qualité (PFAS before 2026, a
 * référence or an indicative value draw none).
 */
export function buildWaterHistory(results: readonly WaterResult[], now: Date): WaterHistorySeries[] {
  const since = waterWindowStart(now);
  const byCode = new Map<string, WaterResult[]>();
  for (const result of results) {
    if (result.sampledAt < since) continue;
    const code = historyCodeOf(result);
    if (!code) continue;
    const list = byCode.get(code) ?? [];
    list.push(result);
    byCode.set(code, list);
  }
  const series: WaterHistorySeries[] = [];
  for (const code of WATER_HISTORY_CODES) {
    const built = buildSeries(code, byCode.get(code) ?? []);
    if (built) series.push(built);
  }
  return series;
}

function buildSeries(code: string, results: readonly WaterResult[]): WaterHistorySeries | null {
  // One result per sample: of two results of one sample (a re-analysis) the worse, by the order the
  // report's parameter list uses (compareResultsNewestWorstFirst), so the newest point says what
  // the report says.
  const perSample = new Map<string, WaterResult>();
  for (const result of results) {
    const key = `${result.sampleCode}|${result.sampledAt}`;
    const known = perSample.get(key);
    if (!known || compareResultsNewestWorstFirst(result, known) < 0) perSample.set(key, result);
  }
  const judged = [...perSample.values()]
    .map((result) => ({ result, view: evaluateParameter(result) }))
    .filter((entry): entry is { result: WaterResult; view: NonNullable<typeof entry.view> } => entry.view !== null)
    // Oldest first. Of two samples taken at the same instant, the one the report shows is drawn
    // last, so that the series' newest point is the report's.
    .sort((a, b) => compareResultsNewestWorstFirst(b.result, a.result));
  const newest = judged.at(-1);
  if (!newest) return null;
  const unit = newest.view.unite_mesure;
  const points: WaterHistoryPoint[] = [];
  for (const { result, view } of judged) {
    // Values are converted into the series' unit (µg ↔ mg; nitrates published as nitrogen,
    // « mg(N)/L », were restated as nitrates by evaluateParameter). A unit that still does not
    // convert (a pesticide « mg(N)/L ») would be drawn at a wrong height: it stays in the
    // parameter list, not on the chart.
    const factor = conversionFactor(view.unite_mesure ?? "", unit ?? "");
    if (factor === null) continue;
    const measurement = parseMeasurement(result.rawValue, result.numericValue);
    // Below the laboratory's limit (« <0,05 »), Hub'Eau's resultat_numerique is 0.0: never a value.
    const belowLaboratoryLimit = measurement !== null && measurement.qualifier === "<";
    const quantified = measurement !== null && !belowLaboratoryLimit && view.value !== null;
    points.push({
      sampled_at: result.sampledAt,
      value: quantified ? roundForDisplay((view.value ?? 0) * factor) : null,
      below: belowLaboratoryLimit && view.value !== null ? roundForDisplay(view.value * factor) : null,
      // « <0,2 » against a limit of 0,1: somewhere under 0,2, maybe above the limit — not « Non détecté ».
      not_quantified: belowLaboratoryLimit && view.label !== "Non détecté",
      raw: result.rawValue,
      label: view.label,
      level: view.level,
    });
  }
  const newestView = newest.view;
  const limit = newestView.limit_kind === "limite" && newestView.limit_min === null ? newestView.limit : null;
  return { code, name: newestView.name || newestView.libelle_parametre, unit, limit, points };
}

/** Conversions (µg → mg) leave binary noise (0.30000000000000004): keep nine significant digits. */
function roundForDisplay(value: number): number {
  return Number(value.toPrecision(9));
}

/**
 * The section with its twelve-month history, from the results it was judged on: only the report
 * (page, PDF, API) draws it, so evaluateWaterQuality leaves it empty for the alert run.
 */
export function withWaterHistory(section: WaterQualitySection, results: SourceResult<WaterResult[]>, now: Date): WaterQualitySection {
  if (!section.success || !results.ok) return section;
  return { ...section, history: buildWaterHistory(results.data, now) };
}
