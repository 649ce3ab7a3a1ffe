import { VIGIEAU_SOURCE } from "../../core/shared/sources.ts";
import { todayForCommune } from "../../core/shared/time.ts";
import type {
  DroughtDecree,
  DroughtGravity,
  DroughtRestriction,
  DroughtSection,
  DroughtZone,
  DroughtZoneNotInForce,
  DroughtZoneView,
  Level,
  SourceResult,
} from "../../core/types.ts";

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

/** Fail closed: a level VigiEau sends that we do not know is never read as « Aucune restriction ». */
export const UNKNOWN_GRAVITY_LABEL = "Niveau non reconnu\u00A0: consultez l'arrêté";

/**
 * Zone types as VigiEau's public site names and orders them (apps/frontend, carte/Map.vue and
 * situation/Header.vue in MTES-MCT/vigieau): drinking water first — it is the tap, households'
 * water — then rivers, then groundwater. Every channel lists an address's zones in this order
 * (decision 028, amended by issue 20). VigiEau asks first which water you use, the tap's by
 * default: the report's headline, summary and advice follow the drinking-water zone (decision 086).
 */
export const ZONE_TYPES: ReadonlyArray<{ type: string; label: string; hint: string }> = [
  { type: "AEP", label: "Eau potable", hint: "l'eau du robinet" },
  { type: "SUP", label: "Eau superficielle", hint: "l'eau prélevée dans les cours d'eau et rivières" },
  { type: "SOU", label: "Eau souterraine", hint: "l'eau prélevée dans les nappes (puits, forages)" },
];

/**
 * VigiEau's own order of the usage themes (apps/frontend/client/components/situation/Restrictions.vue):
 * the themes households meet every day (watering, pools, washing) come first. A theme not in this
 * list goes last, in the order VigiEau sent it — never hidden.
 */
export const THEME_ORDER: readonly string[] = [
  "Arroser",
  "Remplir ou vidanger",
  "Nettoyer",
  "Alimenter des fontaines et autres usages de loisirs",
  "Irriguer",
  "Travaux et activités en cours d'eau",
  "Abreuver",
  "Prélever",
  "ICPE",
  "Activités économiques",
  "Ouvrages hydrauliques",
  "Sécurité incendie",
  "Rejeter",
  "Installations de production d'électricité",
];

/** A zone type's place in VigiEau's order (AEP, SUP, SOU), an unknown type after them. */
export function rankZoneType(type: string): number {
  const rank = ZONE_TYPES.findIndex((entry) => entry.type === type.toUpperCase());
  return rank === -1 ? ZONE_TYPES.length : rank;
}

/** Known levels from the most severe down; an unknown level after every known one. */
const gravityRank = (gravity: DroughtGravity | null) => (gravity ? GRAVITY_ORDER.indexOf(gravity) : -1);

/** Negative when `a` comes before `b`: the worse level first, then VigiEau's order of zone types. */
function compareZones(a: Pick<DroughtZone, "gravity" | "type">, b: Pick<DroughtZone, "gravity" | "type">): number {
  return gravityRank(b.gravity) - gravityRank(a.gravity) || rankZoneType(a.type) - rankZoneType(b.type);
}

/** The zones worst first (stable: equal zones keep VigiEau's order). */
export function sortZonesWorstFirst<Zone extends Pick<DroughtZone, "gravity" | "type">>(zones: readonly Zone[]): Zone[] {
  return [...zones].sort(compareZones);
}

/**
 * The zones in VigiEau's order of zone types, households' water first (an unknown type last);
 * two zones of one type (a split commune), the worse first. Stable otherwise.
 */
export function sortZonesByType(zones: readonly DroughtZone[]): DroughtZone[] {
  return [...zones].sort((a, b) => rankZoneType(a.type) - rankZoneType(b.type) || gravityRank(b.gravity) - gravityRank(a.gravity));
}

