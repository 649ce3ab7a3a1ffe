// The rules that choose general health advice from a report: each advice is an id, a domain, a
// severity and facts; its words live in texts.ts. Pure: the day (`now`) is passed in.
import { readableName } from "../shared/format.ts";
import { addDaysToLocalDate, todayInParis } from "../shared/time.ts";
import { hasDrinkingWaterZone, zonesAtSectionLevel } from "../../sections/drought/evaluate.ts";
import { describeWaters } from "../../sections/drought/notes.ts";
import type {
  AirQualitySection,
  BathingSection,
  DroughtSection,
  PollenSection,
  RadonSection,
  Report,
  Recommendation,
  UvSection,
  WaterParameterView,
  WaterQualitySection,
} from "../types.ts";
import { type Advice, type AdviceFacts, type OzoneNote, renderAdviceWords, type UncheckedSection } from "./texts.ts";
import { conclusionRestrictsUse } from "../../sections/water/conclusion.ts";
import { nitratesReading, nitratesRestriction } from "./drinking.ts";
import { conversionFactor } from "../../sections/water/measurements.ts";
import { carriedForwardNonCompliance } from "../../sections/water/notes.ts";
import { pfasRoleOf } from "../../sections/water/parameters.ts";
import { weatherAdviceFacts } from "./weather.ts";
import type { WeatherWarningsSection } from "../types.ts";

