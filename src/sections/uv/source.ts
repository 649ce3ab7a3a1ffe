import type { SourceRef } from "../../core/types.ts";
import type { UvSection } from "./types.ts";

/**
 * Météo-France and the Sécurité Solaire association publish a UV forecast, but not as open data:
 * a model's, labelled as such (decision 069).
 */
export const UV_SOURCE: SourceRef = {
  name: "Prévision de l'indice UV (modèle météorologique, Open-Meteo)",
  url: "https://open-meteo.com/en/docs",
  publisher: "Open-Meteo, d'après les modèles des services météorologiques (licence CC BY 4.0)",
};

/** The section when nothing could be read. */
export function unavailableUv(day: string, message: string): UvSection {
  return { success: false, level: "unavailable", origin: null, today: null, tomorrow: null, day, message, source: UV_SOURCE };
}
