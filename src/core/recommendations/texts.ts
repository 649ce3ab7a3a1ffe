// The words of the advice, apart from the rules that choose it (select.ts): one entry per advice
// id, from its facts to its title, text, article link and public source. Sentences are typed with
// ordinary spaces; `renderAdvice` applies French typography. Advice is general and never
// diagnoses: the official instructions of the ARS, the prefecture or the town hall prevail.
import { AIR_POLLUTANT_NAMES } from "../../sections/air/atmo-scale.ts";
import { formatDateFr, formatNumberFr, frenchTypography, NBSP } from "../shared/format.ts";
import { DRINKING_WARNINGS } from "./drinking.ts";
import { NETWORK_NOT_IDENTIFIED, NO_ANALYSIS_FOR_NETWORK, SAMPLE_VERDICT_WORDS } from "../../sections/water/notes.ts";
import { PFAS_SUM_LIMIT } from "../../sections/water/parameters.ts";
import type { AirPollutantCode, Recommendation, UvCategory } from "../types.ts";
import { weatherAttentiveWords, weatherWarningWords, type WeatherAttentiveFacts, type WeatherWarningFacts } from "./weather.ts";

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
  /** the DGS's report on nitrates in tap water, with the sanitary guidance above 50 and above 100 mg/L */
  nitratesAbove100: {
    name: "Ministère chargé de la santé (DGS) – La qualité de l'eau potable vis-à-vis des nitrates",
    url: "https://eaufrance.fr/publications/la-qualite-de-leau-potable-vis-vis-des-nitrates-donnees-2015",
  },
  /** ANSES: how a pesticide metabolite is classed relevant or not for drinking water (0,9 µg/L for the non-relevant) */
  metabolites: {
    name: "Anses – Métabolites de pesticides dans l'eau du robinet : pertinents ou non",
    url: "https://www.anses.fr/fr/content/surveillance-de-la-qualit%C3%A9-des-eaux-de-consommation-et-protection-de-la-sant%C3%A9-humaine-l",
  },
  overview: { name: "Les sources officielles de Zone Santé", url: "/sources" },
  bathing: { name: "Ministère chargé de la santé – eaux de baignade", url: "https://baignades.sante.gouv.fr/" },
  drought: { name: "VigiEau – ministère de la Transition écologique", url: "https://vigieau.gouv.fr/" },
  /** the French public-health recommendations per UV index (HCSP, avis du 2 mai 2019, asked by the DGS) */
  uv: {
    name: "Haut Conseil de la santé publique – recommandations sanitaires associées aux index UV (2 mai 2019)",
    url: "https://www.hcsp.fr/Explore.cgi/AvisRapportsDomaine?clefr=723",
  },
  /** Géorisques: measure with a detector from an accredited laboratory, at least 2 months from mid-September to the end of February */
  radon: {
    name: "Géorisques – Réduire sa vulnérabilité face au risque radon",
    url: "https://www.georisques.gouv.fr/reduire-sa-vulnerabilite-face-au-risque-radon",
  },
  /** the ministry's advice to people allergic to pollen (page « Pollens et allergies ») */
  pollen: {
    name: "Ministère chargé de la santé – pollens et allergies",
    url: "https://sante.gouv.fr/sante-et-environnement/air-exterieur/pollens-et-allergies/",
  },
} as const;

/**
 * Why an air advice may speak of ozone: ozone sets today's level, or it is the ozone season
 * (April to September, when sun and heat form it in the afternoon). Otherwise it says nothing of it.
 */
export type OzoneNote = "responsible" | "season" | null;

/**
 * A section that could not be checked and why: its source failed (`unavailable`), it published
 * nothing for the address (`not-published`), or a drought zone's level is not one we know.
 */
export type UncheckedSection =
  | { section: "water" | "air" | "drought"; reason: "unavailable" | "not-published" }
  | { section: "water"; reason: "no-network" }
  | { section: "drought"; reason: "unrecognised" };