/** Thresholds of the rules (decision 029): nitrates > 40 mg/L, a pesticide > 0,1 µg/L or the total > 0,5 µg/L, PM2.5 > 25 µg/m³. */
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
  if (nitrates && nitrates.mgPerL > RECOMMENDATION_THRESHOLDS.nitratesMgPerL) {
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
  if (lead !== null && lead > RECOMMENDATION_THRESHOLDS.leadMicrogramsPerL) {
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
function watchReasons(water: WaterQualitySection): Omit<AdviceFacts["water-watch"], "arsInstruction"> {
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
): Advice {
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

/** Ozone is named when it sets today's level, or in its season (April to September); never in November otherwise. */
function ozoneNote(air: AirQualitySection, now: Date): OzoneNote {
  if (air.responsible_pollutant?.code === "o3") return "responsible";
  // The section's own day (the commune's); Paris's for a section stored without it.
  const month = Number((air.day || todayInParis(now)).slice(5, 7));
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
    return [
      { id: "air-moderate", category: "air", severity: "info", vulnerable: false, facts: { ozone: ozoneNote(air, now), estimated: air.origin === "cams" } },
    ];
  }
  return [];
}

function droughtAdvice(drought: DroughtSection): Advice[] {
  if (!drought.success || !drought.gravity) return [];
  // The section lists only restrictions for private individuals, households' themes first.
  // The worst zone's own list, as its card shows it: a sum over several zones would count rules
  // that apply to different waters (Maraussan: 7 for the rivers, 3 for the tap water).
  const worstZones = zonesAtSectionLevel(drought);
  const householdRestrictions = (worstZones[0]?.restrictions ?? drought.restrictions).map((restriction) => restriction.usage);
  // Which water the level is about, as the headline says it (« eau souterraine »), and whether the
  // tap's own water is restricted: a groundwater zone's crise is not the tap's.
  const where = { waters: describeWaters(worstZones.map((zone) => zone.type_label)), tapRestricted: hasDrinkingWaterZone(drought) };
  if (drought.gravity === "crise" || drought.gravity === "alerte_renforcee") {
    return [
      {
        id: "drought-severe",
        category: "drought",
        severity: "critical",
        vulnerable: false,
        facts: { levelLabel: drought.label, householdRestrictions, ...where },
      },
    ];
  }
  if (drought.gravity === "alerte") {
    return [{ id: "drought-alert", category: "drought", severity: "warning", vulnerable: false, facts: { householdRestrictions, ...where } }];
  }
  // Vigilance restricts nothing by itself but calls everyone to save water (VigiEau): its own
  // advice, so that a report in vigilance never reads « Bonne nouvelle ! ».
  return [{ id: "drought-vigilance", category: "drought", severity: "info", vulnerable: false, facts: { householdRestrictions, waters: where.waters } }];
}

/** Category 3 calls for measuring (a warning), category 2 says what it means (information); category 1 or no category, nothing. */
/**
 * Category 3 calls for measuring (a warning), category 2 says what it means; for the place the
 * arrêté classes (the commune, the address's former commune, its arrondissement). When the
 * commune's parts are classed differently and the address's part is unknown, the highest parts
 * are named and the advice is for those living there (information, not a warning).
 */
function radonAdvice(radon: RadonSection | undefined): Advice[] {
  if (!radon?.success) return [];
  if (radon.category === 2 || radon.category === 3) {
    const place: AdviceFacts["radon"]["place"] =
      radon.basis === "former_commune" && radon.commune && radon.current_commune
        ? { kind: "former_commune", name: radon.commune.name, today: radon.current_commune.name }
        : radon.basis === "arrondissement" && radon.commune
          ? { kind: "arrondissement", name: radon.commune.name }
          : { kind: "commune" };
    return [
      { id: "radon", category: "radon", severity: radon.category === 3 ? "warning" : "info", vulnerable: false, facts: { category: radon.category, place } },
    ];
  }
  const parts = radon.category === null && radon.basis === "parts" ? (radon.parts ?? []) : [];
  const highest = Math.max(0, ...parts.map((part) => part.category));
  if (highest < 2) return [];
  const names = parts.filter((part) => part.category === highest).map((part) => part.name);
  return [{ id: "radon", category: "radon", severity: "info", vulnerable: false, facts: { category: highest as 2 | 3, place: { kind: "part", names } } }];
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
      facts: { sites: prohibited.map((site) => readableName(site.name)) },
    });
  }
  // A ban of this season last seen more than a day ago: to be checked, never « en vigueur ».
  const unconfirmed = bathing.sites.filter((site) => site.prohibition?.state === "unconfirmed");
  if (unconfirmed.length > 0) {
    list.push({
      id: "bathing-prohibition-unconfirmed",
      category: "bathing",
      severity: "warning",
      vulnerable: false,
      facts: { sites: unconfirmed.map((site) => ({ name: readableName(site.name), readOn: site.prohibition?.read_on ?? null })) },
    });
  }
  const cyanobacteria = bathing.sites.filter((site) => site.health_events.some((event) => event.active && /cyanobact/i.test(event.type)));
  if (cyanobacteria.length > 0) {
    list.push({ id: "bathing-cyanobacteria", category: "bathing", severity: "warning", vulnerable: false, facts: {} });
  }
  // A « Mauvais » sample of this season, or an « Insuffisante » classement: each named for what it is.
  const poor = bathing.sites.flatMap((site) => {
    if (site.prohibition?.current || site.prohibition?.state === "unconfirmed") return [];
    const sample = site.latest_sample?.current ? site.latest_sample : null;
    const poorClassement = site.classement?.label === "Insuffisante" ? site.classement.year : null;
    if (sample?.verdict !== "Mauvais" && poorClassement === null) return [];
    return [{ name: readableName(site.name), poorClassement, lastSample: sample ? { date: sample.date, verdict: sample.verdict } : null }];
  });
  if (poor.length > 0) {
    list.push({ id: "bathing-poor", category: "bathing", severity: "warning", vulnerable: false, facts: { sites: poor } });
  }
  return list;
}

/**
 * Protection from the sun when today's or tomorrow's forecast reaches « Modéré » (index 3): the
 * HCSP's threshold (avis du 2 mai 2019, index 3 to 7, then 8 to 10 and 11 and above, each calling
 * for more). Every day at 3 or more is said, today first, so that an « Extrême » today is never
 * left out for a tomorrow as high; the words are the worse day's category. None without a forecast.
 */
