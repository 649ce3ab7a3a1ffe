// The radon section: the category of the commune as the official classification lists it (arrêté
// du 27 juin 2018, the communes as they stood on 1 January 2016), never a guessed one. Pure: the
// classification and INSEE's commune history are read by the service (load.server.ts).
import type { CommuneHistory } from "../../core/shared/commune-history.ts";
import { isArrondissementCode, toCommuneCode } from "../../core/shared/commune.ts";
import { frenchTypography } from "../../core/shared/format.ts";
import type { RadonPart, RadonSection } from "./types.ts";
import { RADON_FILE_CODES } from "./file-codes.ts";
import { RADON_CATEGORIES } from "./scale.ts";
import { RADON_SOURCE } from "./source.ts";

export type RadonCategory = 1 | 2 | 3;

/** What the radon section reads: the classification by code, and the commune history to find the arrêté's communes. */
export interface RadonData {
  lookup: ReadonlyMap<string, RadonCategory>;
  history: CommuneHistory;
}

/** The address as the radon section needs it: its commune, and its former commune when the BAN gives one. */
export interface RadonPlace {
  citycode: string;
  /** the commune's name as the address gives it (the BAN's `city`) */
  cityName: string;
  /** the BAN's `oldcitycode` / `oldcity`: the former commune of a commune nouvelle */
  oldcitycode?: string | undefined;
  oldcity?: string | undefined;
}

/** A code that truly has no entry, in a true sentence. */
export const RADON_ABSENT_MESSAGE = frenchTypography(
  "Commune absente de la classification officielle : le fichier de l'arrêté du 27 juin 2018 ne contient aucune entrée pour cette commune, ni pour les communes dont elle est issue. Son potentiel radon peut être consulté sur la carte de l'IRSN (Géorisques).",
);

export type RadonAnswer =
  | { basis: "commune" | "arrondissement"; place: RadonPart }
  | { basis: "former_commune"; place: RadonPart; current: { code: string; name: string } }
  /** the commune is listed in parts (a commune nouvelle's former communes, the arrondissements of Paris, Lyon, Marseille) */
  | { basis: "parts"; commune: { code: string; name: string }; parts: RadonPart[] }
  | { basis: "absent"; commune: { code: string; name: string } };

/**
 * Where the arrêté classes an address, in this order:
 * 1. its former commune, when the BAN names one (a commune nouvelle keeps its chef-lieu's code:
 *    Tremblay 35341, category 3, inside Val-Couesnon 35004, whose code the file gives Antrain's 1);
 * 2. its arrondissement's own entry (Lyon 9e: 3, named as such);
 * 3. the communes the commune was formed from, when the file lists more than one of them, or the
 *    arrondissements of Paris, Lyon or Marseille for the municipality's code: read together;
 * 4. its own code, the code the file lists it under (RADON_FILE_CODES: Saint-Pierre → 97500), or
 *    the one former code of it that the file lists (Orée d'Anjou, 49126, listed as 49069);
 * 5. absent: « Non classée ».
 */
