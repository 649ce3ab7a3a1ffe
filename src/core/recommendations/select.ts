// General health advice drawn from the report. Advice is general, cites its public source, and
// never diagnoses: the official instructions of the ARS, the prefecture or the town hall prevail.
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

/** Thresholds of the rules (ARCHITECTURE.md): nitrates > 40 mg/L, pesticides > 0.1 µg/L, PM2.5 > 25 µg/m³. */
export const RECOMMENDATION_THRESHOLDS = {
  nitratesMgPerL: 40,
  pesticidesMicrogramsPerL: 0.1,
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
  const nitratesMgPerL = nitrates && !nitrates.resultat_alphanumerique.trim().startsWith("<") ? nitrates.value : null;
  if (nitratesMgPerL !== null && nitratesMgPerL > RECOMMENDATION_THRESHOLDS.nitratesMgPerL) {
    const value = `${formatNumberFr(nitratesMgPerL, 1)}${NBSP}mg/L`;
    list.push({
      ...common,
      id: "water-nitrates",
      severity: nitratesMgPerL > 50 ? "critical" : "warning",
      title: nitratesMgPerL > 50 ? "Nitrates au-dessus de la limite de qualité" : "Nitrates proches de la limite de qualité",
      text:
        nitratesMgPerL > 50
          ? `Le dernier résultat (${value}) dépasse la limite de 50${NBSP}mg/L. Dans cette situation, les agences régionales de santé recommandent que les femmes enceintes et les nourrissons ne boivent pas l'eau du robinet et ne l'utilisent pas pour les biberons ni la préparation des repas. Pour les autres personnes, l'eau reste consommable.`
          : `Le dernier résultat (${value}) approche la limite de 50${NBSP}mg/L, fixée pour protéger les femmes enceintes et les nourrissons. L'eau reste consommable par tous ; si elle dépassait cette limite, ces personnes devraient utiliser une autre eau pour boire et préparer les biberons.`,
    });
  }

  const pesticides = water.parameters.filter((parameter) => parameter.code === "6276" || /pesticide/i.test(parameter.libelle_parametre));
  const highestPesticide = Math.max(...pesticides.map(inMicrogramsPerLitre).map((value) => value ?? 0), 0);
  if (highestPesticide > RECOMMENDATION_THRESHOLDS.pesticidesMicrogramsPerL) {
    list.push({
      ...common,
      id: "water-pesticides",
      severity: "warning",
      title: "Pesticides au-dessus de 0,1 µg/L",
      text: `Une valeur de ${formatNumberFr(highestPesticide, 3)}${NBSP}µg/L a été mesurée. La limite de 0,1${NBSP}µg/L par substance est une valeur de précaution, pas un seuil de toxicité : tant que la valeur reste sous la valeur sanitaire maximale établie par l'Anses, l'ARS maintient en général l'eau consommable, avec une surveillance renforcée. Lisez la conclusion sanitaire de votre réseau.`,
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
  return list;
}

function airRecommendations(air: AirQualitySection): Recommendation[] {
  if (!air.success || !air.index) return [];
  const pm25 = air.pollutants["pm2_5"]?.value ?? null;
  const estimated = air.origin === "cams" ? " (estimation modélisée)" : "";
  const common = { category: "air" as const, link: ARTICLE_LINKS.air };
  if (air.index.code >= 3 || (pm25 !== null && pm25 > RECOMMENDATION_THRESHOLDS.pm25MicrogramsPerM3)) {
    const reason =
      air.index.code >= 3
        ? `Indice du jour${estimated} : ${air.index.label}.`
        : `Particules fines PM2,5 : ${formatNumberFr(pm25 ?? 0, 1)}${NBSP}µg/m³ (estimation modélisée).`;
    return [
      {
        ...common,
        id: "air-poor",
        severity: air.index.code >= 4 ? "critical" : "warning",
        title: "Air dégradé : adaptez vos activités à l'extérieur",
        text: `${reason} Les personnes vulnérables (femmes enceintes, nourrissons et jeunes enfants, personnes de plus de 65 ans ou atteintes de maladies cardiaques ou respiratoires) réduisent et allègent leurs activités à l'extérieur et évitent les grands axes routiers. Chacun limite le sport intense. Continuez d'aérer votre logement ; en cas de gêne respiratoire, demandez conseil à un professionnel de santé.`,
        source: SOURCES.airDecree,
      },
    ];
  }
  if (air.index.code === 2) {
    return [
      {
        ...common,
        id: "air-moderate",
        severity: "info",
        title: "Qualité de l'air moyenne",
        text: "Rien ne change pour la plupart des personnes. Les personnes sensibles peuvent privilégier des activités physiques modérées et s'éloigner des axes à fort trafic. Lors des journées chaudes et ensoleillées, l'ozone est plus présent l'après-midi.",
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
  const prohibited = bathing.sites.filter((site) => site.prohibition);
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
  const poor = bathing.sites.filter((site) => !site.prohibition && (site.latest_sample?.verdict === "Mauvais" || site.classement?.label === "Insuffisante"));
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
