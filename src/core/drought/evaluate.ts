import { VIGIEAU_SOURCE } from "../shared/sources.ts";
import type { DroughtGravity, DroughtSection, DroughtZone, Level, SourceResult } from "../types.ts";

export const GRAVITY_ORDER: readonly DroughtGravity[] = ["vigilance", "alerte", "alerte_renforcee", "crise"];

export const GRAVITY_LABELS: Record<DroughtGravity, string> = {
  vigilance: "Vigilance",
  alerte: "Alerte",
  alerte_renforcee: "Alerte renforcée",
  crise: "Crise",
};

/** Vigilance is only a call to save water; crise is the most severe level (critical, not « acceptable »). */
export const GRAVITY_LEVELS: Record<DroughtGravity, Level> = {
  vigilance: "good",
  alerte: "concerning",
  alerte_renforcee: "critical",
  crise: "critical",
};

/** Surface water first, then groundwater, then drinking water, for zones of equal gravity. */
const TYPE_ORDER = ["SUP", "SOU", "AEP"];

export function selectWorstZone(zones: readonly DroughtZone[]): DroughtZone | null {
  let worst: DroughtZone | null = null;
  for (const zone of zones) {
    if (!worst) {
      worst = zone;
      continue;
    }
    const byGravity = GRAVITY_ORDER.indexOf(zone.gravity) - GRAVITY_ORDER.indexOf(worst.gravity);
    const byType = typeRank(zone.type) - typeRank(worst.type);
    if (byGravity > 0 || (byGravity === 0 && byType < 0)) worst = zone;
  }
  return worst;
}

const typeRank = (type: string) => {
  const rank = TYPE_ORDER.indexOf(type.toUpperCase());
  return rank === -1 ? TYPE_ORDER.length : rank;
};

/** The restrictions in force for private individuals in the worst zone, without duplicates. */
export function restrictionsForIndividuals(zone: DroughtZone): DroughtSection["restrictions"] {
  const seen = new Set<string>();
  const restrictions: DroughtSection["restrictions"] = [];
  for (const usage of zone.usages) {
    if (!usage.concernsIndividuals) continue;
    const key = `${usage.name}|${usage.description}`;
    if (seen.has(key)) continue;
    seen.add(key);
    restrictions.push({ usage: usage.name, thematique: usage.theme, description: usage.description });
  }
  return restrictions;
}

export function evaluateDrought(input: { zones: SourceResult<DroughtZone[]>; now: Date }): DroughtSection {
  if (!input.zones.ok) {
    return {
      success: false,
      level: "unavailable",
      gravity: null,
      label: "Non disponible",
      restrictions: [],
      decree: null,
      zone: null,
      message: "Les restrictions d'eau (VigiEau) sont momentanément indisponibles. Réessayez dans quelques minutes.",
      source: VIGIEAU_SOURCE,
    };
  }
  const zone = selectWorstZone(input.zones.data);
  if (!zone) {
    return {
      success: true,
      level: "good",
      gravity: null,
      label: "Aucune restriction",
      restrictions: [],
      decree: null,
      zone: null,
      message: null,
      source: VIGIEAU_SOURCE,
    };
  }
  return {
    success: true,
    level: GRAVITY_LEVELS[zone.gravity],
    gravity: zone.gravity,
    label: GRAVITY_LABELS[zone.gravity],
    restrictions: restrictionsForIndividuals(zone),
    decree: zone.decree ? { start: zone.decree.start, end: zone.decree.end, url: zone.decree.url } : null,
    zone: { name: zone.name, type: zone.type },
    message: null,
    source: VIGIEAU_SOURCE,
  };
}
