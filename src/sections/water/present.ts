// The tap water's card for every channel: the ARS verdict of the newest sample as its headline,
// each parameter's value against its limit, twelve months of history. Pure: dates come from the report.
import { formatDateFr, formatNumberFr, frenchTypography, NBSP } from "../../core/shared/format.ts";
import type { WaterHistoryPoint, WaterHistorySeries, WaterParameterView, WaterQualitySection } from "../../core/types.ts";
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
} from "./notes.ts";
import { isOneOfThePfasSum } from "./pfas.ts";
import { badge, toneOf, type Badge, type Tone } from "../../core/report/badge.ts";
import { sentence } from "../../core/report/days.ts";
import type { Fact, SectionPresentation } from "../../core/report/document.ts";

export const WATER_TITLE = "Eau du robinet";
export const WATER_ANCHOR = "eau";
export const WATER_LABEL = "Eau du robinet";

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
    anchor: WATER_ANCHOR,
    title: WATER_TITLE,
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

export function summarizeWater(water: WaterQualitySection, headline: Badge): string {
  if (!water.success) return sentence(WATER_LABEL, "résultats momentanément indisponibles.");
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
  return sentence(WATER_LABEL, `${headline.word.toLowerCase()} (prélèvement du ${formatDateFr(water.sampled_at)}${network})${detail}.`);
}

export function waterWithDefaults(water: WaterQualitySection): WaterQualitySection {
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