/** Where a decree stands on a day: in force, already ended, or not started yet. */
export type DecreeStatus = "in_force" | "ended" | "not_started";

const ISO_DAY_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/**
 * A decree counts only between its own dates, both included (dateDebutValidite ≤ today ≤
 * dateFinValidite), `today` being the commune's local day (YYYY-MM-DD). VigiEau loads the decrees
 * it publishes into memory and can still answer one whose last day has passed, or one published
 * ahead of its first day: neither is a restriction in force. A missing or unreadable date bounds
 * nothing (a decree without an end runs until it is repealed): the zone VigiEau lists stays in force.
 */
export function decreeStatusOn(decree: Pick<DroughtDecree, "start" | "end"> | null, today: string): DecreeStatus {
  const day = (value: string | null | undefined) => (value && ISO_DAY_PREFIX.test(value) ? value.slice(0, 10) : null);
  const start = day(decree?.start);
  const end = day(decree?.end);
  if (end !== null && end < today) return "ended";
  if (start !== null && start > today) return "not_started";
  return "in_force";
}

/** A drinking-water zone (AEP): its decree restricts the uses of the network's water, the tap's. */
export const isTapZone = (zone: Pick<DroughtZoneView, "type">) => zone.type.toUpperCase() === "AEP";

/**
 * The drinking-water zone in force at the address, the one the report's headline, summary and
 * advice follow (decision 086); null when the tap's water is not restricted. Two such zones (a
 * split commune VigiEau answers as several), the worse: `zones` lists each type's worse first.
 */
export function tapZoneOf(section: Pick<DroughtSection, "zones">): DroughtZoneView | null {
  return section.zones.find(isTapZone) ?? null;
}

export function selectWorstZone(zones: readonly DroughtZone[]): DroughtZone | null {
  return sortZonesWorstFirst(zones)[0] ?? null;
}

/** « Eau potable », « Eau superficielle », « Eau souterraine »; a type VigiEau adds later keeps its code. */
export function describeZoneType(type: string): { label: string; hint: string } {
  const known = ZONE_TYPES.find((entry) => entry.type === type.toUpperCase());
  if (known) return { label: known.label, hint: known.hint };
  return { label: type ? `Zone ${type}` : "Zone d'alerte", hint: "" };
}

// Apostrophes differ between prefectures' texts (’ or ').
const normaliseTheme = (theme: string) => theme.trim().replace(/’/g, "'").toLowerCase();
// Pure (a bundler may drop it from a page that never sorts restrictions, such as the report's).
const THEME_RANKS = /* @__PURE__ */ new Map(/* @__PURE__ */ THEME_ORDER.map((theme, index) => [normaliseTheme(theme), index]));
const themeRank = (theme: string) => THEME_RANKS.get(normaliseTheme(theme)) ?? THEME_ORDER.length;

/** A zone's restrictions for private individuals, households' themes first, without duplicates. */
export function restrictionsForIndividuals(zone: DroughtZone): DroughtRestriction[] {
  const seen = new Set<string>();
  const restrictions: DroughtRestriction[] = [];
  for (const usage of zone.usages) {
    if (!usage.concernsIndividuals) continue;
    const key = restrictionKey({ usage: usage.name, description: usage.description });
    if (seen.has(key)) continue;
    seen.add(key);
    restrictions.push({ usage: usage.name, thematique: usage.theme, description: usage.description });
  }
  // Array.prototype.sort is stable: within a theme, the decree's own order stays.
  return restrictions.sort((a, b) => themeRank(a.thematique) - themeRank(b.thematique));
}

const restrictionKey = (restriction: Pick<DroughtRestriction, "usage" | "description">) => `${restriction.usage}|${restriction.description}`;

