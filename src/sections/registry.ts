// The report's sections with their modules, in the cards' order: the list that the server, the PDF,
// the e-mails and the API iterate. Each section is one folder beside this file; adding one is a line
// here, a line in outline.ts (the order, which the page carries: decision 095) and its folder
// (docs/adding-a-section.md). Pure; the server's half is registry.server.ts.
import type { SectionAnswer, SectionModule } from "../core/report/section-module.ts";
import { airSection } from "./air/section.ts";
import { bathingSection } from "./bathing/section.ts";
import { droughtSection } from "./drought/section.ts";
import { registerOutline, sectionOutlines } from "./outline.ts";
import { pollenSection } from "./pollen/section.ts";
import { radonSection } from "./radon/section.ts";
import { uvSection } from "./uv/section.ts";
import { waterSection } from "./water/section.ts";
import { weatherSection } from "./weather/section.ts";

type AnySection = SectionModule<SectionAnswer, unknown>;

/** Each section's module by its key; their order is the outline's. */
const modules = new Map<string, AnySection>(
  ([waterSection, airSection, droughtSection, bathingSection, weatherSection, pollenSection, uvSection, radonSection] as unknown as AnySection[]).map(
    (section) => [section.key, section],
  ),
);

/** Every section, in the cards' order. */
export function sections(): readonly AnySection[] {
  return sectionOutlines().map((outline) => {
    const section = modules.get(outline.key);
    if (!section) throw new Error(`no module for the section ${outline.key}`);
    return section;
  });
}

/**
 * Adds a section after the others, for as long as the process lives: tests prove with it that a
 * section registered here reaches every channel. Returns the function that takes it out again.
 */
export function registerSection(section: SectionModule<never, unknown>): () => void {
  const entry = section as unknown as AnySection;
  modules.set(entry.key, entry);
  const { key, field, title, anchor, label, statusSource } = entry;
  const undoOutline = registerOutline({ key, field, title, anchor, label, ...(statusSource ? { statusSource } : {}) });
  return () => {
    undoOutline();
    modules.delete(entry.key);
  };
}
