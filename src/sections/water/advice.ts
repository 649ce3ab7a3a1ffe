// The tap water section's advice: the ARS's non-compliance, nitrates, pesticides, PFAS and lead
// above their limits, and why a result is « à surveiller »; the ARS's own conclusion prevails when
// it restricts the use of the water. Pure: the section is passed in.
import type { AdviceChoice, AdviceTexts, SectionAdvice } from "../../core/recommendations/advice.ts";
import { formatDateFr, formatNumberFr, NBSP } from "../../core/shared/format.ts";
import type { WaterParameterView, WaterQualitySection } from "../../core/types.ts";
import { conclusionRestrictsUse } from "./conclusion.ts";
import { DRINKING_WARNINGS, nitratesReading, nitratesRestriction } from "./drinking.ts";
import { conversionFactor } from "./measurements.ts";
import { carriedForwardNonCompliance, NETWORK_NOT_IDENTIFIED, NO_ANALYSIS_FOR_NETWORK, SAMPLE_VERDICT_WORDS } from "./notes.ts";
import { PFAS_SUM_LIMIT, pfasRoleOf } from "./parameters.ts";

/** Thresholds of the rules (decision 029): nitrates > 40 mg/L, a pesticide > 0,1 µg/L or the total > 0,5 µg/L. */
export const WATER_ADVICE_THRESHOLDS = {
  nitratesMgPerL: 40,
  pesticidesMicrogramsPerL: 0.1,
  pesticidesTotalMicrogramsPerL: 0.5,
  pfasMicrogramsPerL: 0.1,
  leadMicrogramsPerL: 5,
} as const;

const WATER_REFERENCE = {
  link: "/blog/impact-eau-sante",
  source: { name: "Ministère chargé de la santé – eau du robinet", url: "https://sante.gouv.fr/sante-et-environnement/eaux/eau" },
} as const;

const WATER_ADVICE_SOURCES = {
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
} as const;

export interface WaterAdviceFacts {
  /**
   * The tap water could not be checked (decision 084): Hub'Eau did not answer (`unavailable`, an
   * official source unread where the stakes are high), no analysis is published for the network
   * (`not-published`), or no network is known for the address (`no-network`).
   */
  "water-unchecked": { reason: "unavailable" | "not-published" | "no-network" };
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
}

type WaterAdvice = AdviceChoice<WaterAdviceFacts>;

const byCode = (parameters: readonly WaterParameterView[], code: string) => parameters.find((parameter) => parameter.code === code);

/** A measured value in µg/L, with the water rules' own unit reading; null below quantification or in another unit. */
function inMicrogramsPerLitre(parameter: WaterParameterView | undefined): number | null {
  if (!parameter?.unite_mesure || parameter.value === null || parameter.resultat_alphanumerique.trim().startsWith("<")) return null;
  const factor = conversionFactor(parameter.unite_mesure, "µg/L");
  return factor === null ? null : parameter.value * factor;
}

/** What the tap water's advice says when it could not be checked; null when it was. */
function uncheckedWater(water: WaterQualitySection): WaterAdvice | null {
  if (!water.success)
    return { id: "water-unchecked", category: "water", severity: "warning", basis: "unread", vulnerable: false, facts: { reason: "unavailable" } };
  // No network known for the address and a known network without analyses are two cases, each in its own words.
  if (water.level === "unavailable")
    return { id: "water-unchecked", category: "water", severity: "info", vulnerable: false, facts: { reason: water.udi ? "not-published" : "no-network" } };
  return null;
}

/** The advice a parameter gives that already says why the water is non-compliant. */
const EXPLAINS_NON_COMPLIANCE = new Set(["water-nitrates", "water-nitrates-above-100", "water-pesticides", "water-pfas", "water-lead"]);

function adviseWater(water: WaterQualitySection): WaterAdvice[] {
  const unchecked = uncheckedWater(water);
  if (unchecked) return [unchecked];
  const list = adviseReadWater(water);
  // Each piece of advice once: « Eau non conforme » says nothing more than the parameter's own
  // advice (above its limit) that follows it, unless it carries an older result forward.
  const explained = list.some((advice) => EXPLAINS_NON_COMPLIANCE.has(advice.id) && advice.severity === "critical");
  return list.filter((advice) => !(explained && advice.id === "water-non-compliant" && advice.facts.carriedForward === null));
}

