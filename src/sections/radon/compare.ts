// How the radon answers of issue 36 (former communes, parts, arrondissements, the file's other
// codes) differ from the rule before it (the code's own entry, then its municipality's): printed
// by `npm run data:communes` whenever the history or the classification is refreshed.
import type { CommuneHistory } from "../../core/shared/commune-history.ts";
import { toCommuneCode } from "../../core/shared/commune.ts";
import { resolveRadonAnswer, type RadonCategory } from "./evaluate.ts";

type Answer = RadonCategory | "parts" | null;

export interface RadonChanges {
  communes: { read: number; up: number; down: number; toParts: number; fromAbsent: number; toAbsent: number };
  formerCommunes: { read: number; up: number; down: number; same: number };
  lines: string[];
}

/** The rule before issue 36: the code's own entry, then its municipality's (Paris, Lyon, Marseille). */
function answerBefore(lookup: ReadonlyMap<string, RadonCategory>, code: string): RadonCategory | null {
  return lookup.get(code) ?? lookup.get(toCommuneCode(code)) ?? null;
}

function answerNow(lookup: ReadonlyMap<string, RadonCategory>, history: CommuneHistory, place: { citycode: string; oldcitycode?: string }): Answer {
  const answer = resolveRadonAnswer({ lookup, history }, { ...place, cityName: "" });
  if (answer.basis === "absent") return null;
  if (answer.basis === "parts") {
    const categories = new Set(answer.parts.map((part) => part.category));
    return categories.size === 1 ? answer.parts[0]!.category : "parts";
  }
  return answer.place.category;
}

/**
 * Every commune of today (and arrondissement), read without a former commune as a municipality's
 * address would be; then every former commune the file classes apart, read as an address that the
 * BAN places in it (`oldcitycode`), against the chef-lieu's category it read before.
 */
export function compareRadonAnswers(lookup: ReadonlyMap<string, RadonCategory>, history: CommuneHistory, communesToday: readonly string[]): RadonChanges {
  const communes = { read: 0, up: 0, down: 0, toParts: 0, fromAbsent: 0, toAbsent: 0 };
  const formerCommunes = { read: 0, up: 0, down: 0, same: 0 };
  for (const code of communesToday) {
    communes.read += 1;
    const before = answerBefore(lookup, code);
    const now = answerNow(lookup, history, { citycode: code });
    if (now === "parts") communes.toParts += 1;
    else if (now === null) communes.toAbsent += Number(before !== null);
    else if (before === null) communes.fromAbsent += 1;
    else if (now > before) communes.up += 1;
    else if (now < before) communes.down += 1;
    // An address the BAN places in a former commune read its chef-lieu's category before.
    for (const part of history.partsOf(code)?.slice(1) ?? []) {
      const nowPart = lookup.has(part) ? answerNow(lookup, history, { citycode: code, oldcitycode: part }) : null;
      if (typeof nowPart !== "number") continue;
      formerCommunes.read += 1;
      const beforePart = before ?? 0;
      if (nowPart === beforePart) formerCommunes.same += 1;
      else if (nowPart > beforePart) formerCommunes.up += 1;
      else formerCommunes.down += 1;
    }
  }
  const changed = communes.up + communes.down + communes.toParts + communes.fromAbsent + communes.toAbsent;
  return {
    communes,
    formerCommunes,
    lines: [
      `Réponses radon par commune d'aujourd'hui (sans ancienne commune connue) : ${communes.read} lues, ${changed} changent — ${communes.up} montent de catégorie, ${communes.down} descendent, ${communes.toParts} lisent désormais « classement différent selon l'ancienne commune ou l'arrondissement », ${communes.fromAbsent} ne sont plus « Non classée », ${communes.toAbsent} le deviennent.`,
      `Réponses radon pour une adresse située dans une ancienne commune classée à part (oldcitycode de la BAN) : ${formerCommunes.read} anciennes communes, ${formerCommunes.up} lisent une catégorie plus haute qu'avant (celle du chef-lieu), ${formerCommunes.down} une plus basse, ${formerCommunes.same} la même.`,
    ],
  };
}
