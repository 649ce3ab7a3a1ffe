// Alert decisions: from what we knew at the last run and what the sources say now, the events to
// email and the state to keep. Pure: no I/O, `now` passed in. A failed read never produces an
// event and never moves the state, so an outage cannot fake a change. The words are in texts.ts.
import { describeZoneType, GRAVITY_LABELS, rankZoneType } from "../../sections/drought/evaluate.ts";
import { addDaysToLocalDate, localDateParis, todayInParis } from "../shared/time.ts";
import { describeDroughtZone, presentDrought, presentWaterRow, waterHeadline } from "../report/present.ts";
import { formatDateFr, readableName } from "../shared/format.ts";
import { describeQualitativeFindings } from "../../sections/water/notes.ts";
import { describeDrinkingWarning } from "../recommendations/drinking.ts";
import { presentPollen, presentWeatherWarnings } from "../report/present-outdoor.ts";
import { POLLEN_LABELS } from "../../sections/pollen/scale.ts";
import type {
  AirQualitySection,
  BathingSection,
  DroughtGravity,
  DroughtSection,
  Level,
  PollenSection,
  PollenTaxon,
  SourceRef,
  VigilanceColor,
  WaterParameterView,
  WaterQualitySection,
  WeatherWarningsSection,
} from "../types.ts";
import { type AlertGroup, type AlertKind, type DroughtLevelChange, renderAlertText } from "./texts.ts";

export type AlertSource = "water" | "drought" | "air" | "bathing" | "pollen" | "weather";

/** What an email says about one event: plain language, with its data date and source. */
export interface AlertEvent {
  source: AlertSource;
  /** unique per subject and source: the same event is never recorded (nor sent) twice */
  key: string;
  severity: "critical" | "warning" | "info";
  /** which entry of ALERT_TEXTS wrote the title and lines */
  kind: AlertKind;
  title: string;
  lines: string[];
  /** blocks under their own heading, after the lines (a drought alert's zones) */
  groups?: AlertGroup[];
  /** the day the data are about (sample, decree, forecast), YYYY-MM-DD */
  dataDate: string | null;
  sourceRef: SourceRef;
  /**
   * The report's own advice for this section that day (its title and full text, as
   * selectRecommendations words it), quoted by the e-mail as it is; absent when the report gives
   * none (and in events stored before the e-mail quoted it).
   */
  advice?: AlertAdvice[];
}

/** One advice of the report, in its words: what an alert e-mail quotes, never re-worded. */
export interface AlertAdvice {
  title: string;
  text: string;
  source: { name: string; url: string };
}

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

/**
 * The level of each zone type that applies to the subject, keyed by VigiEau's type (« AEP », « SUP »,
 * « SOU », or a type it adds later): null when VigiEau's level was not recognised. A type that is
 * absent had no zone in force.
 */
export interface DroughtAlertState {
  version: 2;
  zones: Record<string, DroughtGravity | null>;
}

/** What runs stored before issue 20: the worst zone's level only, whatever its type. */
export interface LegacyDroughtAlertState {
  gravity: DroughtGravity | null;
}

export interface AirAlertState {
  /** last day (YYYY-MM-DD) of the episode already announced */
  episodeLastDay: string | null;
  /** last day of the « Événement » already announced (absent in states stored before issue 21) */
  eventLastDay?: string | null;
}

export interface Diff<S> {
  events: readonly AlertEvent[];
  /** null: keep the previous state untouched */
  next: S | null;
}

const NO_CHANGE: Diff<never> = { events: [], next: null };

/** The event's `advice` field: absent when the report gives none. */
const adviceOf = (advice: readonly AlertAdvice[]): Pick<AlertEvent, "advice"> =>
  advice.length > 0 ? { advice: advice.map((entry) => ({ title: entry.title, text: entry.text, source: { ...entry.source } })) } : {};

// ---------------------------------------------------------------- water

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

