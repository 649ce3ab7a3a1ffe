import type { SourceRef } from "../../core/types.ts";
import type { RadonSection } from "./types.ts";

/** The official classification of the communes by radon potential (arrêté du 27 juin 2018), from the IRSN's map. */
export const RADON_SOURCE: SourceRef = {
  name: "Potentiel radon des communes (IRSN, arrêté du 27 juin 2018)",
  url: "https://www.data.gouv.fr/fr/datasets/connaitre-le-potentiel-radon-de-ma-commune/",
  publisher: "Autorité de sûreté nucléaire et de radioprotection (ASNR, ex-IRSN)",
};

/** The section when the commune could not be classified. */
export function unavailableRadon(message: string): RadonSection {
  return { success: false, level: "unavailable", category: null, label: "Non classée", commune: null, message, source: RADON_SOURCE };
}
