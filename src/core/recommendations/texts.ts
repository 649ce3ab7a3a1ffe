// The words of the advice, apart from the rules that choose it (select.ts): one entry per advice
// id, from its facts to its title, text, article link and public source. Sentences are typed with
// ordinary spaces; `renderAdvice` applies French typography. Advice is general and never
// diagnoses: the official instructions of the ARS, the prefecture or the town hall prevail.
import { AIR_POLLUTANT_NAMES } from "../air/atmo-scale.ts";
import { formatDateFr, formatNumberFr, frenchTypography, NBSP } from "../shared/format.ts";
import { SAMPLE_VERDICT_WORDS } from "../water/notes.ts";
import { PFAS_SUM_LIMIT } from "../water/parameters.ts";
import type { AirPollutantCode, Recommendation } from "../types.ts";

export const ARTICLE_LINKS = {
  water: "/blog/impact-eau-sante",
  air: "/blog/impact-air-sante",
  drought: "/blog/impact-secheresse-sante",
  bathing: "/blog/impact-baignade-sante",
  all: "/blog",
} as const;

export const ADVICE_SOURCES = {
  water: { name: "Ministère chargé de la santé – eau du robinet", url: "https://sante.gouv.fr/sante-et-environnement/eaux/eau" },
  airEpisode: {
    name: "Ministère chargé de la santé – se protéger en cas de pic de pollution",
    url: "https://sante.gouv.fr/sante-et-environnement/air-exterieur/article/se-proteger-en-cas-de-pic-de-pollution-de-l-air",
  },
  airDecree: {
    name: "Arrêté du 20 août 2014 relatif aux recommandations sanitaires (Légifrance)",
    url: "https://www.legifrance.gouv.fr/loda/id/JORFTEXT000029413664",
  },
  overview: { name: "Les sources officielles de Zone Santé", url: "/sources" },
  bathing: { name: "Ministère chargé de la santé – eaux de baignade", url: "https://baignades.sante.gouv.fr/" },
  drought: { name: "VigiEau – ministère de la Transition écologique", url: "https://vigieau.gouv.fr/" },
} as const;

/**
 * Why an air advice may speak of ozone: ozone sets today's level, or it is the ozone season
 * (April to September, when sun and heat form it in the afternoon). Otherwise it says nothing of it.
 */
export type OzoneNote = "responsible" | "season" | null;

/** The facts each advice is written from: values, units, names and flags, never sentences. */
export interface AdviceFacts {
  /**
   * carriedForward: the newest sample was declared compliant (or under derogation) but did not
   * measure these parameters again, whose latest result is non-compliant; null otherwise
   */
  "water-non-compliant": {
    carriedForward: { sampledAt: string; verdict: "conforme" | "derogation"; parameters: Array<{ name: string; measuredAt: string }> } | null;
  };
  "water-nitrates": {
    mgPerL: number;
    /** which ARS guidance applies: above 100 mg/L, above the 50 mg/L limit, or compliant near it */
    band: "above-100" | "above-limit" | "near-limit";
    /** germs found at the last analysis: the water's other uses are in question too */
    germsDetected: boolean;
  };
  "water-pesticides": { total: boolean; substance: string; microgramsPerL: number };
  /**
   * substance: one of the 20 PFAS alone above 0,1 µg/L (null: the sum); measuredBeforeLimit: the
   * sample's date when it was taken before 1 January 2026, when no limit applied (null otherwise)
   */
  "water-pfas": { microgramsPerL: number; substance: string | null; measuredBeforeLimit: string | null };
  "water-lead": { microgramsPerL: number };
  "water-watch": { tapOnlyExceedance: boolean };
  "air-event": Record<string, never>;
  "air-poor": {
    reason: { kind: "index"; label: string; estimated: boolean; pollutant: AirPollutantCode | null } | { kind: "pm25"; microgramsPerM3: number };
    ozone: OzoneNote;
  };
  "air-moderate": { ozone: OzoneNote };
  /** zoneType: the worst zone's water (« eau superficielle ») when several zones apply, else null */
  "drought-severe": { levelLabel: string; householdRestrictions: string[]; zoneType: string | null };
  "drought-alert": { householdRestrictions: string[]; zoneType: string | null };
  "bathing-prohibited": { sites: string[] };
  "bathing-cyanobacteria": Record<string, never>;
  "bathing-poor": { sites: string[] };
  "no-data": Record<string, never>;
  "all-clear": Record<string, never>;
}

