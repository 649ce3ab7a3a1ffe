// One presentation of a report for every channel: the page island, the PDF and the emails only
// lay out what this returns. Each section's headline is its source's own word (ATMO, VigiEau, the
// ARS verdict, the ministry's bathing words) with the source's colour where it publishes one; our
// five levels only order and colour our own elements (tones) and never print a word of their own.
// Pure: no I/O, no clock (dates come from the report).
import { AIR_POLLUTANT_NAMES, ATMO_COLORS, ATMO_LABELS, ATMO_SUB_INDEX_SCALES, levelOfAtmoCode } from "../../sections/air/atmo-scale.ts";
import { hasDrinkingWaterZone, zonesAtSectionLevel } from "../../sections/drought/evaluate.ts";
import {
  describeDecreePeriod,
  describeRestrictionCount,
  describeWaters,
  describeZoneNotInForce,
  NO_DROUGHT_RESTRICTION,
  TAP_WATER_NOT_RESTRICTED,
  VIGIEAU_COLORS,
} from "../../sections/drought/notes.ts";
import {
  describeBathingSeason,
  describeBathingSources,
  describeProhibition,
  describeProhibitionDetail,
  prohibitionTerm,
} from "../../sections/bathing/notes.ts";
import { PERMANENT_BAN_REPORTED } from "../../sections/bathing/evaluate.ts";
import { formatDateFr, formatNumberFr, frenchTypography, NBSP, readableName } from "../shared/format.ts";
import { timeZoneOfCommune, todayForCommune } from "../shared/time.ts";
import type {
  AirPollutantCode,
  BathingSection,
  BathingSiteView,
  DroughtRestriction,
  Recommendation,
  Report,
  SourceRef,
  WaterHistoryPoint,
  WaterHistorySeries,
  WaterParameterView,
  WaterQualitySection,
} from "../types.ts";
import {
  AT_THE_TAP_TEXT,
  carriedForwardNonCompliance,
  describeLastNonCompliance,
  describeOtherNetworks,
  describeQualitativeFindings,
  describePublishedUnit,
  LIMIT_KIND_TEXTS,
  NETWORK_NOT_IDENTIFIED,
  NO_ANALYSIS_FOR_NETWORK,
  TAP_ONLY_TEXT,
  UDI_CHOICE_TEXTS,
  WATER_NOTE_TEXTS,
} from "../../sections/water/notes.ts";
import { isOneOfThePfasSum } from "../../sections/water/pfas.ts";
import { badge, toneOf, type Badge, type Tone } from "./badge.ts";
import {
  OUTDOOR_ANCHORS,
  OUTDOOR_TITLES,
  presentPollen,
  presentRadon,
  presentUv,
  presentWeatherWarnings,
  type OutdoorPresentation,
} from "./present-outdoor.ts";
import { unavailablePollen } from "../../sections/pollen/source.ts";
import { unavailableUv } from "../../sections/uv/source.ts";
import { unavailableWeatherWarnings } from "../../sections/weather/source.ts";
import { unavailableRadon } from "../../sections/radon/source.ts";

export type { Badge, Tone } from "./badge.ts";
export * from "./present-outdoor.ts";

export interface Fact {
  term: string;
  value: string;
}

export interface SectionPresentation {
  key: "water" | "air" | "drought" | "bathing";
  /** fragment id of the section on the page (« #eau ») */
  anchor: string;
  title: string;
  headline: Badge;
  /** what the data are about and when: « Prélèvement du 8 novembre 2026, verdict de l'ARS » */
  dateLine: string | null;
  /** a failure or an absence of data, said plainly */
  message: string | null;
  facts: Fact[];
  notes: string[];
  source: SourceRef;
  /** a second attribution line (Open-Meteo's CC BY licence) */
  attribution: string | null;
}

export interface WaterRowPresentation {
  code: string;
  /** readable name (« Nitrates », « Escherichia coli (E. coli) ») */
  name: string;
  /** « Libellé du laboratoire : Escherichia coli /100ml - MF », a technical detail, when it differs from the name */
  labLabel: string | null;
  value: string;
  badge: Badge;
  /** « 88 % de la limite de qualité (50 mg/L) », « 62 mg/L, soit 24 % au-dessus de la limite de qualité (50 mg/L) » */
  comparison: string;
  /** a gauge only for a value compared with an upper threshold */
  gauge: { percent: number; tone: "low" | "medium" | "high" } | null;
  notes: string[];
  /** « Mesuré le 3 mars 2026 » when not measured in the section's sample */
  dateLine: string | null;
}

export interface WaterPresentation extends SectionPresentation {
  key: "water";
  networks: { selected: string | null; options: Array<{ code: string; label: string }>; hint: string | null };
  rows: WaterRowPresentation[];
  /** twelve months of the key parameters, each drawn with layoutWaterChart (water-chart.ts) */
  history: WaterHistoryPresentation[];
}

export interface WaterHistoryPointPresentation {
  /** « 10 novembre 2026 » */
  date: string;
  /** « 62 mg/L », « < 0,05 µg/L » (the laboratory's result, never the 0 Hub'Eau gives below it) */
  value: string;
  /** the report's label: « Non conforme », « Non détecté »… */
  label: string;
  tone: Tone;
  /** « 62 mg/L (Non conforme) », « Non détecté (< 0,05 µg/L) » */
  result: string;
  /** « 10 novembre 2026 : 62 mg/L (Non conforme) »: the point's name and tooltip */
  text: string;
}

export interface WaterHistoryPresentation {
  code: string;
  /** « Nitrates » */
  name: string;
  series: WaterHistorySeries;
  /** the end of the twelve-month window the chart spans (the report's generation time) */
  windowEnd: string;
  /** « 6 prélèvements du 12 décembre 2025 au 10 novembre 2026, dont 1 non conforme » */
  summary: string;
  /** « Nitrates : 6 prélèvements …, limite de qualité : 50 mg/L »: the chart's description */
  description: string;
  /** « Limite de qualité : 50 mg/L », beside the dashed line; null when no limit is drawn */
  limitLabel: string | null;
  /** oldest first, as the series' points */
  points: WaterHistoryPointPresentation[];
  /** one line for the PDF: count and verdicts, last result and its date, limit */
  line: string;
}

export interface AirPresentation extends SectionPresentation {
  key: "air";
  /**
   * the official index's sub-indices, pollutant by pollutant, each in ATMO's word and colours:
   * the facts behind the index (empty for a model estimate)
   */
  subIndices: Array<{ name: string; badge: Badge }>;
  /**
   * the model's values of the day, each with its basis; with the ATMO band it falls in only when
   * the model is all there is (beside an official index, numbers only: never an ATMO word)
   */
  modelValues: string[];
}

export interface DroughtZonePresentation {
  title: string;
  badge: Badge;
  hint: string | null;
  facts: Fact[];
  /** « en vigueur du 18 novembre 2026 au 18 décembre 2026 », null when the decree gives no date */
  period: string | null;
  /** « 7 restrictions s'appliquent aux particuliers » */
  restrictionsSummary: string;
  /** grouped by VigiEau theme, households' themes first (the order of the zone's list) */
  groups: Array<{ theme: string; restrictions: Array<{ usage: string; description: string }> }>;
  decreeUrl: string | null;
}

