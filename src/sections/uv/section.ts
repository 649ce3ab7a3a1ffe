// The uv section as the registry lists it (src/sections/registry.ts).
import { STORED_BEFORE, type SectionModule } from "../../core/report/section-module.ts";
import type { UvSection } from "./types.ts";
import { ANCHOR, presentUv, TITLE } from "./present.ts";
import { unavailableUv } from "./source.ts";

export const uvSection: SectionModule<UvSection> = {
  key: "uv",
  field: "uv",
  title: TITLE,
  anchor: ANCHOR,
  label: TITLE,
  statusSource: "openmeteo",
  present: (answer) => presentUv(answer),
  missing: (context) => unavailableUv(context.today, STORED_BEFORE),
};
