// The tap water section as the registry lists it (src/sections/registry.ts), and
// its outline as the page carries it (src/sections/outline.ts).
import { documentOf } from "../../core/report/document-of.ts";
import type { SectionModule, SectionOutline } from "../../core/report/section-module.ts";
import type { WaterQualitySection } from "../../core/types.ts";
import { WATER_ANCHOR, WATER_LABEL, presentWater, summarizeWater, WATER_TITLE, waterWithDefaults, type WaterPresentation } from "./present.ts";

/** What the page carries of the section (src/sections/outline.ts): no presentation code. */
export const waterOutline: SectionOutline = {
  key: "water",
  field: "water_quality",
  title: WATER_TITLE,
  anchor: WATER_ANCHOR,
  label: WATER_LABEL,
  statusSource: "hubeau",
};

export const waterSection: SectionModule<WaterQualitySection, WaterPresentation> = {
  ...waterOutline,
  present: (answer, context) => {
    const rich = presentWater(answer, context.generatedAt);
    return documentOf(rich, summarizeWater(answer, rich.headline));
  },
  withDefaults: (answer) => waterWithDefaults(answer),
};
