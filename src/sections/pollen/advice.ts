// The pollen section's advice: the ministry's advice to people allergic to pollen, when the official
// indice pollen calls for it. Pure: the section is passed in.
import { ARTICLES_INDEX, type AdviceChoice, type AdviceTexts, type SectionAdvice } from "../../core/recommendations/advice.ts";
import { addDaysToLocalDate } from "../../core/shared/time.ts";
import type { PollenSection } from "./types.ts";

/** the ministry's advice to people allergic to pollen (page « Pollens et allergies ») */
const POLLEN_ADVICE_SOURCE = {
  name: "Ministère chargé de la santé – pollens et allergies",
  url: "https://sante.gouv.fr/sante-et-environnement/air-exterieur/pollens-et-allergies/",
} as const;

export interface PollenAdviceFacts {
  /**
   * the indice pollen is « Modéré » or worse today or tomorrow (decision 070): the worst of the
   * two days, in the agency's words, with the taxa it names (French names)
   */
  "pollen-allergy": { label: string; code: number; when: "today" | "tomorrow"; responsible: string[] };
}

type PollenAdvice = AdviceChoice<PollenAdviceFacts>;

/** The indice pollen from which the advice to allergic people applies: « Modéré » (decision 070). */
export const POLLEN_ADVICE_FROM_CODE = 3;

/**
 * In season only: when the official indice pollen is « Modéré » or worse today or tomorrow, the
 * ministry's advice to allergic people, naming the worse of the two days (today first on a tie).
 * Never from a model, never overseas (no official index), never for code 0 « Indisponible ». Read
 * from the section's own day, never the clock.
 */
export function advisePollen(pollen: PollenSection | undefined): PollenAdvice[] {
  if (!pollen || !pollen.success || pollen.not_covered) return [];
  const tomorrow = addDaysToLocalDate(pollen.day, 1);
  const candidates = (["today", "tomorrow"] as const)
    .map((when) => ({ when, day: pollen.days.find((day) => day.date === (when === "today" ? pollen.day : tomorrow)) }))
    .filter(
      (entry): entry is { when: "today" | "tomorrow"; day: NonNullable<typeof entry.day> } =>
        entry.day !== undefined && entry.day.code >= POLLEN_ADVICE_FROM_CODE && entry.day.code <= 6,
    );
  const worst = candidates.sort((a, b) => b.day.code - a.day.code)[0];
  if (!worst) return [];
  return [
    {
      id: "pollen-allergy",
      category: "pollen",
      severity: worst.day.code >= 4 ? "warning" : "info",
      vulnerable: false,
      facts: { label: worst.day.label, code: worst.day.code, when: worst.when, responsible: worst.day.responsible },
    },
  ];
}

const POLLEN_TEXTS: AdviceTexts<PollenAdviceFacts> = {
  "pollen-allergy": ({ label, when, responsible }) => ({
    link: ARTICLES_INDEX,
    source: POLLEN_ADVICE_SOURCE,
    title: `Pollens « ${label} » ${when === "today" ? "aujourd'hui" : "demain"} : conseils aux personnes allergiques`,
    text: `Indice pollen ${when === "today" ? "du jour" : "de demain"} : ${label}${responsible.length > 0 ? ` (${responsible.join(", ")})` : ""}. Si vous êtes allergique aux pollens : rincez-vous les cheveux le soir ; aérez votre logement avant le lever et après le coucher du soleil ; évitez les activités qui vous exposent aux pollens (tonte, jardinage, sport à l'extérieur) ; gardez les vitres fermées en voiture ; ne faites pas sécher le linge dehors ; évitez les autres irritants (tabac, produits d'entretien, parfums d'intérieur). Suivez le traitement prescrit et, si vos symptômes s'aggravent, demandez conseil à un professionnel de santé.`,
  }),
};

/** Absent from reports built before the pollen section: no pollen advice. */
export const pollenAdvice: SectionAdvice<"pollen", PollenSection, PollenAdviceFacts, false> = {
  input: "pollen",
  required: false,
  advise: advisePollen,
  texts: POLLEN_TEXTS,
};