/** A short stable fingerprint of the facts an alert is about (its key: the same facts never alert twice). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash.toString(36);
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

// ---------------------------------------------------------------- drought

const GRAVITY_RANK: Record<DroughtGravity, number> = { vigilance: 1, alerte: 2, alerte_renforcee: 3, crise: 4 };
const rankGravity = (gravity: DroughtGravity | null) => (gravity ? GRAVITY_RANK[gravity] : 0);

function isCurrentDroughtState(state: DroughtAlertState | LegacyDroughtAlertState): state is DroughtAlertState {
  return "version" in state && state.version === 2 && typeof state.zones === "object" && state.zones !== null;
}

/** Each zone type's level today; two zones of one type (a split commune): the report's first, the worse. */
function droughtLevelsByType(drought: DroughtSection): DroughtAlertState["zones"] {
  const levels: DroughtAlertState["zones"] = {};
  for (const zone of drought.zones) {
    const type = zone.type.toUpperCase();
    if (!Object.hasOwn(levels, type)) levels[type] = zone.gravity;
  }
  return levels;
}

const sameLevels = (a: DroughtAlertState["zones"], b: DroughtAlertState["zones"]) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Per zone type (drinking water, rivers, groundwater): any change of level, up or down, a zone
 * type entering restrictions or leaving them — the drinking-water zone going to crise is news even
 * while the river's already was. One event names every zone type that changed and quotes every
 * zone of the address as the report writes it that day, each under its own name. The first read of
 * a subject is a baseline: the person learns the current levels from the confirmation and the
 * report, not from an alert. A zone counts only while its decree is in force (evaluateDrought): a
 * decree whose last day has passed reads as its zone type leaving restrictions, never as still in
 * force. A level VigiEau sends that we do not know is neither announced nor
 * taken as a change: the type keeps the last level we knew, and a type first seen that way takes
 * its next known level as its baseline.
 */
export function diffDrought(previous: DroughtAlertState | LegacyDroughtAlertState | null, drought: DroughtSection, now: Date): Diff<DroughtAlertState> {
  if (!drought.success) return NO_CHANGE;
  const current = droughtLevelsByType(drought);
  // A state stored before issue 20 ({ gravity }) knows the worst zone's level but not its type:
  // comparing it with one type would announce changes that did not happen. It is read as a
  // baseline, like a first read: today's levels are stored, without an email. The price: such a
  // subject is read again only when its département's zones change, so that first change after
  // the upgrade goes unannounced (the report shows it); every later one is told.
  if (!previous || !isCurrentDroughtState(previous)) return { events: [], next: { version: 2, zones: current } };

  const known = previous.zones;
  const next: DroughtAlertState["zones"] = {};
  const changes: Array<{ type: string; before: DroughtGravity | null; after: DroughtGravity | null }> = [];
  const types = [...new Set([...Object.keys(current), ...Object.keys(known)])].sort((a, b) => rankZoneType(a) - rankZoneType(b));
  for (const type of types) {
    const before = Object.hasOwn(known, type) ? known[type] : undefined;
    const after = Object.hasOwn(current, type) ? current[type] : undefined;
    if (after === null) {
      next[type] = before ?? null;
      continue;
    }
    if (after !== undefined) next[type] = after;
    if (before === null || before === after) continue;
    changes.push({ type, before: before ?? null, after: after ?? null });
  }
  if (changes.length === 0) return sameLevels(known, next) ? NO_CHANGE : { events: [], next: { version: 2, zones: next } };

  const today = todayInParis(now);
  const described: DroughtLevelChange[] = changes.map((change) => ({
    typeLabel: describeZoneType(change.type).label,
    before: change.before ? GRAVITY_LABELS[change.before] : null,
    after: change.after ? GRAVITY_LABELS[change.after] : null,
  }));
  // The zones and the section's sentences (the tap's water, a decree ended or not yet started) in
  // the report's words and order, from the same presentation as the page and the PDF.
  const presented = presentDrought(drought, now.toISOString());
  const words =
    drought.zones.length === 0
      ? renderAlertText("drought-end", { changes: described, notes: presented.notes })
      : renderAlertText("drought-change", { changes: described, zones: presented.zones.map(describeDroughtZone), notes: presented.notes });
  const severe = changes.some((change) => change.after === "crise" || change.after === "alerte_renforcee");
  const rising = changes.some((change) => rankGravity(change.after) > rankGravity(change.before));
  const changedZone = drought.zones.find((zone) => changes.some((change) => change.after !== null && change.type === zone.type.toUpperCase()));
  return {
    events: [
      {
        source: "drought",
        key: `drought:${changes.map((change) => `${change.type}-${change.after ?? "none"}`).join("+")}:${today}`,
        severity: severe ? "critical" : rising ? "warning" : "info",
        ...words,
        dataDate: changedZone?.decree?.start ?? today,
        sourceRef: drought.source,
      },
    ],
    next: { version: 2, zones: next },
  };
}