/** One drought zone as text channels (the alert emails) write it: the card's and the PDF's words, in lines. */
export interface DroughtZoneText {
  /** « Eau potable : Crise » */
  heading: string;
  /** the zone's water, name and decree period, then its household restrictions, then its decree's link */
  lines: string[];
}

export interface DroughtPresentation extends SectionPresentation {
  key: "drought";
  zones: DroughtZonePresentation[];
}

export interface BathingSitePresentation {
  id: string;
  /** the official name in readable case (« Plage du Prado », not « PLAGE DU PRADO ») */
  name: string;
  badge: Badge;
  place: string;
  facts: Fact[];
  /** out of season, the site's one calm line: « Saison terminée ; dernier classement : Bonne (2025) » */
  line: string | null;
  url: string;
}

export interface BathingPresentation extends SectionPresentation {
  key: "bathing";
  sites: BathingSitePresentation[];
  /** when the ministry's live page was read, said once for the card, under its sites */
  liveRead: string | null;
}

export interface AdvicePresentation {
  id: string;
  category: Recommendation["category"];
  severity: Recommendation["severity"];
  /** « Important », « Précaution », « Information », « Tout va bien » */
  severityLabel: string;
  /** at most one prominent advice per domain; the others are shown compactly */
  prominent: boolean;
  title: string;
  text: string;
  link: string;
  source: { name: string; url: string };
}

export interface SummaryLine {
  key: SectionPresentation["key"] | OutdoorPresentation["key"] | "advice";
  anchor: string;
  /** « Eau du robinet » */
  label: string;
  /** the official word, as the section's headline */
  badge: Badge | null;
  /** the colour of the line: the headline's tone, or the advice's severity for « À retenir » */
  tone: Tone;
  /** the whole sentence, for text channels: « Eau du robinet : Conforme (prélèvement du …). » */
  text: string;
  /**
   * The words of `text` that the page makes its link to the card when not its label: the advice's
   * title — never « À retenir », which says nothing of where the link goes (RGAA 6.1).
   */
  linkText?: string;
  /** a section whose source has not answered yet (a streamed report on its way): its line says only that */
  pending?: true;
}

/**
 * A report on its way (decision 067): its head (address, commune, date) and the sections whose
 * sources have answered; the recommendations come last, built from every section.
 */
export type PartialReport = Pick<Report, "address" | "address_info" | "generated_at"> &
  Partial<Pick<Report, "water_quality" | "air_quality" | "drought" | "bathing" | OutdoorReportKey | "recommendations">>;

/** The report's keys of the four sections of issue 26. */
export type OutdoorReportKey = "pollen" | "uv" | "weather_warnings" | "radon";

/** A partial report's presentation: null where its section (or the advice) has not arrived. */
export interface PartialReportPresentation extends Omit<ReportPresentation, "water" | "air" | "drought" | "bathing" | OutdoorPresentation["key"] | "advice"> {
  pollen: OutdoorPresentation | null;
  uv: OutdoorPresentation | null;
  weather: OutdoorPresentation | null;
  radon: OutdoorPresentation | null;
  water: WaterPresentation | null;
  air: AirPresentation | null;
  drought: DroughtPresentation | null;
  bathing: BathingPresentation | null;
  advice: AdvicePresentation[] | null;
}

export interface ReportPresentation {
  title: string;
  place: string;
  /** the day the data were read, on the commune's own calendar (overseas, the territory's): « 2 décembre 2026 » */
  consultedOn: string;
  updated: string;
  /** five seconds: one sentence per domain in the official words, the most important advice first */
  summary: SummaryLine[];
  water: WaterPresentation;
  air: AirPresentation;
  drought: DroughtPresentation;
  bathing: BathingPresentation;
  pollen: OutdoorPresentation;
  uv: OutdoorPresentation;
  weather: OutdoorPresentation;
  radon: OutdoorPresentation;
  advice: AdvicePresentation[];
  disclaimer: string;
}

// The official words and colours live with their domain; channels may take them from here.
export { ATMO_COLORS } from "../../sections/air/atmo-scale.ts";
export { describeDecreePeriod, describeRestrictionCount, NO_DROUGHT_RESTRICTION, VIGIEAU_COLORS } from "../../sections/drought/notes.ts";

export const DISCLAIMER =
  "Ces informations proviennent de données publiques officielles et donnent des conseils généraux. Elles ne remplacent pas l'avis d'un professionnel de santé ni les consignes de votre mairie, de l'Agence régionale de santé ou de la préfecture.";

/**
 * Beside every link or button that gives the PDF: pdf-lib writes no structure tree, so the PDF is
 * untagged, and the report page is its accessible alternative (RGAA 13.3).
 */
export const PDF_ACCESSIBLE_ALTERNATIVE = frenchTypography(
  "Le rapport PDF n'est pas accessible aux lecteurs d'écran : la page du bilan en est la version accessible.",
);

/** Each card's title, the same while its section is still being read (decision 067). */
export const SECTION_TITLES = {
  water: "Eau du robinet",
  air: "Qualité de l'air",
  drought: "Sécheresse",
  bathing: "Baignade",
  advice: "Recommandations",
} as const;

export const SECTION_ANCHORS = { water: "eau", air: "air", drought: "secheresse", bathing: "baignade", advice: "conseils" } as const;

export const SEVERITY_LABELS: Record<Recommendation["severity"], string> = {
  critical: "Important",
  warning: "Précaution",
  info: "Information",
  success: "Tout va bien",
};

// ---------------------------------------------------------------- official words and colours

// ---------------------------------------------------------------- water

const WATER_VERDICT_WORDS = {
  conforme: "Conforme",
  non_conforme: "Non conforme",
  derogation: "Conforme sous dérogation",
} as const;

/**
 * The ARS verdict of the newest sample, in its words. Our level only colours it, and a
 * « Conforme » is never shown in red: a non-compliance of an older sample in the window is said
 * in the notes, not in place of the verdict.
 */
export function waterHeadline(water: WaterQualitySection): Badge {
  if (!water.success) return badge("Indisponible", "unavailable");
  if (!water.sampled_at) return badge("Aucune analyse publiée", "unavailable");
  const verdict = water.official_verdict ?? (water.level === "critical" ? "non_conforme" : "conforme");
  const level = verdict === "conforme" && water.level === "critical" ? "concerning" : water.level;
  return badge(WATER_VERDICT_WORDS[verdict], level);
}

/** Units in words: « n/(100mL) » → « par 100 mL »; « sans objet » → nothing. */
export function unitInWords(unit: string | null): string {
  if (!unit || /sans objet/i.test(unit)) return "";
  if (/^\s*(n|nb|ufc|npp)?\s*\/\s*\(?\s*100\s*ml\s*\)?\s*$/i.test(unit)) return "par 100 mL";
  return unit;
}

const withUnit = (value: string, unit: string | null) => {
  const words = unitInWords(unit);
  return words ? `${value}${NBSP}${words}` : value;
};

