// The report's sections in the cards' order, as the page carries them (decision 095): each one's key,
// field, title, anchor, label and status source — no presentation, which the server sends with each
// answer as its document. The one list of the cards' order: the registry (registry.ts) gives each of
// these its module, the server's registry (registry.server.ts) its read. Pure.
import type { SectionOutline } from "../core/report/section-module.ts";
import { airOutline } from "./air/section.ts";
import { bathingOutline } from "./bathing/section.ts";
import { droughtOutline } from "./drought/section.ts";
import { pollenOutline } from "./pollen/section.ts";
import { radonOutline } from "./radon/section.ts";
import { uvOutline } from "./uv/section.ts";
import { waterOutline } from "./water/section.ts";
import { weatherOutline } from "./weather/section.ts";

const outlines: SectionOutline[] = [waterOutline, airOutline, droughtOutline, bathingOutline, weatherOutline, pollenOutline, uvOutline, radonOutline];

/** Every section's outline, in the cards' order. */
export function sectionOutlines(): readonly SectionOutline[] {
  return outlines;
}

/** Adds a section's outline after the others (registerSection, in registry.ts); returns its undoing. */
export function registerOutline(outline: SectionOutline): () => void {
  outlines.push(outline);
  return () => {
    const at = outlines.indexOf(outline);
    if (at !== -1) outlines.splice(at, 1);
  };
}
