// The report's own advice for one section, as an alert e-mail quotes it: the same function the
// report calls (selectRecommendations), so the e-mail can never word it otherwise. Pure.
import { selectRecommendations, type RecommendationInput } from "../recommendations/index.ts";
import { evaluateAirQuality } from "../../sections/air/evaluate.ts";
import { bathingDatasetUnavailable } from "../../sections/bathing/evaluate.ts";
import { evaluateDrought } from "../../sections/drought/evaluate.ts";
import { evaluateWaterQuality } from "../../sections/water/evaluate.ts";
import type { Recommendation } from "../types.ts";
import type { AlertAdvice } from "./diff.ts";

const NOT_READ = { ok: false, reason: "not_found" } as const;

/** The sections an alert topic judges, beside the four the report always has (read or not). */
export type AdviceSections = Partial<Omit<RecommendationInput, "now">>;

/**
 * The advice of `category` the report gives for these sections that day, in its order and words
 * (title, full text, source). A section not given counts as not read: it adds no advice of its own
 * (the « could not be checked » advice is the report's general one, never a section's).
 */
export function reportAdviceFor(category: Recommendation["category"], input: { sections: AdviceSections; now: Date; citycode: string }): AlertAdvice[] {
  const { now, citycode } = input;
  const recommendations = selectRecommendations({
    water: input.sections.water ?? evaluateWaterQuality({ results: NOT_READ, udi: null, udis: [], now }),
    air: input.sections.air ?? evaluateAirQuality({ atmo: NOT_READ, cams: NOT_READ, now, citycode }),
    drought: input.sections.drought ?? evaluateDrought({ zones: NOT_READ, now, citycode }),
    bathing: input.sections.bathing ?? bathingDatasetUnavailable(),
    ...input.sections,
    now,
  });
  return recommendations
    .filter((recommendation) => recommendation.category === category)
    .map((recommendation) => ({ title: recommendation.title, text: recommendation.text, source: recommendation.source }));
}
