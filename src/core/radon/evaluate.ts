// The radon section: the commune's category in the official classification (arrêté du 27 juin
// 2018), never a guessed one. Pure: the lookup is read by the service (src/server/services/radon.ts).
import { toCommuneCode } from "../shared/commune.ts";
import type { RadonSection } from "../types.ts";
import { RADON_CATEGORIES } from "./scale.ts";
import { RADON_SOURCE } from "./source.ts";

export type RadonCategory = 1 | 2 | 3;

/** Why a commune can be missing from the list: the arrêté lists the communes of 2018, under their 2018 codes. */
export const RADON_ABSENT_MESSAGE =
  "Commune absente de la classification officielle : la liste de l'arrêté du 27 juin 2018 reprend les communes de 2018 sous leur code d'alors. Une commune créée depuis (commune nouvelle) ou dont le code a changé n'y figure pas : son potentiel radon est celui des communes dont elle est issue, à vérifier sur la carte de l'IRSN.";

/**
 * The category of an address's commune: the classification lists the arrondissements of Paris,
 * Lyon and Marseille one by one (Marseille's are in category 1 or 2, Lyon 9e in category 3), so an
 * arrondissement's own entry comes first, then its commune's code (`toCommuneCode`). Null when
 * the code is not listed.
 */
export function radonCategoryOf(lookup: ReadonlyMap<string, RadonCategory>, citycode: string): { code: string; category: RadonCategory } | null {
  const code = citycode.trim().toUpperCase();
  for (const candidate of new Set([code, toCommuneCode(code)])) {
    const category = lookup.get(candidate);
    if (category) return { code: candidate, category };
  }
  return null;
}

/** The section for a commune and its category (null: absent from the classification). */
export function evaluateRadon(input: { category: RadonCategory | null; communeCode: string; communeName: string }): RadonSection {
  const commune = { code: input.communeCode, name: input.communeName };
  if (input.category === null) {
    return { success: true, level: "unavailable", category: null, label: "Non classée", commune, message: RADON_ABSENT_MESSAGE, source: RADON_SOURCE };
  }
  const scale = RADON_CATEGORIES[input.category];
  return { success: true, level: scale.level, category: input.category, label: scale.label, commune, message: null, source: RADON_SOURCE };
}
