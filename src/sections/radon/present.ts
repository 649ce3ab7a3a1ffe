// The radon card for every channel: the arrêté's category of the commune as it lists it (decision
// 080), with the parts of a commune classed apart named. Pure.
import { badge } from "../../core/report/badge.ts";
import { sentence } from "../../core/report/days.ts";
import { standardBlocks, type Fact, type SectionDocument } from "../../core/report/document.ts";
import { isArrondissementCode } from "../../core/shared/arrondissement.ts";
import type { RadonSection } from "./types.ts";
import { RADON_CATEGORIES } from "./scale.ts";

export const TITLE = "Radon";
export const ANCHOR = "radon";

export function presentRadon(radon: RadonSection): SectionDocument {
  const category = radon.category ? RADON_CATEGORIES[radon.category] : null;
  const parts = radon.parts ?? [];
  const byArrondissement = parts.some((part) => isArrondissementCode(part.code));
  const facts: Fact[] = [];
  if (category) facts.push({ term: "Potentiel radon", value: category.meaning });
  if (radon.commune) {
    // The place the arrêté classes, by its own name: a former commune with its commune of today.
    const today = radon.basis === "former_commune" && radon.current_commune ? ` (ancienne commune, aujourd'hui ${radon.current_commune.name})` : "";
    facts.push({ term: "Commune", value: `${radon.commune.name}${today}` });
  }
  if (radon.basis === "parts" && parts.length > 0) {
    if (category) {
      facts.push({
        term: "Classement",
        value: byArrondissement
          ? `ses ${parts.length} arrondissements sont en ${category.label.toLowerCase()}`
          : `ses ${parts.length} anciennes communes (${parts.map((part) => part.name).join(", ")}) sont en ${category.label.toLowerCase()}`,
      });
    } else {
      for (const level of [3, 2, 1] as const) {
        const names = parts.filter((part) => part.category === level).map((part) => part.name);
        if (names.length > 0) facts.push({ term: RADON_CATEGORIES[level].label, value: names.join(", ") });
      }
    }
  }
  const where =
    radon.basis === "former_commune"
      ? ` (ancienne commune de ${radon.commune?.name ?? ""})`
      : radon.basis === "arrondissement"
        ? ` (${radon.commune?.name ?? ""})`
        : "";
  // « catégories 1 et 3 »: the parts themselves are in the card's facts and message.
  const categories = [...new Set(parts.map((part) => part.category))].sort();
  const range = `catégories ${categories.slice(0, -1).join(", ")} et ${categories.at(-1) ?? ""}`;
  const summary = category
    ? sentence(TITLE, `${category.label}, ${category.meaning}${where}.`)
    : radon.basis === "parts"
      ? sentence(TITLE, `${radon.label.charAt(0).toLowerCase()}${radon.label.slice(1)} (${range}).`)
      : sentence(TITLE, radon.success ? "commune absente de la classification officielle." : "classement momentanément indisponible.");
  return {
    key: "radon",
    anchor: ANCHOR,
    title: TITLE,
    headline:
      category && radon.category ? badge(category.label, category.level, category.colors) : badge(radon.success ? radon.label : "Indisponible", "unavailable"),
    summary,
    blocks: standardBlocks({
      dateLine: category || radon.basis === "parts" ? "Classement officiel des communes (arrêté du 27 juin 2018)" : null,
      message: radon.message,
      facts,
      table: null,
      notes: [],
    }),
    source: radon.source,
    attribution: null,
  };
}
