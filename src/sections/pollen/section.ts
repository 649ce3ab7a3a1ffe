// The pollen section as the registry lists it (src/sections/registry.ts).
import { STORED_BEFORE, type SectionModule } from "../../core/report/section-module.ts";
import type { PollenSection } from "./types.ts";
import { ANCHOR, presentPollen, TITLE } from "./present.ts";
import { unavailablePollen } from "./source.ts";

export const pollenSection: SectionModule<PollenSection> = {
  key: "pollen",
  field: "pollen",
  title: TITLE,
  anchor: ANCHOR,
  label: TITLE,
  statusSource: "pollen",
  present: (answer) => presentPollen(answer),
  missing: (context) => unavailablePollen(context.today, STORED_BEFORE),
};
