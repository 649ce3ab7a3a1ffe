// The radon section's advice: what the commune's radon potential category means, and how to
// measure it at home (Géorisques). Pure: the section is passed in.
import { ARTICLES_INDEX, type AdviceChoice, type AdviceTexts, type SectionAdvice } from "../../core/recommendations/advice.ts";
import { NBSP } from "../../core/shared/format.ts";
import type { RadonSection } from "./types.ts";

/** Géorisques: measure with a detector from an accredited laboratory, at least 2 months from mid-September to the end of February */
const RADON_ADVICE_SOURCE = {
  name: "Géorisques – Réduire sa vulnérabilité face au risque radon",
  url: "https://www.georisques.gouv.fr/reduire-sa-vulnerabilite-face-au-risque-radon",
} as const;

export interface RadonAdviceFacts {
  /**
   * the radon potential category (arrêté du 27 juin 2018: 3 significant, 2 low with particular
   * geological factors) of the place the arrêté classes: the commune, the address's former commune
   * (`today`: the commune nouvelle), its arrondissement, or — `part` — some of the commune's former
   * communes or arrondissements (`names`) when the others are classed lower
   */
  radon: {
    category: 2 | 3;
    place:
      | { kind: "commune" }
      | { kind: "former_commune"; name: string; today: string }
      | { kind: "arrondissement"; name: string }
      | { kind: "part"; names: string[] };
  };
}

type RadonAdvice = AdviceChoice<RadonAdviceFacts>;

/**
 * Category 3 calls for measuring (a warning), category 2 says what it means; for the place the
 * arrêté classes (the commune, the address's former commune, its arrondissement). When the
 * commune's parts are classed differently and the address's part is unknown, the highest parts
 * are named and the advice is for those living there (information, not a warning).
 */
function adviseRadon(radon: RadonSection | undefined): RadonAdvice[] {
  if (!radon?.success) return [];
  if (radon.category === 2 || radon.category === 3) {
    const place: RadonAdviceFacts["radon"]["place"] =
      radon.basis === "former_commune" && radon.commune && radon.current_commune
        ? { kind: "former_commune", name: radon.commune.name, today: radon.current_commune.name }
        : radon.basis === "arrondissement" && radon.commune
          ? { kind: "arrondissement", name: radon.commune.name }
          : { kind: "commune" };
    return [
      { id: "radon", category: "radon", severity: radon.category === 3 ? "warning" : "info", vulnerable: false, facts: { category: radon.category, place } },
    ];
  }
  const parts = radon.category === null && radon.basis === "parts" ? (radon.parts ?? []) : [];
  const highest = Math.max(0, ...parts.map((part) => part.category));
  if (highest < 2) return [];
  const names = parts.filter((part) => part.category === highest).map((part) => part.name);
  return [{ id: "radon", category: "radon", severity: "info", vulnerable: false, facts: { category: highest as 2 | 3, place: { kind: "part", names } } }];
}

const RADON_TEXTS: AdviceTexts<RadonAdviceFacts> = {
  // Géorisques (« Réduire sa vulnérabilité face au risque radon »): only a measurement tells the
  // concentration in a home; detectors from an accredited laboratory, about 20 euros analysis
  // included, at least 2 months from mid-September to the end of February, in living rooms. The
  // reference level: 300 Bq/m³ as an annual mean (code de la santé publique, article R. 1333-28).
  radon: ({ category, place }) => {
    const meaning =
      category === 3
        ? "en catégorie 3 (potentiel radon significatif) dans le classement officiel de l'arrêté du 27 juin 2018"
        : "en catégorie 2 dans le classement officiel de l'arrêté du 27 juin 2018 : potentiel radon faible, mais des facteurs géologiques particuliers peuvent faciliter le transfert du radon vers les bâtiments";
    const where =
      place.kind === "former_commune"
        ? `L'ancienne commune de ${place.name} (aujourd'hui ${place.today}), où se trouve votre adresse, est ${meaning}.`
        : place.kind === "arrondissement"
          ? `Votre arrondissement (${place.name}) est ${meaning}.`
          : place.kind === "part"
            ? `Dans votre commune, l'arrêté du 27 juin 2018 classe ${category === 3 ? "en catégorie 3 (potentiel radon significatif)" : "en catégorie 2 (potentiel radon faible, mais des facteurs géologiques particuliers peuvent faciliter le transfert du radon vers les bâtiments)"} : ${place.names.join(", ")}. Si votre logement s'y trouve,`
            : `Votre commune est ${meaning}.`;
    const title =
      place.kind === "part"
        ? category === 3
          ? "Radon : une partie de la commune est à potentiel radon significatif"
          : "Radon : dans une partie de la commune, des facteurs géologiques peuvent faciliter son entrée"
        : category === 3
          ? `Radon : ${place.kind === "former_commune" ? "ancienne commune" : place.kind === "arrondissement" ? "arrondissement" : "commune"} à potentiel radon significatif`
          : "Radon : des facteurs géologiques peuvent faciliter son entrée";
    return {
      link: ARTICLES_INDEX,
      source: RADON_ADVICE_SOURCE,
      title,
      text: `${where} ${place.kind === "part" ? "le" : "Le"} radon, gaz radioactif naturel venu du sol, peut s'accumuler dans l'air intérieur ; le seul moyen de connaître sa concentration chez vous est de la mesurer : un détecteur se commande auprès d'un laboratoire accrédité (environ 20${NBSP}euros, analyse comprise) et se pose au moins 2${NBSP}mois entre mi-septembre et fin février, dans une pièce de vie, si possible au rez-de-chaussée. Le niveau de référence est de 300${NBSP}Bq/m³ en moyenne annuelle (code de la santé publique, article R. 1333-28). Aérez votre logement et ne bouchez pas les entrées d'air : l'aération et la ventilation font varier la concentration de radon.`,
    };
  },
};

/** Absent from reports built before the radon section: no radon advice. */
export const radonAdvice: SectionAdvice<"radon", RadonSection, RadonAdviceFacts, false> = {
  input: "radon",
  required: false,
  advise: adviseRadon,
  texts: RADON_TEXTS,
};