function formatWaterValue(parameter: WaterParameterView): string {
  const raw = parameter.resultat_alphanumerique.trim();
  if (parameter.value === null) return raw;
  const qualifier = raw.startsWith("<") ? `<${NBSP}` : raw.startsWith(">") ? `>${NBSP}` : "";
  return `${qualifier}${withUnit(formatNumberFr(parameter.value, 3), parameter.unite_mesure)}`;
}

function describeThreshold(parameter: WaterParameterView): string | null {
  if (parameter.limit_kind === null) return null;
  const kind = LIMIT_KIND_TEXTS[parameter.limit_kind];
  if (parameter.limit_min !== null) {
    return parameter.limit !== null
      ? `${kind}${NBSP}: entre ${formatNumberFr(parameter.limit_min, 3)} et ${withUnit(formatNumberFr(parameter.limit, 3), parameter.unite_mesure)}`
      : `${kind}${NBSP}: au moins ${withUnit(formatNumberFr(parameter.limit_min, 3), parameter.unite_mesure)}`;
  }
  if (parameter.limit === null) return kind;
  return `${kind}${NBSP}: ${withUnit(formatNumberFr(parameter.limit, 3), parameter.unite_mesure)}`;
}

/** « la limite de qualité » but « le seuil de confort »: the article follows the kind's gender. */
const LIMIT_KIND_ARTICLES: Record<NonNullable<WaterParameterView["limit_kind"]>, { the: string; of: string; to: string }> = {
  limite: { the: "la", of: "de la", to: "à la" },
  reference: { the: "la", of: "de la", to: "à la" },
  indicative: { the: "la", of: "de la", to: "à la" },
  confort: { the: "le", of: "du", to: "au" },
};

/**
 * The ratio shades a compliant value only for ordering: a plain « Conforme » reads green,
 * « Conforme, proche de la limite » amber, and neither is ever red. A taste note on chlorine and
 * a PFAS value from before its limit are facts, not verdicts: neutral.
 */
function rowTone(parameter: WaterParameterView): Tone {
  if (parameter.label === "Conforme" && parameter.level !== "concerning" && parameter.level !== "critical") return "good";
  if (parameter.limit_kind === "confort") return "neutral";
  // Before 2026 no limit applied to PFAS: a value, not a verdict.
  if (parameter.note === "pfas-before-2026" && parameter.label !== "Non détecté") return "neutral";
  return toneOf(parameter.level);
}

export function presentWaterRow(parameter: WaterParameterView, sampledAt: string | null): WaterRowPresentation {
  const percent = parameter.ratio === null ? null : Math.round(parameter.ratio * 100);
  const threshold = describeThreshold(parameter);
  const kind = parameter.limit_kind ? LIMIT_KIND_TEXTS[parameter.limit_kind] : null;
  const limitValue = parameter.limit !== null ? withUnit(formatNumberFr(parameter.limit, 3), parameter.unite_mesure) : null;
  const article = parameter.limit_kind ? LIMIT_KIND_ARTICLES[parameter.limit_kind] : LIMIT_KIND_ARTICLES.limite;
  // Chlorine has no regulatory value: its row states the fact and, at most, a taste note — no
  // percentage of a threshold, no gauge (decision 054).
  const chlorine = parameter.limit_kind === "confort";
  const name = parameter.name || parameter.libelle_parametre;
  // Each of the 20 PFAS is judged against the sum's limit: its row names it (by the name the
  // parameter table gave it, so that the page does not carry the whole table).
  const onePfas = isOneOfThePfasSum(name);
  const kindWords = kind && onePfas ? `${kind} de la somme des 20${NBSP}PFAS` : kind;
  const thresholdWords = onePfas && kindWords && limitValue ? `${kindWords}${NBSP}: ${limitValue}` : threshold;
  const alone = onePfas ? "à lui seul, " : "";
  // The ARS declared the sample compliant although the value is above the one on its row: its
  // verdict first, the row's value as a fact — no « dépasse », no gauge beside « Conforme ».
  const arsCompliant = parameter.note === "ars-compliant";
  let comparison: string;
  if (parameter.note === "uncomparable-unit") comparison = threshold ? `non comparable ${article.to} ${threshold}` : "non comparable à la limite";
  // Its note says which limit applies since 1 January 2026.
  else if (parameter.note === "pfas-before-2026") comparison = "pas de limite à la date du prélèvement";
  else if (parameter.limit_kind === null) comparison = "pas de limite réglementaire";
  else if (chlorine) comparison = `pas de limite réglementaire${limitValue ? `${NBSP}; goût de chlore possible au-delà de ${limitValue}` : ""}`;
  else if (arsCompliant) {
    comparison = `conforme selon l'Agence régionale de santé${kindWords && limitValue ? `${NBSP}; la ligne de résultat indique ${article.the} ${kindWords} de ${limitValue}` : ""}`;
  } else if (percent !== null && kindWords && limitValue) {
    comparison =
      percent > 100
        ? // The value first, then how far above: « dépasse la limite de 24 % (50 mg/L) » read as a limit of 24 %.
          `${alone}${formatWaterValue(parameter)}, soit ${formatNumberFr(percent - 100, 0)}${NBSP}% au-dessus ${article.of} ${kindWords} (${limitValue})`
        : `${alone}${formatNumberFr(percent, 0)}${NBSP}% ${article.of} ${kindWords} (${limitValue})`;
  } else if (parameter.limit === 0 && parameter.limit_min === null && kind) comparison = `${kind}${NBSP}: aucun germe toléré dans 100${NBSP}mL`;
  else if (parameter.label === "Non détecté" && thresholdWords) comparison = `sous la limite de quantification du laboratoire${NBSP}; ${thresholdWords}`;
  else comparison = thresholdWords ?? "";
  const published = describePublishedUnit(parameter);
  const notes = [
    ...(published ? [published] : []),
    ...(parameter.note ? [WATER_NOTE_TEXTS[parameter.note]] : []),
    ...(parameter.at_the_tap && (parameter.level === "critical" || parameter.level === "concerning") ? [AT_THE_TAP_TEXT] : []),
  ];
  const measuredDay = formatDateFr(parameter.date_prelevement);
  return {
    code: parameter.code,
    name,
    // A technical detail, said as such: the readable name is the row's.
    labLabel: parameter.libelle_parametre && parameter.libelle_parametre !== name ? `Libellé du laboratoire${NBSP}: ${parameter.libelle_parametre}` : null,
    value: formatWaterValue(parameter),
    badge: { ...badge(parameter.label, parameter.level), tone: rowTone(parameter) },
    comparison,
    gauge:
      percent === null || chlorine || arsCompliant
        ? null
        : { percent, tone: parameter.level === "critical" || parameter.level === "concerning" ? "high" : percent > 80 ? "medium" : "low" },
    notes,
    // A parameter measured long ago still counts (its latest result, whatever its age): its date says so.
    dateLine: parameter.older_than_a_year
      ? `Mesuré le ${measuredDay} (mesure de plus d'un an)`
      : sampledAt && formatDateFr(sampledAt) === measuredDay
        ? null
        : `Mesuré le ${measuredDay}`,
  };
}

