// The water topic of the alert run: what a subject knows of its networks, the diff of today's
// presented verdict against it, and the words of its e-mails. Pure: no I/O, `now` passed in.
import { fingerprint, type AlertEvent, type Diff } from "../../core/alerts/diff.ts";
import { renderAlertWords, type AlertTexts } from "../../core/alerts/texts.ts";
import type { AlertTopic } from "../../core/alerts/topic.ts";
import { describeDrinkingWarning } from "./drinking.ts";
import { presentWaterRow, waterHeadline } from "../../core/report/present.ts";
import { formatDateFr } from "../../core/shared/format.ts";
import { localDateParis } from "../../core/shared/time.ts";
import type { Level, WaterParameterView, WaterQualitySection } from "../../core/types.ts";
import { describeQualitativeFindings, TAP_ONLY_TEXT } from "./notes.ts";

/**
 * What a subject's alerts know of one network (decision 052): the verdict the report presented at
 * the last run — its level and word, its newest sample, and the parameters that justified it with
 * the date each was measured — never raw results. An alert is the difference between this and
 * today's presented verdict.
 */
export interface WaterNetworkVerdict {
  level: Level;
  word: string;
  sampledAt: string;
  officialVerdict: WaterQualitySection["official_verdict"];
  /** parameter code → the date its flagged latest result was measured and the label shown */
  flagged: Record<string, { measuredAt: string; label: string; level: Level }>;
}

export interface WaterAlertState {
  version: 2;
  /** network code (« - » for results filed without a network) → its verdict at the last run */
  networks: Record<string, WaterNetworkVerdict>;
}

/** Stored before decision 052: one sample date for one network. Read as a baseline (no event), then replaced. */
export interface LegacyWaterAlertState {
  lastSampleAt: string;
  alerted: boolean;
}

/** The facts this topic's alerts are written from: names, values, dates, never sentences. */
export interface WaterAlertFacts {
  "water-alert": {
    /** critical: a limit exceeded (« non conforme »); otherwise a parameter to watch (reference, derogation) */
    nonCompliant: boolean;
    /** the only limits exceeded are lead, copper or nickel at one building's tap (the report's note says so) */
    tapOnly: boolean;
    /** the ARS declared the newest sample non-compliant and no result of that sample we could read explains it */
    unexplainedVerdict: boolean;
    /** that sample's results given as a word (« Présence »), in the report's words; null when none */
    qualitativeFindings: string | null;
    networkName: string | null;
    /** the newest sample and the report's headline word for it */
    sample: { sampledAt: string; word: string };
    /** the parameters the report flags, each with its own measurement date (as the report writes it) */
    flagged: Array<{ name: string; value: string; label: string; measured: string }>;
    /** the ARS's own conclusion for the newest sample, quoted */
    conclusion: string | null;
    /**
     * who must not drink the water and what to drink instead (drinking.ts, the
     * page's advice words): said first; absent in facts stored before issue 23
     */
    drinking?: string[];
  };
  "water-ok": {
    networkName: string | null;
    sample: { sampledAt: string; word: string };
    /** the parameters that were flagged, with their newer result */
    recovered: Array<{ name: string; value: string; label: string; measured: string }>;
    conclusion: string | null;
  };
}

const network = (name: string | null) => (name ? ` (réseau ${name})` : "");
/** The ARS's conclusion is about one sample: the newest, named by its date. */
const officialConclusion = (conclusion: string | null, sampledAt: string) =>
  conclusion ? [`Conclusion officielle de l'ARS sur le prélèvement du ${formatDateFr(sampledAt)} : « ${conclusion} »`] : [];
/** One parameter as the report's row writes it: its value, its label and the day it was measured. */
const parameterLine = (parameter: { name: string; value: string; label: string; measured: string }) =>
  `${parameter.name} : ${parameter.value} – ${parameter.label}. ${parameter.measured}.`;

