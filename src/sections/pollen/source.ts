import type { SourceRef } from "../../core/types.ts";
import type { PollenSection } from "./types.ts";

/** The official indice pollen: the regional agencies (AASQA) publish it, Atmo France gathers it. */
export const POLLEN_SOURCE: SourceRef = {
  name: "Indice pollen des AASQA (Atmo France)",
  url: "https://www.atmo-france.org/article/lindice-pollen",
  publisher: "Atmo France et les associations agréées de surveillance de la qualité de l'air (AASQA)",
};

/** The section when nothing could be read: said plainly, never a blank. */
export function unavailablePollen(day: string, message: string): PollenSection {
  return { success: false, level: "unavailable", origin: null, zone: null, days: [], not_covered: false, day, message, source: POLLEN_SOURCE };
}