// ---------------------------------------------------------------- air

const ATMO_EVENT_CODE = 7;

/**
 * Tomorrow's official ATMO forecast Dégradé (3) to Extrêmement mauvais (6), once per episode of
 * consecutive days. « Événement » (7) is not a rank of the scale (arrêté du 10 juillet 2020): an
 * incident with unusual emissions, for which the agency computes no index. It gets its own words
 * (follow the prefecture and the agency), once per run of consecutive days, never the
 * pollution-episode advice.
 */
export function diffAir(previous: AirAlertState | null, air: AirQualitySection, now: Date): Diff<AirAlertState> {
  const forecast = air.tomorrow;
  // The commune's own day (overseas, the territory's), as the section was judged.
  const today = air.day || todayInParis(now);
  // Only the official forecast for tomorrow counts: no alert from a model estimate or another day.
  if (!forecast || forecast.date !== addDaysToLocalDate(today, 1)) return NO_CHANGE;
  const event = forecast.code === ATMO_EVENT_CODE;
  if (!event && (forecast.code < 3 || forecast.code > 6)) return NO_CHANGE;
  const announced = (event ? previous?.eventLastDay : previous?.episodeLastDay) ?? null;
  const next: AirAlertState = { ...(previous ?? { episodeLastDay: null }), [event ? "eventLastDay" : "episodeLastDay"]: forecast.date };
  if (announced && announced >= addDaysToLocalDate(forecast.date, -1)) {
    return announced >= forecast.date ? NO_CHANGE : { events: [], next };
  }
  const words = event
    ? renderAlertText("air-event", { forecastDate: forecast.date })
    : renderAlertText("air-episode", { forecastDate: forecast.date, indexLabel: forecast.label });
  return {
    events: [
      {
        source: "air",
        key: `air:${event ? "event" : "episode"}:${forecast.date}`,
        severity: !event && forecast.code >= 4 ? "critical" : "warning",
        ...words,
        dataDate: forecast.date,
        sourceRef: air.source,
      },
    ],
    next,
  };
}

// ---------------------------------------------------------------- bathing water

export interface BathingSiteAlertState {
  prohibited: boolean;
  /** consecutive reads without the prohibition while it was known to be in force */
  clearReads: number;
  lastPoorSample: string | null;
  classement: string | null;
}

export type BathingAlertState = Record<string, BathingSiteAlertState>;

/** Two reads in a row without the banner before announcing that a prohibition is lifted. */
export const BATHING_LIFT_CONFIRMATIONS = 2;

/**
 * Per nearby site, from the ministry's live page only (a site whose page could not be read this
 * time is left as it was): prohibition started, prohibition lifted (confirmed by two reads), a
 * « Mauvais » sample in season, a new classement. A first read of a site is a baseline, except a
 * prohibition, which is always worth telling. Only a current ban (read this season, or in the
 * current season's record) is ever announced; a ban shown as information about an earlier season,
 * or any read out of season, neither starts nor lifts one.
 */
