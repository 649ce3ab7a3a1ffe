// What a section's advice is to the shared selector (select.ts): the rules that choose it from the
// section's answer, as ids and facts, and the words of each id. Each section's own advice lives in
// its folder (src/sections/<key>/advice.ts) and is listed by the registry; this leaf names none of
// them, so that the section modules may import it without closing a circle. Pure.
import type { Recommendation } from "../types.ts";
import type { AdviceBasis } from "./rank.ts";

export interface AdviceWords {
  title: string;
  text: string;
  link: string;
  source: { name: string; url: string };
}

/** One advice as the rules choose it, from a table of facts keyed by id: its id, domain, severity and facts, not yet in words. */
export type AdviceChoice<Facts extends object, K extends keyof Facts = keyof Facts> = {
  [P in K]: {
    id: P;
    category: Recommendation["category"];
    severity: Recommendation["severity"];
    /** addressed to vulnerable people (pregnant women, infants…): first among advice of its severity and basis */
    vulnerable: boolean;
    /**
     * What the advice stands on (decision 084): an official reading (the default), an official source
     * that could not be read where the stakes are high (« unread »: the tap water), or a model's
     * estimate. At equal severity « unread » ranks first and an estimate last (rank.ts); an estimate
     * never says « Important ».
     */
    basis?: AdviceBasis;
    /** its own words say nothing changes for most people (« Rien ne change… »): never « À retenir » */
    calm?: true;
    facts: Facts[P];
  };
}[K];

/** The words of every id of a table of facts. Sentences are typed with ordinary spaces; the selector applies French typography. */
export type AdviceTexts<Facts extends object> = { [K in keyof Facts]: (facts: Facts[K]) => AdviceWords };

/** What a section's rules may read besides its own answer. */
export interface AdviseContext {
  /** the report's time (a section's own day decides, e.g., whether it is the ozone season) */
  now: Date;
}

/**
 * A section's advice. `input` names its answer in the selector's input (`RecommendationInput`);
 * `required`: every report has the section (the selector refuses a report without it), otherwise a
 * report stored before the section existed has none and the section advises nothing.
 */
export interface SectionAdvice<
  Input extends string = string,
  Answer = unknown,
  Facts extends object = Record<string, unknown>,
  Required extends boolean = boolean,
> {
  input: Input;
  required: Required;
  /** the advice its answer calls for, in the order the report reads it within the section */
  advise(answer: Required extends true ? Answer : Answer | undefined, context: AdviseContext): Array<AdviceChoice<Facts>>;
  texts: AdviceTexts<Facts>;
}

/** The link of an advice that has no article of its own: the blog's index. */
export const ARTICLES_INDEX = "/blog";

/** « « a » », « « b » »: names quoted the French way. */
export const quoted = (names: readonly string[]) => names.map((name) => `« ${name} »`);
