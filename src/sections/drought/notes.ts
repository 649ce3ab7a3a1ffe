// The words and colours of drought for every channel (VigiEau's own), apart from the rules.
import { formatDateFr, frenchTypography } from "../../core/shared/format.ts";
import type { DroughtDecree, DroughtZoneNotInForce } from "../../core/types.ts";

/** VigiEau's map colours (vigieau.gouv.fr), text for contrast. */
export const VIGIEAU_COLORS: Record<string, { background: string; text: string }> = {
  none: { background: "#E8EDFF", text: "#1b2440" },
  vigilance: { background: "#FFEDA0", text: "#3b3000" },
  alerte: { background: "#FEB24C", text: "#3a2200" },
  alerte_renforcee: { background: "#FC4E2A", text: "#1f0600" },
  crise: { background: "#B10026", text: "#ffffff" },
};

/** VigiEau's own word when no zone is in force. */
export const NO_DROUGHT_RESTRICTION = "Pas de restrictions";

/** One wording of a decree's period for every channel. */
export function describeDecreePeriod(decree: Pick<DroughtDecree, "start" | "end"> | null): string | null {
  if (!decree) return null;
  if (decree.start && decree.end) return `en vigueur du ${formatDateFr(decree.start)} au ${formatDateFr(decree.end)}`;
  if (decree.start) return `en vigueur depuis le ${formatDateFr(decree.start)}`;
  return decree.end ? `en vigueur jusqu'au ${formatDateFr(decree.end)}` : null;
}

/** « 7 restrictions s'appliquent aux particuliers » */
export function describeRestrictionCount(count: number): string {
  if (count === 0) return "Aucune restriction ne concerne les particuliers";
  return count === 1 ? "1 restriction s'applique aux particuliers" : `${count} restrictions s'appliquent aux particuliers`;
}

/** « eau superficielle », « eau potable et eau superficielle »: which waters a level is about, from the zones' type labels. */
export function describeWaters(typeLabels: readonly string[]): string {
  const waters = [...new Set(typeLabels.map((label) => label.toLowerCase()))];
  if (waters.length <= 1) return waters[0] ?? "";
  return `${waters.slice(0, -1).join(", ")} et ${waters.at(-1)}`;
}

/**
 * The tap's restrictions, in words that never read as a warning about drinking the water: a
 * drinking-water zone's decree (VigiEau's « eau potable », AEP) limits what the network's water may
 * be used for — watering, filling a pool, washing a car —, never drinking it (decision 086).
 */
export const TAP_RESTRICTIONS = "Restrictions d'usage de l'eau du réseau";

/**
 * What VigiEau's own page says when no drinking-water zone (AEP) is in force at an address
 * (« L'eau potable n'est pas concernée par des restrictions à votre adresse »), whatever the
 * rivers' or the groundwater's level: the report's verdict then.
 */
export const TAP_NOT_RESTRICTED = "Pas de restriction d'usage de l'eau du réseau à votre adresse";

/**
 * The rivers' and the groundwater's zones (SUP, SOU) bind whoever draws that water themselves, not
 * the tap: the report puts them behind this question, as VigiEau asks which water you use.
 */
export const OTHER_WATERS_QUESTION = "Vous utilisez un puits, un forage ou l'eau d'une rivière\u00A0?";

/** « 7 restrictions s'appliquent aux particuliers, par exemple « … » et « … ». »: a count, never a bare number. */
export function describeHouseholdRestrictions(usages: readonly string[]): string {
  const named = usages
    .slice(0, 2)
    .map((usage) => `« ${usage} »`)
    .join(" et ");
  return frenchTypography(
    `${describeRestrictionCount(usages.length)}${usages.length > 1 ? `, par exemple ${named}` : usages.length > 0 ? ` : ${named}` : ""}.`,
  );
}

/**
 * A zone VigiEau answered whose decree is not in force on the commune's day, in one sentence for
 * every channel: « Eau superficielle – zone « Orb aval » : l'arrêté (niveau « Crise ») était en
 * vigueur jusqu'au 21 novembre 2026 et ne s'applique plus. » Only the dates the decree printed.
 */
export function describeZoneNotInForce(zone: DroughtZoneNotInForce): string {
  const head = `${zone.type_label} – zone « ${zone.name} » : l'arrêté (niveau « ${zone.gravity ? zone.label : "non reconnu"} »)`;
  const sentence =
    zone.status === "ended"
      ? `${head} était en vigueur jusqu'au ${formatDateFr(zone.decree.end ?? "")} et ne s'applique plus.`
      : `${head} entrera en vigueur le ${formatDateFr(zone.decree.start ?? "")} ; il ne s'applique pas encore.`;
  return frenchTypography(sentence);
}
