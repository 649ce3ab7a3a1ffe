// The words of the advice, apart from the rules that choose it: each section words its own advice
// (src/sections/<key>/advice.ts), across-sections.ts the advice that spans sections; here they make
// one table keyed by id, from an advice's facts to its title, text, article link and public
// source, rendered in French typography. Advice is general and never diagnoses: the official
// instructions of the ARS, the prefecture or the town hall prevail.
import { adviceOf, SECTION_ADVICE, type ShippedSectionAdvice } from "../../sections/rules.ts";
import { sections } from "../../sections/registry.ts";
import { frenchTypography } from "../shared/format.ts";
import { ACROSS_SECTIONS_TEXTS, type AcrossSectionsAdviceFacts } from "./across-sections.ts";
import type { AdviceChoice, AdviceTexts, AdviceWords, SectionAdvice } from "./advice.ts";

export type { AdviceWords } from "./advice.ts";
export type { UncheckedSection } from "./across-sections.ts";

export type { ShippedSectionAdvice } from "../../sections/rules.ts";

type FactsOf<A> = A extends SectionAdvice<infer _Input, infer _Answer, infer Facts, infer _Required> ? Facts : never;
type IntersectionOf<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void ? I : never;

/** The facts each advice is written from, by id (every section's and those across sections): values, units, names and flags, never sentences. */
export type AdviceFacts = IntersectionOf<FactsOf<ShippedSectionAdvice>> & AcrossSectionsAdviceFacts;

export type AdviceId = keyof AdviceFacts;

/** One advice as the rules choose it: its id, domain, severity and facts, not yet in words. */
export type AdviceOf<K extends AdviceId = AdviceId> = AdviceChoice<AdviceFacts, K>;

export type Advice = AdviceOf;

/** The words of every advice of the shipped sections and across them, keyed by id. */
export const ADVICE_TEXTS = Object.assign(
  {},
  ...Object.values(SECTION_ADVICE).map((advice) => advice.texts),
  ACROSS_SECTIONS_TEXTS,
) as AdviceTexts<AdviceFacts>;

/** The words of an id: from the registered section whose advice it is, else across sections. */
function textOf(id: string): ((facts: never) => AdviceWords) | undefined {
  for (const section of sections()) {
    const advice = adviceOf(section.key);
    if (advice && Object.hasOwn(advice.texts, id)) return advice.texts[id];
  }
  const across: Partial<Record<string, (facts: never) => AdviceWords>> = ACROSS_SECTIONS_TEXTS;
  return Object.hasOwn(across, id) ? across[id] : undefined;
}

/** An advice in words, in French typography (no-break spaces before : ; ! ? and inside « »). */
export function renderAdviceWords<K extends AdviceId>(advice: AdviceOf<K>): AdviceWords {
  const render = textOf(advice.id) as ((facts: AdviceFacts[K]) => AdviceWords) | undefined;
  if (!render) throw new Error(`no words for the advice ${String(advice.id)}`);
  const words = render(advice.facts);
  return { ...words, title: frenchTypography(words.title), text: frenchTypography(words.text) };
}
