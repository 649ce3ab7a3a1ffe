// The air section as the registry lists it (src/sections/registry.ts), and
// its outline as the page carries it (src/sections/outline.ts).
import { documentOf } from "../../core/report/document-of.ts";
import type { SectionModule, SectionOutline } from "../../core/report/section-module.ts";
import type { AirQualitySection } from "../../core/types.ts";
import { airWithDefaults, AIR_ANCHOR, AIR_LABEL, presentAir, summarizeAir, AIR_TITLE, type AirPresentation } from "./present.ts";

/** What the page carries of the section (src/sections/outline.ts): no presentation code. */
export const airOutline: SectionOutline = {
  key: "air",
  field: "air_quality",
  title: AIR_TITLE,
  anchor: AIR_ANCHOR,
  label: AIR_LABEL,
  statusSource: "atmo",
};

export const airSection: SectionModule<AirQualitySection, AirPresentation> = {
  ...airOutline,
  present: (answer) => documentOf(presentAir(answer), summarizeAir(answer)),
  withDefaults: (answer, context) => airWithDefaults(answer, context.generatedAt),
};