export type AdviceId = keyof AdviceFacts;

export interface AdviceWords {
  title: string;
  text: string;
  link: string;
  source: { name: string; url: string };
}

/** One advice as the rules choose it: its id, domain, severity and facts, not yet in words. */
export type AdviceOf<K extends AdviceId = AdviceId> = {
  [P in K]: {
    id: P;
    category: Recommendation["category"];
    severity: Recommendation["severity"];
    /** addressed to vulnerable people (pregnant women, infants…): shown first whenever it applies */
    vulnerable: boolean;
    facts: AdviceFacts[P];
  };
}[K];

export type Advice = AdviceOf;

const quoted = (names: readonly string[]) => names.map((name) => `« ${name} »`);

const water = { link: ARTICLE_LINKS.water, source: ADVICE_SOURCES.water };
const bathing = { link: ARTICLE_LINKS.bathing, source: ADVICE_SOURCES.bathing };
const drought = { link: ARTICLE_LINKS.drought, source: ADVICE_SOURCES.drought };
const general = { link: ARTICLE_LINKS.all, source: ADVICE_SOURCES.overview };

/** « 7 restrictions s'appliquent aux particuliers, par exemple « … » et « … » »: a count, never a bare number. */
function householdRestrictionsSentence(restrictions: readonly string[]): string {
  const named = quoted(restrictions.slice(0, 2));
  if (restrictions.length === 0) return "Aucune restriction de l'arrêté ne vise les particuliers.";
  if (restrictions.length === 1) return `1 restriction s'applique aux particuliers : ${named[0]}.`;
  return `${restrictions.length} restrictions s'appliquent aux particuliers, par exemple ${named.join(" et ")}.`;
}

