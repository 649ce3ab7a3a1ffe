// The radon section as the registry lists it (src/sections/registry.ts).
import { STORED_BEFORE, type SectionModule } from "../../core/report/section-module.ts";
import type { RadonSection } from "./types.ts";
import { ANCHOR, presentRadon, TITLE } from "./present.ts";
import { unavailableRadon } from "./source.ts";

export const radonSection: SectionModule<RadonSection> = {
  key: "radon",
  field: "radon",
  title: TITLE,
  anchor: ANCHOR,
  label: TITLE,
  present: (answer) => presentRadon(answer),
  missing: () => unavailableRadon(STORED_BEFORE),
};