function adviseReadWater(water: WaterQualitySection): WaterAdvice[] {
  const list: WaterAdvice[] = [];
  // The ARS's conclusion prevails: when it restricts the use of the water, no advice says there is no restriction.
  const arsInstruction = conclusionRestrictsUse(water.conclusion) ? water.conclusion : null;

  if (water.level === "critical") {
    // The newest sample compliant, an older non-compliance still the latest result of a parameter:
    // the advice says both, as the card does, never « Eau non conforme » alone.
    const carried = carriedForwardNonCompliance(water);
    const verdict = water.official_verdict;
    const carriedForward =
      carried.length > 0 && water.sampled_at && (verdict === "conforme" || verdict === "derogation")
        ? {
            sampledAt: water.sampled_at,
            verdict,
            parameters: carried.map((parameter) => ({ name: parameter.name || parameter.libelle_parametre, measuredAt: parameter.date_prelevement })),
          }
        : null;
    list.push({ id: "water-non-compliant", category: "water", severity: "critical", vulnerable: false, facts: { carriedForward } });
  }

  const nitrates = nitratesReading(byCode(water.parameters, "1340"));
  if (nitrates && nitrates.mgPerL > WATER_ADVICE_THRESHOLDS.nitratesMgPerL) {
    list.push(nitratesAdvice(nitrates, { germsDetected: hasMicrobiologicalProblem(water), arsInstruction }));
  }

  const pesticides = exceededPesticides(water.parameters);
  if (pesticides.length > 0) {
    const worst = pesticides[0]!;
    list.push({
      id: "water-pesticides",
      category: "water",
      severity: "warning",
      vulnerable: false,
      facts: { total: worst.parameter.code === "6276", substance: worst.parameter.libelle_parametre, microgramsPerL: worst.microgramsPerLitre, arsInstruction },
    });
  }

  const pfas = pfasAdvice(water.parameters);
  if (pfas) list.push(pfas);

  const lead = inMicrogramsPerLitre(byCode(water.parameters, "1382"));
  if (lead !== null && lead > WATER_ADVICE_THRESHOLDS.leadMicrogramsPerL) {
    list.push({ id: "water-lead", category: "water", severity: lead > 10 ? "critical" : "warning", vulnerable: false, facts: { microgramsPerL: lead } });
  }
  if (water.level === "concerning" && list.length === 0) {
    // The card reads « À surveiller »: never answer it with « Bonne nouvelle ! ».
    list.push({ id: "water-watch", category: "water", severity: "info", vulnerable: false, facts: { ...watchReasons(water), arsInstruction } });
  }
  return list;
}

/**
 * Why the water is « à surveiller », each reason in its own words: lead, copper or nickel above
 * their limit at one building's tap; a limit exceeded under a prefectoral derogation; a référence
 * de qualité exceeded; a metabolite classed non-relevant above its 0,9 µg/L valeur indicative
 * (ANSES) — neither a limit nor a derogation.
 */
function watchReasons(water: WaterQualitySection): Omit<WaterAdviceFacts["water-watch"], "arsInstruction"> {
  const concerning = water.parameters.filter((parameter) => parameter.level === "concerning");
  const metabolite = concerning.find((parameter) => parameter.limit_kind === "indicative");
  const metaboliteMicrogramsPerL = inMicrogramsPerLitre(metabolite);
  return {
    tapOnly: Boolean(water.tap_only_exceedance),
    derogation: water.official_verdict === "derogation" || concerning.some((parameter) => parameter.note === "derogation"),
    referenceExceeded: Boolean(water.references_exceeded) || concerning.some((parameter) => parameter.limit_kind === "reference"),
    metabolite:
      metabolite && metaboliteMicrogramsPerL !== null
        ? { name: metabolite.name || metabolite.libelle_parametre, microgramsPerL: metaboliteMicrogramsPerL }
        : null,
  };
}

/** E. coli, enterococci or other germs found at the last analysis: the water's other uses are in question too. */
function hasMicrobiologicalProblem(water: WaterQualitySection): boolean {
  return water.parameters.some(
    (parameter) => ["1449", "6455", "1447", "1042"].includes(parameter.code) && (parameter.level === "critical" || parameter.level === "concerning"),
  );
}

