// The drought card for every channel: the tap's verdict first (the drinking-water zone's level,
// decision 086), then VigiEau's level of each zone in force at the address, its restrictions by
// theme and its decree's period. Pure: dates come from the report.
import { isTapZone, tapZoneOf } from "./evaluate.ts";
import {
  describeDecreePeriod,
  describeRestrictionCount,
  describeZoneNotInForce,
  NO_DROUGHT_RESTRICTION,
  TAP_NOT_RESTRICTED,
  TAP_RESTRICTIONS,
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
  /** a drinking-water zone (AEP): the tap's, shown first; the others sit behind « Vous utilisez un puits… ? » */
  tap: boolean;
  /** « Restrictions d'usage de l'eau du réseau » for the tap's zone, VigiEau's type otherwise (« Eau superficielle ») */
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
  /**
   * « Pas de restriction d'usage de l'eau du réseau à votre adresse. » when only rivers' or
   * groundwater's zones are in force: the card's first line, so that their level never reads as the
   * tap's. null otherwise: the tap zone's level is the headline, its advice the card's line, its
   * title « Restrictions d'usage de l'eau du réseau » (and null when VigiEau failed or no zone is in force).
   */
  verdict: string | null;
  /** every zone in force, in VigiEau's order (the tap's first) */
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
 * VigiEau's word for the tap's zone (AEP), as VigiEau's own page answers first: « Alerte » — the
 * summary and the card say it is about the uses of the network's water. With no drinking-water
 * zone in force, « Pas de restrictions », calmly, whatever the rivers' or the groundwater's level
 * (those bind whoever draws that water, behind their own question). Decision 086.
 */
export function droughtHeadline(drought: Report["drought"]): Badge {
  if (!drought.success) return badge("Indisponible", "unavailable");
  const tap = tapZoneOf(drought);
  if (!tap) return badge(NO_DROUGHT_RESTRICTION, "good", VIGIEAU_COLORS.none ?? null);
  if (!tap.gravity) return badge("Niveau non reconnu", "unavailable");
  return badge(tap.label, tap.level, VIGIEAU_COLORS[tap.gravity] ?? null);
}

/** The card's first line when the tap is not restricted beside rivers' or groundwater's zones. */
const droughtVerdict = (drought: Report["drought"]): string | null =>
  drought.success && drought.zones.length > 0 && !tapZoneOf(drought) ? `${TAP_NOT_RESTRICTED}.` : null;

/** `timeZone`: the commune's (`timeZoneOfCommune`), so that an overseas « Situation au » is the territory's day. */
export function presentDrought(drought: Report["drought"], generatedAt: string, timeZone?: string): DroughtPresentation {
  const zones = (drought.zones ?? []).map((zone): DroughtZonePresentation => {
    const period = describeDecreePeriod(zone.decree);
    const tap = isTapZone(zone);
    return {
      tap,
      title: tap ? TAP_RESTRICTIONS : zone.type_label,
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
    // Each zone whose decree is not in force today, with its dates.
    notes: drought.success ? drought.zones_not_in_force.map(describeZoneNotInForce) : [],
    source: drought.source,
    attribution: null,
    verdict: droughtVerdict(drought),
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

/**
 * « Sécheresse : restrictions d'usage de l'eau du réseau, niveau Alerte. »: the tap's zone, as the
 * headline — the rivers' and the groundwater's zones are in its advice and behind the card's
 * question, so that a river's crise never reads as the tap's (and « L'essentiel » stays short on a
 * phone). Without a tap zone, they are pointed at, without their level.
 */
export function summarizeDrought(drought: Report["drought"]): string {
  if (!drought.success) return sentence(DROUGHT_LABEL, "restrictions momentanément indisponibles.");
  if (drought.zones.length === 0) return sentence(DROUGHT_LABEL, `${NO_DROUGHT_RESTRICTION.toLowerCase()} pour votre adresse.`);
  const tap = tapZoneOf(drought);
  return sentence(
    DROUGHT_LABEL,
    tap
      ? `${TAP_RESTRICTIONS.toLowerCase()}, niveau ${tap.gravity ? tap.label : "non reconnu"}.`
      : `${TAP_NOT_RESTRICTED.toLowerCase()} ; règles à part pour les puits, forages et rivières.`,
  );
}

export function droughtWithDefaults(drought: Report["drought"]): Report["drought"] {
  return { ...drought, zones: drought.zones ?? [], zones_not_in_force: drought.zones_not_in_force ?? [], restrictions: drought.restrictions ?? [] };
}
