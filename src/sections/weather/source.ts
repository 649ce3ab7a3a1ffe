import type { SourceRef } from "../../core/types.ts";
import type { WeatherWarningsSection } from "./types.ts";

/** Météo-France's vigilance météorologique, per département. */
export const VIGILANCE_SOURCE: SourceRef = {
  name: "Vigilance météorologique (Météo-France)",
  url: "https://vigilance.meteofrance.fr/fr",
  publisher: "Météo-France",
};

/** The section when nothing could be read (`configured`: false when the service has no Météo-France key). */
export function unavailableWeatherWarnings(day: string, message: string, configured = true): WeatherWarningsSection {
  return { success: false, level: "unavailable", configured, department: null, days: [], updated_at: null, day, message, source: VIGILANCE_SOURCE };
}