export function resolveRadonAnswer(data: RadonData, place: RadonPlace): RadonAnswer {
  const { lookup, history } = data;
  const categoryOf = (code: string): RadonCategory | undefined => lookup.get(code) ?? lookup.get(RADON_FILE_CODES[code]?.code ?? "");
  const code = place.citycode.trim().toUpperCase();
  const today = { code, name: history.nameOf(code) ?? place.cityName };

  const old = place.oldcitycode?.trim().toUpperCase();
  if (old && (old !== code || history.partsOf(code))) {
    const category = categoryOf(old);
    const name = place.oldcity?.trim() || history.formerNameOf(old) || old;
    if (category) return { basis: "former_commune", place: { code: old, name, category }, current: { code, name: place.cityName || today.name } };
  }

  const arrondissement = history.municipalityOf(code) !== undefined || isArrondissementCode(code);
  if (arrondissement) {
    const category = categoryOf(code);
    if (category) return { basis: "arrondissement", place: { code, name: history.nameOf(code) ?? place.cityName, category } };
  }

  const municipality = arrondissement ? toCommuneCode(code) : code;
  const listedParts = (history.arrondissementsOf(municipality) ?? history.partsOf(municipality) ?? []).flatMap((part): RadonPart[] => {
    const category = categoryOf(part);
    const isArrondissement = history.municipalityOf(part) !== undefined;
    const name = (isArrondissement ? history.nameOf(part) : history.formerNameOf(part)) ?? `ancienne commune ${part}`;
    return category ? [{ code: part, name, category }] : [];
  });
  if (listedParts.length > 1 || (listedParts.length === 1 && history.arrondissementsOf(municipality))) {
    return { basis: "parts", commune: { code: municipality, name: history.nameOf(municipality) ?? place.cityName }, parts: listedParts };
  }

  // The file may list the commune of today under the code it had then (Orée d'Anjou 49126 as 49069).
  const own = categoryOf(municipality) ?? listedParts[0]?.category;
  if (own)
    return {
      basis: "commune",
      place: { code: municipality, name: municipality === code ? today.name : (history.nameOf(municipality) ?? place.cityName), category: own },
    };
  return { basis: "absent", commune: today };
}

const PARTS_WORD = { arrondissement: "l'arrondissement", former: "l'ancienne commune" } as const;

/** The section for an answer of the classification. */
export function evaluateRadon(answer: RadonAnswer): RadonSection {
  const base = { success: true, source: RADON_SOURCE, current_commune: null, parts: [] as RadonPart[] };
  switch (answer.basis) {
    case "commune":
    case "arrondissement":
    case "former_commune": {
      const scale = RADON_CATEGORIES[answer.place.category];
      return {
        ...base,
        level: scale.level,
        category: answer.place.category,
        label: scale.label,
        commune: { code: answer.place.code, name: answer.place.name },
        basis: answer.basis,
        current_commune: answer.basis === "former_commune" ? answer.current : null,
        message: null,
      };
    }
    case "parts": {
      const categories = new Set(answer.parts.map((part) => part.category));
      const by = answer.parts.some((part) => isArrondissementCode(part.code)) ? "arrondissement" : "former";
      if (categories.size === 1) {
        const category = answer.parts[0]!.category;
        const scale = RADON_CATEGORIES[category];
        return { ...base, level: scale.level, category, label: scale.label, commune: answer.commune, basis: "parts", parts: answer.parts, message: null };
      }
      return {
        ...base,
        level: "unavailable",
        category: null,
        label: `Classement différent selon ${PARTS_WORD[by]}`,
        commune: answer.commune,
        basis: "parts",
        parts: answer.parts,
        message: partsMessage(answer.commune.name, answer.parts, by),
      };
    }
    case "absent":
      return { ...base, level: "unavailable", category: null, label: "Non classée", commune: answer.commune, basis: "absent", message: RADON_ABSENT_MESSAGE };
  }
}

/** « catégorie 1 : Antrain, La Fontenelle ; catégorie 3 : Tremblay » */
export function listPartsByCategory(parts: readonly RadonPart[]): string {
  return ([1, 2, 3] as const)
    .map((category) => ({ category, names: parts.filter((part) => part.category === category).map((part) => part.name) }))
    .filter((group) => group.names.length > 0)
    .map((group) => frenchTypography(`catégorie ${group.category} : ${group.names.join(", ")}`))
    .join(frenchTypography(" ; "));
}

function partsMessage(commune: string, parts: readonly RadonPart[], by: "arrondissement" | "former"): string {
  return frenchTypography(
    by === "arrondissement"
      ? `L'arrêté du 27 juin 2018 classe les arrondissements de ${commune} différemment (${listPartsByCategory(parts)}). Le potentiel radon d'une adresse est celui de son arrondissement.`
      : `${commune} regroupe d'anciennes communes que l'arrêté du 27 juin 2018 classe différemment (${listPartsByCategory(parts)}). Le potentiel radon d'une adresse est celui de l'ancienne commune où elle se trouve : précisez l'adresse (numéro et rue) pour le connaître.`,
  );
}
