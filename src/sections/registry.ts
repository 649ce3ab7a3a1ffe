// The report's sections, in the cards' order: the one list that the page, the stream, the PDF, the
// e-mails and the API iterate. Each section is one folder beside this file; adding one is a line here
// and its folder (docs/adding-a-section.md). Pure; the server's half is registry.server.ts.
import type { SectionAnswer, SectionModule } from "../core/report/section-module.ts";
import { airSection } from "./air/section.ts";
import { bathingSection } from "./bathing/section.ts";
import { droughtSection } from "./drought/section.ts";
import { pollenSection } from "./pollen/section.ts";
import { radonSection } from "./radon/section.ts";
import { uvSection } from "./uv/section.ts";
import { waterSection } from "./water/section.ts";
import { weatherSection } from "./weather/section.ts";

export const SECTIONS = [waterSection, airSection, droughtSection, bathingSection, weatherSection, pollenSection, uvSection, radonSection] as const;

/** The registry as channels read it: a test may register a section of its own (registerSection). */
const registry = [...SECTIONS] as unknown as Array<SectionModule<SectionAnswer, unknown>>;

/** Every section, in the cards' order. */
export function sections(): ReadonlyArray<SectionModule<SectionAnswer, unknown>> {
  return registry;
}

/**
 * Adds a section after the others, for as long as the process lives: tests prove with it that a
 * section registered here reaches every channel. Returns the function that takes it out again.
 */
export function registerSection(section: SectionModule<never, unknown>): () => void {
  const entry = section as unknown as SectionModule<SectionAnswer, unknown>;
  registry.push(entry);
  return () => {
    const at = registry.indexOf(entry);
    if (at !== -1) registry.splice(at, 1);
  };
}