const UNCHECKED_SENTENCES = {
  water: {
    unavailable: "La qualité de l'eau du robinet n'a pas pu être vérifiée : les résultats du contrôle sanitaire sont momentanément indisponibles.",
    "not-published": `La qualité de l'eau du robinet n'a pas pu être vérifiée : ${NO_ANALYSIS_FOR_NETWORK}.`,
    "no-network": `La qualité de l'eau du robinet n'a pas pu être vérifiée : ${NETWORK_NOT_IDENTIFIED.charAt(0).toLowerCase()}${NETWORK_NOT_IDENTIFIED.slice(1)}.`,
  },
  air: {
    unavailable: "La qualité de l'air n'a pas pu être vérifiée : les données sont momentanément indisponibles.",
    "not-published":
      "La qualité de l'air n'a pas pu être vérifiée : aucun indice n'est publié aujourd'hui pour votre commune et aucune estimation n'est disponible.",
  },
  drought: {
    unavailable: "Les restrictions d'eau liées à la sécheresse n'ont pas pu être vérifiées : VigiEau est momentanément indisponible.",
    "not-published": "Les restrictions d'eau liées à la sécheresse n'ont pas pu être vérifiées.",
    unrecognised: "Le niveau de restriction d'une zone de sécheresse n'est pas reconnu : consultez l'arrêté préfectoral.",
  },
} as const;

function describeUnchecked(unchecked: UncheckedSection): string {
  const sentences: Record<string, string> = UNCHECKED_SENTENCES[unchecked.section];
  return sentences[unchecked.reason] ?? "";
}

/** The facts each advice is written from: values, units, names and flags, never sentences. */
/** One day of the UV advice: the model's rounded maximum and its WHO category. */
export interface UvAdviceDay {
  when: "today" | "tomorrow";
  date: string;
  uvIndex: number;
  label: string;
  category: UvCategory;
}

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
    /** the laboratory wrote « >x »: at least that much */
    lowerBound: boolean;
    /** which ARS guidance applies: above the 50 mg/L limit (up to 100 mg/L), or compliant near it */
    band: "above-limit" | "near-limit";
    /** germs found at the last analysis: the water's other uses are in question too */
    germsDetected: boolean;
    arsInstruction: string | null;
  };
  /** above 100 mg/L (or « >100 »): nobody drinks the water */
  "water-nitrates-above-100": { mgPerL: number; lowerBound: boolean; germsDetected: boolean };
  "water-pesticides": { total: boolean; substance: string; microgramsPerL: number; arsInstruction: string | null };
  /**
   * substance: one of the 20 PFAS alone above 0,1 µg/L (null: the sum); measuredBeforeLimit: the
   * sample's date when it was taken before 1 January 2026, when no limit applied (null otherwise)
   */
  "water-pfas": { microgramsPerL: number; substance: string | null; measuredBeforeLimit: string | null };
  "water-lead": { microgramsPerL: number };
  /** why the card reads « À surveiller »: each reason that applies is said in its own words */
  "water-watch": {
    /** lead, copper or nickel above their limit at one building's tap only */
    tapOnly: boolean;
    /** a limit exceeded under a prefectoral derogation (ARS flag D) */
    derogation: boolean;
    /** a référence de qualité exceeded (an indicator, not a health limit) */
    referenceExceeded: boolean;
    /** a pesticide metabolite classed non-relevant by ANSES, above its 0,9 µg/L valeur indicative */
    metabolite: { name: string; microgramsPerL: number } | null;
    arsInstruction: string | null;
  };
  "air-event": Record<string, never>;
  "air-poor": {
    reason: { kind: "index"; label: string; estimated: boolean; pollutant: AirPollutantCode | null } | { kind: "pm25"; microgramsPerM3: number };
    ozone: OzoneNote;
  };
  /** estimated: the level is the CAMS model's, not an official index */
  "air-moderate": { ozone: OzoneNote; estimated: boolean };
  /**
   * waters: the water(s) the level is about, as the headline names them (« eau souterraine »);
   * tapRestricted: a drinking-water zone (AEP) is in force — else the tap's water is not restricted.
   */
  "drought-severe": { levelLabel: string; householdRestrictions: string[]; waters: string; tapRestricted: boolean };
  "drought-alert": { householdRestrictions: string[]; waters: string; tapRestricted: boolean };
  "drought-vigilance": { householdRestrictions: string[]; waters: string };
  /**
   * the indice pollen is « Modéré » or worse today or tomorrow (decision 070): the worst of the
   * two days, in the agency's words, with the taxa it names (French names)
   */
  "pollen-allergy": { label: string; code: number; when: "today" | "tomorrow"; responsible: string[] };
  "bathing-prohibited": { sites: string[] };
  /**
   * today's and tomorrow's forecast UV (a model's) that reach « Modéré » or worse, today first;
   * category and label: the worse day's (the WHO's), which chooses the HCSP's words
   */
  "uv-protection": { days: UvAdviceDay[]; category: UvCategory; label: string };
  /** a ban of this season last seen on the ministry's page more than a day ago (readOn: local day) */
  "bathing-prohibition-unconfirmed": { sites: Array<{ name: string; readOn: string | null }> };
  "bathing-cyanobacteria": Record<string, never>;
  /**
   * the radon potential category (arrêté du 27 juin 2018: 3 significant, 2 low with particular
   * geological factors) of the place the arrêté classes: the commune, the address's former commune
   * (`today`: the commune nouvelle), its arrondissement, or — `part` — some of the commune's former
   * communes or arrondissements (`names`) when the others are classed lower
   */
  radon: {
    category: 2 | 3;
    place:
      | { kind: "commune" }
      | { kind: "former_commune"; name: string; today: string }
      | { kind: "arrondissement"; name: string }
      | { kind: "part"; names: string[] };
  };
  /**
   * poorClassement: the year of an « Insuffisante » classement (set on the last four seasons);
   * lastSample: the latest sample of this season, whatever its verdict
   */
  "bathing-poor": { sites: Array<{ name: string; poorClassement: number | null; lastSample: { date: string; verdict: "Bon" | "Moyen" | "Mauvais" } | null }> };
  /** water, air or drought that could not be checked: each named, never good news */
  unchecked: { sections: UncheckedSection[] };
  "all-clear": Record<string, never>;
  /** Météo-France vigilance orange or red for the département, today or tomorrow (issue 26) */
  "weather-warning": WeatherWarningFacts;
  /** Météo-France vigilance yellow only */
  "weather-attentive": WeatherAttentiveFacts;
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

