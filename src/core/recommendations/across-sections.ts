// The advice that spans sections: what could not be checked of air and drought, and « Bonne
// nouvelle ! », which only water, air and drought, all read and clear, may say. Tap water that
// could not be checked is its own section's advice (src/sections/water/advice.ts, decision 084):
// its stakes rank it above any estimate. Pure.
import type { AirQualitySection, DroughtSection, WaterQualitySection } from "../types.ts";
import { ARTICLES_INDEX, type AdviceTexts } from "./advice.ts";

/** The sections « Bonne nouvelle » speaks for (decision 054). */
export interface SectionsGoodNewsSpeaksFor {
  water: WaterQualitySection;
  air: AirQualitySection;
  drought: DroughtSection;
}

/**
 * Air or drought that could not be checked and why: its source failed (`unavailable`), it published
 * nothing for the address (`not-published`), or a drought zone's level is not one we know.
 */
export type UncheckedSection = { section: "air" | "drought"; reason: "unavailable" | "not-published" } | { section: "drought"; reason: "unrecognised" };

const UNCHECKED_SENTENCES = {
  air: {
    unavailable: "La qualité de l'air n'a pas pu être vérifiée : les données sont momentanément indisponibles.",
    "not-published":
      "La qualité de l'air n'a pas pu être vérifiée : aucun indice n'est publié aujourd'hui pour votre commune et aucune estimation n'est disponible.",
  },
  drought: {
    unavailable: "Les restrictions d'eau liées à la sécheresse n'ont pas pu être vérifiées : VigiEau est momentanément indisponible.",
    "not-published": "Les restrictions d'eau liées à la sécheresse n'ont pas pu être vérifiées.",
    unrecognised: "Le niveau de restriction d'une zone de sécheresse n'est pas reconnu : consultez l'arrêté préfectoral.",
  },
} as const;

function describeUnchecked(unchecked: UncheckedSection): string {
  const sentences: Record<string, string> = UNCHECKED_SENTENCES[unchecked.section];
  return sentences[unchecked.reason] ?? "";
}

export interface AcrossSectionsAdviceFacts {
  /** air or drought that could not be checked: each named, never good news */
  unchecked: { sections: UncheckedSection[] };
  "all-clear": Record<string, never>;
}

const GENERAL_REFERENCE = { link: ARTICLES_INDEX, source: { name: "Les sources officielles de Zone Santé", url: "/sources" } } as const;

/**
 * What could not be checked of air and drought (decision 054; the tap water says it in its own
 * advice): a source that failed, a section with nothing published, a drought zone whose level
 * VigiEau sends and we do not know.
 */
export function uncheckedSections({ air, drought }: Pick<SectionsGoodNewsSpeaksFor, "air" | "drought">): UncheckedSection[] {
  const unchecked: UncheckedSection[] = [];
  if (!air.success) unchecked.push({ section: "air", reason: "unavailable" });
  else if (!air.index || air.level === "unavailable") unchecked.push({ section: "air", reason: "not-published" });
  if (!drought.success) unchecked.push({ section: "drought", reason: "unavailable" });
  else if ((drought.zones ?? []).some((zone) => zone.gravity === null)) unchecked.push({ section: "drought", reason: "unrecognised" });
  return unchecked;
}

/**
 * Water, air and drought were all read and none calls for anything: the only case « Bonne
 * nouvelle » may speak for. A drought « Vigilance » is not clear: it calls for saving water.
 */
export function isAllClear({ water, air, drought }: SectionsGoodNewsSpeaksFor): boolean {
  const waterClear = water.success && water.sampled_at !== null && (water.level === "excellent" || water.level === "good" || water.level === "acceptable");
  const airClear = air.success && air.index !== null && (air.level === "excellent" || air.level === "good");
  const droughtClear = drought.success && (drought.zones ?? []).length === 0 && drought.gravity === null;
  return waterClear && airClear && droughtClear;
}

export const ACROSS_SECTIONS_TEXTS: AdviceTexts<AcrossSectionsAdviceFacts> = {
  // Never good news: what could not be checked, each section by name (decision 054).
  unchecked: ({ sections }) => {
    const retry = sections.some((unchecked) => unchecked.reason === "unavailable");
    return {
      ...GENERAL_REFERENCE,
      title: sections.every((unchecked) => unchecked.reason === "unavailable")
        ? "Données momentanément incomplètes"
        : "Bilan incomplet : tout n'a pas pu être vérifié",
      text: `${sections.map(describeUnchecked).join(" ")} Ce bilan ne permet donc pas de conclure sur ${sections.length > 1 ? "ces points" : "ce point"}${retry ? " : réessayez dans quelques minutes" : ""}.`,
    };
  },

  "all-clear": () => ({
    ...GENERAL_REFERENCE,
    title: "Bonne nouvelle !",
    text: "Les données disponibles pour votre adresse ne demandent aucune précaution particulière aujourd'hui. Les situations évoluent : revenez consulter votre bilan de temps en temps.",
  }),
};
