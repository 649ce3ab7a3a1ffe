// The words for the facts the water rules return: one table for the page, the PDF and the emails.
import type { WaterParameterNote, WaterParameterView, WaterQualitySection } from "../../core/types.ts";
import { formatDateFr, formatNumberFr, NBSP } from "../../core/shared/format.ts";
import { PFAS_SUM_LIMIT } from "./pfas.ts";

export const LIMIT_KIND_TEXTS = {
  limite: "limite de qualité",
  reference: "référence de qualité",
  indicative: "valeur indicative",
  confort: "seuil de confort",
} as const;

export const WATER_NOTE_TEXTS: Record<WaterParameterNote, string> = {
  // The ARS verdict first, the value as a fact (issue 21): never « dépasse » beside « Conforme ».
  "ars-compliant": `L'Agence régionale de santé a déclaré ce prélèvement conforme et son avis prévaut${NBSP}: elle peut juger ce paramètre avec une autre valeur que celle inscrite sur la ligne de résultat (par exemple un métabolite de pesticide classé «${NBSP}non pertinent${NBSP}»).`,
  derogation: "Dépassement autorisé temporairement par une dérogation préfectorale, le temps que des travaux rétablissent la qualité de l'eau.",
  "non-relevant-metabolite": `Métabolite de pesticide classé «${NBSP}non pertinent${NBSP}» par l'Anses${NBSP}: il est comparé à une valeur indicative de 0,9${NBSP}µg/L, et non à la limite de 0,1${NBSP}µg/L des pesticides.`,
  "uncomparable-unit": `Unité non comparable avec la limite${NBSP}: ce résultat n'est pas évalué ici. Reportez-vous à la conclusion officielle de l'ARS.`,
  "pfas-before-2026": `Prélèvement antérieur au ${formatDateFr(PFAS_SUM_LIMIT.from)}${NBSP}: aucune limite ne s'appliquait alors aux PFAS. Depuis cette date, la somme des 20${NBSP}PFAS a une limite de qualité de ${formatNumberFr(PFAS_SUM_LIMIT.microgramsPerL)}${NBSP}µg/L.`,
};

/** « Résultat publié exprimé en azote : 14 mg(N)/L. »: a value restated in its substance's mass says what was published. */
export function describePublishedUnit(parameter: Pick<WaterParameterView, "resultat_alphanumerique" | "unite_publiee">): string | null {
  if (!parameter.unite_publiee) return null;
  return `Résultat publié exprimé en azote${NBSP}: ${parameter.resultat_alphanumerique.trim()}${NBSP}${parameter.unite_publiee}, converti ici dans l'unité de sa limite de qualité.`;
}

/**
 * Two different cases, one wording each on every channel (page, PDF, emails, account): no network
 * is known for the address (Hub'Eau lists none for it), or the network is known but no analysis of
 * it is published. « Non précisé » said neither.
 */
export const NETWORK_NOT_IDENTIFIED = "Réseau d'eau non identifié pour cette adresse";
export const NO_ANALYSIS_FOR_NETWORK = "aucune analyse publiée pour ce réseau";

export const AT_THE_TAP_TEXT = `Mesuré au robinet d'un bâtiment${NBSP}: le plomb, le cuivre et le nickel reflètent surtout ses canalisations intérieures, pas la qualité de tout le réseau.`;

export const TAP_ONLY_TEXT = `Les seules limites dépassées concernent le plomb, le cuivre ou le nickel, mesurés au robinet d'un bâtiment${NBSP}: ils reflètent surtout ses canalisations. Le réseau n'est pas en cause à ce stade.`;

export const UDI_CHOICE_TEXTS: Record<NonNullable<WaterQualitySection["udi_choice"]>, string | null> = {
  requested: null,
  only: null,
  "most-sampled": `Réseau affiché par défaut${NBSP}: celui qui fait l'objet du plus grand nombre de prélèvements dans votre commune, en général celui qui dessert le plus d'habitants.`,
  "first-listed": `Réseau affiché par défaut${NBSP}: aucun prélèvement récent ne permet de savoir lequel dessert le plus d'habitants.`,
};

