// The rules that choose general health advice from a report: each advice is an id, a domain, a
// severity and facts; its words live in texts.ts. Pure: the day (`now`) is passed in.
import { todayInParis } from "../shared/time.ts";
import type { AirQualitySection, BathingSection, DroughtSection, Recommendation, WaterParameterView, WaterQualitySection } from "../types.ts";
import { type Advice, type OzoneNote, renderAdviceWords } from "./texts.ts";
import { conversionFactor } from "../water/measurements.ts";
import { carriedForwardNonCompliance } from "../water/notes.ts";
import { pfasRoleOf } from "../water/parameters.ts";

/** Thresholds of the rules (ARCHITECTURE.md): nitrates > 40 mg/L, a pesticide > 0,1 µg/L or the total > 0,5 µg/L, PM2.5 > 25 µg/m³. */
export const RECOMMENDATION_THRESHOLDS = {
  nitratesMgPerL: 40,
  pesticidesMicrogramsPerL: 0.1,
  pesticidesTotalMicrogramsPerL: 0.5,
  pfasMicrogramsPerL: 0.1,
  leadMicrogramsPerL: 5,
  pm25MicrogramsPerM3: 25,
} as const;

/** Ozone forms in sun and heat: the months (Paris) when an air advice speaks of it even if it does not set the level. */
export const OZONE_SEASON_MONTHS = { first: 4, last: 9 } as const;

const byCode = (parameters: readonly WaterParameterView[], code: string) => parameters.find((parameter) => parameter.code === code);

/** A measured value in µg/L, with the water rules' own unit reading; null below quantification or in another unit. */
function inMicrogramsPerLitre(parameter: WaterParameterView | undefined): number | null {
  if (!parameter?.unite_mesure || parameter.value === null || parameter.resultat_alphanumerique.trim().startsWith("<")) return null;
  const factor = conversionFactor(parameter.unite_mesure, "µg/L");
  return factor === null ? null : parameter.value * factor;
}