export function presentWater(water: WaterQualitySection, generatedAt: string | null = null): WaterPresentation {
  const headline = waterHeadline(water);
  const facts: Fact[] = water.success
    ? [
        { term: "Réseau", value: water.udi?.name ?? "Non identifié pour cette adresse" },
        { term: "Distributeur", value: water.distributor ?? "Non précisé" },
        { term: "Conclusion officielle de l'ARS", value: water.conclusion ?? "Non précisée" },
      ]
    : [];
  // An older non-compliance still standing is said right under the newest sample's verdict.
  const carried = carriedForwardNonCompliance(water).length > 0;
  const notes = [
    carried ? describeLastNonCompliance(water) : null,
    water.udi_choice && water.udis.length > 1 ? UDI_CHOICE_TEXTS[water.udi_choice] : null,
    describeOtherNetworks(water),
    water.tap_only_exceedance ? TAP_ONLY_TEXT : null,
    describeQualitativeFindings(water),
    carried ? null : describeLastNonCompliance(water),
  ].filter((note): note is string => note !== null);
  return {
    key: "water",
    anchor: SECTION_ANCHORS.water,
    title: SECTION_TITLES.water,
    headline,
    dateLine: water.sampled_at
      ? `Prélèvement du ${formatDateFr(water.sampled_at)}${water.official_verdict ? ", verdict de l'Agence régionale de santé" : ""}`
      : null,
    message: water.message,
    facts,
    notes,
    source: water.source,
    attribution: null,
    networks: {
      selected: water.udi?.code ?? null,
      options: water.udis.map((udi) => ({
        code: udi.code,
        label: `${udi.name}${udi.quarter && udi.quarter.toLowerCase() !== "commune" ? ` – quartier ${udi.quarter}` : ""}`,
      })),
      hint:
        water.udis.length > 1
          ? `Votre commune est desservie par ${water.udis.length} réseaux. Les données publiques ne permettent pas de savoir lequel dessert votre adresse${NBSP}: choisissez le vôtre si vous le connaissez (il figure sur votre facture d'eau).`
          : null,
    },
    rows: water.parameters.map((parameter) => presentWaterRow(parameter, water.sampled_at)),
    history: water.history.map((series) => presentWaterHistory(series, generatedAt ?? water.sampled_at ?? series.points.at(-1)?.sampled_at ?? "")),
  };
}

/** Labels that say a sample is within its limit; any other is counted by name in the summary. */
const COMPLIANT_HISTORY_LABELS = new Set(["Conforme", "Non détecté", "Conforme, proche de la limite"]);

function presentHistoryPoint(point: WaterHistoryPoint, unit: string | null): WaterHistoryPointPresentation {
  const raw = point.raw.trim();
  const date = formatDateFr(point.sampled_at);
  let value: string;
  if (point.value !== null) value = `${raw.startsWith(">") ? `>${NBSP}` : ""}${withUnit(formatNumberFr(point.value, 3), unit)}`;
  // The laboratory's limit in the series' unit (a nitrates result published as nitrogen is restated).
  else if (typeof point.below === "number") value = `<${NBSP}${withUnit(formatNumberFr(point.below, 3), unit)}`;
  else {
    // The laboratory's limit as it wrote it (« <0,05 » → « < 0,05 µg/L »), or the bare text.
    const limit = /^<=?\s*([\d.,]+)$/.exec(raw)?.[1];
    value = limit ? `<${NBSP}${withUnit(limit.replace(".", ","), unit)}` : raw || point.label;
  }
  const result = point.value !== null ? `${value} (${point.label})` : value === point.label ? point.label : `${point.label} (${value})`;
  // Compliant values stay green whatever their shade, as in the parameter list.
  const tone: Tone = point.label === "Conforme" && point.level !== "concerning" && point.level !== "critical" ? "good" : point.level;
  return { date, value, label: point.label, tone, result, text: `${date}${NBSP}: ${result}` };
}

function describeHistoryLimit(series: WaterHistorySeries): string | null {
  if (series.limit === null) return null;
  return `${LIMIT_KIND_TEXTS.limite}${NBSP}: ${withUnit(formatNumberFr(series.limit, 3), series.unit)}`;
}

/** A verdict counted in a sentence, agreed with its number: « dont 2 non conformes », never « dont 2 « Non conforme » ». */
const COUNTED_VERDICTS: Record<string, { one: string; many: string }> = {
  "Non conforme": { one: "non conforme", many: "non conformes" },
  "Non quantifié": { one: "non quantifié", many: "non quantifiés" },
  "Non évalué": { one: "non évalué", many: "non évalués" },
  "Conforme sous dérogation": { one: "conforme sous dérogation", many: "conformes sous dérogation" },
  "Au-dessus de la valeur indicative": { one: "au-dessus de la valeur indicative", many: "au-dessus de la valeur indicative" },
  "Référence dépassée (indicateur)": { one: "au-dessus de la référence de qualité", many: "au-dessus de la référence de qualité" },
  "Pas de limite à cette date": { one: "sans limite à cette date", many: "sans limite à cette date" },
};

export function countedVerdict(label: string, times: number): string {
  const words = COUNTED_VERDICTS[label];
  if (!words) return `«${NBSP}${label}${NBSP}»`;
  return times > 1 ? words.many : words.one;
}

/** The words of one parameter's twelve months: what the chart shows, said for every channel. */
export function presentWaterHistory(series: WaterHistorySeries, windowEnd: string): WaterHistoryPresentation {
  const points = series.points.map((point) => presentHistoryPoint(point, series.unit));
  const count = points.length;
  const first = points[0];
  const last = points.at(-1);
  const samples = `${count}${NBSP}prélèvement${count > 1 ? "s" : ""}`;
  const span = !first || !last ? "" : count === 1 ? `, le ${last.date}` : ` du ${first.date} au ${last.date}`;
  const others = new Map<string, number>();
  for (const point of points) if (!COMPLIANT_HISTORY_LABELS.has(point.label)) others.set(point.label, (others.get(point.label) ?? 0) + 1);
  const verdict =
    others.size === 0
      ? count === 1
        ? "conforme"
        : "tous conformes"
      : count === 1
        ? countedVerdict(points[0]?.label ?? "", 1)
        : `dont ${[...others].map(([label, times]) => `${times} ${countedVerdict(label, times)}`).join(", ")}`;
  const summary = `${samples}${span}, ${verdict}`;
  const limit = describeHistoryLimit(series);
  return {
    code: series.code,
    name: series.name,
    series,
    windowEnd,
    summary,
    description: `${series.name}${NBSP}: ${summary}${limit ? `, ${limit}` : ""}`,
    limitLabel: limit ? `${limit.charAt(0).toUpperCase()}${limit.slice(1)}` : null,
    points,
    line: frenchTypography(
      [`${series.name}${NBSP}: ${samples}, ${verdict}`, last ? `dernier le ${last.date}${NBSP}: ${last.result}` : null, limit].filter(Boolean).join(" ; "),
    ),
  };
}

// ---------------------------------------------------------------- air

const BASIS_WORDS = { daily_mean: "moyenne du jour", daily_max: "maximum horaire du jour" } as const;

