import type { Level } from "../../core/types.ts";

/**
 * The three categories of the arrêté du 27 juin 2018 (article R. 1333-29 du code de la santé
 * publique), the headline word of the IRSN's map and the meaning in the article's own words:
 * « zones à potentiel radon faible » ; « zones à potentiel radon faible mais sur lesquelles des
 * facteurs géologiques particuliers peuvent faciliter le transfert du radon vers les bâtiments » ;
 * « zones à potentiel radon significatif ».
 */
export const RADON_CATEGORIES: Record<1 | 2 | 3, { label: string; meaning: string; level: Level; colors: { background: string; text: string } }> = {
  1: {
    label: "Catégorie 1",
    meaning: "potentiel radon faible",
    level: "good",
    colors: { background: "#FFF3C4", text: "#2b2400" },
  },
  2: {
    label: "Catégorie 2",
    meaning: "potentiel radon faible, mais des facteurs géologiques particuliers peuvent faciliter le transfert du radon vers les bâtiments",
    level: "acceptable",
    colors: { background: "#F5B041", text: "#2b1a00" },
  },
  3: {
    label: "Catégorie 3",
    meaning: "potentiel radon significatif",
    level: "concerning",
    colors: { background: "#C0392B", text: "#ffffff" },
  },
};