/**
 * ARS guidance (decision 029): above 50 mg/L pregnant women and infants under 6 months do not
 * drink the water; above 100 mg/L nobody does — its own advice, for everyone, with its source. A
 * laboratory's « >100 » is above 100. Both are shown first.
 */
function nitratesAdvice(
  { mgPerL, lowerBound }: { mgPerL: number; lowerBound: boolean },
  { germsDetected, arsInstruction }: { germsDetected: boolean; arsInstruction: string | null },
): WaterAdvice {
  const restriction = nitratesRestriction({ mgPerL, lowerBound });
  if (restriction === "everyone") {
    return { id: "water-nitrates-above-100", category: "water", severity: "critical", vulnerable: true, facts: { mgPerL, lowerBound, germsDetected } };
  }
  if (restriction === "vulnerable") {
    return {
      id: "water-nitrates",
      category: "water",
      severity: "critical",
      vulnerable: true,
      facts: { mgPerL, lowerBound, band: "above-limit", germsDetected, arsInstruction },
    };
  }
  return {
    id: "water-nitrates",
    category: "water",
    severity: "info",
    vulnerable: false,
    facts: { mgPerL, lowerBound, band: "near-limit", germsDetected, arsInstruction },
  };
}

/**
 * PFAS above 0,1 µg/L: the sum of 20, or one of the 20 alone (it puts the sum above the limit),
 * the worst first. From 1 January 2026 only what the card reads « Non conforme » (or under
 * derogation) counts — never a row the ARS declared compliant; a measure from before that day,
 * when no limit applied, is told as a dated fact (information).
 */
function pfasAdvice(parameters: readonly WaterParameterView[]): WaterAdvice | null {
  const above = parameters
    .filter((parameter) => pfasRoleOf(parameter.code, parameter.libelle_parametre) !== null)
    .map((parameter) => ({ parameter, microgramsPerLitre: inMicrogramsPerLitre(parameter) }))
    .filter((entry): entry is { parameter: WaterParameterView; microgramsPerLitre: number } => entry.microgramsPerLitre !== null)
    .filter(({ microgramsPerLitre }) => microgramsPerLitre > WATER_ADVICE_THRESHOLDS.pfasMicrogramsPerL);
  const inForce = above.filter(({ parameter }) => parameter.level === "critical" || parameter.note === "derogation");
  const before = above.filter(({ parameter }) => parameter.note === "pfas-before-2026");
  const chosen = [...inForce].sort(byValue)[0] ?? [...before].sort(byValue)[0];
  if (!chosen) return null;
  const { parameter, microgramsPerLitre } = chosen;
  const measuredBeforeLimit = parameter.note === "pfas-before-2026" ? parameter.date_prelevement : null;
  return {
    id: "water-pfas",
    category: "water",
    severity: measuredBeforeLimit ? "info" : "warning",
    vulnerable: false,
    facts: {
      microgramsPerL: microgramsPerLitre,
      substance: pfasRoleOf(parameter.code, parameter.libelle_parametre) === "one-of-the-sum" ? parameter.name || parameter.libelle_parametre : null,
      measuredBeforeLimit,
    },
  };
}

const byValue = (a: { microgramsPerLitre: number }, b: { microgramsPerLitre: number }) => b.microgramsPerLitre - a.microgramsPerLitre;

/**
 * Pesticides above their limit of quality, worst first: the total (6276) against 0,5 µg/L, a
 * single substance against the 0,1 µg/L its row carries. Only what is officially non-compliant
 * (or under derogation) counts: a non-relevant metabolite judged against 0,9 µg/L, or a row the
 * ARS declared compliant, does not.
 */
function exceededPesticides(parameters: readonly WaterParameterView[]): Array<{ parameter: WaterParameterView; microgramsPerLitre: number }> {
  return parameters
    .filter((parameter) => parameter.level === "critical" || parameter.note === "derogation")
    .filter(
      (parameter) =>
        parameter.limit_kind === "limite" &&
        pfasRoleOf(parameter.code, parameter.libelle_parametre) === null &&
        !/pfas|perfluoro/i.test(parameter.libelle_parametre),
    )
    .map((parameter) => ({ parameter, microgramsPerLitre: inMicrogramsPerLitre(parameter), limit: limitInMicrogramsPerLitre(parameter) }))
    .filter(
      (entry): entry is { parameter: WaterParameterView; microgramsPerLitre: number; limit: number } =>
        entry.microgramsPerLitre !== null && entry.limit !== null,
    )
    .filter(({ parameter, microgramsPerLitre, limit }) =>
      parameter.code === "6276"
        ? microgramsPerLitre > WATER_ADVICE_THRESHOLDS.pesticidesTotalMicrogramsPerL
        : Math.abs(limit - WATER_ADVICE_THRESHOLDS.pesticidesMicrogramsPerL) < 1e-9 && microgramsPerLitre > limit,
    )
    .sort((a, b) => b.microgramsPerLitre / b.limit - a.microgramsPerLitre / a.limit)
    .map(({ parameter, microgramsPerLitre }) => ({ parameter, microgramsPerLitre }));
}