/** « 62 mg/L », or « plus de 100 mg/L » when the laboratory wrote « >100 ». */
const nitratesValue = (mgPerL: number, lowerBound: boolean) => `${lowerBound ? "plus de " : ""}${formatNumberFr(mgPerL, 1)}${NBSP}mg/L`;

/** The ARS's own conclusion, when it restricts the use of the water: quoted, and it prevails. */
const arsInstructionSentence = (conclusion: string) =>
  `La conclusion officielle de l'ARS sur le dernier prélèvement comporte une consigne : « ${conclusion.trim().replace(/\s*[.!]$/, "")} ». Elle prime sur ce conseil général : suivez-la.`;

const GERMS_SENTENCE = " Des germes ont aussi été détectés : pour tous les usages de l'eau, suivez les consignes de votre mairie et de l'ARS.";

/**
 * « « LE CASINO » : classement « Insuffisante » (2025), établi sur les quatre dernières saisons ;
 * le dernier prélèvement, le 14 juillet 2026, est « Bon ». »
 */
function describePoorBathingSite(site: AdviceFacts["bathing-poor"]["sites"][number]): string {
  const sample = site.lastSample ? `le dernier prélèvement, le ${formatDateFr(site.lastSample.date)}, est « ${site.lastSample.verdict} »` : null;
  const classement = site.poorClassement !== null ? `classement « Insuffisante » (${site.poorClassement}), établi sur les quatre dernières saisons` : null;
  return `« ${site.name} » : ${[classement, sample].filter((part): part is string => part !== null).join(" ; ")}.`;
}

const water = { link: ARTICLE_LINKS.water, source: ADVICE_SOURCES.water };
const bathing = { link: ARTICLE_LINKS.bathing, source: ADVICE_SOURCES.bathing };
const drought = { link: ARTICLE_LINKS.drought, source: ADVICE_SOURCES.drought };
const general = { link: ARTICLE_LINKS.all, source: ADVICE_SOURCES.overview };
const uv = { link: ARTICLE_LINKS.all, source: ADVICE_SOURCES.uv };