/** « Un autre réseau de la commune, X, présente un résultat non conforme (prélèvement du …). » */
export function describeOtherNetworks(water: Pick<WaterQualitySection, "other_networks_with_issues">): string | null {
  const networks = water.other_networks_with_issues;
  if (networks.length === 0) return null;
  const listed = networks
    .map(
      (network) =>
        `${network.name}${NBSP}: ${network.level === "critical" ? "non conforme" : "à surveiller"}${network.sampled_at ? `, prélèvement du ${formatDateFr(network.sampled_at)}` : ""}`,
    )
    .join(" ; ");
  return networks.length === 1
    ? `Un autre réseau de votre commune présente un problème (${listed}). Choisissez-le s'il dessert votre adresse.`
    : `D'autres réseaux de votre commune présentent un problème (${listed}). Choisissez le vôtre s'il dessert votre adresse.`;
}

/** « Résultat rendu sans valeur chiffrée : Entérocoques : « Présence ». »: the facts the ARS's « N » may rest on. */
export function describeQualitativeFindings(water: Pick<WaterQualitySection, "qualitative_findings">): string | null {
  const findings = water.qualitative_findings ?? [];
  if (findings.length === 0) return null;
  const listed = findings.map((finding) => `${finding.name}${NBSP}: «${NBSP}${finding.result}${NBSP}»`).join(" ; ");
  return `${findings.length > 1 ? "Résultats rendus" : "Résultat rendu"} sans valeur chiffrée dans le prélèvement déclaré non conforme${NBSP}: ${listed}.`;
}

/**
 * The parameters whose latest result is « Non conforme » although the ARS declared the newest
 * sample compliant (or compliant under derogation): that sample did not measure them again, so an
 * older non-compliance is still their latest word. The card, the summary, the advice and the PDF
 * say it in one statement: the newest sample's verdict, then that non-compliance, dated.
 */
export function carriedForwardNonCompliance(
  water: Pick<WaterQualitySection, "success" | "sampled_at" | "official_verdict" | "parameters">,
): WaterParameterView[] {
  if (!water.success || !water.sampled_at) return [];
  if (water.official_verdict !== "conforme" && water.official_verdict !== "derogation") return [];
  return water.parameters.filter((parameter) => parameter.level === "critical" && parameter.date_prelevement !== water.sampled_at);
}

/** The ARS verdict of the newest sample, in a sentence: « conforme », « conforme sous dérogation ». */
export const SAMPLE_VERDICT_WORDS = { conforme: "conforme", derogation: "conforme sous dérogation", non_conforme: "non conforme" } as const;

/**
 * « Dernière non-conformité des 12 derniers mois : prélèvement du 3 mars 2026 (Nitrates). »; when
 * an older non-compliance is still the latest result of a parameter, the one statement of the
 * newest sample's verdict and that result, with its date and what it means now.
 */
export function describeLastNonCompliance(
  water: Pick<WaterQualitySection, "success" | "sampled_at" | "official_verdict" | "parameters" | "last_non_compliance">,
): string | null {
  const carried = carriedForwardNonCompliance(water);
  if (carried.length > 0 && water.sampled_at && water.official_verdict) {
    const listed = carried.map((parameter) => `${parameter.name || parameter.libelle_parametre} (prélèvement du ${formatDateFr(parameter.date_prelevement)})`);
    const one = carried.length === 1;
    return `Le dernier prélèvement, le ${formatDateFr(water.sampled_at)}, a été déclaré ${SAMPLE_VERDICT_WORDS[water.official_verdict]} par l'Agence régionale de santé, mais il ne comprenait pas de nouvelle mesure de ${listed.join(" ni de ")}${NBSP}: ${one ? "ce résultat non conforme reste le dernier connu" : "ces résultats non conformes restent les derniers connus"}. Suivez les consignes de votre mairie et de l'Agence régionale de santé.`;
  }
  const last = water.last_non_compliance;
  if (!last || last.sampled_at === water.sampled_at) return null;
  const parameters = last.parameters.length > 0 ? ` (${last.parameters.join(", ")})` : "";
  return `Dernière non-conformité des 12${NBSP}derniers mois${NBSP}: prélèvement du ${formatDateFr(last.sampled_at)}${parameters}. Les prélèvements plus récents n'ont pas été déclarés non conformes.`;
}