function limitInMicrogramsPerLitre(parameter: WaterParameterView): number | null {
  if (parameter.limit === null) return null;
  return inMicrogramsPerLitre({ ...parameter, value: parameter.limit, resultat_alphanumerique: String(parameter.limit) });
}

/** « 62 mg/L », or « plus de 100 mg/L » when the laboratory wrote « >100 ». */
const nitratesValue = (mgPerL: number, lowerBound: boolean) => `${lowerBound ? "plus de " : ""}${formatNumberFr(mgPerL, 1)}${NBSP}mg/L`;

/** The ARS's own conclusion, when it restricts the use of the water: quoted, and it prevails. */
const arsInstructionSentence = (conclusion: string) =>
  `La conclusion officielle de l'ARS sur le dernier prélèvement comporte une consigne : « ${conclusion.trim().replace(/\s*[.!]$/, "")} ». Elle prime sur ce conseil général : suivez-la.`;

const GERMS_SENTENCE = " Des germes ont aussi été détectés : pour tous les usages de l'eau, suivez les consignes de votre mairie et de l'ARS.";

/** Where the official results of the sanitary control are to be found besides Hub'Eau. */
const WHERE_TO_LOOK =
  "Les résultats officiels du contrôle sanitaire de votre commune sont aussi publiés sur le site du ministère chargé de la santé et affichés en mairie.";

