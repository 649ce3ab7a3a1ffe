// What an alert e-mail quotes of the pollen and weather-warning advice (decision 073): the titles
// of those sections' advice as the report's « Conseils » word them, so that the e-mail and the
// report agree. Both rules read their section's own day, never the clock.
import { advisePollen } from "../../sections/pollen/advice.ts";
import { adviseWeather } from "../../sections/weather/advice.ts";
import type { PollenSection, WeatherWarningsSection } from "../types.ts";
import { renderAdviceWords } from "./texts.ts";

/** The titles of the report's pollen or weather advice for a section. */
export function outdoorAdviceTitles(input: { pollen: PollenSection } | { weatherWarnings: WeatherWarningsSection }): string[] {
  const chosen = "pollen" in input ? advisePollen(input.pollen) : adviseWeather(input.weatherWarnings);
  return chosen.map((advice) => renderAdviceWords(advice).title);
}
