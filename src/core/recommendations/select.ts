// The shared selector of the report's advice. Each section's rules choose its own advice, as ids
// and facts (src/sections/<key>/advice.ts, listed by the registry); the rules that span sections
// add what could not be checked, or « Bonne nouvelle ! » (across-sections.ts); here they are put in
// the order people should read them, each domain with its one prominent box. Their words live in
// texts.ts. Pure: the day (`now`) is passed in.
import { adviceOf } from "../../sections/rules.ts";
import { sections } from "../../sections/registry.ts";
import type { Recommendation, Report } from "../types.ts";
import { isAllClear, uncheckedSections } from "./across-sections.ts";
import type { SectionAdvice } from "./advice.ts";
import { compareAdvice } from "./rank.ts";
import type { ShippedSectionAdvice } from "../../sections/rules.ts";
import { type Advice, renderAdviceWords } from "./texts.ts";

type AnswerOf<A> = A extends SectionAdvice<infer _Input, infer Answer, infer _Facts, infer _Required> ? Answer : never;

/**
 * The sections' answers as their rules read them, each under its advice's `input` name, and the
 * report's time (`now`). A section every report has is required; a section that a report stored
 * before it existed lacks is optional, and absent it advises nothing.
 */
export type RecommendationInput = { [A in ShippedSectionAdvice as A["required"] extends true ? A["input"] : never]: AnswerOf<A> } & {
  [A in ShippedSectionAdvice as A["required"] extends true ? never : A["input"]]?: AnswerOf<A> | undefined;
} & {
  /** the report's time: a section stored without its own day is read on Paris's day of it (the ozone season) */
  now: Date;
};

/** An advice as chosen, in order, with whether it gets the domain's one prominent box. */
export type SelectedAdvice = Advice & { prominent: boolean };

/**
 * Every advice that applies, in the order people should read it (`compareAdvice`, rank.ts). What could not
 * be checked is said, section by section; « Bonne nouvelle ! » only when water, air and drought
 * were all read and clear and nothing applies. Each domain gets at most one prominent box: its
 * first critical or warning advice.
 */
export function selectAdvice(input: RecommendationInput): SelectedAdvice[] {
  const answers: Partial<Record<string, unknown>> = input;
  const context = { now: input.now };
  // Each section's own advice, in the registry's order (the cards').
  const all = sections().flatMap((section) => {
    const advice = adviceOf(section.key);
    return advice ? (advice.advise(answers[advice.input], context) as Advice[]) : [];
  });
  const unchecked = uncheckedSections(input);
  if (unchecked.length > 0) {
    all.push({ id: "unchecked", category: "general", severity: "info", vulnerable: false, facts: { sections: unchecked } });
  } else if (all.length === 0 && isAllClear(input)) {
    return [{ id: "all-clear", category: "general", severity: "success", vulnerable: false, facts: {}, prominent: false }];
  }
  // Array.prototype.sort is stable: within a rank, domains keep the report's order.
  const ordered = all.sort(compareAdvice);
  const boxed = new Set<Recommendation["category"]>();
  return ordered.map((chosen) => {
    const prominent = (chosen.severity === "critical" || chosen.severity === "warning") && !boxed.has(chosen.category);
    if (prominent) boxed.add(chosen.category);
    return { ...chosen, prominent };
  });
}

/** The advice of a report in words: the public JSON contract (`Report.recommendations`). */
export function selectRecommendations(input: RecommendationInput): Recommendation[] {
  return selectAdvice(input).map(renderRecommendation);
}

/** The recommendations of a report's sections, read by their fields. */
export function recommendationsOfReport(
  report: Partial<Omit<Report, "address" | "address_info" | "recommendations" | "generated_at">>,
  now: Date,
): Recommendation[] {
  const fields: Partial<Record<string, unknown>> = report;
  const input: Record<string, unknown> = { now };
  const required: string[] = [];
  let complete = true;
  for (const section of sections()) {
    const advice = adviceOf(section.key);
    if (!advice) continue;
    if (advice.required) required.push(section.key);
    const answer = fields[section.field];
    if (answer === undefined || answer === null) complete &&= !advice.required;
    else input[advice.input] = answer;
  }
  if (!complete) throw new Error(`the recommendations need the ${required.slice(0, -1).join(", ")} and ${required.at(-1)} sections`);
  return selectRecommendations(input as RecommendationInput);
}

export function renderRecommendation(chosen: SelectedAdvice): Recommendation {
  const { title, text, link, source } = renderAdviceWords(chosen);
  return {
    id: chosen.id,
    category: chosen.category,
    severity: chosen.severity,
    title,
    text,
    link,
    source,
    vulnerable: chosen.vulnerable,
    prominent: chosen.prominent,
    ...(chosen.basis && chosen.basis !== "reading" ? { basis: chosen.basis } : {}),
    ...(chosen.calm ? { calm: true } : {}),
  };
}