function uvAdvice(uv: UvSection | undefined): Advice[] {
  if (!uv?.success) return [];
  const days = [
    { when: "today" as const, view: uv.today },
    { when: "tomorrow" as const, view: uv.tomorrow },
  ].flatMap(({ when, view }) =>
    view && view.uv_index_max >= 3 ? [{ when, date: view.date, uvIndex: view.uv_index_max, label: view.label, category: view.category }] : [],
  );
  const worst = days.reduce<(typeof days)[number] | null>((kept, day) => (kept && kept.uvIndex >= day.uvIndex ? kept : day), null);
  if (!worst) return [];
  return [
    {
      id: "uv-protection",
      category: "uv",
      severity: worst.uvIndex >= 6 ? "warning" : "info",
      vulnerable: false,
      facts: { days, category: worst.category, label: worst.label },
    },
  ];
}

/** The indice pollen from which the advice to allergic people applies: « Modéré » (decision 070). */
export const POLLEN_ADVICE_FROM_CODE = 3;

/**
 * In season only: when the official indice pollen is « Modéré » or worse today or tomorrow, the
 * ministry's advice to allergic people, naming the worse of the two days (today first on a tie).
 * Never from a model, never overseas (no official index), never for code 0 « Indisponible ».
 */
function pollenAdvice(pollen: PollenSection | undefined): Advice[] {
  if (!pollen || !pollen.success || pollen.not_covered) return [];
  const tomorrow = addDaysToLocalDate(pollen.day, 1);
  const candidates = (["today", "tomorrow"] as const)
    .map((when) => ({ when, day: pollen.days.find((day) => day.date === (when === "today" ? pollen.day : tomorrow)) }))
    .filter(
      (entry): entry is { when: "today" | "tomorrow"; day: NonNullable<typeof entry.day> } =>
        entry.day !== undefined && entry.day.code >= POLLEN_ADVICE_FROM_CODE && entry.day.code <= 6,
    );
  const worst = candidates.sort((a, b) => b.day.code - a.day.code)[0];
  if (!worst) return [];
  return [
    {
      id: "pollen-allergy",
      category: "pollen",
      severity: worst.day.code >= 4 ? "warning" : "info",
      vulnerable: false,
      facts: { label: worst.day.label, code: worst.day.code, when: worst.when, responsible: worst.day.responsible },
    },
  ];
}

function weatherAdvice(weather: WeatherWarningsSection | undefined): Advice[] {
  const chosen = weatherAdviceFacts(weather);
  if (!chosen) return [];
  if (chosen.kind === "attentive") return [{ id: "weather-attentive", category: "weather", severity: "info", vulnerable: false, facts: chosen.facts }];
  return [{ id: "weather-warning", category: "weather", severity: chosen.red ? "critical" : "warning", vulnerable: false, facts: chosen.facts }];
}

export interface RecommendationInput {
  water: WaterQualitySection;
  air: AirQualitySection;
  drought: DroughtSection;
  bathing: BathingSection;
  /** the UV forecast (issue 26); absent in reports built before it */
  uv?: UvSection | undefined;
  /** absent from reports built before the radon section: no radon advice */
  radon?: RadonSection | undefined;
  /** absent in reports built before issue 26 */
  pollen?: PollenSection;
  /** Météo-France's vigilance (issue 26); absent: no weather advice */
  weatherWarnings?: WeatherWarningsSection | undefined;
  /** the report's time: its Paris day decides whether it is the ozone season */
  now: Date;
}

/** An advice as chosen, in order, with whether it gets the domain's one prominent box. */
export type SelectedAdvice = Advice & { prominent: boolean };

const SEVERITY_ORDER: Record<Recommendation["severity"], number> = { critical: 0, warning: 1, info: 2, success: 3 };

