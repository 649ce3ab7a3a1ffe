// The drought card for every channel: VigiEau's level of each zone in force at the address, its
// restrictions by theme and its decree's period. Pure: dates come from the report.
import { hasDrinkingWaterZone, zonesAtSectionLevel } from "./evaluate.ts";
import {
  describeDecreePeriod,
  describeRestrictionCount,
  describeWaters,
  describeZoneNotInForce,
  NO_DROUGHT_RESTRICTION,
  TAP_WATER_NOT_RESTRICTED,
  VIGIEAU_COLORS,
} from "./notes.ts";
import { formatDateFr, frenchTypography } from "../../core/shared/format.ts";
import type { DroughtRestriction, Report } from "../../core/types.ts";
import { badge, type Badge } from "../../core/report/badge.ts";
import { sentence } from "../../core/report/days.ts";
import type { Fact, SectionPresentation } from "../../core/report/document.ts";

export const DROUGHT_TITLE = "Sécheresse";
export const DROUGHT_ANCHOR = "secheresse";
export const DROUGHT_LABEL = "Sécheresse";

export interface DroughtZonePresentation {
  title: string;
  badge: Badge;
  hint: string | null;
  facts: Fact[];
  /** « en vigueur du 18 novembre 2026 au 18 décembre 2026 », null when the decree gives no date */
  period: string | null;
  /** « 7 restrictions s'appliquent aux particuliers » */
  restrictionsSummary: string;
  /** grouped by VigiEau theme, households' themes first (the order of the zone's list) */
  groups: Array<{ theme: string; restrictions: Array<{ usage: string; description: string }> }>;
  decreeUrl: string | null;
}

/** One drought zone as text channels (the alert emails) write it: the card's and the PDF's words, in lines. */
export interface DroughtZoneText {
  /** « Eau potable : Crise » */
  heading: string;
  /** the zone's water, name and decree period, then its household restrictions, then its decree's link */
  lines: string[];
}

export interface DroughtPresentation extends SectionPresentation {
  key: "drought";
  zones: DroughtZonePresentation[];
}

function groupByTheme(restrictions: readonly DroughtRestriction[]): DroughtZonePresentation["groups"] {
  const groups: DroughtZonePresentation["groups"] = [];
  for (const restriction of restrictions) {
    const theme = restriction.thematique || "Autres usages";
    let group = groups.find((candidate) => candidate.theme === theme);
    if (!group) {
      group = { theme, restrictions: [] };
      groups.push(group);
    }
    group.restrictions.push({ usage: restriction.usage, description: restriction.description.replace(/\s+/g, " ").trim() });
  }
  return groups;
}

/**
 * VigiEau's word for the worst zone in force, with the water(s) it is about: « Crise (eau
 * souterraine) » — a groundwater zone's crise is not the tap's, and the headline never lets it read so.
 */
export function droughtHeadline(drought: Report["drought"]): Badge {
  if (!drought.success) return badge("Indisponible", "unavailable");
  if (drought.zones.length === 0) return badge(NO_DROUGHT_RESTRICTION, "good", VIGIEAU_COLORS.none ?? null);
  if (!drought.gravity) return badge("Niveau non reconnu", "unavailable");
  const waters = describeWaters(zonesAtSectionLevel(drought).map((zone) => zone.type_label));
  return badge(waters ? `${drought.label} (${waters})` : drought.label, drought.level, VIGIEAU_COLORS[drought.gravity] ?? null);
}

/**
 * The section's sentences beside its zones: the tap's water when no drinking-water zone is in
 * force (VigiEau's own conclusion), then each zone whose decree is not in force today, with its dates.
 */
function droughtNotes(drought: Report["drought"]): string[] {
  if (!drought.success) return [];
  const tap = drought.zones.length > 0 && !hasDrinkingWaterZone(drought) ? [TAP_WATER_NOT_RESTRICTED] : [];
  return [...tap, ...drought.zones_not_in_force.map(describeZoneNotInForce)];
}