/** « 7 restrictions s'appliquent aux particuliers, par exemple « … » et « … » »: a count, never a bare number. */
function householdRestrictionsSentence(restrictions: readonly string[]): string {
  const named = quoted(restrictions.slice(0, 2));
  if (restrictions.length === 0) return "Aucune restriction de l'arrêté ne vise les particuliers.";
  if (restrictions.length === 1) return `1 restriction s'applique aux particuliers : ${named[0]}.`;
  return `${restrictions.length} restrictions s'appliquent aux particuliers, par exemple ${named.join(" et ")}.`;
}

/** VigiEau's own conclusion when no drinking-water zone is in force: the level is the rivers' or the groundwater's, not the tap's. */
const tapNotRestricted = (tapRestricted: boolean) => (tapRestricted ? "" : " L'eau du robinet n'est pas concernée par des restrictions à votre adresse.");

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

  // ARS guidance (decision 029): above 50 mg/L pregnant women and infants under 6 months do not
  // drink the water (bottled water labelled suitable for infant feeding). Others may drink it only
  // when nothing else is wrong with it (germs found: no such word). Above 100 mg/L: its own entry.
  "water-nitrates": ({ mgPerL, lowerBound, band, germsDetected, arsInstruction }) => {
    const value = nitratesValue(mgPerL, lowerBound);
    const germs = germsDetected ? GERMS_SENTENCE : "";
    const ars = arsInstruction ? ` ${arsInstructionSentence(arsInstruction)}` : "";
    if (band === "above-limit") {
      // « Others may drink it » only when nothing else is wrong and the ARS's conclusion restricts nothing.
      const others =
        germsDetected || arsInstruction ? `${germs}${ars}` : " Pour les autres personnes, la présence de nitrates à ce niveau ne justifie pas de restriction.";
      return {
        ...water,
        title: "Nitrates au-dessus de la limite : précautions pour les femmes enceintes et les nourrissons",
        // Who must not drink it first, in its own sentence, then what to drink instead (drinking.ts: the alert says the same).
        text: `${DRINKING_WARNINGS.vulnerable.who} ${DRINKING_WARNINGS.vulnerable.bottled} Le dernier résultat (${value}) dépasse la limite de qualité de 50${NBSP}mg/L.${others}`,
      };
    }
    return {
      ...water,
      title: "Nitrates conformes, proches de la limite de qualité",
      text: `Le dernier résultat (${value}) est conforme : il reste sous la limite de 50${NBSP}mg/L, fixée pour protéger les femmes enceintes et les nourrissons. ${arsInstruction ? "Les nitrates seuls ne demandent pas de précaution à ce niveau." : "Aucune précaution n'est demandée à ce niveau."} Au-delà de 50${NBSP}mg/L, ces personnes devraient utiliser une autre eau pour boire et préparer les biberons.${germs}${ars}`,
    };
  },

  // DGS and ANSES (decision 029): above 100 mg/L the water must not be used, by anyone, for
  // drinking nor for preparing food — not only by pregnant women and infants.
  "water-nitrates-above-100": ({ mgPerL, lowerBound, germsDetected }) => ({
    link: ARTICLE_LINKS.water,
    source: ADVICE_SOURCES.nitratesAbove100,
    title: `Nitrates au-delà de 100${NBSP}mg/L : personne ne doit boire l'eau du robinet`,
    text: `${DRINKING_WARNINGS.everyone.who} ${DRINKING_WARNINGS.everyone.bottled} Le dernier résultat (${nitratesValue(mgPerL, lowerBound)}) dépasse 100${NBSP}mg/L. L'eau reste utilisable pour la toilette et le ménage, sauf consigne contraire de votre mairie ou de l'ARS.${germsDetected ? GERMS_SENTENCE : ""}`,
  }),

  "water-pesticides": ({ total, substance, microgramsPerL, arsInstruction }) => ({
    ...water,
    title: "Pesticides au-dessus de la limite de qualité",
    text: `${total ? "Le total des pesticides" : substance} atteint ${formatNumberFr(microgramsPerL, 3)}${NBSP}µg/L (limite de qualité${NBSP}: ${total ? `0,5${NBSP}µg/L pour le total` : `0,1${NBSP}µg/L par substance`}). Ces limites sont des valeurs de précaution, pas des seuils de toxicité${NBSP}: tant que la valeur reste sous la valeur sanitaire maximale établie par l'Anses, l'ARS maintient en général l'eau consommable, avec une surveillance renforcée. ${arsInstruction ? arsInstructionSentence(arsInstruction) : "Lisez la conclusion sanitaire de votre réseau et suivez les consignes de l'ARS."}`,
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

  // Each reason in its own words: a metabolite's 0,9 µg/L is a valeur indicative (ANSES), neither a
  // référence de qualité nor a derogation; a derogation often comes with instructions, so it never
  // reads « no restriction »; the ARS's conclusion, when it restricts, is quoted and prevails.
  "water-watch": ({ tapOnly, derogation, referenceExceeded, metabolite, arsInstruction }) => {
    const sentences = [
      derogation
        ? "Une limite de qualité est dépassée dans le cadre d'une dérogation accordée par le préfet : l'eau peut être distribuée pendant une durée limitée, sous le contrôle de l'ARS, le temps que des travaux rétablissent sa qualité. Une dérogation s'accompagne souvent de consignes pour certaines personnes, par exemple pour la préparation des biberons."
        : null,
      tapOnly
        ? "Un dépassement a été mesuré au robinet d'un bâtiment pour le plomb, le cuivre ou le nickel : il reflète surtout les canalisations de ce bâtiment. Si votre logement a des canalisations anciennes, laissez couler l'eau froide une à deux minutes avant de la boire."
        : null,
      metabolite
        ? `${metabolite.name} atteint ${formatNumberFr(metabolite.microgramsPerL, 3)}${NBSP}µg/L. L'Anses a classé ce métabolite de pesticide « non pertinent » pour l'eau de boisson : il est comparé à une valeur indicative de 0,9${NBSP}µg/L, qui n'est pas une limite de qualité. Son dépassement ne rend pas l'eau non conforme ; il appelle des actions du responsable de l'eau pour réduire sa présence.`
        : null,
      referenceExceeded
        ? "Un résultat dépasse une référence de qualité : c'est un indicateur du bon fonctionnement des installations, pas une limite sanitaire."
        : null,
    ].filter((sentence): sentence is string => sentence !== null);
    const closing = arsInstruction
      ? arsInstructionSentence(arsInstruction)
      : derogation || tapOnly
        ? "Suivez les consignes de votre mairie et de l'ARS."
        : "Ce constat n'entraîne pas à lui seul de restriction : suivez les éventuelles consignes de votre mairie et de l'ARS.";
    const title = derogation
      ? "Eau distribuée sous dérogation : suivez les consignes de l'ARS"
      : tapOnly
        ? "Plomb, cuivre ou nickel au robinet d'un bâtiment"
        : metabolite
          ? "Métabolite de pesticide au-dessus de sa valeur indicative"
          : "Eau du robinet : un résultat à suivre";
    return {
      link: ARTICLE_LINKS.water,
      source: metabolite && !derogation && !tapOnly ? ADVICE_SOURCES.metabolites : ADVICE_SOURCES.water,
      title,
      text: [...(sentences.length > 0 ? sentences : ["Un résultat du contrôle sanitaire de votre réseau est à suivre."]), closing].join(" "),
    };
  },

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
    // The title names the day's own word (Dégradé, Mauvais, Très mauvais, Extrêmement mauvais),
    // never one word for all of them.
    const heading = reason.kind === "index" ? `Air « ${reason.label} »${reason.estimated ? " (estimation)" : ""}` : "Particules fines élevées (estimation)";
    return {
      link: ARTICLE_LINKS.air,
      source: ADVICE_SOURCES.airDecree,
      title: `${heading} : adaptez vos activités à l'extérieur`,
      text: `${why} Les personnes vulnérables (femmes enceintes, nourrissons et jeunes enfants, personnes de plus de 65 ans ou atteintes de maladies cardiaques ou respiratoires) réduisent et allègent leurs activités à l'extérieur et évitent les grands axes routiers. Chacun limite le sport intense.${ozoneSentence} Continuez d'aérer votre logement ; en cas de gêne respiratoire, demandez conseil à un professionnel de santé.`,
    };
  },

  "air-moderate": ({ ozone, estimated }) => {
    const ozoneSentence =
      ozone === "responsible"
        ? " L'ozone, qui fixe le niveau du jour, est plus présent l'après-midi."
        : ozone === "season"
          ? " D'avril à septembre, l'ozone est plus présent l'après-midi par temps chaud et ensoleillé : le matin convient mieux à l'effort physique."
          : "";
    return {
      link: ARTICLE_LINKS.air,
      source: ADVICE_SOURCES.airEpisode,
      title: estimated ? "Qualité de l'air moyenne (estimation du modèle)" : "Qualité de l'air moyenne",
      text: `Rien ne change pour la plupart des personnes. Les personnes sensibles peuvent privilégier des activités physiques modérées et s'éloigner des axes à fort trafic.${ozoneSentence}`,
    };
  },

  "pollen-allergy": ({ label, when, responsible }) => ({
    link: ARTICLE_LINKS.all,
    source: ADVICE_SOURCES.pollen,
    title: `Pollens « ${label} » ${when === "today" ? "aujourd'hui" : "demain"} : conseils aux personnes allergiques`,
    text: `Indice pollen ${when === "today" ? "du jour" : "de demain"} : ${label}${responsible.length > 0 ? ` (${responsible.join(", ")})` : ""}. Si vous êtes allergique aux pollens : rincez-vous les cheveux le soir ; aérez votre logement avant le lever et après le coucher du soleil ; évitez les activités qui vous exposent aux pollens (tonte, jardinage, sport à l'extérieur) ; gardez les vitres fermées en voiture ; ne faites pas sécher le linge dehors ; évitez les autres irritants (tabac, produits d'entretien, parfums d'intérieur). Suivez le traitement prescrit et, si vos symptômes s'aggravent, demandez conseil à un professionnel de santé.`,
  }),

  "drought-severe": ({ levelLabel, householdRestrictions, waters, tapRestricted }) => ({
    ...drought,
    title: `Sécheresse : niveau ${levelLabel.toLowerCase()}${waters ? ` (${waters})` : ""}`,
    text: `Des restrictions strictes sont en vigueur dans votre zone${waters ? ` (${waters})` : ""}. ${householdRestrictionsSentence(householdRestrictions)}${tapNotRestricted(tapRestricted)} Respectez l'arrêté préfectoral : l'eau potable, pour boire et pour l'hygiène, reste l'usage prioritaire.`,
  }),

  "drought-alert": ({ householdRestrictions, waters, tapRestricted }) => ({
    ...drought,
    title: `Sécheresse : niveau alerte${waters ? ` (${waters})` : ""}`,
    text: `Certains usages de l'eau sont limités dans votre zone${waters ? ` (${waters})` : ""}. ${householdRestrictionsSentence(householdRestrictions)}${tapNotRestricted(tapRestricted)} Consultez l'arrêté préfectoral et économisez l'eau au quotidien.`,
  }),

  // VigiEau's own words for the level: « Incitation des particuliers et des professionnels à
  // économiser l'eau » (vigieau.gouv.fr, niveaux de gravité). A call to save water — the tap's
  // too, whatever the zone's water —, not a restriction, and not good news either.
  "drought-vigilance": ({ householdRestrictions, waters }) => ({
    ...drought,
    title: `Sécheresse : vigilance${waters ? ` (${waters})` : ""}`,
    text: `Votre zone${waters ? ` (${waters})` : ""} est en vigilance : VigiEau appelle les particuliers à économiser l'eau.${householdRestrictions.length > 0 ? " Consultez aussi les mesures de l'arrêté préfectoral pour les particuliers." : ""} Arrosez tôt le matin ou le soir, réparez les fuites, préférez la douche au bain et lancez le lave-linge et le lave-vaisselle bien remplis.`,
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

  "bathing-prohibition-unconfirmed": ({ sites }) => ({
    ...bathing,
    title: "Interdiction de baignade signalée",
    text: `${sites
      .map(
        ({ name, readOn }) =>
          `« ${name} » : une interdiction de baignade était affichée${readOn ? ` le ${formatDateFr(readOn)}` : ""} sur le site du ministère.`,
      )
      .join(
        " ",
      )} Le site n'a pas pu être relu depuis : vérifiez sur la fiche officielle ou auprès de la mairie avant de vous baigner, et respectez tout panneau sur place.`,
  }),

  // A classement is set on the last four seasons (directive 2006/7/CE, art. 4(2)); the latest
  // sample is one day's result: each is named for what it is, never one for the other.
  "bathing-poor": ({ sites }) => ({
    ...bathing,
    title: sites.every((site) => site.lastSample?.verdict !== "Mauvais")
      ? "Eau de baignade classée « Insuffisante »"
      : sites.every((site) => site.poorClassement === null)
        ? "Eau de baignade : dernier prélèvement « Mauvais »"
        : "Eau de baignade : prélèvement « Mauvais » ou classement « Insuffisante »",
    text: `${sites.map(describePoorBathingSite).join(" ")} Préférez un autre site, évitez de boire la tasse, surtout après un orage, et douchez-vous en sortant de l'eau.`,
  }),

  // The HCSP (avis du 2 mai 2019) asks that protection start at index 3 and be said in this order:
  // the hours to avoid first (12 h to 16 h, when the sun is highest), then covering clothes, then
  // the other protections (a wide-brimmed hat, which shades ears and neck as a cap does not,
  // sunglasses), sunscreen last (it only completes them). 8 to 10 call for more, 11 and above for
  // no exposure at all in those hours (the WHO guide, 2002: « unprotected skin can burn in
  // minutes »): « Extrême » is never worded as « Très élevé ». Babies under one year are not
  // exposed to the sun (HCSP, avis complémentaire du 29 mai 2020).
  "uv-protection": ({ days, category, label }) => {
    const dayWord = (day: UvAdviceDay) => (day.when === "today" ? "aujourd'hui" : `demain (${formatDateFr(day.date)})`);
    const dayForecast = (day: UvAdviceDay) => `${day.uvIndex} (« ${day.label} ») ${dayWord(day)}`;
    const forecast = `Prévision d'un modèle météorologique : indice UV maximal ${days.map(dayForecast).join(" et ")}.`;
    const worstDays = days.filter((day) => day.category === category).map((day) => (day.when === "today" ? "aujourd'hui" : "demain"));
    const headline = `Indice UV « ${label} » ${worstDays.join(" et ")}`;
    const hours = `entre 12${NBSP}h et 16${NBSP}h`;
    const babies = "Les bébés de moins d'un an ne doivent pas être exposés au soleil.";
    const words: Record<UvCategory, { title: string; text: string }> = {
      // Never said (no advice below 3), but the record is total.
      faible: { title: `${headline} : protégez-vous du soleil`, text: "" },
      modere: {
        title: `${headline} : protégez-vous du soleil`,
        text: `À partir de 3, protégez-vous : recherchez l'ombre ${hours}, aux heures les plus ensoleillées ; portez des vêtements couvrants, un chapeau à larges bords et des lunettes de soleil ; une crème solaire complète ces protections sur la peau qui reste découverte.`,
      },
      eleve: {
        title: `${headline} : protégez-vous du soleil`,
        text: `Réduisez le temps passé au soleil ${hours}, aux heures les plus ensoleillées, et recherchez l'ombre ; portez des vêtements couvrants, un chapeau à larges bords et des lunettes de soleil ; une crème solaire complète ces protections sur la peau qui reste découverte.`,
      },
      tres_eleve: {
        title: `${headline} : protection renforcée`,
        text: `Évitez de sortir ${hours}, aux heures les plus ensoleillées, et restez à l'ombre ; des vêtements couvrants, un chapeau à larges bords et des lunettes de soleil sont indispensables, avec une crème solaire en complément sur la peau qui reste découverte.`,
      },
      extreme: {
        title: `${headline} : évitez toute exposition au soleil`,
        text: `Ne vous exposez pas au soleil ${hours}, même peu de temps : une peau non protégée peut brûler en quelques minutes. Le reste de la journée, restez à l'ombre autant que possible, avec des vêtements couvrants, un chapeau à larges bords et des lunettes de soleil, et une crème solaire en complément sur la peau qui reste découverte.`,
      },
    };
    const chosen = words[category];
    return { ...uv, title: chosen.title, text: `${forecast} ${chosen.text} ${babies}` };
  },
  // Géorisques (« Réduire sa vulnérabilité face au risque radon »): only a measurement tells the
  // concentration in a home; detectors from an accredited laboratory, about 20 euros analysis
  // included, at least 2 months from mid-September to the end of February, in living rooms. The
  // reference level: 300 Bq/m³ as an annual mean (code de la santé publique, article R. 1333-28).
  radon: ({ category, place }) => {
    const meaning =
      category === 3
        ? "en catégorie 3 (potentiel radon significatif) dans le classement officiel de l'arrêté du 27 juin 2018"
        : "en catégorie 2 dans le classement officiel de l'arrêté du 27 juin 2018 : potentiel radon faible, mais des facteurs géologiques particuliers peuvent faciliter le transfert du radon vers les bâtiments";
    const where =
      place.kind === "former_commune"
        ? `L'ancienne commune de ${place.name} (aujourd'hui ${place.today}), où se trouve votre adresse, est ${meaning}.`
        : place.kind === "arrondissement"
          ? `Votre arrondissement (${place.name}) est ${meaning}.`
          : place.kind === "part"
            ? `Dans votre commune, l'arrêté du 27 juin 2018 classe ${category === 3 ? "en catégorie 3 (potentiel radon significatif)" : "en catégorie 2 (potentiel radon faible, mais des facteurs géologiques particuliers peuvent faciliter le transfert du radon vers les bâtiments)"} : ${place.names.join(", ")}. Si votre logement s'y trouve,`
            : `Votre commune est ${meaning}.`;
    const title =
      place.kind === "part"
        ? category === 3
          ? "Radon : une partie de la commune est à potentiel radon significatif"
          : "Radon : dans une partie de la commune, des facteurs géologiques peuvent faciliter son entrée"
        : category === 3
          ? `Radon : ${place.kind === "former_commune" ? "ancienne commune" : place.kind === "arrondissement" ? "arrondissement" : "commune"} à potentiel radon significatif`
          : "Radon : des facteurs géologiques peuvent faciliter son entrée";
    return {
      link: ARTICLE_LINKS.all,
      source: ADVICE_SOURCES.radon,
      title,
      text: `${where} ${place.kind === "part" ? "le" : "Le"} radon, gaz radioactif naturel venu du sol, peut s'accumuler dans l'air intérieur ; le seul moyen de connaître sa concentration chez vous est de la mesurer : un détecteur se commande auprès d'un laboratoire accrédité (environ 20${NBSP}euros, analyse comprise) et se pose au moins 2${NBSP}mois entre mi-septembre et fin février, dans une pièce de vie, si possible au rez-de-chaussée. Le niveau de référence est de 300${NBSP}Bq/m³ en moyenne annuelle (code de la santé publique, article R. 1333-28). Aérez votre logement et ne bouchez pas les entrées d'air : l'aération et la ventilation font varier la concentration de radon.`,
    };
  },

  // Never good news: what could not be checked, each section by name (decision 054).
  unchecked: ({ sections }) => {
    const retry = sections.some((unchecked) => unchecked.reason === "unavailable");
    return {
      ...general,
      title: sections.every((unchecked) => unchecked.reason === "unavailable")
        ? "Données momentanément incomplètes"
        : "Bilan incomplet : tout n'a pas pu être vérifié",
      text: `${sections.map(describeUnchecked).join(" ")} Ce bilan ne permet donc pas de conclure sur ${sections.length > 1 ? "ces points" : "ce point"}${retry ? " : réessayez dans quelques minutes" : ""}.`,
    };
  },

  "weather-warning": (facts) => ({ link: ARTICLE_LINKS.all, ...weatherWarningWords(facts) }),
  "weather-attentive": (facts) => ({ link: ARTICLE_LINKS.all, ...weatherAttentiveWords(facts) }),

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
