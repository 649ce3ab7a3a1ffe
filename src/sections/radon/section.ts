// The radon section as the registry lists it (src/sections/registry.ts), and
// its outline as the page carries it (src/sections/outline.ts).
import { STORED_BEFORE, type SectionModule, type SectionOutline } from "../../core/report/section-module.ts";
import type { RadonSection } from "./types.ts";
import { ANCHOR, presentRadon, TITLE } from "./present.ts";
import { unavailableRadon } from "./source.ts";

/** What the page carries of the section (src/sections/outline.ts): no presentation code. */
export const radonOutline: SectionOutline = {
  key: "radon",
  field: "radon",
  title: TITLE,
  anchor: ANCHOR,
  label: TITLE,
};

export const radonSection: SectionModule<RadonSection> = {
  ...radonOutline,
  present: (answer) => presentRadon(answer),
  missing: () => unavailableRadon(STORED_BEFORE),
};
