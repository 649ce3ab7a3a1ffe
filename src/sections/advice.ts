// Each section's advice (its folder's advice.ts: the rules that choose it and their words), by the
// section's key; the recommendations read them in the registry's order (registry.ts). A list apart
// from the registry: the page shows the advice the server chose and never carries its rules.
import type { SectionAdvice } from "../core/recommendations/advice.ts";
import { airAdvice } from "./air/advice.ts";
import { bathingAdvice } from "./bathing/advice.ts";
import { droughtAdvice } from "./drought/advice.ts";
import { pollenAdvice } from "./pollen/advice.ts";
import { radonAdvice } from "./radon/advice.ts";
import { uvAdvice } from "./uv/advice.ts";
import { waterAdvice } from "./water/advice.ts";
import { weatherAdvice } from "./weather/advice.ts";

export const SECTION_ADVICE = {
  water: waterAdvice,
  air: airAdvice,
  drought: droughtAdvice,
  bathing: bathingAdvice,
  weather: weatherAdvice,
  pollen: pollenAdvice,
  uv: uvAdvice,
  radon: radonAdvice,
} as const;

/** The advice of the shipped sections, each with its input's name, answer and facts in its type. */
export type ShippedSectionAdvice = (typeof SECTION_ADVICE)[keyof typeof SECTION_ADVICE];

const registered = new Map<string, SectionAdvice>(Object.entries(SECTION_ADVICE) as unknown as Array<[string, SectionAdvice]>);

/** A section's advice by its key; none, it advises nothing. */
export function adviceOf(key: string): SectionAdvice | undefined {
  return registered.get(key);
}
