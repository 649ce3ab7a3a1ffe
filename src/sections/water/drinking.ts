// Who must not drink the tap water, and what to drink instead: one statement, first and in its own
// sentence, for the page's advice (advice.ts), the PDF and the alert e-mail, so that they never
// differ; the bottled-water advice goes with it.
import type { WaterParameterView, WaterQualitySection } from "../../core/types.ts";
import { conclusionRestrictsUse } from "./conclusion.ts";

/**
 * vulnerable: nitrates above the 50 mg/L limite de qualité — the ARS advise pregnant women and
 * infants under 6 months not to drink the water (bottled water labelled suitable for infant
 * feeding); everyone: above 100 mg/L nobody drinks it (DGS, « La qualité de l'eau potable
 * vis-à-vis des nitrates »; decision 029).
 */
export type DrinkingRestriction = "vulnerable" | "everyone";

export interface DrinkingWarning {
  /** who must not drink the water, as its own sentence */
  who: string;
  /** what to use instead */
  bottled: string;
}

export const DRINKING_WARNINGS: Record<DrinkingRestriction, DrinkingWarning> = {
  vulnerable: {
    who: "Les femmes enceintes et les nourrissons de moins de 6 mois ne doivent pas boire l'eau du robinet (recommandation des agences régionales de santé).",
    bottled:
      "Pour eux, utilisez de l'eau en bouteille portant la mention « convient pour la préparation des aliments des nourrissons » : pour boire, pour les biberons et pour les repas des nourrissons.",
  },
  everyone: {
    who: "Personne ne doit boire l'eau du robinet, adultes compris (ministère chargé de la santé).",
    bottled: "Utilisez de l'eau en bouteille pour boire et pour préparer les aliments et les biberons.",
  },
};

/** When the ARS's own conclusion restricts the use of the water: said first, before it is quoted. */
export const ARS_RESTRICTION_FIRST = "L'Agence régionale de santé restreint l'usage de cette eau : suivez sa consigne, citée ci-dessous.";

/**
 * The nitrates value the rules read, in mg/L: none below quantification or in a unit we cannot
 * compare; `lowerBound` when the laboratory wrote « >100 » (at least that much).
 */
export function nitratesReading(parameter: WaterParameterView | undefined): { mgPerL: number; lowerBound: boolean } | null {
  if (!parameter || parameter.value === null || parameter.note === "uncomparable-unit") return null;
  const raw = parameter.resultat_alphanumerique.trim();
  if (raw.startsWith("<")) return null;
  return { mgPerL: parameter.value, lowerBound: raw.startsWith(">") };
}

/** Above 100 mg/L (or a laboratory's « >100 »): nobody; above 50 mg/L: pregnant women and infants; otherwise none. */
export function nitratesRestriction(reading: { mgPerL: number; lowerBound: boolean } | null): DrinkingRestriction | null {
  if (!reading) return null;
  const { mgPerL, lowerBound } = reading;
  if (mgPerL > 100 || (lowerBound && mgPerL >= 100)) return "everyone";
  if (mgPerL > 50 || (lowerBound && mgPerL >= 50)) return "vulnerable";
  return null;
}

/**
 * The sentences an alert puts first: who must not drink the water and what to drink instead, when
 * the rule says so (nitrates), then a pointer to the ARS's own instruction when its conclusion
 * restricts the use of the water (quoted further down, never paraphrased into who it concerns).
 */
export function describeDrinkingWarning(water: Pick<WaterQualitySection, "success" | "parameters" | "conclusion">): string[] {
  if (!water.success) return [];
  const restriction = nitratesRestriction(nitratesReading(water.parameters.find((parameter) => parameter.code === "1340")));
  const rule = restriction ? [DRINKING_WARNINGS[restriction].who, DRINKING_WARNINGS[restriction].bottled] : [];
  const ars = conclusionRestrictsUse(water.conclusion) ? [ARS_RESTRICTION_FIRST] : [];
  return [...rule, ...ars];
}