export function diffBathing(previous: BathingAlertState | null, bathing: BathingSection): Diff<BathingAlertState> {
  if (!bathing.success) return NO_CHANGE;
  const next: BathingAlertState = { ...(previous ?? {}) };
  const events: AlertEvent[] = [];
  let changed = false;
  for (const site of bathing.sites) {
    if (site.live_read_at === null) continue;
    const before = previous?.[site.id];
    const state: BathingSiteAlertState = { ...(before ?? { prohibited: false, clearReads: 0, lastPoorSample: null, classement: null }) };
    const named = { siteName: readableName(site.name), commune: readableName(site.commune) };
    const base = { source: "bathing" as const, sourceRef: bathing.source };
    if (site.prohibition?.current) {
      if (!state.prohibited) {
        events.push({
          ...base,
          key: `bathing:prohibition:${site.id}:${site.live_read_at.slice(0, 10)}`,
          severity: "critical",
          ...renderAlertText("bathing-prohibition", { ...named, prohibitionTitle: site.prohibition.title }),
          dataDate: site.live_read_at.slice(0, 10),
        });
      }
      state.prohibited = true;
      state.clearReads = 0;
    } else if (state.prohibited && site.in_season !== false && site.prohibition?.state !== "unconfirmed") {
      // A fresh read in season without a current ban means the banner is gone (a ban still shown
      // is an earlier season's record). Out of season the page is not followed: a banner read then
      // is not current, and its absence proves no lift either; nor does an old read still showing it.
      state.clearReads += 1;
      if (state.clearReads >= BATHING_LIFT_CONFIRMATIONS) {
        events.push({
          ...base,
          key: `bathing:lifted:${site.id}:${site.live_read_at.slice(0, 10)}`,
          severity: "info",
          ...renderAlertText("bathing-lifted", named),
          dataDate: site.live_read_at.slice(0, 10),
        });
        state.prohibited = false;
        state.clearReads = 0;
      }
    }
    const sample = site.latest_sample;
    if (sample?.verdict === "Mauvais" && (state.lastPoorSample === null || sample.date > state.lastPoorSample)) {
      // « Évitez de vous y baigner jusqu'au prochain résultat » only makes sense in season: out of
      // season (a July sample read in November) the sample is noted without an email, so it is not
      // announced either when the next season opens before its first sample.
      if (sample.current) {
        events.push({
          ...base,
          key: `bathing:poor:${site.id}:${sample.date}`,
          severity: "warning",
          ...renderAlertText("bathing-poor", { ...named, sampleDate: sample.date }),
          dataDate: sample.date,
        });
      }
      state.lastPoorSample = sample.date;
    }
    const classement = site.classement ? `${site.classement.year}:${site.classement.label}` : null;
    if (classement && classement !== state.classement) {
      if (before && site.classement) {
        events.push({
          ...base,
          key: `bathing:classement:${site.id}:${classement}`,
          severity: site.classement.label === "Insuffisante" ? "warning" : "info",
          ...renderAlertText("bathing-classement", { ...named, year: site.classement.year, label: site.classement.label }),
          dataDate: null,
        });
      }
      state.classement = classement;
    }
    if (JSON.stringify(state) !== JSON.stringify(before)) {
      next[site.id] = state;
      changed = true;
    }
  }
  return { events, next: changed ? next : null };
}

// ---------------------------------------------------------------- pollen (opt-in, decision 073)

export interface PollenAlertState {
  /** last day (YYYY-MM-DD) of the episode already announced */
  episodeLastDay: string | null;
  /**
   * the chosen pollens at « Élevé » or worse on episodeLastDay → their official code (4 to 6),
   * the highest seen for that day; absent in states stored before issue 36 (read as a baseline)
   */
  levels?: Partial<Record<PollenTaxon, number>>;
}

/** « Élevé » on the indice pollen scale (Atmo France, 2024): 4 Élevé, 5 Très élevé, 6 Extrêmement élevé. */
const POLLEN_HIGH_CODE = 4;
const POLLEN_HIGHEST_CODE = 6;

/**
 * Tomorrow's official indice pollen (the section's own day + 1) at « Élevé » or worse for one of
 * the pollens the person chose, once per episode of consecutive days (like diffAir). Inside an
 * episode, a rise is told as the weather topic tells orange turning red: a chosen pollen whose
 * code is higher than the day before's and than what was already seen for that day (« Élevé »
 * turning « Extrêmement élevé », or a second pollen reaching « Élevé »), once per rise; a level
 * that holds or falls is not told again. Only the official index of Atmo France and the AASQA
 * counts: no alert from a model, another day, a pollen the person did not choose, or a territory
 * without an index. `advice`: the report's allergy advice for this section (reportAdviceFor),
 * carried by the event and quoted by the e-mail as it is.
 */
