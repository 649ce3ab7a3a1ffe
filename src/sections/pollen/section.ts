// The pollen section as the registry lists it (src/sections/registry.ts), and
// its outline as the page carries it (src/sections/outline.ts).
import { STORED_BEFORE, type SectionModule, type SectionOutline } from "../../core/report/section-module.ts";
import type { PollenSection } from "./types.ts";
import { ANCHOR, presentPollen, TITLE } from "./present.ts";
import { unavailablePollen } from "./source.ts";

/** What the page carries of the section (src/sections/outline.ts): no presentation code. */
export const pollenOutline: SectionOutline = {
  key: "pollen",
  field: "pollen",
  title: TITLE,
  anchor: ANCHOR,
  label: TITLE,
  statusSource: "pollen",
};

export const pollenSection: SectionModule<PollenSection> = {
  ...pollenOutline,
  present: (answer) => presentPollen(answer),
  missing: (context) => unavailablePollen(context.today, STORED_BEFORE),
};
