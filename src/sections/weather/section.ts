// The weather section as the registry lists it (src/sections/registry.ts), and
// its outline as the page carries it (src/sections/outline.ts).
import { STORED_BEFORE, type SectionModule, type SectionOutline } from "../../core/report/section-module.ts";
import type { WeatherWarningsSection } from "./types.ts";
import { ANCHOR, presentWeatherWarnings, TITLE } from "./present.ts";
import { unavailableWeatherWarnings } from "./source.ts";

/** What the page carries of the section (src/sections/outline.ts): no presentation code. */
export const weatherOutline: SectionOutline = {
  key: "weather",
  field: "weather_warnings",
  title: TITLE,
  anchor: ANCHOR,
  label: TITLE,
  statusSource: "meteofrance",
};

export const weatherSection: SectionModule<WeatherWarningsSection> = {
  ...weatherOutline,
  present: (answer) => presentWeatherWarnings(answer),
  missing: (context) => unavailableWeatherWarnings(context.today, STORED_BEFORE),
};