/** The words of this topic's alerts, keyed by kind. */
export const WATER_ALERT_TEXTS: AlertTexts<WaterAlertFacts> = {
  // Never a bare « signale : »: an ARS « N » that no readable result explains is said as the ARS's
  // verdict, with what the laboratory wrote (« Présence ») and the ARS's conclusion. Lead, copper or
  // nickel above their limit at one tap is a non-compliance measured there, as the report's row and
  // note say — not « un paramètre à surveiller ».
  "water-alert": ({ nonCompliant, tapOnly, unexplainedVerdict, qualitativeFindings, networkName, sample, flagged, conclusion, drinking = [] }) => ({
    title: nonCompliant
      ? "Eau du robinet : non-conformité signalée"
      : tapOnly
        ? "Eau du robinet : non-conformité mesurée au robinet d'un bâtiment"
        : "Eau du robinet : un paramètre à surveiller",
    lines: [
      // Who must not drink it comes first, in its own sentences, never only inside the quoted ARS conclusion.
      ...drinking,
      `Dernier prélèvement${network(networkName)} : ${formatDateFr(sample.sampledAt)} – ${sample.word}.`,
      ...(unexplainedVerdict ? [`L'Agence régionale de santé a déclaré le prélèvement du ${formatDateFr(sample.sampledAt)} non conforme.`] : []),
      ...(qualitativeFindings ? [qualitativeFindings] : []),
      ...(flagged.length > 0 ? ["Résultats à signaler :", ...flagged.map(parameterLine)] : []),
      ...(tapOnly ? [TAP_ONLY_TEXT] : []),
      ...officialConclusion(conclusion, sample.sampledAt),
      ...(unexplainedVerdict && !qualitativeFindings && !conclusion
        ? ["Les données publiées ne précisent pas le paramètre en cause : consultez les résultats officiels de votre commune."]
        : []),
      "Suivez les consignes de votre mairie et de l'Agence régionale de santé.",
    ],
  }),

  "water-ok": ({ networkName, sample, recovered, conclusion }) => ({
    title: "Eau du robinet : retour à la conformité",
    lines: [
      `Dernier prélèvement${network(networkName)} : ${formatDateFr(sample.sampledAt)} – ${sample.word}.`,
      ...(recovered.length > 0 ? ["Nouveaux résultats :", ...recovered.map(parameterLine)] : []),
      ...officialConclusion(conclusion, sample.sampledAt),
    ],
  }),
};

/** The topic as the registry lists it (src/sections/topics.ts). */
export const WATER_TOPIC = {
  key: "water",
  label: "Eau du robinet",
  description: "Un prélèvement non conforme ou au-dessus d'une référence de qualité, puis le retour à la conformité.",
  optIn: false,
  signUp: true,
  texts: WATER_ALERT_TEXTS,
} as const satisfies AlertTopic<WaterAlertFacts>;

const renderAlertText = <K extends keyof WaterAlertFacts & string>(kind: K, facts: WaterAlertFacts[K]) => renderAlertWords(WATER_ALERT_TEXTS, kind, facts);

const LEVEL_RANK: Record<Level, number> = { unavailable: -1, excellent: 0, good: 1, acceptable: 2, concerning: 3, critical: 4 };
const isBad = (level: Level) => level === "concerning" || level === "critical";

/** The verdict the report presents for a network; null when it could not be read or has no sample. */
export function waterVerdictOf(section: WaterQualitySection): WaterNetworkVerdict | null {
  if (!section.success || section.level === "unavailable" || !section.sampled_at) return null;
  const flagged: WaterNetworkVerdict["flagged"] = {};
  for (const parameter of section.parameters) {
    if (isBad(parameter.level)) flagged[parameter.code] = { measuredAt: parameter.date_prelevement, label: parameter.label, level: parameter.level };
  }
  return { level: section.level, word: waterHeadline(section).word, sampledAt: section.sampled_at, officialVerdict: section.official_verdict, flagged };
}

/** One watched network as the report judges it today. */
export interface JudgedNetwork {
  /** network code, « - » when the commune's results name none */
  code: string;
  section: WaterQualitySection;
  /** every parameter judged for the section (judgeWaterQuality) */
  measured: readonly WaterParameterView[];
}

/**
 * Per watched network, today's presented verdict against the last run's: an alert when a
 * parameter is newly « À surveiller » or worse (or has a new such result), when the newest sample
 * is newly declared non-compliant, or when the level worsens; « retour à la conformité » only
 * when the network is no longer concerning and each parameter that was has a newer result. A
 * first judgement that is concerning or worse alerts; a compliant one is a silent baseline. A
 * network that could not be read keeps its previous verdict; one no longer watched is dropped.
 */
