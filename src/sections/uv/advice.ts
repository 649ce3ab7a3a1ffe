// The UV section's advice: protection from the sun when the forecast index reaches « Modéré », in
// the words of the HCSP. Pure: the section is passed in.
import { ARTICLES_INDEX, type AdviceChoice, type AdviceTexts, type SectionAdvice } from "../../core/recommendations/advice.ts";
import { formatDateFr, NBSP } from "../../core/shared/format.ts";
import type { UvCategory, UvSection } from "./types.ts";

/** the French public-health recommendations per UV index (HCSP, avis du 2 mai 2019, asked by the DGS) */
const UV_ADVICE_SOURCE = {
  name: "Haut Conseil de la santé publique – recommandations sanitaires associées aux index UV (2 mai 2019)",
  url: "https://www.hcsp.fr/Explore.cgi/AvisRapportsDomaine?clefr=723",
} as const;

/** One day of the UV advice: the model's rounded maximum and its WHO category. */
export interface UvAdviceDay {
  when: "today" | "tomorrow";
  date: string;
  uvIndex: number;
  label: string;
  category: UvCategory;
}

export interface UvAdviceFacts {
  /**
   * today's and tomorrow's forecast UV (a model's) that reach « Modéré » or worse, today first;
   * category and label: the worse day's (the WHO's), which chooses the HCSP's words
   */
  "uv-protection": { days: UvAdviceDay[]; category: UvCategory; label: string };
}

type UvAdvice = AdviceChoice<UvAdviceFacts>;

/**
 * Protection from the sun when today's or tomorrow's forecast reaches « Modéré » (index 3): the
 * HCSP's threshold (avis du 2 mai 2019, index 3 to 7, then 8 to 10 and 11 and above, each calling
 * for more). Every day at 3 or more is said, today first, so that an « Extrême » today is never
 * left out for a tomorrow as high; the words are the worse day's category. None without a forecast.
 */
function adviseUv(uv: UvSection | undefined): UvAdvice[] {
  if (!uv?.success) return [];
  const days = [
    { when: "today" as const, view: uv.today },
    { when: "tomorrow" as const, view: uv.tomorrow },
  ].flatMap(({ when, view }) =>
    view && view.uv_index_max >= 3 ? [{ when, date: view.date, uvIndex: view.uv_index_max, label: view.label, category: view.category }] : [],
  );
  const worst = days.reduce<(typeof days)[number] | null>((kept, day) => (kept && kept.uvIndex >= day.uvIndex ? kept : day), null);
  if (!worst) return [];
  return [
    {
      id: "uv-protection",
      category: "uv",
      severity: worst.uvIndex >= 6 ? "warning" : "info",
      vulnerable: false,
      // Open-Meteo's forecast is a model's, not an official reading (decision 084).
      basis: "estimate",
      facts: { days, category: worst.category, label: worst.label },
    },
  ];
}

const UV_TEXTS: AdviceTexts<UvAdviceFacts> = {
  // The HCSP (avis du 2 mai 2019) asks that protection start at index 3 and be said in this order:
  // the hours to avoid first (12 h to 16 h, when the sun is highest), then covering clothes, then
  // the other protections (a wide-brimmed hat, which shades ears and neck as a cap does not,
  // sunglasses), sunscreen last (it only completes them). 8 to 10 call for more, 11 and above for
  // no exposure at all in those hours (the WHO guide, 2002: « unprotected skin can burn in
  // minutes »): « Extrême » is never worded as « Très élevé ». Babies under one year are not
  // exposed to the sun (HCSP, avis complémentaire du 29 mai 2020).
  "uv-protection": ({ days, category, label }) => {
    const dayWord = (day: UvAdviceDay) => (day.when === "today" ? "aujourd'hui" : `demain (${formatDateFr(day.date)})`);
    const dayForecast = (day: UvAdviceDay) => `${day.uvIndex} (« ${day.label} ») ${dayWord(day)}`;
    const forecast = `Prévision d'un modèle météorologique : indice UV maximal ${days.map(dayForecast).join(" et ")}.`;
    const worstDays = days.filter((day) => day.category === category).map((day) => (day.when === "today" ? "aujourd'hui" : "demain"));
    const headline = `Indice UV « ${label} » ${worstDays.join(" et ")}`;
    const hours = `entre 12${NBSP}h et 16${NBSP}h`;
    const babies = "Les bébés de moins d'un an ne doivent pas être exposés au soleil.";
    const words: Record<UvCategory, { title: string; text: string }> = {
      // Never said (no advice below 3), but the record is total.
      faible: { title: `${headline} : protégez-vous du soleil`, text: "" },
      modere: {
        title: `${headline} : protégez-vous du soleil`,
        text: `À partir de 3, protégez-vous : recherchez l'ombre ${hours}, aux heures les plus ensoleillées ; portez des vêtements couvrants, un chapeau à larges bords et des lunettes de soleil ; une crème solaire complète ces protections sur la peau qui reste découverte.`,
      },
      eleve: {
        title: `${headline} : protégez-vous du soleil`,
        text: `Réduisez le temps passé au soleil ${hours}, aux heures les plus ensoleillées, et recherchez l'ombre ; portez des vêtements couvrants, un chapeau à larges bords et des lunettes de soleil ; une crème solaire complète ces protections sur la peau qui reste découverte.`,
      },
      tres_eleve: {
        title: `${headline} : protection renforcée`,
        text: `Évitez de sortir ${hours}, aux heures les plus ensoleillées, et restez à l'ombre ; des vêtements couvrants, un chapeau à larges bords et des lunettes de soleil sont indispensables, avec une crème solaire en complément sur la peau qui reste découverte.`,
      },
      extreme: {
        title: `${headline} : évitez toute exposition au soleil`,
        text: `Ne vous exposez pas au soleil ${hours}, même peu de temps : une peau non protégée peut brûler en quelques minutes. Le reste de la journée, restez à l'ombre autant que possible, avec des vêtements couvrants, un chapeau à larges bords et des lunettes de soleil, et une crème solaire en complément sur la peau qui reste découverte.`,
      },
    };
    const chosen = words[category];
    return { link: ARTICLES_INDEX, source: UV_ADVICE_SOURCE, title: chosen.title, text: `${forecast} ${chosen.text} ${babies}` };
  },
};

/** Absent from reports built before the UV section: no UV advice. */
export const uvAdvice: SectionAdvice<"uv", UvSection, UvAdviceFacts, false> = { input: "uv", required: false, advise: adviseUv, texts: UV_TEXTS };