/** « « Bon » jusqu'à 10 µg/m³ »: the band of the ATMO sub-index a model value falls in. */
function bandOf(pollutant: AirPollutantCode, value: number): string {
  const bounds = ATMO_SUB_INDEX_SCALES[pollutant].upperBounds;
  const index = bounds.findIndex((bound) => value <= bound);
  if (index === -1) return `«${NBSP}${ATMO_LABELS[6]}${NBSP}» au-delà de ${formatNumberFr(bounds[4], 0)}${NBSP}µg/m³`;
  return `«${NBSP}${ATMO_LABELS[index + 1]}${NBSP}» jusqu'à ${formatNumberFr(bounds[index]!, 0)}${NBSP}µg/m³`;
}

/** An ATMO word in ATMO's colours: one word, one colour, official or estimated (atmo-scale.ts). */
function atmoBadge(word: string, code: number): Badge {
  return badge(word, levelOfAtmoCode(code) ?? "unavailable", ATMO_COLORS[code] ?? null);
}

export function airHeadline(air: Report["air_quality"]): Badge {
  if (!air.index) {
    // Code 0: ATMO's own word for a day it did not compute; otherwise nothing was published or read.
    if (air.official_unavailable) return badge(ATMO_LABELS[0]!, "unavailable");
    return badge(air.success ? "Non publié" : "Indisponible", "unavailable");
  }
  if (air.origin === "cams") return atmoBadge(`${air.index.label} (estimation)`, air.index.code);
  return atmoBadge(air.index.label, air.index.code);
}

/** « Indisponible (non calculé pour le 22 novembre 2026, intercommunalité CA X) » */
function describeOfficialUnavailable(unavailable: NonNullable<Report["air_quality"]["official_unavailable"]>): string {
  const zone = unavailable.zone_type === "epci" ? `, indice de l'intercommunalité${unavailable.zone ? ` ${unavailable.zone}` : ""}` : "";
  return `${ATMO_LABELS[0]} (non calculé pour le ${formatDateFr(unavailable.date)}${zone})`;
}

export function presentAir(air: Report["air_quality"]): AirPresentation {
  const facts: Fact[] = [];
  if (air.official_unavailable) facts.push({ term: "Indice ATMO", value: describeOfficialUnavailable(air.official_unavailable) });
  if (air.index) {
    facts.push({ term: air.origin === "cams" ? "Niveau estimé (modèle CAMS)" : "Indice ATMO", value: air.index.label });
    if (air.origin === "atmo" && air.index.zone) {
      facts.push({ term: air.index.zone_type === "epci" ? "Zone de l'indice (intercommunalité)" : "Zone de l'indice (commune)", value: air.index.zone });
    }
    if (air.origin === "cams") facts.push({ term: "Zone", value: "Estimation modélisée pour l'adresse, pas une mesure officielle" });
  }
  if (air.responsible_pollutant) facts.push({ term: "Polluant déterminant", value: air.responsible_pollutant.label });
  if (air.success) facts.push({ term: "Demain", value: air.tomorrow ? `${air.tomorrow.label} (indice ATMO prévu)` : "Prévision non publiée" });
  const official = air.origin === "atmo";
  const subIndices = official ? air.sub_indices.map((sub) => ({ name: sub.label, badge: atmoBadge(sub.index_label, sub.index_code) })) : [];
  const modelValues = Object.entries(air.pollutants).map(([code, pollutant]) => {
    const known = code in AIR_POLLUTANT_NAMES ? (code as AirPollutantCode) : null;
    const basis = pollutant.basis ? BASIS_WORDS[pollutant.basis] : "estimation";
    // Beside an official index the model's values are numbers only: its band would be an ATMO
    // word that can contradict the official sub-index (Amiens: ozone « Moyen » officially).
    const band = known && !official ? ` ; ${bandOf(known, pollutant.value)}` : "";
    return `${pollutant.label ?? code}${NBSP}: ${formatNumberFr(pollutant.value, 1)}${NBSP}${pollutant.unit} (${basis}${band})`;
  });
  const dateLine = air.index
    ? air.origin === "cams"
      ? `Estimation pour la journée du ${formatDateFr(air.index.date)}, calculée sur les valeurs horaires du modèle`
      : `Indice du ${formatDateFr(air.index.date)}`
    : null;
  const modelNote = official
    ? `Estimation du modèle CAMS pour aujourd'hui, en valeurs calculées (pas des mesures, ni l'indice officiel, qui fait foi)${NBSP}:`
    : `Estimations du modèle Copernicus CAMS pour aujourd'hui (pas des mesures)${NBSP}:`;
  return {
    key: "air",
    anchor: SECTION_ANCHORS.air,
    title: SECTION_TITLES.air,
    headline: airHeadline(air),
    dateLine,
    message: air.message,
    facts,
    notes: modelValues.length > 0 ? [modelNote] : [],
    source: air.source,
    attribution: modelValues.length > 0 && air.origin !== "cams" ? "Estimations Copernicus CAMS via Open-Meteo.com (CC BY 4.0)" : null,
    subIndices,
    modelValues,
  };
}

// ---------------------------------------------------------------- drought

function groupByTheme(restrictions: readonly DroughtRestriction[]): DroughtZonePresentation["groups"] {
  const groups: DroughtZonePresentation["groups"] = [];
  for (const restriction of restrictions) {
    const theme = restriction.thematique || "Autres usages";
    let group = groups.find((candidate) => candidate.theme === theme);
    if (!group) {
      group = { theme, restrictions: [] };
      groups.push(group);
    }
    group.restrictions.push({ usage: restriction.usage, description: restriction.description.replace(/\s+/g, " ").trim() });
  }
  return groups;
}

/**
 * VigiEau's word for the worst zone in force, with the water(s) it is about: « Crise (eau
 * souterraine) » — a groundwater zone's crise is not the tap's, and the headline never lets it read so.
 */
export function droughtHeadline(drought: Report["drought"]): Badge {
  if (!drought.success) return badge("Indisponible", "unavailable");
  if (drought.zones.length === 0) return badge(NO_DROUGHT_RESTRICTION, "good", VIGIEAU_COLORS.none ?? null);
  if (!drought.gravity) return badge("Niveau non reconnu", "unavailable");
  const waters = describeWaters(zonesAtSectionLevel(drought).map((zone) => zone.type_label));
  return badge(waters ? `${drought.label} (${waters})` : drought.label, drought.level, VIGIEAU_COLORS[drought.gravity] ?? null);
}

/**
 * The section's sentences beside its zones: the tap's water when no drinking-water zone is in
 * force (VigiEau's own conclusion), then each zone whose decree is not in force today, with its dates.
 */
function droughtNotes(drought: Report["drought"]): string[] {
  if (!drought.success) return [];
  const tap = drought.zones.length > 0 && !hasDrinkingWaterZone(drought) ? [TAP_WATER_NOT_RESTRICTED] : [];
  return [...tap, ...drought.zones_not_in_force.map(describeZoneNotInForce)];
}

