// The drought section as the registry lists it (src/sections/registry.ts), and
// its outline as the page carries it (src/sections/outline.ts).
import { documentOf } from "../../core/report/document-of.ts";
import { standardBlocks, type Fact } from "../../core/report/document.ts";
import type { SectionModule, SectionOutline } from "../../core/report/section-module.ts";
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

/** What the page carries of the section (src/sections/outline.ts): no presentation code. */
export const droughtOutline: SectionOutline = {
  key: "drought",
  field: "drought",
  title: DROUGHT_TITLE,
  anchor: DROUGHT_ANCHOR,
  label: DROUGHT_LABEL,
  statusSource: "vigieau",
};

export const droughtSection: SectionModule<DroughtSection, DroughtPresentation> = {
  ...droughtOutline,
  present: (answer, context) => {
    const rich = presentDrought(answer, context.generatedAt, context.timeZone);
    const others = rich.zones.filter((zone) => !zone.tap).map(zoneFact);
    // As the card reads: the tap's zone (or its verdict when it is not restricted: the two never
    // come together), then the rivers' and the groundwater's zones under the card's question, then
    // the decrees not in force.
    const document = documentOf(rich, summarizeDrought(answer), {
      facts: [...rich.facts, ...rich.zones.filter((zone) => zone.tap).map(zoneFact)],
      notes: rich.verdict ? [rich.verdict] : [],
    });
    if (others.length > 0) document.blocks.push({ kind: "notes", notes: [OTHER_WATERS_QUESTION] }, { kind: "facts", facts: others });
    document.blocks.push(...standardBlocks({ notes: rich.notes }));
    return document;
  },
  withDefaults: (answer) => droughtWithDefaults(answer),
};