function waterAdvice(water: WaterQualitySection): Advice[] {
  if (!water.success || water.level === "unavailable") return [];
  const list: Advice[] = [];

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

  const nitrates = byCode(water.parameters, "1340");
  const nitratesMgPerL = nitrates && nitrates.note !== "uncomparable-unit" && !nitrates.resultat_alphanumerique.trim().startsWith("<") ? nitrates.value : null;
  if (nitratesMgPerL !== null && nitratesMgPerL > RECOMMENDATION_THRESHOLDS.nitratesMgPerL) {
    list.push(nitratesAdvice(nitratesMgPerL, { germsDetected: hasMicrobiologicalProblem(water) }));
  }

  const pesticides = exceededPesticides(water.parameters);
  if (pesticides.length > 0) {
    const worst = pesticides[0]!;
    list.push({
      id: "water-pesticides",
      category: "water",
      severity: "warning",
      vulnerable: false,
      facts: { total: worst.parameter.code === "6276", substance: worst.parameter.libelle_parametre, microgramsPerL: worst.microgramsPerLitre },
    });
  }

  const pfas = pfasAdvice(water.parameters);
  if (pfas) list.push(pfas);

  const lead = inMicrogramsPerLitre(byCode(water.parameters, "1382"));
  if (lead !== null && lead > RECOMMENDATION_THRESHOLDS.leadMicrogramsPerL) {
    list.push({ id: "water-lead", category: "water", severity: lead > 10 ? "critical" : "warning", vulnerable: false, facts: { microgramsPerL: lead } });
  }
  if (water.level === "concerning" && list.length === 0) {
    // The card reads « À surveiller »: never answer it with « Bonne nouvelle ! ».
    list.push({ id: "water-watch", category: "water", severity: "info", vulnerable: false, facts: { tapOnlyExceedance: Boolean(water.tap_only_exceedance) } });
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
 * drink the water; above 100 mg/L nobody does. Both are advice for vulnerable people, shown first.
 */
function nitratesAdvice(mgPerL: number, { germsDetected }: { germsDetected: boolean }): Advice {
  if (mgPerL > 100)
    return { id: "water-nitrates", category: "water", severity: "critical", vulnerable: true, facts: { mgPerL, band: "above-100", germsDetected } };
  if (mgPerL > 50)
    return { id: "water-nitrates", category: "water", severity: "critical", vulnerable: true, facts: { mgPerL, band: "above-limit", germsDetected } };
  return { id: "water-nitrates", category: "water", severity: "info", vulnerable: false, facts: { mgPerL, band: "near-limit", germsDetected } };
}

/**
 * PFAS above 0,1 µg/L: the sum of 20, or one of the 20 alone (it puts the sum above the limit),
 * the worst first. From 1 January 2026 only what the card reads « Non conforme » (or under
 * derogation) counts — never a row the ARS declared compliant; a measure from before that day,
 * when no limit applied, is told as a dated fact (information).
 */
function pfasAdvice(parameters: readonly WaterParameterView[]): Advice | null {
  const above = parameters
    .filter((parameter) => pfasRoleOf(parameter.code, parameter.libelle_parametre) !== null)
    .map((parameter) => ({ parameter, microgramsPerLitre: inMicrogramsPerLitre(parameter) }))
    .filter((entry): entry is { parameter: WaterParameterView; microgramsPerLitre: number } => entry.microgramsPerLitre !== null)
    .filter(({ microgramsPerLitre }) => microgramsPerLitre > RECOMMENDATION_THRESHOLDS.pfasMicrogramsPerL);
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

/** Ozone is named when it sets today's level, or in its season (April to September, Paris); never in November otherwise. */
function ozoneNote(air: AirQualitySection, now: Date): OzoneNote {
  if (air.responsible_pollutant?.code === "o3") return "responsible";
  const month = Number(todayInParis(now).slice(5, 7));
  return month >= OZONE_SEASON_MONTHS.first && month <= OZONE_SEASON_MONTHS.last ? "season" : null;
}

function airAdvice(air: AirQualitySection, now: Date): Advice[] {
  if (!air.success || !air.index) return [];
  const code = air.index.code;
  if (code === 7) {
    // « Événement »: an exceptional episode (fire, industrial plume) outside the scale, not a
    // degraded index; the agency and the prefecture say what to do.
    return [{ id: "air-event", category: "air", severity: "warning", vulnerable: false, facts: {} }];
  }
  // The official index wins: the model's PM2,5 is compared with 25 µg/m³ only when the level
  // itself comes from the model.
  const pm25 = air.origin === "cams" ? (air.pollutants["pm2_5"]?.value ?? null) : null;
  if (code >= 3 || (pm25 !== null && pm25 > RECOMMENDATION_THRESHOLDS.pm25MicrogramsPerM3)) {
    const reason =
      code >= 3
        ? { kind: "index" as const, label: air.index.label, estimated: air.origin === "cams", pollutant: air.responsible_pollutant?.code ?? null }
        : { kind: "pm25" as const, microgramsPerM3: pm25 ?? 0 };
    // The decree's advice speaks to vulnerable people first: it leads the list.
    return [{ id: "air-poor", category: "air", severity: code >= 4 ? "critical" : "warning", vulnerable: true, facts: { reason, ozone: ozoneNote(air, now) } }];
  }
  if (code === 2) {
    return [{ id: "air-moderate", category: "air", severity: "info", vulnerable: false, facts: { ozone: ozoneNote(air, now) } }];
  }
  return [];
}

function droughtAdvice(drought: DroughtSection): Advice[] {
  if (!drought.success || !drought.gravity) return [];
  // The section lists only restrictions for private individuals, households' themes first.
  // The worst zone's own list, as its card shows it: a sum over several zones would count rules
  // that apply to different waters (Maraussan: 7 for the rivers, 3 for the tap water).
  const worst = drought.zones?.find((zone) => zone.gravity === drought.gravity) ?? null;
  const householdRestrictions = (worst?.restrictions ?? drought.restrictions).map((restriction) => restriction.usage);
  const zoneType = worst && drought.zones.length > 1 ? worst.type_label.toLowerCase() : null;
  if (drought.gravity === "crise" || drought.gravity === "alerte_renforcee") {
    return [
      {
        id: "drought-severe",
        category: "drought",
        severity: "critical",
        vulnerable: false,
        facts: { levelLabel: drought.label, householdRestrictions, zoneType },
      },
    ];
  }
  if (drought.gravity === "alerte") {
    return [{ id: "drought-alert", category: "drought", severity: "warning", vulnerable: false, facts: { householdRestrictions, zoneType } }];
  }
  return [];
}

function bathingAdvice(bathing: BathingSection): Advice[] {
  if (!bathing.success || bathing.sites.length === 0) return [];
  const list: Advice[] = [];
  // Only a ban in force today: one from an earlier season's record is information, not advice.
  const prohibited = bathing.sites.filter((site) => site.prohibition?.current);
  if (prohibited.length > 0) {
    list.push({
      id: "bathing-prohibited",
      category: "bathing",
      severity: "critical",
      vulnerable: false,
      facts: { sites: prohibited.map((site) => site.name) },
    });
  }
  const cyanobacteria = bathing.sites.filter((site) => site.health_events.some((event) => event.active && /cyanobact/i.test(event.type)));
  if (cyanobacteria.length > 0) {
    list.push({ id: "bathing-cyanobacteria", category: "bathing", severity: "warning", vulnerable: false, facts: {} });
  }
  const poor = bathing.sites.filter(
    (site) =>
      !site.prohibition?.current && ((site.in_season !== false && site.latest_sample?.verdict === "Mauvais") || site.classement?.label === "Insuffisante"),
  );
  if (poor.length > 0) {
    list.push({ id: "bathing-poor", category: "bathing", severity: "warning", vulnerable: false, facts: { sites: poor.map((site) => site.name) } });
  }
  return list;
}

export interface RecommendationInput {
  water: WaterQualitySection;
  air: AirQualitySection;
  drought: DroughtSection;
  bathing: BathingSection;
  /** the report's time: its Paris day decides whether it is the ozone season */
  now: Date;
}

/** An advice as chosen, in order, with whether it gets the domain's one prominent box. */
export type SelectedAdvice = Advice & { prominent: boolean };

const SEVERITY_ORDER: Record<Recommendation["severity"], number> = { critical: 0, warning: 1, info: 2, success: 3 };

/**
 * Every advice that applies, in the order people should read it: advice for vulnerable people
 * (pregnant women, infants…) first whenever it applies, then the most severe; « Bonne nouvelle ! »
 * when none applies, « Données momentanément incomplètes » when nothing could be read. Each domain
 * gets at most one prominent box: its first critical or warning advice.
 */
export function selectAdvice(input: RecommendationInput): SelectedAdvice[] {
  const all = [...waterAdvice(input.water), ...airAdvice(input.air, input.now), ...droughtAdvice(input.drought), ...bathingAdvice(input.bathing)];
  const sections = [input.water, input.air, input.drought];
  if (all.length === 0 && sections.every((section) => section.level === "unavailable")) {
    return [{ id: "no-data", category: "general", severity: "info", vulnerable: false, facts: {}, prominent: false }];
  }
  if (all.length === 0) {
    return [{ id: "all-clear", category: "general", severity: "success", vulnerable: false, facts: {}, prominent: false }];
  }
  // Array.prototype.sort is stable: within a rank, domains keep the report's order.
  const ordered = all.sort((a, b) => Number(b.vulnerable) - Number(a.vulnerable) || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  const boxed = new Set<Recommendation["category"]>();
  return ordered.map((chosen) => {
    const prominent = (chosen.severity === "critical" || chosen.severity === "warning") && !boxed.has(chosen.category);
    if (prominent) boxed.add(chosen.category);
    return { ...chosen, prominent };
  });
}

/** The advice of a report in words: the public JSON contract (`Report.recommendations`). */
export function selectRecommendations(input: RecommendationInput): Recommendation[] {
  return selectAdvice(input).map(renderRecommendation);
}

export function renderRecommendation(chosen: SelectedAdvice): Recommendation {
  const { title, text, link, source } = renderAdviceWords(chosen);
  return {
    id: chosen.id,
    category: chosen.category,
    severity: chosen.severity,
    title,
    text,
    link,
    source,
    vulnerable: chosen.vulnerable,
    prominent: chosen.prominent,
  };
}