/** `timeZone`: the commune's (`timeZoneOfCommune`), so that an overseas « Situation au » is the territory's day. */
export function presentDrought(drought: Report["drought"], generatedAt: string, timeZone?: string): DroughtPresentation {
  const zones = (drought.zones ?? []).map((zone): DroughtZonePresentation => {
    const period = describeDecreePeriod(zone.decree);
    return {
      title: zone.type_label,
      badge: badge(zone.gravity ? zone.label : "Niveau non reconnu", zone.level, zone.gravity ? (VIGIEAU_COLORS[zone.gravity] ?? null) : null),
      hint: zone.type_hint ? `Pour ${zone.type_hint}` : null,
      facts: [{ term: "Zone", value: zone.name }, ...(period ? [{ term: "Arrêté", value: period }] : [])],
      period,
      restrictionsSummary: describeRestrictionCount(zone.restrictions.length),
      groups: groupByTheme(zone.restrictions),
      decreeUrl: zone.decree?.url ?? null,
    };
  });
  return {
    key: "drought",
    anchor: SECTION_ANCHORS.drought,
    title: SECTION_TITLES.drought,
    headline: droughtHeadline(drought),
    dateLine: drought.success ? `Situation au ${formatDateFr(generatedAt, timeZone)}` : null,
    message: drought.message,
    facts: drought.success && zones.length === 0 ? [{ term: "Zone", value: "Aucune zone en restriction pour votre adresse" }] : [],
    notes: droughtNotes(drought),
    source: drought.source,
    attribution: null,
    zones,
  };
}

/**
 * One zone in lines, from the presentation the card and the PDF lay out: its water type and
 * VigiEau's word, its name and decree period, its own household restrictions (the card's groups,
 * in their order) and its decree's link. A drought alert quotes these lines, so that an email
 * never puts one zone's name above another zone's rules, and says what the report says that day.
 */
export function describeDroughtZone(zone: DroughtZonePresentation): DroughtZoneText {
  const restrictions = zone.groups.flatMap((group) => group.restrictions.map((restriction) => `${restriction.usage} : ${restriction.description}`));
  const lines = [
    ...(zone.hint ? [zone.hint] : []),
    ...zone.facts.map((fact) => `${fact.term} : ${fact.value}`),
    restrictions.length > 0 ? `${zone.restrictionsSummary} :` : `${zone.restrictionsSummary}.`,
    ...restrictions,
    ...(zone.decreeUrl ? [`Texte de l'arrêté : ${zone.decreeUrl}`] : []),
  ];
  return { heading: frenchTypography(`${zone.title} : ${zone.badge.word}`), lines: lines.map(frenchTypography) };
}

// ---------------------------------------------------------------- bathing

export function bathingHeadline(bathing: BathingSection): Badge {
  if (!bathing.success) return badge("Indisponible", "unavailable");
  if (bathing.sites.length === 0) return badge("Aucun site proche", "unavailable");
  if (bathing.sites.some((site) => site.prohibition?.current)) return badge("Baignade interdite", "critical");
  // A ban of this season last seen more than a day ago: neither in force today nor good news.
  if (bathing.sites.some((site) => site.prohibition?.state === "unconfirmed")) return badge("Interdiction signalée", "concerning");
  // In season the nearest site's latest sample of this season speaks, in the ministry's words
  // (Bon, Moyen, Mauvais; with the classement when that sets a worse level).
  const inSeason = bathing.sites.find((site) => site.latest_sample?.current);
  if (inSeason) return badge(inSeason.status_label, inSeason.level);
  if (bathing.sites.every((site) => site.in_season === false)) return badge("Hors saison", "unavailable");
  return badge(bathing.sites[0]?.status_label ?? "Pas de résultat récent", bathing.sites[0]?.level ?? "unavailable");
}

/**
 * A site out of season in one calm line, its classement with the season it was given for:
 * « Saison terminée ; dernier classement : Bonne (2025) », or before this season's printed start
 * « Saison 2027 à partir du 15 juin 2027 ; dernier classement : Bonne (2026) »; without a classement in our
 * data, « classement : voir la fiche officielle » (the link follows).
 */
export function describeOffSeason(site: Pick<BathingSiteView, "season" | "classement">, today: string | null): string {
  const season = site.season;
  const ahead =
    season?.current && season.start && today !== null && today < season.start ? `Saison ${season.year} à partir du ${formatDateFr(season.start)}` : null;
  const classement = site.classement ? `dernier classement : ${site.classement.label} (${site.classement.year})` : "classement : voir la fiche officielle";
  return frenchTypography(`${ahead ?? "Saison terminée"} ; ${classement}`);
}

/**
 * `today` is the report's local day at the address (its territory's clock), to tell a season
 * still to come from one that has ended; without it an off-season site's season is « terminée ».
 */
export function presentBathing(bathing: BathingSection, today: string | null = null): BathingPresentation {
  const sites = bathing.sites.map((site): BathingSitePresentation => {
    const facts: Fact[] = [];
    if (site.prohibition) {
      const detail = describeProhibitionDetail(site.prohibition);
      facts.push({ term: prohibitionTerm(site.prohibition), value: `${describeProhibition(site.prohibition)}${detail ? `. ${detail}` : ""}` });
    }
    const common = {
      id: site.id,
      name: readableName(site.name),
      badge: badge(site.status_label, site.level),
      place: `${readableName(site.commune)} · ${site.water_type} · à ${formatNumberFr(site.distance_km, 1)}${NBSP}km`,
      url: site.official_url,
    };
    // Out of season: one calm line, never a column of « Non communiqué » (a ban, if any, stays above it).
    if (site.in_season === false) return { ...common, facts, line: describeOffSeason(site, today) };
    facts.push({
      term: "Dernier prélèvement",
      value: site.latest_sample
        ? `${site.latest_sample.verdict}, le ${formatDateFr(site.latest_sample.date)}`
        : site.record_sample
          ? `le ${formatDateFr(site.record_sample.date)} (bilan officiel de la saison ${bathing.record_season ?? site.season?.year ?? ""})`.replace(" ()", "")
          : "Non communiqué",
    });
    facts.push({ term: "Saison", value: describeBathingSeason(site) });
    facts.push({ term: "Classement", value: site.classement ? `${site.classement.label} (${site.classement.year})` : "Non communiqué" });
    return { ...common, facts, line: null };
  });
  return {
    key: "bathing",
    anchor: SECTION_ANCHORS.bathing,
    title: SECTION_TITLES.bathing,
    headline: bathingHeadline(bathing),
    // Said once, under the sites (describeBathingSources): never a season over values of another.
    dateLine: null,
    message: bathing.message,
    facts: [],
    notes: [],
    source: bathing.source,
    attribution: null,
    sites,
    liveRead: describeBathingSources(bathing, readableName),
  };
}

// ---------------------------------------------------------------- advice and summary

export function presentAdvice(recommendations: readonly Recommendation[]): AdvicePresentation[] {
  return recommendations.map((recommendation) => ({
    id: recommendation.id,
    category: recommendation.category,
    severity: recommendation.severity,
    severityLabel: SEVERITY_LABELS[recommendation.severity],
    // Chosen by the rules (select.ts); a report cached before the field existed shows none big.
    prominent: recommendation.prominent ?? false,
    title: recommendation.title,
    text: recommendation.text,
    link: recommendation.link,
    source: recommendation.source,
  }));
}