export function diffPollen(
  previous: PollenAlertState | null,
  section: PollenSection,
  taxa: readonly PollenTaxon[],
  now: Date,
  advice: readonly AlertAdvice[] = [],
): Diff<PollenAlertState> {
  if (!section.success || section.origin !== "atmo" || section.not_covered) return NO_CHANGE;
  const today = section.day || todayInParis(now);
  const tomorrow = section.days.find((day) => day.date === addDaysToLocalDate(today, 1));
  if (!tomorrow) return NO_CHANGE;
  const high = tomorrow.taxa.flatMap((view) =>
    taxa.includes(view.taxon) && view.code !== null && view.label !== null && view.code >= POLLEN_HIGH_CODE && view.code <= POLLEN_HIGHEST_CODE
      ? [{ taxon: view.taxon, name: view.name, code: view.code, label: view.label }]
      : [],
  );
  if (high.length === 0) return NO_CHANGE;
  const levelsOf = (views: typeof high): Partial<Record<PollenTaxon, number>> => Object.fromEntries(views.map((view) => [view.taxon, view.code]));
  const summary = presentPollen(section).summary;
  const severity = high.some((view) => view.code >= 5) ? "critical" : "warning";
  const announced = previous?.episodeLastDay ?? null;
  if (!announced || announced < addDaysToLocalDate(tomorrow.date, -1)) {
    return {
      events: [
        {
          source: "pollen",
          key: `pollen:episode:${tomorrow.date}`,
          severity,
          ...renderAlertText("pollen-episode", {
            forecastDate: tomorrow.date,
            taxa: high.map((view) => ({ name: view.name, label: view.label })),
            summary,
          }),
          dataDate: tomorrow.date,
          sourceRef: section.source,
          ...adviceOf(advice),
        },
      ],
      next: { episodeLastDay: tomorrow.date, levels: levelsOf(high) },
    };
  }
  // An older forecast than the one already judged says nothing new.
  if (announced > tomorrow.date) return NO_CHANGE;
  const known = previous?.levels;
  // Stored before rises were told: today's levels are the baseline, nothing is announced.
  if (!known) return { events: [], next: { episodeLastDay: tomorrow.date, levels: levelsOf(high) } };
  const sameDay = announced === tomorrow.date;
  const rising = high.filter((view) => view.code > (known[view.taxon] ?? 0));
  // The same day seen again keeps its highest codes (a rise, a fall, then the rise again is one
  // e-mail); a new day of the episode is compared with the day before, as the weather's days are.
  const levels = sameDay ? { ...known, ...levelsOf(high.filter((view) => view.code > (known[view.taxon] ?? 0))) } : levelsOf(high);
  const next: PollenAlertState = { episodeLastDay: tomorrow.date, levels };
  const unchanged = JSON.stringify(next) === JSON.stringify(previous);
  if (rising.length === 0) return { events: [], next: unchanged ? null : next };
  return {
    events: [
      {
        source: "pollen",
        key: `pollen:rise:${tomorrow.date}:${rising.map((view) => `${view.taxon}-${view.code}`).join(",")}`,
        severity,
        ...renderAlertText("pollen-rise", {
          forecastDate: tomorrow.date,
          taxa: rising.map((view) => {
            const before = known[view.taxon];
            return { name: view.name, label: view.label, before: before === undefined ? null : (POLLEN_LABELS[before] ?? null) };
          }),
          summary,
        }),
        dataDate: tomorrow.date,
        sourceRef: section.source,
        ...adviceOf(advice),
      },
    ],
    next,
  };
}

// ---------------------------------------------------------------- weather warnings (opt-in, decision 073)

export interface WeatherAlertState {
  /**
   * `${day}|${phenomenon}` (the département) or `${day}|littoral:${phenomenon}` (its coastal strip)
   * → the colour already announced for that day and phenomenon (days before yesterday are dropped)
   */
  announced: Record<string, VigilanceColor>;
}

const VIGILANCE_RANK: Record<VigilanceColor, number> = { vert: 1, jaune: 2, orange: 3, rouge: 4 };

/**
 * Météo-France's vigilance orange or red for the département, today or tomorrow: one event per
 * (day, phenomenon, colour) that rises — a colour higher than the one already announced for that
 * day and phenomenon, and than the day before's (a canicule orange that goes on is not told again
 * each day; orange turning red is). A section that is not configured or could not be read never
 * alerts and keeps the state. `advice`: the report's advice for this section (reportAdviceFor),
 * carried by the département's events and quoted by the e-mail as it is.
 */
