// The drought topic of the alert run: each zone type's level a subject knows, the diff of
// today's zones against it, and the words of its e-mails. Pure: no I/O, `now` passed in.
import { NO_CHANGE, type Diff } from "../../core/alerts/diff.ts";
import { renderAlertWords, type AlertTexts } from "../../core/alerts/texts.ts";
import type { AlertTopic } from "../../core/alerts/topic.ts";
import { describeDroughtZone, presentDrought, type DroughtZoneText } from "../../core/report/present.ts";
import { todayInParis } from "../../core/shared/time.ts";
import type { DroughtGravity, DroughtSection } from "../../core/types.ts";
import { describeZoneType, GRAVITY_LABELS, isTapZone, rankZoneType } from "./evaluate.ts";
import { TAP_RESTRICTIONS } from "./notes.ts";

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

/** One zone type whose level changed: its name and VigiEau's words, null for no restriction. */
export interface DroughtLevelChange {
  /** the drinking-water zone's (AEP): the tap's restrictions, which the report's headline follows */
  tap: boolean;
  /** « Restrictions d'usage de l'eau du réseau » for the tap's zone, « Eau superficielle »… otherwise */
  typeLabel: string;
  /** « Alerte », « Crise »…; null: no zone of this type was (or is) in force */
  before: string | null;
  after: string | null;
}

/** The facts this topic's alerts are written from: names, values, dates, never sentences. */
export interface DroughtAlertFacts {
  "drought-change": {
    /** each zone type whose level changed, households' water first */
    changes: DroughtLevelChange[];
    /** every zone of the address that day, as the report writes it (describeDroughtZone), in its order */
    zones: DroughtZoneText[];
    /** the report's sentences beside the zones that day: the tap's water, decrees ended or not yet started */
    notes: string[];
  };
  "drought-end": { changes: DroughtLevelChange[]; notes: string[] };
}

/**
 * « restrictions d'usage, niveau Crise » (the tap's zone: short enough for a subject that keeps the
 * address), « niveau Crise (eau superficielle) »
 */
function describeDroughtChangeInTitle({ tap, typeLabel, after }: DroughtLevelChange): string {
  if (tap) return after ? `restrictions d'usage, niveau ${after}` : "fin des restrictions (eau du réseau)";
  return `${after ? `niveau ${after}` : "fin des restrictions"} (${typeLabel.toLowerCase()})`;
}

/** « Restrictions d'usage de l'eau du réseau : le niveau passe de « Alerte » à « Crise ». » */
function describeDroughtChange({ typeLabel, before, after }: DroughtLevelChange): string {
  if (!after) return `${typeLabel} : fin des restrictions (niveau « ${before ?? ""} » jusqu'ici).`;
  if (!before) return `${typeLabel} : le niveau passe à « ${after} » (aucune restriction jusqu'ici).`;
  return `${typeLabel} : le niveau passe de « ${before} » à « ${after} ».`;
}

/** The words of this topic's alerts, keyed by kind. */
export const DROUGHT_ALERT_TEXTS: AlertTexts<DroughtAlertFacts> = {
  // The zones' blocks are the report's own lines (describeDroughtZone): this entry writes only
  // what changed, so that an email never says more, or otherwise, than the report of the day.
  "drought-change": ({ changes, zones, notes }) => ({
    title: `Sécheresse : ${changes.map(describeDroughtChangeInTitle).join(", ")}`,
    lines: [...changes.map(describeDroughtChange), ...notes, "Les restrictions pour les particuliers, zone par zone, comme sur votre bilan :"],
    groups: zones.map((zone) => ({ heading: zone.heading, lines: zone.lines })),
  }),

  "drought-end": ({ changes, notes }) => ({
    title: "Sécheresse : fin des restrictions",
    lines: [...changes.map(describeDroughtChange), ...notes, "Plus aucune restriction d'eau n'est en vigueur pour votre adresse."],
  }),
};

/** The topic as the registry lists it (src/sections/topics.ts). */
export const DROUGHT_TOPIC = {
  key: "drought",
  label: "Sécheresse",
  description: "Chaque changement du niveau de restriction de votre zone.",
  optIn: false,
  signUp: true,
  texts: DROUGHT_ALERT_TEXTS,
} as const satisfies AlertTopic<DroughtAlertFacts>;

const renderAlertText = <K extends keyof DroughtAlertFacts & string>(kind: K, facts: DroughtAlertFacts[K]) =>
  renderAlertWords(DROUGHT_ALERT_TEXTS, kind, facts);

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
    tap: isTapZone(change),
    typeLabel: isTapZone(change) ? TAP_RESTRICTIONS : describeZoneType(change.type).label,
    before: change.before ? GRAVITY_LABELS[change.before] : null,
    after: change.after ? GRAVITY_LABELS[change.after] : null,
  }));
  // The zones and the section's sentences (the tap not restricted, a decree ended or not yet
  // started) in the report's words and order, from the same presentation as the page and the PDF.
  const presented = presentDrought(drought, now.toISOString());
  const notes = [...(presented.verdict ? [presented.verdict] : []), ...presented.notes];
  const words =
    drought.zones.length === 0
      ? renderAlertText("drought-end", { changes: described, notes })
      : renderAlertText("drought-change", { changes: described, zones: presented.zones.map(describeDroughtZone), notes });
  // The tap's zone sets the severity, as it sets the report's headline and advice (decision 086):
  // a river's or a groundwater zone's change is news for whoever draws that water, told as such.
  const tapChanges = changes.filter(isTapZone);
  const severe = tapChanges.some((change) => change.after === "crise" || change.after === "alerte_renforcee");
  const rising = tapChanges.some((change) => rankGravity(change.after) > rankGravity(change.before));
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