/**
 * The order every channel shows the advice in (the page's card, the PDF, the emails): the
 * prominent ones first, then the others, each group in the rules' order.
 */
export function adviceInDisplayOrder(advice: readonly AdvicePresentation[]): AdvicePresentation[] {
  return [...advice.filter((item) => item.prominent), ...advice.filter((item) => !item.prominent)];
}

const ADVICE_TONES: Record<Recommendation["severity"], Tone> = { critical: "critical", warning: "concerning", info: "neutral", success: "good" };

const sentence = (label: string, rest: string) => frenchTypography(`${label} : ${rest}`);

function summarizeWater(water: WaterQualitySection, headline: Badge): string {
  if (!water.success) return sentence("Eau du robinet", "résultats momentanément indisponibles.");
  if (!water.sampled_at) {
    return sentence(
      "Eau du robinet",
      water.udi ? `${NO_ANALYSIS_FOR_NETWORK} (${water.udi.name}).` : `${NETWORK_NOT_IDENTIFIED.toLowerCase()}, aucune analyse publiée.`,
    );
  }
  const network = water.udi ? `, réseau ${water.udi.name}` : "";
  // The newest sample's verdict first; an older non-compliance that is still a parameter's latest
  // result follows, dated, as such — never as if the newest sample had measured it.
  const carried = carriedForwardNonCompliance(water);
  if (carried.length > 0) {
    const listed = carried.map(
      (parameter) => `${parameter.name || parameter.libelle_parametre} ${formatWaterValue(parameter)}, le ${formatDateFr(parameter.date_prelevement)}`,
    );
    return sentence(
      "Eau du robinet",
      `${headline.word.toLowerCase()} (prélèvement du ${formatDateFr(water.sampled_at)}${network})${NBSP}; dernier résultat non conforme, sans nouvelle mesure depuis${NBSP}: ${listed.join(" ; ")}.`,
    );
  }
  const exceeded = water.parameters
    .filter((parameter) => parameter.level === "critical")
    .map((parameter) => `${parameter.name || parameter.libelle_parametre} ${formatWaterValue(parameter)}`);
  const detail = exceeded.length > 0 ? ` – ${exceeded.join(", ")}` : "";
  return sentence("Eau du robinet", `${headline.word.toLowerCase()} (prélèvement du ${formatDateFr(water.sampled_at)}${network})${detail}.`);
}

function summarizeAir(air: Report["air_quality"]): string {
  const unavailable = air.official_unavailable ? `indice ATMO officiel «${NBSP}${ATMO_LABELS[0]}${NBSP}» (non calculé)` : null;
  if (!air.index) {
    if (unavailable) return sentence("Air aujourd'hui", `${unavailable}, aucune estimation disponible.`);
    return sentence("Air aujourd'hui", air.success ? "aucun indice publié ni estimation disponible." : "données momentanément indisponibles.");
  }
  const tomorrow = air.tomorrow ? ` ; demain${NBSP}: ${air.tomorrow.label}` : "";
  if (air.origin === "cams") {
    const pollutant = air.responsible_pollutant ? ` d'après ${AIR_POLLUTANT_NAMES[air.responsible_pollutant.code].after}` : "";
    const why = unavailable ?? "pas d'indice officiel publié";
    return sentence("Air aujourd'hui", `${air.index.label}${pollutant} (estimation modélisée, ${why})${tomorrow}.`);
  }
  const zone = air.index.zone ? `, ${air.index.zone}` : "";
  return sentence("Air aujourd'hui", `${air.index.label} (indice ATMO${zone})${tomorrow}.`);
}

function summarizeDrought(drought: Report["drought"]): string {
  if (!drought.success) return sentence("Sécheresse", "restrictions momentanément indisponibles.");
  if (drought.zones.length === 0) return sentence("Sécheresse", `${NO_DROUGHT_RESTRICTION.toLowerCase()} pour votre adresse.`);
  const zones = drought.zones.map((zone) => `${zone.gravity ? zone.label : "niveau non reconnu"} (${zone.type_label.toLowerCase()})`);
  // The tap's water, when no drinking-water zone is in force: a river's or a groundwater zone's level is not the tap's.
  const tap = hasDrinkingWaterZone(drought) ? [] : [`eau potable : ${NO_DROUGHT_RESTRICTION.toLowerCase()}`];
  return sentence("Sécheresse", `${[...zones, ...tap].join(" ; ")}.`);
}

function summarizeBathing(bathing: BathingSection, headline: Badge): string {
  if (!bathing.success) return sentence("Baignade", "informations momentanément indisponibles.");
  if (bathing.sites.length === 0) return sentence("Baignade", `aucun site surveillé à moins de 20${NBSP}km.`);
  const where = (site: BathingSiteView) => `${readableName(site.name)} (à ${formatNumberFr(site.distance_km, 1)}${NBSP}km)`;
  const banned = bathing.sites.filter((site) => site.prohibition?.current);
  if (banned.length > 0) return sentence("Baignade", `baignade interdite à ${banned.map(where).join(", ")}.`);
  const unconfirmed = bathing.sites.filter((site) => site.prohibition?.state === "unconfirmed");
  if (unconfirmed.length > 0) {
    const reads = unconfirmed.map((site) => `${where(site)}${site.prohibition?.read_on ? ` le ${formatDateFr(site.prohibition.read_on)}` : ""}`);
    return sentence("Baignade", `interdiction signalée à ${reads.join(", ")}, à vérifier sur la fiche officielle.`);
  }
  const nearest = bathing.sites[0]!;
  const classement = nearest.classement ? `classement ${nearest.classement.label} (${nearest.classement.year})` : null;
  const sample = nearest.latest_sample?.current ? `dernier prélèvement ${nearest.latest_sample.verdict}` : null;
  // A permanent ban heads its site whatever the classement; a classement worse than the sample is named with it.
  const nearestWord =
    nearest.status_label === PERMANENT_BAN_REPORTED
      ? `interdiction permanente signalée${nearest.prohibition?.season ? ` (saison ${nearest.prohibition.season})` : ""}`
      : sample
        ? nearest.status_label !== nearest.latest_sample?.verdict && classement
          ? `${sample}, ${classement}`
          : sample
        : classement;
  const state = headline.word === "Hors saison" ? "hors saison" : headline.word;
  return sentence("Baignade", `${state}${NBSP}; site le plus proche${NBSP}: ${readableName(nearest.name)}${nearestWord ? `, ${nearestWord}` : ""}.`);
}

// A report kept by a browser or a cache across a deploy may miss fields added since: each section
// gets them with their empty values rather than fail to show.

function waterWithDefaults(water: WaterQualitySection): WaterQualitySection {
  return {
    ...water,
    udis: water.udis ?? [],
    parameters: water.parameters ?? [],
    other_networks_with_issues: water.other_networks_with_issues ?? [],
    last_non_compliance: water.last_non_compliance ?? null,
    official_verdict: water.official_verdict ?? null,
    tap_only_exceedance: water.tap_only_exceedance ?? false,
    qualitative_findings: water.qualitative_findings ?? [],
    history: water.history ?? [],
  };
}