export function diffWeather(
  previous: WeatherAlertState | null,
  section: WeatherWarningsSection,
  now: Date,
  advice: readonly AlertAdvice[] = [],
): Diff<WeatherAlertState> {
  if (!section.configured || !section.success) return NO_CHANGE;
  const today = section.day || todayInParis(now);
  const tomorrow = addDaysToLocalDate(today, 1);
  const yesterday = addDaysToLocalDate(today, -1);
  const known = previous?.announced ?? {};
  const announced: WeatherAlertState["announced"] = {};
  for (const [key, color] of Object.entries(known)) if ((key.split("|")[0] ?? "") >= yesterday) announced[key] = color;
  const events: AlertEvent[] = [];
  const summary = presentWeatherWarnings(section).summary;
  const rank = (key: string) => (announced[key] ? VIGILANCE_RANK[announced[key]] : 0);
  for (const day of section.days.filter((entry) => entry.date === today || entry.date === tomorrow).sort((a, b) => a.date.localeCompare(b.date))) {
    for (const view of day.phenomena) {
      if (view.color !== "orange" && view.color !== "rouge") continue;
      const key = `${day.date}|${view.phenomenon}`;
      const dayBefore = `${addDaysToLocalDate(day.date, -1)}|${view.phenomenon}`;
      const rising = VIGILANCE_RANK[view.color] > rank(key) && VIGILANCE_RANK[view.color] > rank(dayBefore);
      if (VIGILANCE_RANK[view.color] > rank(key)) announced[key] = view.color;
      if (!rising) continue;
      events.push({
        source: "weather",
        key: `weather:${day.date}:${view.phenomenon}:${view.color}`,
        severity: view.color === "rouge" ? "critical" : "warning",
        ...renderAlertText("weather-warning", {
          date: day.date,
          tomorrow: day.date === tomorrow,
          label: view.label,
          phenomenonName: view.name,
          department: section.department ? `${section.department.name} (${section.department.code})` : null,
          summary,
        }),
        dataDate: day.date,
        sourceRef: section.source,
        ...adviceOf(advice),
      });
    }
  }
  // The coastal strip apart (decision 078): its orange or red is told as the coast's, under its
  // own state key, never as the département's colour; the report gives it no advice, so none here.
  for (const day of section.days.filter((entry) => entry.date === today || entry.date === tomorrow).sort((a, b) => a.date.localeCompare(b.date))) {
    if (!day.coast) continue;
    for (const view of day.coast.phenomena) {
      if (view.color !== "orange" && view.color !== "rouge") continue;
      const key = `${day.date}|${COAST_KEY}${view.phenomenon}`;
      const dayBefore = `${addDaysToLocalDate(day.date, -1)}|${COAST_KEY}${view.phenomenon}`;
      const rising = VIGILANCE_RANK[view.color] > rank(key) && VIGILANCE_RANK[view.color] > rank(dayBefore);
      if (VIGILANCE_RANK[view.color] > rank(key)) announced[key] = view.color;
      if (!rising) continue;
      events.push({
        source: "weather",
        key: `weather:${day.date}:${COAST_KEY}${view.phenomenon}:${view.color}`,
        severity: view.color === "rouge" ? "critical" : "warning",
        ...renderAlertText("weather-coast-warning", {
          date: day.date,
          tomorrow: day.date === tomorrow,
          label: view.label,
          phenomenonName: view.name,
          coast: day.coast.name,
          department: section.department ? `${section.department.name} (${section.department.code})` : null,
          departmentLabel: day.label,
          summary,
        }),
        dataDate: day.date,
        sourceRef: section.source,
      });
    }
  }
  const next: WeatherAlertState = { announced };
  return { events, next: JSON.stringify(next) === JSON.stringify(previous) ? null : next };
}

/** The coastal strip's part of the state and of the event keys: « 2026-04-15|littoral:vagues_submersion ». */
const COAST_KEY = "littoral:";

// ---------------------------------------------------------------- radon
// No radon alert: a commune's radon potential category is set by the arrêté du 27 juin 2018 and
// does not change from one day to the next, so a daily run has nothing to announce. The report
// says it (and its advice for category 3) once.
