// The uv section as the registry lists it (src/sections/registry.ts), and
// its outline as the page carries it (src/sections/outline.ts).
import { STORED_BEFORE, type SectionModule, type SectionOutline } from "../../core/report/section-module.ts";
import type { UvSection } from "./types.ts";
import { ANCHOR, presentUv, TITLE } from "./present.ts";
import { unavailableUv } from "./source.ts";

/** What the page carries of the section (src/sections/outline.ts): no presentation code. */
export const uvOutline: SectionOutline = {
  key: "uv",
  field: "uv",
  title: TITLE,
  anchor: ANCHOR,
  label: TITLE,
  statusSource: "openmeteo",
};

export const uvSection: SectionModule<UvSection> = {
  ...uvOutline,
  present: (answer) => presentUv(answer),
  missing: (context) => unavailableUv(context.today, STORED_BEFORE),
};
