// The server's half of the registry (registry.ts): each section's answer schema and its read, in
// the same order. The report is read by iterating it (src/server/services/report.ts), and the API's
// report schema and OpenAPI document are made of it (src/server/api/schemas.ts).
import * as z from "zod";
import { airServerSection } from "./air/section.server.ts";
import { bathingServerSection } from "./bathing/section.server.ts";
import { droughtServerSection } from "./drought/section.server.ts";
import { pollenServerSection } from "./pollen/section.server.ts";
import { radonServerSection } from "./radon/section.server.ts";
import { uvServerSection } from "./uv/section.server.ts";
import { waterServerSection } from "./water/section.server.ts";
import { weatherServerSection } from "./weather/section.server.ts";
import type { ServerSection } from "../server/services/section-loader.ts";

export const SERVER_SECTIONS = [
  waterServerSection,
  airServerSection,
  droughtServerSection,
  bathingServerSection,
  weatherServerSection,
  pollenServerSection,
  uvServerSection,
  radonServerSection,
] as const;

const registry: ServerSection[] = [...SERVER_SECTIONS] as unknown as ServerSection[];

/** Every section the server reads, in the cards' order. */
export function serverSections(): readonly ServerSection[] {
  return registry;
}

/**
 * Adds a section after the others, for as long as the process lives (tests: a section registered
 * here and in registry.ts reaches every channel). Returns the function that takes it out again.
 */
export function registerServerSection(section: ServerSection<string, never>): () => void {
  const entry = section as unknown as ServerSection;
  registry.push(entry);
  return () => {
    const at = registry.indexOf(entry);
    if (at !== -1) registry.splice(at, 1);
  };
}

/** The shape of the report's sections in its schema: each section's field and its answer's schema. */
export type SectionShapes = { [Section in (typeof SERVER_SECTIONS)[number] as Section["field"]]: Section["schema"] };

/** Each section's field and schema, as registered now. */
export function sectionShapes(): SectionShapes {
  return Object.fromEntries(serverSections().map((section) => [section.field, section.schema as z.ZodType])) as unknown as SectionShapes;
}
