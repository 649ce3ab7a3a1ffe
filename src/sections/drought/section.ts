// The drought section as the registry lists it (src/sections/registry.ts).
import { documentOf } from "../../core/report/document-of.ts";
import { standardBlocks, type Fact } from "../../core/report/document.ts";
import type { SectionModule } from "../../core/report/section-module.ts";
import type { DroughtSection } from "../../core/types.ts";
import { OTHER_WATERS_QUESTION } from "./notes.ts";
import {
  DROUGHT_ANCHOR,
  droughtWithDefaults,
  DROUGHT_LABEL,
  presentDrought,
  summarizeDrought,
  DROUGHT_TITLE,
  type DroughtPresentation,
  type DroughtZonePresentation,
} from "./present.ts";

/** A zone in one fact: its own word, what it means for households and its decree's period. */
const zoneFact = (zone: DroughtZonePresentation): Fact => ({
  term: zone.title,
  value: `${zone.badge.word} – ${zone.restrictionsSummary}${zone.period ? `, arrêté ${zone.period}` : ""}`,
});

export const droughtSection: SectionModule<DroughtSection, DroughtPresentation> = {
  key: "drought",
  field: "drought",
  title: DROUGHT_TITLE,
  anchor: DROUGHT_ANCHOR,
  label: DROUGHT_LABEL,
  statusSource: "vigieau",
  present: (answer, context) => {
    const rich = presentDrought(answer, context.generatedAt, context.timeZone);
    const tap = rich.zones.filter((zone) => zone.tap);
    const others = rich.zones.filter((zone) => !zone.tap);
    // As the card reads: the tap's zone (or its verdict when it is not restricted), then the
    // rivers' and the groundwater's zones under the card's question, then the decrees not in force.
    const blocks = standardBlocks({ dateLine: rich.dateLine, message: rich.message, facts: rich.facts });
    const add = (notes: string[], zones: DroughtZonePresentation[]) =>
      blocks.push(...standardBlocks({ notes }), ...standardBlocks({ facts: zones.map(zoneFact) }));
    add(rich.verdict ? [rich.verdict] : [], tap);
    add(others.length > 0 ? [OTHER_WATERS_QUESTION] : [], others);
    add(rich.notes, []);
    return { ...documentOf(rich, summarizeDrought(answer)), blocks };
  },
  withDefaults: (answer) => droughtWithDefaults(answer),
};
