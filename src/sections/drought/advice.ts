// The drought section's advice: the tap's restrictions first (the drinking-water zone's level sets
// the advice's severity and its title, decision 086), VigiEau's call to save water in vigilance;
// for whoever draws water from a well, a borehole or a river, a sentence of the tap's advice, or an
// information of its own when the tap has none. Pure.
import type { AdviceChoice, AdviceTexts, SectionAdvice } from "../../core/recommendations/advice.ts";
import type { DroughtSection, DroughtZoneView } from "../../core/types.ts";
import { isTapZone, sortZonesWorstFirst, tapZoneOf } from "./evaluate.ts";
import { describeHouseholdRestrictions, describeWaters } from "./notes.ts";

const DROUGHT_REFERENCE = {
  link: "/blog/impact-secheresse-sante",
  source: { name: "VigiEau – ministère de la Transition écologique", url: "https://vigieau.gouv.fr/" },
} as const;

/** The rivers' and the groundwater's zones in force (SUP, SOU): the worst one's level, and which waters are at it. */
export interface OwnSupplyFacts {
  levelLabel: string;
  /** « eau superficielle », « eau superficielle et eau souterraine » */
  waters: string;
}

export interface DroughtAdviceFacts {
  /**
   * the tap's zone (AEP) in crise or alerte renforcée; householdRestrictions: its own, for private
   * individuals; ownSupply: the rivers' and groundwater's zones, said in one sentence (null: none)
   */
  "drought-severe": { levelLabel: string; householdRestrictions: string[]; ownSupply: OwnSupplyFacts | null };
  "drought-alert": { householdRestrictions: string[]; ownSupply: OwnSupplyFacts | null };
  "drought-vigilance": { householdRestrictions: string[]; ownSupply: OwnSupplyFacts | null };
  /**
   * Rivers' or groundwater's zones (SUP, SOU) in force, the tap without an advice of its own: they
   * bind whoever draws that water. vigilance: a call to save water, not a restriction;
   * householdRestrictions: the worst zone's; tapRestricted: a drinking-water zone is in force too
   * (at a level we do not know).
   */
  "drought-own-supply": OwnSupplyFacts & { vigilance: boolean; householdRestrictions: string[]; tapRestricted: boolean };
}

type DroughtAdvice = AdviceChoice<DroughtAdviceFacts>;

const usagesOf = (zone: DroughtZoneView) => zone.restrictions.map((restriction) => restriction.usage);

/** The tap's advice: its severity follows the drinking-water zone's level, as the headline does. */
function adviseTap(tap: DroughtZoneView | null, ownSupply: OwnSupplyFacts | null): DroughtAdvice[] {
  if (!tap?.gravity) return [];
  // The zone's own list, as its card shows it: a sum over several zones would count rules that
  // apply to different waters (Maraussan: 7 for the rivers, 3 for the tap water).
  const householdRestrictions = usagesOf(tap);
  if (tap.gravity === "crise" || tap.gravity === "alerte_renforcee") {
    return [
      {
        id: "drought-severe",
        category: "drought",
        severity: "critical",
        vulnerable: false,
        facts: { levelLabel: tap.label, householdRestrictions, ownSupply },
      },
    ];
  }
  if (tap.gravity === "alerte")
    return [{ id: "drought-alert", category: "drought", severity: "warning", vulnerable: false, facts: { householdRestrictions, ownSupply } }];
  // Vigilance restricts nothing by itself but calls everyone to save water (VigiEau): its own
  // advice, so that a report in vigilance never reads « Bonne nouvelle ! ».
  return [{ id: "drought-vigilance", category: "drought", severity: "info", vulnerable: false, facts: { householdRestrictions, ownSupply } }];
}

/**
 * Rivers' and groundwater's zones: information only, whatever their level — their rules bind a
 * household that draws from a well, a borehole or a river, and we cannot know whether it does. A
 * sentence of the tap's advice when it has one (one advice per section: the page stays short);
 * otherwise an information of its own. A zone whose level is not recognised is told by the
 * report's « unchecked » advice.
 */
function adviseDrought(drought: DroughtSection): DroughtAdvice[] {
  if (!drought.success) return [];
  const others = sortZonesWorstFirst(drought.zones.filter((zone) => !isTapZone(zone) && zone.gravity !== null));
  const worst = others[0];
  const ownSupply = worst
    ? { levelLabel: worst.label, waters: describeWaters(others.filter((zone) => zone.gravity === worst.gravity).map((zone) => zone.type_label)) }
    : null;
  const tap = tapZoneOf(drought);
  const tapAdvice = adviseTap(tap, ownSupply);
  if (tapAdvice.length > 0 || !worst || !ownSupply) return tapAdvice;
  const facts = { ...ownSupply, vigilance: worst.gravity === "vigilance", householdRestrictions: usagesOf(worst), tapRestricted: tap !== null };
  // Calm (decision 084): for most people, on the network, nothing changes — never « À retenir ».
  return [{ id: "drought-own-supply", category: "drought", severity: "info", vulnerable: false, calm: true, facts }];
}

/** The rivers' and groundwater's zones in the tap's advice, in one sentence. */
const ownSupplySentence = (ownSupply: OwnSupplyFacts | null) =>
  ownSupply
    ? ` Si vous utilisez un puits, un forage ou l'eau d'une rivière, d'autres règles s'appliquent à cette eau (${ownSupply.waters} : niveau ${ownSupply.levelLabel}).`
    : "";

/** Drought restrictions limit uses (watering, washing, filling); drinking and hygiene stay the priority. */
const PRIORITY_USE = "Respectez l'arrêté préfectoral : l'eau potable, pour boire et pour l'hygiène, reste l'usage prioritaire.";

const DROUGHT_TEXTS: AdviceTexts<DroughtAdviceFacts> = {
  "drought-severe": ({ levelLabel, householdRestrictions, ownSupply }) => ({
    ...DROUGHT_REFERENCE,
    title: `Sécheresse : restrictions d'usage de l'eau, niveau ${levelLabel}`,
    text: `Des restrictions strictes limitent les usages de l'eau du réseau à votre adresse. ${describeHouseholdRestrictions(householdRestrictions)} ${PRIORITY_USE}${ownSupplySentence(ownSupply)}`,
  }),

  "drought-alert": ({ householdRestrictions, ownSupply }) => ({
    ...DROUGHT_REFERENCE,
    title: "Sécheresse : restrictions d'usage de l'eau, niveau Alerte",
    text: `Certains usages de l'eau du réseau sont limités à votre adresse. ${describeHouseholdRestrictions(householdRestrictions)} Consultez l'arrêté préfectoral et économisez l'eau au quotidien.${ownSupplySentence(ownSupply)}`,
  }),

  // VigiEau's own words for the level: « Incitation des particuliers et des professionnels à
  // économiser l'eau » (vigieau.gouv.fr, niveaux de gravité). A call to save water, not a
  // restriction, and not good news either.
  "drought-vigilance": ({ householdRestrictions, ownSupply }) => ({
    ...DROUGHT_REFERENCE,
    title: "Sécheresse : niveau Vigilance, économisez l'eau",
    text: `L'eau du réseau est en vigilance à votre adresse : VigiEau appelle les particuliers à économiser l'eau.${householdRestrictions.length > 0 ? " Consultez aussi les mesures de l'arrêté préfectoral pour les particuliers." : ""} Arrosez tôt le matin ou le soir, réparez les fuites, préférez la douche au bain et lancez le lave-linge et le lave-vaisselle bien remplis.${ownSupplySentence(ownSupply)}`,
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
