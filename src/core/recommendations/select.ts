// General health advice drawn from the report. Advice is general, cites its public source, and
// never diagnoses: the official instructions of the ARS, the prefecture or the town hall prevail.
import { AIR_POLLUTANT_NAMES } from "../air/atmo-scale.ts";
import { formatNumberFr, frenchTypography } from "../shared/format.ts";
import type { AirQualitySection, BathingSection, DroughtSection, Recommendation, WaterParameterView, WaterQualitySection } from "../types.ts";

const NBSP = "\u00A0";

export const ARTICLE_LINKS = {
  water: "/blog/impact-eau-sante",
  air: "/blog/impact-air-sante",
  drought: "/blog/impact-secheresse-sante",
  bathing: "/blog/impact-baignade-sante",
  all: "/blog",
} as const;

const SOURCES = {
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

/** Thresholds of the rules (ARCHITECTURE.md): nitrates > 40 mg/L, a pesticide > 0,1 µg/L or the total > 0,5 µg/L, PM2.5 > 25 µg/m³. */
export const RECOMMENDATION_THRESHOLDS = {
  nitratesMgPerL: 40,
  pesticidesMicrogramsPerL: 0.1,
  pesticidesTotalMicrogramsPerL: 0.5,
  pfasMicrogramsPerL: 0.1,
  leadMicrogramsPerL: 5,
  pm25MicrogramsPerM3: 25,
} as const;

const byCode = (parameters: readonly WaterParameterView[], code: string) => parameters.find((parameter) => parameter.code === code);

/** Value in µg/L when the parameter's unit is a mass concentration we know; null otherwise. */
function inMicrogramsPerLitre(parameter: WaterParameterView | undefined): number | null {
  if (!parameter || parameter.value === null || parameter.resultat_alphanumerique.trim().startsWith("<")) return null;
  const unit = (parameter.unite_mesure ?? "").toLowerCase().replace(/\s+/g, "").replace(/\u03bc/g, "µ");
  if (unit === "µg/l" || unit === "ug/l") return parameter.value;
  if (unit === "mg/l") return parameter.value * 1000;
  if (unit === "ng/l") return parameter.value / 1000;
  return null;
}

function waterRecommendations(water: WaterQualitySection): Recommendation[] {
  if (!water.success || water.level === "unavailable") return [];
  const list: Recommendation[] = [];
  const common = { category: "water" as const, link: ARTICLE_LINKS.water, source: SOURCES.water };

  if (water.level === "critical") {
    list.push({
      ...common,
      id: "water-non-compliant",
      severity: "critical",
      title: "Eau non conforme : suivez les consignes officielles",
      text:
        "Le contrôle sanitaire a relevé une non-conformité sur votre réseau. Si l'eau ne doit pas être bue ou utilisée pour certains usages, votre mairie et l'Agence régionale de santé le font savoir : leurs consignes priment. En cas de doute, renseignez-vous auprès de votre mairie.",
    });
  }

  const nitrates = byCode(water.parameters, "1340");
  const nitratesMgPerL = nitrates && nitrates.note !== "uncomparable-unit" && !nitrates.resultat_alphanumerique.trim().startsWith("<") ? nitrates.value : null;
  if (nitratesMgPerL !== null && nitratesMgPerL > RECOMMENDATION_THRESHOLDS.nitratesMgPerL) {
    list.push(nitratesRecommendation(nitratesMgPerL, hasMicrobiologicalProblem(water)));
  }

  const pesticides = exceededPesticides(water.parameters);
  if (pesticides.length > 0) {
    const worst = pesticides[0]!;
    const total = worst.parameter.code === "6276";
    list.push({
      ...common,
      id: "water-pesticides",
      severity: "warning",
      title: "Pesticides au-dessus de la limite de qualité",
      text: `${total ? "Le total des pesticides" : `${worst.parameter.libelle_parametre}`} atteint ${formatNumberFr(worst.microgramsPerLitre, 3)}${NBSP}µg/L (limite de qualité${NBSP}: ${total ? `0,5${NBSP}µg/L pour le total` : `0,1${NBSP}µg/L par substance`}). Ces limites sont des valeurs de précaution, pas des seuils de toxicité${NBSP}: tant que la valeur reste sous la valeur sanitaire maximale établie par l'Anses, l'ARS maintient en général l'eau consommable, avec une surveillance renforcée. Lisez la conclusion sanitaire de votre réseau et suivez les consignes de l'ARS.`,
    });
  }

  const pfas = inMicrogramsPerLitre(byCode(water.parameters, "8847"));
  if (pfas !== null && pfas > RECOMMENDATION_THRESHOLDS.pfasMicrogramsPerL) {
    list.push({
      ...common,
      id: "water-pfas",
      severity: "warning",
      title: "PFAS au-dessus de 0,1 µg/L",
      text: `La somme des 20 PFAS surveillés atteint ${formatNumberFr(pfas, 3)}${NBSP}µg/L, au-dessus de la valeur de gestion de 0,1${NBSP}µg/L en vigueur depuis 2026. L'ARS et la personne responsable de l'eau doivent engager des actions correctives ; suivez les informations de votre mairie et de l'ARS.`,
    });
  }

  const lead = inMicrogramsPerLitre(byCode(water.parameters, "1382"));
  if (lead !== null && lead > RECOMMENDATION_THRESHOLDS.leadMicrogramsPerL) {
    list.push({
      ...common,
      id: "water-lead",
      severity: lead > 10 ? "critical" : "warning",
      title: "Plomb : laissez couler l'eau avant de la boire",
      text: `Du plomb a été mesuré (${formatNumberFr(lead, 1)}${NBSP}µg/L ; limite de qualité 10${NBSP}µg/L). Le plomb vient le plus souvent de canalisations anciennes : après une période sans usage, laissez couler l'eau froide une à deux minutes avant de la boire ou de cuisiner, et cuisinez uniquement à l'eau froide.`,
    });
  }
  if (water.level === "concerning" && list.length === 0) {
    // The card reads « À surveiller »: never answer it with « Bonne nouvelle ! ».
    list.push({
      ...common,
      id: "water-watch",
      severity: "info",
      title: "Eau du robinet : un résultat à suivre",
      text: water.tap_only_exceedance
        ? "Un dépassement a été mesuré au robinet d'un bâtiment pour le plomb, le cuivre ou le nickel : il reflète surtout les canalisations de ce bâtiment. Si votre logement a des canalisations anciennes, laissez couler l'eau froide une à deux minutes avant de la boire. Suivez les consignes de votre mairie et de l'ARS."
        : "Un résultat dépasse une référence de qualité (un indicateur du bon fonctionnement des installations, pas une limite sanitaire), ou une limite fait l'objet d'une dérogation préfectorale. Aucune restriction n'est liée à ce seul constat : suivez les éventuelles consignes de votre mairie et de l'ARS.",
    });
  }
  return list;
}

/** E. coli, enterococci or other germs found at the last analysis: the water's other uses are in question too. */
function hasMicrobiologicalProblem(water: WaterQualitySection): boolean {
  return water.parameters.some(
    (parameter) => ["1449", "6455", "1447", "1042"].includes(parameter.code) && (parameter.level === "critical" || parameter.level === "concerning"),
  );
}

/**
 * ARS guidance (DATA-SOURCES.md): above 50 mg/L pregnant women and infants under 6 months do not
 * drink the water (bottled water labelled suitable for infant feeding); above 100 mg/L nobody
 * does. Others may drink it only when nothing else is wrong with it (germs found: no such word).
 */
function nitratesRecommendation(mgPerL: number, microbiologicalProblem: boolean): Recommendation {
  const value = `${formatNumberFr(mgPerL, 1)}${NBSP}mg/L`;
  const common = { category: "water" as const, link: ARTICLE_LINKS.water, source: SOURCES.water };
  const germs = microbiologicalProblem
    ? " Des germes ont aussi été détectés : pour tous les usages de l'eau, suivez les consignes de votre mairie et de l'ARS."
    : "";
  if (mgPerL > 100) {
    return {
      ...common,
      id: "water-nitrates",
      severity: "critical",
      title: "Nitrates au-delà de 100 mg/L : ne buvez pas l'eau du robinet",
      text: `Le dernier résultat (${value}) dépasse 100${NBSP}mg/L. À ce niveau, les agences régionales de santé recommandent que personne ne boive l'eau du robinet ni ne l'utilise pour préparer les repas ou les biberons : utilisez de l'eau embouteillée.${germs}`,
    };
  }
  if (mgPerL > 50) {
    const others = microbiologicalProblem ? germs : " Pour les autres personnes, la présence de nitrates à ce niveau ne justifie pas de restriction.";
    return {
      ...common,
      id: "water-nitrates",
      severity: "critical",
      title: "Nitrates au-dessus de la limite : précautions pour les femmes enceintes et les nourrissons",
      text: `Le dernier résultat (${value}) dépasse la limite de 50${NBSP}mg/L. Les agences régionales de santé recommandent que les femmes enceintes et les nourrissons de moins de 6 mois ne boivent pas l'eau du robinet et qu'elle ne serve ni aux biberons ni aux repas des nourrissons : utilisez une eau embouteillée portant la mention « convient pour la préparation des aliments des nourrissons ».${others}`,
    };
  }
  return {
    ...common,
    id: "water-nitrates",
    severity: "info",
    title: "Nitrates conformes, proches de la limite de qualité",
    text: `Le dernier résultat (${value}) est conforme : il reste sous la limite de 50${NBSP}mg/L, fixée pour protéger les femmes enceintes et les nourrissons. Aucune précaution n'est demandée à ce niveau. Au-delà de 50${NBSP}mg/L, ces personnes devraient utiliser une autre eau pour boire et préparer les biberons.${germs}`,
  };
}

const PFAS_CODES = new Set(["8847", "5347", "6561"]);

/**
 * Pesticides above their limit of quality, worst first: the total (6276) against 0,5 µg/L, a
 * single substance against the 0,1 µg/L its row carries. Only what is officially non-compliant
 * (or under derogation) counts: a non-relevant metabolite judged against 0,9 µg/L, or a row the
 * ARS declared compliant, does not.
 */
function exceededPesticides(parameters: readonly WaterParameterView[]): Array<{ parameter: WaterParameterView; microgramsPerLitre: number }> {
  return parameters
    .filter((parameter) => parameter.level === "critical" || parameter.note === "derogation")
    .filter((parameter) => parameter.limit_kind === "limite" && !PFAS_CODES.has(parameter.code) && !/pfas|perfluoro/i.test(parameter.libelle_parametre))
    .map((parameter) => ({ parameter, microgramsPerLitre: inMicrogramsPerLitre(parameter), limit: limitInMicrogramsPerLitre(parameter) }))
    .filter((entry): entry is { parameter: WaterParameterView; microgramsPerLitre: number; limit: number } => entry.microgramsPerLitre !== null && entry.limit !== null)
    .filter(({ parameter, microgramsPerLitre, limit }) =>
      parameter.code === "6276"
        ? microgramsPerLitre > RECOMMENDATION_THRESHOLDS.pesticidesTotalMicrogramsPerL
        : Math.abs(limit - RECOMMENDATION_THRESHOLDS.pesticidesMicrogramsPerL) < 1e-9 && microgramsPerLitre > limit,
    )
    .sort((a, b) => b.microgramsPerLitre / b.limit - a.microgramsPerLitre / a.limit)
    .map(({ parameter, microgramsPerLitre }) => ({ parameter, microgramsPerLitre }));
}

function limitInMicrogramsPerLitre(parameter: WaterParameterView): number | null {
  if (parameter.limit === null) return null;
  return inMicrogramsPerLitre({ ...parameter, value: parameter.limit, resultat_alphanumerique: String(parameter.limit) });
}

function airRecommendations(air: AirQualitySection): Recommendation[] {
  if (!air.success || !air.index) return [];
  const common = { category: "air" as const, link: ARTICLE_LINKS.air };
  const code = air.index.code;
  if (code === 7) {
    // « Événement »: an exceptional episode (fire, industrial plume) outside the scale, not a
    // degraded index; the agency and the prefecture say what to do.
    return [
      {
        ...common,
        id: "air-event",
        severity: "warning",
        title: "Événement exceptionnel signalé par l'agence de surveillance de l'air",
        text: "L'indice du jour signale un événement exceptionnel (incendie, panache industriel…) plutôt qu'un niveau de pollution. Suivez les informations de votre préfecture et de votre agence régionale de surveillance de la qualité de l'air ; en cas de gêne respiratoire, demandez conseil à un professionnel de santé.",
        source: SOURCES.airEpisode,
      },
    ];
  }
  // The official index wins: the model's PM2,5 is compared with 25 µg/m³ only when the level
  // itself comes from the model.
  const pm25 = air.origin === "cams" ? (air.pollutants["pm2_5"]?.value ?? null) : null;
  const estimated = air.origin === "cams" ? " (estimation modélisée)" : "";
  const pollutant = air.responsible_pollutant ? `, d'après ${AIR_POLLUTANT_NAMES[air.responsible_pollutant.code].after}` : "";
  if (code >= 3 || (pm25 !== null && pm25 > RECOMMENDATION_THRESHOLDS.pm25MicrogramsPerM3)) {
    const reason =
      code >= 3
        ? `Indice du jour${estimated} : ${air.index.label}${pollutant}.`
        : `Particules fines PM2,5 : ${formatNumberFr(pm25 ?? 0, 1)}${NBSP}µg/m³ en moyenne sur la journée (estimation modélisée).`;
    const ozone = air.responsible_pollutant?.code === "o3" ? " Les jours d'ozone, évitez l'effort physique l'après-midi, quand il est le plus présent." : "";
    return [
      {
        ...common,
        id: "air-poor",
        severity: code >= 4 ? "critical" : "warning",
        title: "Air dégradé : adaptez vos activités à l'extérieur",
        text: `${reason} Les personnes vulnérables (femmes enceintes, nourrissons et jeunes enfants, personnes de plus de 65 ans ou atteintes de maladies cardiaques ou respiratoires) réduisent et allègent leurs activités à l'extérieur et évitent les grands axes routiers. Chacun limite le sport intense.${ozone} Continuez d'aérer votre logement ; en cas de gêne respiratoire, demandez conseil à un professionnel de santé.`,
        source: SOURCES.airDecree,
      },
    ];
  }
  if (code === 2) {
    const ozone = air.responsible_pollutant?.code === "o3" ? " L'ozone, qui fixe le niveau du jour, est plus présent l'après-midi." : "";
    return [
      {
        ...common,
        id: "air-moderate",
        severity: "info",
        title: "Qualité de l'air moyenne",
        text: `Rien ne change pour la plupart des personnes. Les personnes sensibles peuvent privilégier des activités physiques modérées et s'éloigner des axes à fort trafic.${ozone}`,
        source: SOURCES.airEpisode,
      },
    ];
  }
  return [];
}

function droughtRecommendations(drought: DroughtSection): Recommendation[] {
  if (!drought.success || !drought.gravity) return [];
  const common = { category: "drought" as const, link: ARTICLE_LINKS.drought, source: SOURCES.drought };
  if (drought.gravity === "crise" || drought.gravity === "alerte_renforcee") {
    const firstTwo = drought.restrictions.slice(0, 2).map((restriction) => `« ${restriction.usage} »`);
    const listed = firstTwo.length > 0 ? ` Par exemple : ${firstTwo.join(" et ")}.` : "";
    return [
      {
        ...common,
        id: "drought-severe",
        severity: "critical",
        title: `Sécheresse : niveau ${drought.label.toLowerCase()}`,
        text: `Des restrictions strictes s'appliquent aux particuliers de votre zone.${listed} Respectez l'arrêté préfectoral : l'eau potable, pour boire et pour l'hygiène, reste l'usage prioritaire.`,
      },
    ];
  }
  if (drought.gravity === "alerte") {
    return [
      {
        ...common,
        id: "drought-alert",
        severity: "warning",
        title: "Sécheresse : niveau alerte",
        text: "Certains usages de l'eau sont limités dans votre zone (arrosage, lavage, remplissage…). Consultez l'arrêté préfectoral et économisez l'eau au quotidien.",
      },
    ];
  }
  return [];
}

function bathingRecommendations(bathing: BathingSection): Recommendation[] {
  if (!bathing.success || bathing.sites.length === 0) return [];
  const common = { category: "bathing" as const, link: ARTICLE_LINKS.bathing, source: SOURCES.bathing };
  const list: Recommendation[] = [];
  // Only a ban in force today: one from an earlier season's record is information, not advice.
  const prohibited = bathing.sites.filter((site) => site.prohibition?.current);
  if (prohibited.length > 0) {
    list.push({
      ...common,
      id: "bathing-prohibited",
      severity: "critical",
      title: "Baignade interdite près de chez vous",
      text: `${prohibited.map((site) => `« ${site.name} »`).join(", ")} : une interdiction de baignade est en vigueur. Respectez-la, même si l'eau paraît claire : elle protège d'une pollution ou d'un danger qui ne se voit pas toujours.`,
    });
  }
  const cyanobacteria = bathing.sites.filter((site) => site.health_events.some((event) => event.active && /cyanobact/i.test(event.type)));
  if (cyanobacteria.length > 0) {
    list.push({
      ...common,
      id: "bathing-cyanobacteria",
      severity: "warning",
      title: "Cyanobactéries signalées",
      text: "Évitez de vous baigner là où l'eau est trouble, colorée ou couverte d'écume, et tenez les enfants et les chiens à distance. Ne buvez pas l'eau, douchez-vous après la baignade et consultez un médecin en cas de symptômes (irritations, troubles digestifs).",
    });
  }
  const poor = bathing.sites.filter(
    (site) => !site.prohibition?.current && ((site.in_season !== false && site.latest_sample?.verdict === "Mauvais") || site.classement?.label === "Insuffisante"),
  );
  if (poor.length > 0) {
    list.push({
      ...common,
      id: "bathing-poor",
      severity: "warning",
      title: "Qualité de l'eau de baignade insuffisante",
      text: `${poor.map((site) => `« ${site.name} »`).join(", ")} : les derniers résultats ne sont pas bons. Préférez un autre site, évitez de boire la tasse, surtout après un orage, et douchez-vous en sortant de l'eau.`,
    });
  }
  return list;
}

/** Every recommendation that applies, most severe first; "Bonne nouvelle !" when none does. */
export interface RecommendationInput {
  water: WaterQualitySection;
  air: AirQualitySection;
  drought: DroughtSection;
  /** optional: reports built before bathing water was added have none */
  bathing?: BathingSection;
}

export function selectRecommendations(input: RecommendationInput): Recommendation[] {
  return collectRecommendations(input).map((recommendation) => ({
    ...recommendation,
    title: frenchTypography(recommendation.title),
    text: frenchTypography(recommendation.text),
  }));
}

function collectRecommendations(input: RecommendationInput): Recommendation[] {
  const order: Record<Recommendation["severity"], number> = { critical: 0, warning: 1, info: 2, success: 3 };
  const all = [
    ...waterRecommendations(input.water),
    ...airRecommendations(input.air),
    ...droughtRecommendations(input.drought),
    ...(input.bathing ? bathingRecommendations(input.bathing) : []),
  ];
  const sections = [input.water, input.air, input.drought];
  if (all.length === 0 && sections.every((section) => section.level === "unavailable")) {
    return [
      {
        id: "no-data",
        category: "general",
        severity: "info",
        title: "Données momentanément incomplètes",
        text: "Les données officielles n'ont pas pu être obtenues pour votre adresse. Aucune conclusion ne peut en être tirée : réessayez dans quelques minutes.",
        link: ARTICLE_LINKS.all,
        source: SOURCES.overview,
      },
    ];
  }
  if (all.length === 0) {
    return [
      {
        id: "all-clear",
        category: "general",
        severity: "success",
        title: "Bonne nouvelle !",
        text: "Les données disponibles pour votre adresse ne demandent aucune précaution particulière aujourd'hui. Les situations évoluent : revenez consulter votre bilan de temps en temps.",
        link: ARTICLE_LINKS.all,
        source: SOURCES.overview,
      },
    ];
  }
  return all.sort((a, b) => order[a.severity] - order[b.severity]);
}
