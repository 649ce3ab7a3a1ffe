// The drought section's advice: the prefectoral restrictions of the worst zone, for households, and
// whether the tap's water is concerned; VigiEau's call to save water in vigilance. Pure.
import { quoted, type AdviceChoice, type AdviceTexts, type SectionAdvice } from "../../core/recommendations/advice.ts";
import type { DroughtSection } from "../../core/types.ts";
import { hasDrinkingWaterZone, zonesAtSectionLevel } from "./evaluate.ts";
import { describeWaters } from "./notes.ts";

const DROUGHT_REFERENCE = {
  link: "/blog/impact-secheresse-sante",
  source: { name: "VigiEau – ministère de la Transition écologique", url: "https://vigieau.gouv.fr/" },
} as const;

export interface DroughtAdviceFacts {
  /**
   * waters: the water(s) the level is about, as the headline names them (« eau souterraine »);
   * tapRestricted: a drinking-water zone (AEP) is in force — else the tap's water is not restricted.
   */
  "drought-severe": { levelLabel: string; householdRestrictions: string[]; waters: string; tapRestricted: boolean };
  "drought-alert": { householdRestrictions: string[]; waters: string; tapRestricted: boolean };
  "drought-vigilance": { householdRestrictions: string[]; waters: string };
}

type DroughtAdvice = AdviceChoice<DroughtAdviceFacts>;

function adviseDrought(drought: DroughtSection): DroughtAdvice[] {
  if (!drought.success || !drought.gravity) return [];
  // The section lists only restrictions for private individuals, households' themes first.
  // The worst zone's own list, as its card shows it: a sum over several zones would count rules
  // that apply to different waters (Maraussan: 7 for the rivers, 3 for the tap water).
  const worstZones = zonesAtSectionLevel(drought);
  const householdRestrictions = (worstZones[0]?.restrictions ?? drought.restrictions).map((restriction) => restriction.usage);
  // Which water the level is about, as the headline says it (« eau souterraine »), and whether the
  // tap's own water is restricted: a groundwater zone's crise is not the tap's.
  const where = { waters: describeWaters(worstZones.map((zone) => zone.type_label)), tapRestricted: hasDrinkingWaterZone(drought) };
  if (drought.gravity === "crise" || drought.gravity === "alerte_renforcee") {
    return [
      {
        id: "drought-severe",
        category: "drought",
        severity: "critical",
        vulnerable: false,
        facts: { levelLabel: drought.label, householdRestrictions, ...where },
      },
    ];
  }
  if (drought.gravity === "alerte") {
    return [{ id: "drought-alert", category: "drought", severity: "warning", vulnerable: false, facts: { householdRestrictions, ...where } }];
  }
  // Vigilance restricts nothing by itself but calls everyone to save water (VigiEau): its own
  // advice, so that a report in vigilance never reads « Bonne nouvelle ! ».
  return [{ id: "drought-vigilance", category: "drought", severity: "info", vulnerable: false, facts: { householdRestrictions, waters: where.waters } }];
}

/** « 7 restrictions s'appliquent aux particuliers, par exemple « … » et « … » »: a count, never a bare number. */
function householdRestrictionsSentence(restrictions: readonly string[]): string {
  const named = quoted(restrictions.slice(0, 2));
  if (restrictions.length === 0) return "Aucune restriction de l'arrêté ne vise les particuliers.";
  if (restrictions.length === 1) return `1 restriction s'applique aux particuliers : ${named[0]}.`;
  return `${restrictions.length} restrictions s'appliquent aux particuliers, par exemple ${named.join(" et ")}.`;
}

/** VigiEau's own conclusion when no drinking-water zone is in force: the level is the rivers' or the groundwater's, not the tap's. */
const tapNotRestricted = (tapRestricted: boolean) => (tapRestricted ? "" : " L'eau du robinet n'est pas concernée par des restrictions à votre adresse.");

const DROUGHT_TEXTS: AdviceTexts<DroughtAdviceFacts> = {
  "drought-severe": ({ levelLabel, householdRestrictions, waters, tapRestricted }) => ({
    ...DROUGHT_REFERENCE,
    title: `Sécheresse : niveau ${levelLabel.toLowerCase()}${waters ? ` (${waters})` : ""}`,
    text: `Des restrictions strictes sont en vigueur dans votre zone${waters ? ` (${waters})` : ""}. ${householdRestrictionsSentence(householdRestrictions)}${tapNotRestricted(tapRestricted)} Respectez l'arrêté préfectoral : l'eau potable, pour boire et pour l'hygiène, reste l'usage prioritaire.`,
  }),

  "drought-alert": ({ householdRestrictions, waters, tapRestricted }) => ({
    ...DROUGHT_REFERENCE,
    title: `Sécheresse : niveau alerte${waters ? ` (${waters})` : ""}`,
    text: `Certains usages de l'eau sont limités dans votre zone${waters ? ` (${waters})` : ""}. ${householdRestrictionsSentence(householdRestrictions)}${tapNotRestricted(tapRestricted)} Consultez l'arrêté préfectoral et économisez l'eau au quotidien.`,
  }),

  // VigiEau's own words for the level: « Incitation des particuliers et des professionnels à
  // économiser l'eau » (vigieau.gouv.fr, niveaux de gravité). A call to save water — the tap's
  // too, whatever the zone's water —, not a restriction, and not good news either.
  "drought-vigilance": ({ householdRestrictions, waters }) => ({
    ...DROUGHT_REFERENCE,
    title: `Sécheresse : vigilance${waters ? ` (${waters})` : ""}`,
    text: `Votre zone${waters ? ` (${waters})` : ""} est en vigilance : VigiEau appelle les particuliers à économiser l'eau.${householdRestrictions.length > 0 ? " Consultez aussi les mesures de l'arrêté préfectoral pour les particuliers." : ""} Arrosez tôt le matin ou le soir, réparez les fuites, préférez la douche au bain et lancez le lave-linge et le lave-vaisselle bien remplis.`,
  }),
};

export const droughtAdvice: SectionAdvice<"drought", DroughtSection, DroughtAdviceFacts, true> = {
  input: "drought",
  required: true,
  advise: adviseDrought,
  texts: DROUGHT_TEXTS,
};