/** `timeZone`: the commune's (`timeZoneOfCommune`), so that an overseas « Situation au » is the territory's day. */
export function presentDrought(drought: Report["drought"], generatedAt: string, timeZone?: string): DroughtPresentation {
  const zones = (drought.zones ?? []).map((zone): DroughtZonePresentation => {
    const period = describeDecreePeriod(zone.decree);
    return {
      title: zone.type_label,
      badge: badge(zone.gravity ? zone.label : "Niveau non reconnu", zone.level, zone.gravity ? (VIGIEAU_COLORS[zone.gravity] ?? null) : null),
      hint: zone.type_hint ? `Pour ${zone.type_hint}` : null,
      facts: [{ term: "Zone", value: zone.name }, ...(period ? [{ term: "Arrêté", value: period }] : [])],
      period,
      restrictionsSummary: describeRestrictionCount(zone.restrictions.length),
      groups: groupByTheme(zone.restrictions),
      decreeUrl: zone.decree?.url ?? null,
    };
  });
  return {
    key: "drought",
    anchor: DROUGHT_ANCHOR,
    title: DROUGHT_TITLE,
    headline: droughtHeadline(drought),
    dateLine: drought.success ? `Situation au ${formatDateFr(generatedAt, timeZone)}` : null,
    message: drought.message,
    facts: drought.success && zones.length === 0 ? [{ term: "Zone", value: "Aucune zone en restriction pour votre adresse" }] : [],
    notes: droughtNotes(drought),
    source: drought.source,
    attribution: null,
    zones,
  };
}

/**
 * One zone in lines, from the presentation the card and the PDF lay out: its water type and
 * VigiEau's word, its name and decree period, its own household restrictions (the card's groups,
 * in their order) and its decree's link. A drought alert quotes these lines, so that an email
 * never puts one zone's name above another zone's rules, and says what the report says that day.
 */
export function describeDroughtZone(zone: DroughtZonePresentation): DroughtZoneText {
  const restrictions = zone.groups.flatMap((group) => group.restrictions.map((restriction) => `${restriction.usage} : ${restriction.description}`));
  const lines = [
    ...(zone.hint ? [zone.hint] : []),
    ...zone.facts.map((fact) => `${fact.term} : ${fact.value}`),
    restrictions.length > 0 ? `${zone.restrictionsSummary} :` : `${zone.restrictionsSummary}.`,
    ...restrictions,
    ...(zone.decreeUrl ? [`Texte de l'arrêté : ${zone.decreeUrl}`] : []),
  ];
  return { heading: frenchTypography(`${zone.title} : ${zone.badge.word}`), lines: lines.map(frenchTypography) };
}

export function summarizeDrought(drought: Report["drought"]): string {
  if (!drought.success) return sentence(DROUGHT_LABEL, "restrictions momentanément indisponibles.");
  if (drought.zones.length === 0) return sentence(DROUGHT_LABEL, `${NO_DROUGHT_RESTRICTION.toLowerCase()} pour votre adresse.`);
  const zones = drought.zones.map((zone) => `${zone.gravity ? zone.label : "niveau non reconnu"} (${zone.type_label.toLowerCase()})`);
  // The tap's water, when no drinking-water zone is in force: a river's or a groundwater zone's level is not the tap's.
  const tap = hasDrinkingWaterZone(drought) ? [] : [`eau potable : ${NO_DROUGHT_RESTRICTION.toLowerCase()}`];
  return sentence(DROUGHT_LABEL, `${[...zones, ...tap].join(" ; ")}.`);
}

export function droughtWithDefaults(drought: Report["drought"]): Report["drought"] {
  return { ...drought, zones: drought.zones ?? [], zones_not_in_force: drought.zones_not_in_force ?? [], restrictions: drought.restrictions ?? [] };
}