/** The words of every advice, keyed by id. */
export const ADVICE_TEXTS: { [K in AdviceId]: (facts: AdviceFacts[K]) => AdviceWords } = {
  "water-non-compliant": ({ carriedForward }) => {
    const instructions =
      "Si l'eau ne doit pas être bue ou utilisée pour certains usages, votre mairie et l'Agence régionale de santé le font savoir : leurs consignes priment. En cas de doute, renseignez-vous auprès de votre mairie.";
    if (carriedForward) {
      // The newest sample's verdict first, then the older non-compliance that still stands, dated.
      const listed = carriedForward.parameters.map((parameter) => `« ${parameter.name} » (mesuré le ${formatDateFr(parameter.measuredAt)})`);
      const one = carriedForward.parameters.length === 1;
      return {
        ...water,
        title: "Eau du robinet : un résultat non conforme reste le dernier connu",
        text: `Le dernier prélèvement, le ${formatDateFr(carriedForward.sampledAt)}, a été déclaré ${SAMPLE_VERDICT_WORDS[carriedForward.verdict]} par l'Agence régionale de santé, mais il ne comprenait pas de nouvelle mesure de ${listed.join(" ni de ")} : ${one ? "ce résultat, au-dessus de la limite de qualité, reste le dernier connu" : "ces résultats, au-dessus de la limite de qualité, restent les derniers connus"}. ${instructions}`,
      };
    }
    return {
      ...water,
      title: "Eau non conforme : suivez les consignes officielles",
      text: `Le contrôle sanitaire a relevé une non-conformité sur votre réseau. ${instructions}`,
    };
  },

  // ARS guidance (DATA-SOURCES.md): above 50 mg/L pregnant women and infants under 6 months do not
  // drink the water (bottled water labelled suitable for infant feeding); above 100 mg/L nobody
  // does. Others may drink it only when nothing else is wrong with it (germs found: no such word).
  "water-nitrates": ({ mgPerL, band, germsDetected }) => {
    const value = `${formatNumberFr(mgPerL, 1)}${NBSP}mg/L`;
    const germs = germsDetected ? " Des germes ont aussi été détectés : pour tous les usages de l'eau, suivez les consignes de votre mairie et de l'ARS." : "";
    if (band === "above-100") {
      return {
        ...water,
        title: "Nitrates au-delà de 100 mg/L : ne buvez pas l'eau du robinet",
        text: `Le dernier résultat (${value}) dépasse 100${NBSP}mg/L. À ce niveau, les agences régionales de santé recommandent que personne ne boive l'eau du robinet ni ne l'utilise pour préparer les repas ou les biberons : utilisez de l'eau embouteillée.${germs}`,
      };
    }
    if (band === "above-limit") {
      const others = germsDetected ? germs : " Pour les autres personnes, la présence de nitrates à ce niveau ne justifie pas de restriction.";
      return {
        ...water,
        title: "Nitrates au-dessus de la limite : précautions pour les femmes enceintes et les nourrissons",
        text: `Le dernier résultat (${value}) dépasse la limite de 50${NBSP}mg/L. Les agences régionales de santé recommandent que les femmes enceintes et les nourrissons de moins de 6 mois ne boivent pas l'eau du robinet et qu'elle ne serve ni aux biberons ni aux repas des nourrissons : utilisez une eau embouteillée portant la mention « convient pour la préparation des aliments des nourrissons ».${others}`,
      };
    }
    return {
      ...water,
      title: "Nitrates conformes, proches de la limite de qualité",
      text: `Le dernier résultat (${value}) est conforme : il reste sous la limite de 50${NBSP}mg/L, fixée pour protéger les femmes enceintes et les nourrissons. Aucune précaution n'est demandée à ce niveau. Au-delà de 50${NBSP}mg/L, ces personnes devraient utiliser une autre eau pour boire et préparer les biberons.${germs}`,
    };
  },

  "water-pesticides": ({ total, substance, microgramsPerL }) => ({
    ...water,
    title: "Pesticides au-dessus de la limite de qualité",
    text: `${total ? "Le total des pesticides" : substance} atteint ${formatNumberFr(microgramsPerL, 3)}${NBSP}µg/L (limite de qualité${NBSP}: ${total ? `0,5${NBSP}µg/L pour le total` : `0,1${NBSP}µg/L par substance`}). Ces limites sont des valeurs de précaution, pas des seuils de toxicité${NBSP}: tant que la valeur reste sous la valeur sanitaire maximale établie par l'Anses, l'ARS maintient en général l'eau consommable, avec une surveillance renforcée. Lisez la conclusion sanitaire de votre réseau et suivez les consignes de l'ARS.`,
  }),

  // Arrêté du 11 janvier 2007 as amended: the sum of 20 PFAS has a limite de qualité of 0,1 µg/L
  // for samples from 1 January 2026 (never a « référence », never a « valeur de gestion »); one of
  // the 20 alone above it puts the sum above it.
  "water-pfas": ({ microgramsPerL, substance, measuredBeforeLimit }) => {
    const value = `${formatNumberFr(microgramsPerL, 3)}${NBSP}µg/L`;
    const limit = `${formatNumberFr(PFAS_SUM_LIMIT.microgramsPerL)}${NBSP}µg/L`;
    const since = formatDateFr(PFAS_SUM_LIMIT.from);
    if (measuredBeforeLimit) {
      const measured = substance
        ? `Le ${substance}, mesuré le ${formatDateFr(measuredBeforeLimit)}, atteignait à lui seul ${value} : la somme des 20 PFAS dépassait donc ${limit}.`
        : `La somme des 20 PFAS, mesurée le ${formatDateFr(measuredBeforeLimit)}, atteignait ${value}.`;
      return {
        ...water,
        title: "PFAS : dernière mesure antérieure à la limite de qualité",
        text: `${measured} Aucune limite ne s'appliquait à cette date ; depuis le ${since}, la somme des 20 PFAS a une limite de qualité de ${limit}. Aucune mesure plus récente n'est publiée pour votre réseau : suivez les informations de votre mairie et de l'Agence régionale de santé.`,
      };
    }
    const measured = substance
      ? `Le ${substance} atteint à lui seul ${value} : la somme des 20 PFAS dépasse donc la limite de qualité de ${limit}, en vigueur depuis le ${since}.`
      : `La somme des 20 PFAS atteint ${value}, au-dessus de la limite de qualité de ${limit} en vigueur depuis le ${since}.`;
    return {
      ...water,
      title: "PFAS au-dessus de la limite de qualité",
      text: `${measured} La personne responsable de la distribution de l'eau doit engager des actions correctives, sous le contrôle de l'ARS ; suivez les informations de votre mairie et de l'Agence régionale de santé.`,
    };
  },

  "water-lead": ({ microgramsPerL }) => ({
    ...water,
    title: "Plomb : laissez couler l'eau avant de la boire",
    text: `Du plomb a été mesuré (${formatNumberFr(microgramsPerL, 1)}${NBSP}µg/L ; limite de qualité 10${NBSP}µg/L). Le plomb vient le plus souvent de canalisations anciennes : après une période sans usage, laissez couler l'eau froide une à deux minutes avant de la boire ou de cuisiner, et cuisinez uniquement à l'eau froide.`,
  }),

  "water-watch": ({ tapOnlyExceedance }) => ({
    ...water,
    title: "Eau du robinet : un résultat à suivre",
    text: tapOnlyExceedance
      ? "Un dépassement a été mesuré au robinet d'un bâtiment pour le plomb, le cuivre ou le nickel : il reflète surtout les canalisations de ce bâtiment. Si votre logement a des canalisations anciennes, laissez couler l'eau froide une à deux minutes avant de la boire. Suivez les consignes de votre mairie et de l'ARS."
      : "Un résultat dépasse une référence de qualité (un indicateur du bon fonctionnement des installations, pas une limite sanitaire), ou une limite fait l'objet d'une dérogation préfectorale. Aucune restriction n'est liée à ce seul constat : suivez les éventuelles consignes de votre mairie et de l'ARS.",
  }),

  "air-event": () => ({
    link: ARTICLE_LINKS.air,
    source: ADVICE_SOURCES.airEpisode,
    title: "Événement exceptionnel signalé par l'agence de surveillance de l'air",
    text: "L'indice du jour signale un événement exceptionnel (incendie, panache industriel…) plutôt qu'un niveau de pollution. Suivez les informations de votre préfecture et de votre agence régionale de surveillance de la qualité de l'air ; en cas de gêne respiratoire, demandez conseil à un professionnel de santé.",
  }),

  "air-poor": ({ reason, ozone }) => {
    const why =
      reason.kind === "index"
        ? `Indice du jour${reason.estimated ? " (estimation modélisée)" : ""} : ${reason.label}${reason.pollutant ? `, d'après ${AIR_POLLUTANT_NAMES[reason.pollutant].after}` : ""}.`
        : `Particules fines PM2,5 : ${formatNumberFr(reason.microgramsPerM3, 1)}${NBSP}µg/m³ en moyenne sur la journée (estimation modélisée).`;
    const ozoneSentence =
      ozone === "responsible"
        ? " Les jours d'ozone, évitez l'effort physique l'après-midi, quand il est le plus présent."
        : ozone === "season"
          ? " D'avril à septembre, l'ozone est plus présent l'après-midi par temps chaud et ensoleillé : préférez le matin pour l'effort physique."
          : "";
    return {
      link: ARTICLE_LINKS.air,
      source: ADVICE_SOURCES.airDecree,
      title: "Air dégradé : adaptez vos activités à l'extérieur",
      text: `${why} Les personnes vulnérables (femmes enceintes, nourrissons et jeunes enfants, personnes de plus de 65 ans ou atteintes de maladies cardiaques ou respiratoires) réduisent et allègent leurs activités à l'extérieur et évitent les grands axes routiers. Chacun limite le sport intense.${ozoneSentence} Continuez d'aérer votre logement ; en cas de gêne respiratoire, demandez conseil à un professionnel de santé.`,
    };
  },

  "air-moderate": ({ ozone }) => {
    const ozoneSentence =
      ozone === "responsible"
        ? " L'ozone, qui fixe le niveau du jour, est plus présent l'après-midi."
        : ozone === "season"
          ? " D'avril à septembre, l'ozone est plus présent l'après-midi par temps chaud et ensoleillé : le matin convient mieux à l'effort physique."
          : "";
    return {
      link: ARTICLE_LINKS.air,
      source: ADVICE_SOURCES.airEpisode,
      title: "Qualité de l'air moyenne",
      text: `Rien ne change pour la plupart des personnes. Les personnes sensibles peuvent privilégier des activités physiques modérées et s'éloigner des axes à fort trafic.${ozoneSentence}`,
    };
  },

  "drought-severe": ({ levelLabel, householdRestrictions, zoneType }) => ({
    ...drought,
    title: `Sécheresse : niveau ${levelLabel.toLowerCase()}`,
    text: `Des restrictions strictes sont en vigueur dans votre zone${zoneType ? ` (${zoneType})` : ""}. ${householdRestrictionsSentence(householdRestrictions)} Respectez l'arrêté préfectoral : l'eau potable, pour boire et pour l'hygiène, reste l'usage prioritaire.`,
  }),

  "drought-alert": ({ householdRestrictions, zoneType }) => ({
    ...drought,
    title: "Sécheresse : niveau alerte",
    text: `Certains usages de l'eau sont limités dans votre zone${zoneType ? ` (${zoneType})` : ""}. ${householdRestrictionsSentence(householdRestrictions)} Consultez l'arrêté préfectoral et économisez l'eau au quotidien.`,
  }),

  "bathing-prohibited": ({ sites }) => ({
    ...bathing,
    title: "Baignade interdite près de chez vous",
    text: `${quoted(sites).join(", ")} : une interdiction de baignade est en vigueur. Respectez-la, même si l'eau paraît claire : elle protège d'une pollution ou d'un danger qui ne se voit pas toujours.`,
  }),

  "bathing-cyanobacteria": () => ({
    ...bathing,
    title: "Cyanobactéries signalées",
    text: "Évitez de vous baigner là où l'eau est trouble, colorée ou couverte d'écume, et tenez les enfants et les chiens à distance. Ne buvez pas l'eau, douchez-vous après la baignade et consultez un médecin en cas de symptômes (irritations, troubles digestifs).",
  }),

  "bathing-poor": ({ sites }) => ({
    ...bathing,
    title: "Qualité de l'eau de baignade insuffisante",
    text: `${quoted(sites).join(", ")} : les derniers résultats ne sont pas bons. Préférez un autre site, évitez de boire la tasse, surtout après un orage, et douchez-vous en sortant de l'eau.`,
  }),

  "no-data": () => ({
    ...general,
    title: "Données momentanément incomplètes",
    text: "Les données officielles n'ont pas pu être obtenues pour votre adresse. Aucune conclusion ne peut en être tirée : réessayez dans quelques minutes.",
  }),

  "all-clear": () => ({
    ...general,
    title: "Bonne nouvelle !",
    text: "Les données disponibles pour votre adresse ne demandent aucune précaution particulière aujourd'hui. Les situations évoluent : revenez consulter votre bilan de temps en temps.",
  }),
};

/** An advice in words, in French typography (no-break spaces before : ; ! ? and inside « »). */
export function renderAdviceWords<K extends AdviceId>(advice: AdviceOf<K>): AdviceWords {
  const render: (facts: AdviceFacts[K]) => AdviceWords = ADVICE_TEXTS[advice.id];
  const words = render(advice.facts);
  return { ...words, title: frenchTypography(words.title), text: frenchTypography(words.text) };
}
