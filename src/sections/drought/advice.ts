// The drought section's advice: the tap's restrictions first (the drinking-water zone's level sets
// the advice's severity and its title, decision 086), VigiEau's call to save water in vigilance,
// and one information for whoever draws water from a well, a borehole or a river. Pure.
import type { AdviceChoice, AdviceTexts, SectionAdvice } from "../../core/recommendations/advice.ts";
import type { DroughtSection, DroughtZoneView } from "../../core/types.ts";
import { isTapZone, sortZonesWorstFirst, tapZoneOf } from "./evaluate.ts";
import { describeHouseholdRestrictions, describeWaters } from "./notes.ts";

const DROUGHT_REFERENCE = {
  link: "/blog/impact-secheresse-sante",
  source: { name: "VigiEau – ministère de la Transition écologique", url: "https://vigieau.gouv.fr/" },
} as const;

export interface DroughtAdviceFacts {
  /** the tap's zone (AEP) in crise or alerte renforcée; householdRestrictions: its own, for private individuals */
  "drought-severe": { levelLabel: string; householdRestrictions: string[] };
  "drought-alert": { householdRestrictions: string[] };
  "drought-vigilance": { householdRestrictions: string[] };
  /**
   * Rivers' or groundwater's zones (SUP, SOU) in force: they bind whoever draws that water, not the
   * tap. levelLabel: the worst of them (vigilance: a call to save water, not a restriction); waters:
   * which (« eau superficielle »); tapRestricted: a drinking-water zone is in force too (its own
   * advice says so).
   */
  "drought-own-supply": { levelLabel: string; vigilance: boolean; waters: string; householdRestrictions: string[]; tapRestricted: boolean };
}

type DroughtAdvice = AdviceChoice<DroughtAdviceFacts>;

const usagesOf = (zone: DroughtZoneView) => zone.restrictions.map((restriction) => restriction.usage);

/** The tap's advice: its severity follows the drinking-water zone's level, as the headline does. */
function adviseTap(tap: DroughtZoneView | null): DroughtAdvice[] {
  if (!tap?.gravity) return [];
  // The zone's own list, as its card shows it: a sum over several zones would count rules that
  // apply to different waters (Maraussan: 7 for the rivers, 3 for the tap water).
  const householdRestrictions = usagesOf(tap);
  if (tap.gravity === "crise" || tap.gravity === "alerte_renforcee") {
    return [{ id: "drought-severe", category: "drought", severity: "critical", vulnerable: false, facts: { levelLabel: tap.label, householdRestrictions } }];
  }
  if (tap.gravity === "alerte") return [{ id: "drought-alert", category: "drought", severity: "warning", vulnerable: false, facts: { householdRestrictions } }];
  // Vigilance restricts nothing by itself but calls everyone to save water (VigiEau): its own
  // advice, so that a report in vigilance never reads « Bonne nouvelle ! ».
  return [{ id: "drought-vigilance", category: "drought", severity: "info", vulnerable: false, facts: { householdRestrictions } }];
}

/**
 * Rivers' and groundwater's zones: information only, whatever their level — their rules bind a
 * household that draws from a well, a borehole or a river, and we cannot know whether it does.
 * A zone whose level is not recognised is told by the report's « unchecked » advice.
 */
function adviseOwnSupply(drought: DroughtSection): DroughtAdvice[] {
  const others = sortZonesWorstFirst(drought.zones.filter((zone) => !isTapZone(zone) && zone.gravity !== null));
  const worst = others[0];
  if (!worst) return [];
  const facts = {
    levelLabel: worst.label,
    vigilance: worst.gravity === "vigilance",
    waters: describeWaters(others.filter((zone) => zone.gravity === worst.gravity).map((zone) => zone.type_label)),
    householdRestrictions: usagesOf(worst),
    tapRestricted: tapZoneOf(drought) !== null,
  };
  // Calm (decision 084): for most people, on the network, nothing changes — never « À retenir ».
  return [{ id: "drought-own-supply", category: "drought", severity: "info", vulnerable: false, calm: true, facts }];
}

function adviseDrought(drought: DroughtSection): DroughtAdvice[] {
  if (!drought.success) return [];
  return [...adviseTap(tapZoneOf(drought)), ...adviseOwnSupply(drought)];
}

/** Drought restrictions limit uses (watering, washing, filling); drinking and hygiene stay the priority. */
const PRIORITY_USE = "Respectez l'arrêté préfectoral : l'eau potable, pour boire et pour l'hygiène, reste l'usage prioritaire.";

const DROUGHT_TEXTS: AdviceTexts<DroughtAdviceFacts> = {
  "drought-severe": ({ levelLabel, householdRestrictions }) => ({
    ...DROUGHT_REFERENCE,
    title: `Sécheresse : restrictions d'usage de l'eau, niveau ${levelLabel}`,
    text: `Des restrictions strictes limitent les usages de l'eau du réseau à votre adresse. ${describeHouseholdRestrictions(householdRestrictions)} ${PRIORITY_USE}`,
  }),

  "drought-alert": ({ householdRestrictions }) => ({
    ...DROUGHT_REFERENCE,
    title: "Sécheresse : restrictions d'usage de l'eau, niveau Alerte",
    text: `Certains usages de l'eau du réseau sont limités à votre adresse. ${describeHouseholdRestrictions(householdRestrictions)} Consultez l'arrêté préfectoral et économisez l'eau au quotidien.`,
  }),

  // VigiEau's own words for the level: « Incitation des particuliers et des professionnels à
  // économiser l'eau » (vigieau.gouv.fr, niveaux de gravité). A call to save water, not a
  // restriction, and not good news either.
  "drought-vigilance": ({ householdRestrictions }) => ({
    ...DROUGHT_REFERENCE,
    title: "Sécheresse : niveau Vigilance, économisez l'eau",
    text: `L'eau du réseau est en vigilance à votre adresse : VigiEau appelle les particuliers à économiser l'eau.${householdRestrictions.length > 0 ? " Consultez aussi les mesures de l'arrêté préfectoral pour les particuliers." : ""} Arrosez tôt le matin ou le soir, réparez les fuites, préférez la douche au bain et lancez le lave-linge et le lave-vaisselle bien remplis.`,
  }),

  "drought-own-supply": ({ levelLabel, vigilance, waters, householdRestrictions, tapRestricted }) => ({
    ...DROUGHT_REFERENCE,
    title: `Si vous utilisez un puits, un forage ou l'eau d'une rivière : niveau ${levelLabel}`,
    text: `${vigilance ? "VigiEau appelle à économiser l'eau que vous prélevez vous-même" : "L'eau que vous prélevez vous-même est soumise à des restrictions"} à votre adresse (${waters} : niveau ${levelLabel}). ${describeHouseholdRestrictions(householdRestrictions)} Ces règles ne visent pas l'eau du réseau${tapRestricted ? ", qui a les siennes" : ""}. Consultez l'arrêté préfectoral.`,
  }),
};

export const droughtAdvice: SectionAdvice<"drought", DroughtSection, DroughtAdviceFacts, true> = {
  input: "drought",
  required: true,
  advise: adviseDrought,
  texts: DROUGHT_TEXTS,
};
