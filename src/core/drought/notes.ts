// The words and colours of drought for every channel (VigiEau's own), apart from the rules.
import { formatDateFr } from "../shared/format.ts";
import type { DroughtDecree } from "../types.ts";

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
