// The weather section as the registry lists it (src/sections/registry.ts).
import { STORED_BEFORE, type SectionModule } from "../../core/report/section-module.ts";
import type { WeatherWarningsSection } from "./types.ts";
import { ANCHOR, presentWeatherWarnings, TITLE } from "./present.ts";
import { unavailableWeatherWarnings } from "./source.ts";

export const weatherSection: SectionModule<WeatherWarningsSection> = {
  key: "weather",
  field: "weather_warnings",
  title: TITLE,
  anchor: ANCHOR,
  label: TITLE,
  statusSource: "meteofrance",
  present: (answer) => presentWeatherWarnings(answer),
  missing: (context) => unavailableWeatherWarnings(context.today, STORED_BEFORE),
};