/**
 * What could not be checked of the three sections « Bonne nouvelle » speaks for (decision
 * 054): a source that failed, a section with nothing published, a drought zone whose level
 * VigiEau sends and we do not know.
 */
function uncheckedSections({ water, air, drought }: RecommendationInput): UncheckedSection[] {
  const unchecked: UncheckedSection[] = [];
  if (!water.success) unchecked.push({ section: "water", reason: "unavailable" });
  // No network known for the address and a known network without analyses are two cases, each in its own words.
  else if (water.level === "unavailable") unchecked.push({ section: "water", reason: water.udi ? "not-published" : "no-network" });
  if (!air.success) unchecked.push({ section: "air", reason: "unavailable" });
  else if (!air.index || air.level === "unavailable") unchecked.push({ section: "air", reason: "not-published" });
  if (!drought.success) unchecked.push({ section: "drought", reason: "unavailable" });
  else if ((drought.zones ?? []).some((zone) => zone.gravity === null)) unchecked.push({ section: "drought", reason: "unrecognised" });
  return unchecked;
}

/**
 * Water, air and drought were all read and none calls for anything: the only case « Bonne
 * nouvelle » may speak for. A drought « Vigilance » is not clear: it calls for saving water.
 */
function isAllClear({ water, air, drought }: RecommendationInput): boolean {
  const waterClear = water.success && water.sampled_at !== null && (water.level === "excellent" || water.level === "good" || water.level === "acceptable");
  const airClear = air.success && air.index !== null && (air.level === "excellent" || air.level === "good");
  const droughtClear = drought.success && (drought.zones ?? []).length === 0 && drought.gravity === null;
  return waterClear && airClear && droughtClear;
}

/**
 * Every advice that applies, in the order people should read it: advice for vulnerable people
 * (pregnant women, infants…) first whenever it applies, then the most severe. What could not be
 * checked is said, section by section; « Bonne nouvelle ! » only when water, air and drought were
 * all read and clear and nothing applies. Each domain gets at most one prominent box: its first
 * critical or warning advice.
 */
export function selectAdvice(input: RecommendationInput): SelectedAdvice[] {
  const all = [
    ...waterAdvice(input.water),
    ...airAdvice(input.air, input.now),
    ...droughtAdvice(input.drought),
    ...bathingAdvice(input.bathing),
    ...weatherAdvice(input.weatherWarnings),
    ...pollenAdvice(input.pollen),
    ...uvAdvice(input.uv),
    ...radonAdvice(input.radon),
  ];
  const unchecked = uncheckedSections(input);
  if (unchecked.length > 0) {
    all.push({ id: "unchecked", category: "general", severity: "info", vulnerable: false, facts: { sections: unchecked } });
  } else if (all.length === 0 && isAllClear(input)) {
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

/** The recommendations of a report's sections, read by their fields. */
export function recommendationsOfReport(
  report: Partial<Omit<Report, "address" | "address_info" | "recommendations" | "generated_at">>,
  now: Date,
): Recommendation[] {
  const { water_quality, air_quality, drought, bathing } = report;
  if (!water_quality || !air_quality || !drought || !bathing) throw new Error("the recommendations need the water, air, drought and bathing sections");
  return selectRecommendations({
    water: water_quality,
    air: air_quality,
    drought,
    bathing,
    uv: report.uv,
    radon: report.radon,
    ...(report.pollen ? { pollen: report.pollen } : {}),
    weatherWarnings: report.weather_warnings,
    now,
  });
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

/**
 * The titles of the report's pollen or weather advice for a section, as the report's « Conseils »
 * word them: what an alert e-mail quotes (decision 073), so that the e-mail and the report agree.
 */
export function outdoorAdviceTitles(input: { pollen: PollenSection } | { weatherWarnings: WeatherWarningsSection }): string[] {
  const chosen = "pollen" in input ? pollenAdvice(input.pollen) : weatherAdvice(input.weatherWarnings);
  return chosen.map((advice) => renderAdviceWords(advice).title);
}