const WATER_TEXTS: AdviceTexts<WaterAdviceFacts> = {
  "water-unchecked": ({ reason }) => {
    const source = { name: "Ministère chargé de la santé – résultats du contrôle sanitaire", url: "https://sante.gouv.fr/sante-et-environnement/eaux/eau" };
    if (reason === "unavailable")
      return {
        link: WATER_REFERENCE.link,
        source,
        title: "Nous n'avons pas pu vérifier l'eau du robinet aujourd'hui",
        text: `Les résultats du contrôle sanitaire (Hub'Eau) n'ont pas répondu : ce bilan ne dit donc rien de la qualité de votre eau. Réessayez dans quelques minutes avec le bouton « Réessayer » de la carte « Eau du robinet ». ${WHERE_TO_LOOK}`,
      };
    const why = reason === "not-published" ? NO_ANALYSIS_FOR_NETWORK : `${NETWORK_NOT_IDENTIFIED.charAt(0).toLowerCase()}${NETWORK_NOT_IDENTIFIED.slice(1)}`;
    return {
      link: WATER_REFERENCE.link,
      source,
      title: "L'eau du robinet n'a pas pu être vérifiée",
      text: `La qualité de l'eau du robinet n'a pas pu être vérifiée : ${why}. ${WHERE_TO_LOOK} Votre mairie peut aussi vous dire quel réseau dessert votre adresse.`,
    };
  },

  "water-non-compliant": ({ carriedForward }) => {
    const instructions =
      "Si l'eau ne doit pas être bue ou utilisée pour certains usages, votre mairie et l'Agence régionale de santé le font savoir : leurs consignes priment. En cas de doute, renseignez-vous auprès de votre mairie.";
    if (carriedForward) {
      // The newest sample's verdict first, then the older non-compliance that still stands, dated.
      const listed = carriedForward.parameters.map((parameter) => `« ${parameter.name} » (mesuré le ${formatDateFr(parameter.measuredAt)})`);
      const one = carriedForward.parameters.length === 1;
      return {
        ...WATER_REFERENCE,
        title: "Eau du robinet : un résultat non conforme reste le dernier connu",
        text: `Le dernier prélèvement, le ${formatDateFr(carriedForward.sampledAt)}, a été déclaré ${SAMPLE_VERDICT_WORDS[carriedForward.verdict]} par l'Agence régionale de santé, mais il ne comprenait pas de nouvelle mesure de ${listed.join(" ni de ")} : ${one ? "ce résultat, au-dessus de la limite de qualité, reste le dernier connu" : "ces résultats, au-dessus de la limite de qualité, restent les derniers connus"}. ${instructions}`,
      };
    }
    return {
      ...WATER_REFERENCE,
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
        ...WATER_REFERENCE,
        title: "Nitrates au-dessus de la limite : précautions pour les femmes enceintes et les nourrissons",
        // Who must not drink it first, in its own sentence, then what to drink instead (drinking.ts: the alert says the same).
        text: `${DRINKING_WARNINGS.vulnerable.who} ${DRINKING_WARNINGS.vulnerable.bottled} Le dernier résultat (${value}) dépasse la limite de qualité de 50${NBSP}mg/L.${others}`,
      };
    }
    return {
      ...WATER_REFERENCE,
      title: "Nitrates conformes, proches de la limite de qualité",
      text: `Le dernier résultat (${value}) est conforme : il reste sous la limite de 50${NBSP}mg/L, fixée pour protéger les femmes enceintes et les nourrissons. ${arsInstruction ? "Les nitrates seuls ne demandent pas de précaution à ce niveau." : "Aucune précaution n'est demandée à ce niveau."} Au-delà de 50${NBSP}mg/L, ces personnes devraient utiliser une autre eau pour boire et préparer les biberons.${germs}${ars}`,
    };
  },

  // DGS and ANSES (decision 029): above 100 mg/L the water must not be used, by anyone, for
  // drinking nor for preparing food — not only by pregnant women and infants.
  "water-nitrates-above-100": ({ mgPerL, lowerBound, germsDetected }) => ({
    link: WATER_REFERENCE.link,
    source: WATER_ADVICE_SOURCES.nitratesAbove100,
    title: `Nitrates au-delà de 100${NBSP}mg/L : personne ne doit boire l'eau du robinet`,
    text: `${DRINKING_WARNINGS.everyone.who} ${DRINKING_WARNINGS.everyone.bottled} Le dernier résultat (${nitratesValue(mgPerL, lowerBound)}) dépasse 100${NBSP}mg/L. L'eau reste utilisable pour la toilette et le ménage, sauf consigne contraire de votre mairie ou de l'ARS.${germsDetected ? GERMS_SENTENCE : ""}`,
  }),

  "water-pesticides": ({ total, substance, microgramsPerL, arsInstruction }) => ({
    ...WATER_REFERENCE,
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
        ...WATER_REFERENCE,
        title: "PFAS : dernière mesure antérieure à la limite de qualité",
        text: `${measured} Aucune limite ne s'appliquait à cette date ; depuis le ${since}, la somme des 20 PFAS a une limite de qualité de ${limit}. Aucune mesure plus récente n'est publiée pour votre réseau : suivez les informations de votre mairie et de l'Agence régionale de santé.`,
      };
    }
    const measured = substance
      ? `Le ${substance} atteint à lui seul ${value} : la somme des 20 PFAS dépasse donc la limite de qualité de ${limit}, en vigueur depuis le ${since}.`
      : `La somme des 20 PFAS atteint ${value}, au-dessus de la limite de qualité de ${limit} en vigueur depuis le ${since}.`;
    return {
      ...WATER_REFERENCE,
      title: "PFAS au-dessus de la limite de qualité",
      text: `${measured} La personne responsable de la distribution de l'eau doit engager des actions correctives, sous le contrôle de l'ARS ; suivez les informations de votre mairie et de l'Agence régionale de santé.`,
    };
  },

  "water-lead": ({ microgramsPerL }) => ({
    ...WATER_REFERENCE,
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
      link: WATER_REFERENCE.link,
      source: metabolite && !derogation && !tapOnly ? WATER_ADVICE_SOURCES.metabolites : WATER_REFERENCE.source,
      title,
      text: [...(sentences.length > 0 ? sentences : ["Un résultat du contrôle sanitaire de votre réseau est à suivre."]), closing].join(" "),
    };
  },
};

export const waterAdvice: SectionAdvice<"water", WaterQualitySection, WaterAdviceFacts, true> = {
  input: "water",
  required: true,
  advise: adviseWater,
  texts: WATER_TEXTS,
};