function presentZone(zone: DroughtZone): DroughtZoneView {
  const type = describeZoneType(zone.type);
  return {
    type: zone.type,
    type_label: type.label,
    type_hint: type.hint,
    name: zone.name,
    gravity: zone.gravity,
    label: zone.gravity ? GRAVITY_LABELS[zone.gravity] : UNKNOWN_GRAVITY_LABEL,
    level: zone.gravity ? GRAVITY_LEVELS[zone.gravity] : "unavailable",
    restrictions: restrictionsForIndividuals(zone),
    decree: zone.decree ? { start: zone.decree.start, end: zone.decree.end, url: zone.decree.url } : null,
  };
}

function presentZoneNotInForce(zone: DroughtZone, decree: DroughtDecree, status: Exclude<DecreeStatus, "in_force">): DroughtZoneNotInForce {
  const { type, type_label, name, gravity, label } = presentZone(zone);
  return { type, type_label, name, gravity, label, decree: { start: decree.start, end: decree.end, url: decree.url }, status };
}

/** A section with no zone in force to show: VigiEau failed, or no zone is in restriction today. */
function sectionWithoutZone(
  verdict: Pick<DroughtSection, "success" | "level" | "label" | "message">,
  zonesNotInForce: DroughtZoneNotInForce[] = [],
): DroughtSection {
  const { success, level, label, message } = verdict;
  return {
    success,
    level,
    gravity: null,
    label,
    restrictions: [],
    decree: null,
    zone: null,
    zones: [],
    zones_not_in_force: zonesNotInForce,
    message,
    source: VIGIEAU_SOURCE,
  };
}

/**
 * The drought section of an address: the zones VigiEau answers whose decree is in force on the
 * commune's local day (an overseas commune has its own), worst first for the headline.
 */
export function evaluateDrought(input: { zones: SourceResult<DroughtZone[]>; now: Date; citycode: string }): DroughtSection {
  if (!input.zones.ok) {
    return sectionWithoutZone({
      success: false,
      level: "unavailable",
      label: "Non disponible",
      message: "Les restrictions d'eau (VigiEau) sont momentanément indisponibles. Réessayez dans quelques minutes.",
    });
  }
  const today = todayForCommune(input.now, input.citycode);
  const inForce: DroughtZone[] = [];
  const notInForce: DroughtZoneNotInForce[] = [];
  for (const zone of sortZonesByType(input.zones.data)) {
    // A zone without a decree has no dates to end it: it stays in force.
    const status = decreeStatusOn(zone.decree, today);
    if (status !== "in_force" && zone.decree) notInForce.push(presentZoneNotInForce(zone, zone.decree, status));
    else inForce.push(zone);
  }
  const worstFirst = sortZonesWorstFirst(inForce).map(presentZone);
  // Unknown levels sort last, so the head has a known level whenever any zone does.
  const head = worstFirst[0];
  if (!head) return sectionWithoutZone({ success: true, level: "good", label: "Aucune restriction", message: null }, notInForce);
  // The worst zone's restrictions first (the advice quotes the first ones), then what the other
  // zones add: the drinking-water zone's rules must not vanish behind a river's crise.
  const seen = new Set<string>();
  const restrictions: DroughtRestriction[] = [];
  for (const restriction of worstFirst.flatMap((zone) => zone.restrictions)) {
    const key = restrictionKey(restriction);
    if (seen.has(key)) continue;
    seen.add(key);
    restrictions.push(restriction);
  }
  return {
    success: true,
    level: head.level,
    gravity: head.gravity,
    label: head.label,
    restrictions,
    decree: head.decree,
    zone: { name: head.name, type: head.type },
    // Shown zone by zone, households' water first: each zone with its own name, level and rules.
    zones: sortZonesByType(inForce).map(presentZone),
    zones_not_in_force: notInForce,
    message: worstFirst.some((zone) => zone.gravity === null)
      ? "Le niveau de restriction d'une zone n'est pas reconnu\u00A0: consultez l'arrêté préfectoral."
      : null,
    source: VIGIEAU_SOURCE,
  };
}