export function diffWater(previous: WaterAlertState | LegacyWaterAlertState | null, networks: readonly JudgedNetwork[]): Diff<WaterAlertState> {
  const legacy = previous !== null && !("version" in previous);
  const before = previous && !legacy ? (previous as WaterAlertState).networks : {};
  const next: WaterAlertState = { version: 2, networks: {} };
  const events: AlertEvent[] = [];
  for (const { code, section, measured } of networks) {
    const now = waterVerdictOf(section);
    const last = before[code] ?? null;
    if (!now) {
      if (last) next.networks[code] = last;
      continue;
    }
    next.networks[code] = now;
    if (legacy) continue;
    const networkName = section.udi?.name ?? null;
    const rows = section.parameters.map((parameter) => presentWaterRow(parameter, null));
    const flaggedRows = rows.filter((row) => now.flagged[row.code]);
    const sample = { sampledAt: now.sampledAt, word: now.word };
    if (isBad(now.level)) {
      const newParameters = Object.entries(now.flagged).filter(([parameterCode, fact]) => {
        const known = last?.flagged[parameterCode];
        return !known || known.measuredAt !== fact.measuredAt || LEVEL_RANK[fact.level] > LEVEL_RANK[known.level];
      });
      const newVerdict = now.officialVerdict === "non_conforme" && (last?.officialVerdict !== "non_conforme" || last.sampledAt !== now.sampledAt);
      const worse = !last || LEVEL_RANK[now.level] > LEVEL_RANK[last.level];
      if (newParameters.length > 0 || newVerdict || worse) {
        const facts = [
          now.sampledAt,
          now.officialVerdict ?? "",
          ...Object.entries(now.flagged)
            .map(([parameterCode, fact]) => `${parameterCode}@${fact.measuredAt}:${fact.label}`)
            .sort(),
        ].join("|");
        events.push({
          source: "water",
          key: `water:alert:${code}:${fingerprint(facts)}`,
          severity: now.level === "critical" ? "critical" : "warning",
          ...renderAlertText("water-alert", {
            nonCompliant: now.level === "critical",
            tapOnly: section.tap_only_exceedance,
            unexplainedVerdict: now.officialVerdict === "non_conforme" && !Object.values(now.flagged).some((fact) => fact.measuredAt === now.sampledAt),
            qualitativeFindings: describeQualitativeFindings(section),
            networkName,
            sample,
            flagged: flaggedRows.map((row) => ({
              name: row.name,
              value: row.value,
              label: row.badge.word,
              measured: row.dateLine ?? `Mesuré le ${formatDateFr(now.flagged[row.code]!.measuredAt)}`,
            })),
            conclusion: section.conclusion,
            drinking: describeDrinkingWarning(section),
          }),
          dataDate: localDateParis(now.sampledAt),
          sourceRef: section.source,
        });
      }
      continue;
    }
    if (!last || !isBad(last.level)) continue;
    // Recovered: every parameter that justified the alert has a newer result, none concerning.
    const byCode = new Map(measured.map((parameter) => [parameter.code, parameter]));
    const recovered = Object.entries(last.flagged).map(([parameterCode, fact]) => {
      const current = byCode.get(parameterCode);
      return current && current.date_prelevement > fact.measuredAt && !isBad(current.level) ? current : null;
    });
    const newerSample = Object.keys(last.flagged).length > 0 || now.sampledAt > last.sampledAt;
    if (!newerSample || recovered.some((parameter) => parameter === null)) continue;
    events.push({
      source: "water",
      key: `water:ok:${code}:${now.sampledAt}`,
      severity: "info",
      ...renderAlertText("water-ok", {
        networkName,
        sample,
        recovered: recovered.map((parameter) => {
          const row = presentWaterRow(parameter!, null);
          return {
            name: row.name,
            value: row.value,
            label: row.badge.word,
            measured: row.dateLine ?? `Mesuré le ${formatDateFr(parameter!.date_prelevement)}`,
          };
        }),
        conclusion: section.conclusion,
      }),
      dataDate: localDateParis(now.sampledAt),
      sourceRef: section.source,
    });
  }
  const changed = JSON.stringify(next) !== JSON.stringify(legacy ? null : previous);
  return { events, next: changed ? next : null };
}
