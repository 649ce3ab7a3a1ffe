// The bathing section as the registry lists it (src/sections/registry.ts), and
// its outline as the page carries it (src/sections/outline.ts).
import { documentOf } from "../../core/report/document-of.ts";
import type { SectionModule, SectionOutline } from "../../core/report/section-module.ts";
import type { BathingSection } from "../../core/types.ts";
import { BATHING_ANCHOR, BATHING_LABEL, presentBathing, summarizeBathing, BATHING_TITLE, type BathingPresentation } from "./present.ts";

/** What the page carries of the section (src/sections/outline.ts): no presentation code. */
export const bathingOutline: SectionOutline = {
  key: "bathing",
  field: "bathing",
  title: BATHING_TITLE,
  anchor: BATHING_ANCHOR,
  label: BATHING_LABEL,
  statusSource: "baignades",
};

export const bathingSection: SectionModule<BathingSection, BathingPresentation> = {
  ...bathingOutline,
  present: (answer, context) => {
    const rich = presentBathing(answer, context.today);
    // When the ministry's live page was read, said once for the section.
    return documentOf(rich, summarizeBathing(answer, rich.headline), { notes: rich.liveRead ? [rich.liveRead] : [] });
  },
};
