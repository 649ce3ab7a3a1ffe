// The drought section as the registry lists it (src/sections/registry.ts).
import { documentOf } from "../../core/report/document-of.ts";
import type { SectionModule } from "../../core/report/section-module.ts";
import type { DroughtSection } from "../../core/types.ts";
import { DROUGHT_ANCHOR, droughtWithDefaults, DROUGHT_LABEL, presentDrought, summarizeDrought, DROUGHT_TITLE, type DroughtPresentation } from "./present.ts";

export const droughtSection: SectionModule<DroughtSection, DroughtPresentation> = {
  key: "drought",
  field: "drought",
  title: DROUGHT_TITLE,
  anchor: DROUGHT_ANCHOR,
  label: DROUGHT_LABEL,
  statusSource: "vigieau",
  present: (answer, context) => {
    const rich = presentDrought(answer, context.generatedAt, context.timeZone);
    // Each zone with its own word, what it means for households and its decree's period; then the
    // section's sentences (the tap's water, a decree ended or not yet started).
    const zones = rich.zones.map((zone) => ({
      term: zone.title,
      value: `${zone.badge.word} – ${zone.restrictionsSummary}${zone.period ? `, arrêté ${zone.period}` : ""}`,
    }));
    return documentOf(rich, summarizeDrought(answer), { facts: zones, notes: rich.notes });
  },
  withDefaults: (answer) => droughtWithDefaults(answer),
};