function airWithDefaults(air: Report["air_quality"], generatedAt: string): Report["air_quality"] {
  return {
    ...air,
    pollutants: air.pollutants ?? {},
    responsible_pollutant: air.responsible_pollutant ?? null,
    sub_indices: air.sub_indices ?? [],
    official_unavailable: air.official_unavailable ?? null,
    day: air.day ?? air.index?.date ?? generatedAt.slice(0, 10),
  };
}

function droughtWithDefaults(drought: Report["drought"]): Report["drought"] {
  return { ...drought, zones: drought.zones ?? [], zones_not_in_force: drought.zones_not_in_force ?? [], restrictions: drought.restrictions ?? [] };
}

/** Each summary line's label: the section's name, the same whether the section has arrived or not. */
const SUMMARY_LABELS = { water: "Eau du robinet", air: "Air aujourd'hui", drought: "Sécheresse", bathing: "Baignade", ...OUTDOOR_TITLES } as const;

/** Said for a section whose source has not answered yet: nothing about it is known, so nothing else is said. */
export const SECTION_PENDING = "en cours de lecture…";

function pendingLine(key: keyof typeof SUMMARY_LABELS): SummaryLine {
  const label = SUMMARY_LABELS[key];
  return {
    key,
    anchor: key in SECTION_ANCHORS ? SECTION_ANCHORS[key as keyof typeof SECTION_ANCHORS] : OUTDOOR_ANCHORS[key as keyof typeof OUTDOOR_ANCHORS],
    label,
    badge: null,
    tone: "neutral",
    text: sentence(label, SECTION_PENDING),
    pending: true,
  };
}

/**
 * The presentation of a report on its way (decision 067), for the page while the sections stream
 * in: each arrived section exactly as in the whole report, each other one « en cours de lecture… »
 * and nothing more. « À retenir » (and so any word of the advice, « Bonne nouvelle » included,
 * decision 054) waits for the recommendations, which the server builds from every section.
 */
export function presentPartialReport(partial: PartialReport): PartialReportPresentation {
  const generatedAt = partial.generated_at;
  // Every date of the report's own reading is the commune's day: overseas, the territory's.
  const timeZone = timeZoneOfCommune(partial.address.citycode);
  const consultedOn = formatDateFr(generatedAt, timeZone);
  const waterSection = partial.water_quality ? waterWithDefaults(partial.water_quality) : null;
  const airSection = partial.air_quality ? airWithDefaults(partial.air_quality, generatedAt) : null;
  const droughtSection = partial.drought ? droughtWithDefaults(partial.drought) : null;
  const water = waterSection ? presentWater(waterSection, generatedAt) : null;
  const air = airSection ? presentAir(airSection) : null;
  const drought = droughtSection ? presentDrought(droughtSection, generatedAt, timeZone) : null;
  const bathing = partial.bathing ? presentBathing(partial.bathing, todayForCommune(new Date(generatedAt), partial.address.citycode)) : null;
  const outdoor = {
    pollen: partial.pollen ? presentPollen(partial.pollen) : null,
    uv: partial.uv ? presentUv(partial.uv) : null,
    weather: partial.weather_warnings ? presentWeatherWarnings(partial.weather_warnings) : null,
    radon: partial.radon ? presentRadon(partial.radon) : null,
  };
  const complete = water !== null && air !== null && drought !== null && bathing !== null && Object.values(outdoor).every((section) => section !== null);
  const advice = complete && partial.recommendations ? presentAdvice(partial.recommendations) : null;
  const info = partial.address_info;
  const first = advice?.find((item) => item.severity !== "success" && item.category !== "general") ?? null;
  const summary: SummaryLine[] = [
    ...(first
      ? [
          {
            key: "advice" as const,
            anchor: SECTION_ANCHORS.advice,
            label: "À retenir",
            badge: null,
            tone: ADVICE_TONES[first.severity],
            text: frenchTypography(`À retenir : ${first.title}`),
            linkText: frenchTypography(first.title),
          },
        ]
      : []),
    water && waterSection
      ? {
          key: "water",
          anchor: water.anchor,
          label: SUMMARY_LABELS.water,
          badge: water.headline,
          tone: water.headline.tone,
          text: summarizeWater(waterSection, water.headline),
        }
      : pendingLine("water"),
    air && airSection
      ? { key: "air", anchor: air.anchor, label: SUMMARY_LABELS.air, badge: air.headline, tone: air.headline.tone, text: summarizeAir(airSection) }
      : pendingLine("air"),
    drought && droughtSection
      ? {
          key: "drought",
          anchor: drought.anchor,
          label: SUMMARY_LABELS.drought,
          badge: drought.headline,
          tone: drought.headline.tone,
          text: summarizeDrought(droughtSection),
        }
      : pendingLine("drought"),
    bathing && partial.bathing
      ? {
          key: "bathing",
          anchor: bathing.anchor,
          label: SUMMARY_LABELS.bathing,
          badge: bathing.headline,
          tone: bathing.headline.tone,
          text: summarizeBathing(partial.bathing, bathing.headline),
        }
      : pendingLine("bathing"),
    ...(["weather", "pollen", "uv", "radon"] as const).map((key): SummaryLine => {
      const section = outdoor[key];
      if (!section) return pendingLine(key);
      return { key, anchor: section.anchor, label: SUMMARY_LABELS[key], badge: section.headline, tone: section.headline.tone, text: section.summary };
    }),
  ];
  return {
    title: partial.address.label,
    place: [info.commune_name || partial.address.city, info.department_name ? `${info.department_name} (${info.department_code})` : ""]
      .filter(Boolean)
      .join(" · "),
    consultedOn,
    updated: `mis à jour le ${consultedOn}`,
    summary,
    water,
    air,
    drought,
    bathing,
    ...outdoor,
    advice,
    disclaimer: DISCLAIMER,
  };
}

/** The one presentation of a report, for the page, the PDF and the emails: a whole report, every section there. */
export function presentReport(cached: Report): ReportPresentation {
  const presentation = presentPartialReport({ ...withOutdoorDefaults(cached), recommendations: cached.recommendations ?? [] });
  const { water, air, drought, bathing, pollen, uv, weather, radon, advice } = presentation;
  if (!water || !air || !drought || !bathing || !pollen || !uv || !weather || !radon || !advice) throw new Error("presentReport needs a whole report");
  return { ...presentation, water, air, drought, bathing, pollen, uv, weather, radon, advice };
}

/** A report stored before issue 26 (a cache, an alert's snapshot) has none of its four sections: each is said unavailable. */
export function withOutdoorDefaults(report: Report): Report {
  const day = todayForCommune(new Date(report.generated_at), report.address.citycode);
  const missing = "Cette information n'était pas encore donnée quand ce bilan a été établi.";
  return {
    ...report,
    pollen: report.pollen ?? unavailablePollen(day, missing),
    uv: report.uv ?? unavailableUv(day, missing),
    weather_warnings: report.weather_warnings ?? unavailableWeatherWarnings(day, missing),
    radon: report.radon ?? unavailableRadon(missing),
  };
}
