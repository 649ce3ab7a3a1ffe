// The bathing topic of the alert run: what a subject knows of each nearby site, the diff of the
// ministry's live pages against it, and the words of its e-mails. Pure: no I/O.
import { NO_CHANGE, type AlertEvent, type Diff } from "../../core/alerts/diff.ts";
import { renderAlertWords, type AlertTexts } from "../../core/alerts/texts.ts";
import type { AlertTopic } from "../../core/alerts/topic.ts";
import { formatDateFr, readableName } from "../../core/shared/format.ts";
import type { BathingSection } from "../../core/types.ts";

/** The facts this topic's alerts are written from: names, values, dates, never sentences. */
export interface BathingAlertFacts {
  "bathing-prohibition": { siteName: string; commune: string; prohibitionTitle: string };
  "bathing-lifted": { siteName: string; commune: string };
  "bathing-poor": { siteName: string; commune: string; sampleDate: string };
  "bathing-classement": { siteName: string; commune: string; year: number; label: string };
}

const site = (name: string, commune: string) => `« ${name} » (${commune})`;

/** The words of this topic's alerts, keyed by kind. */
export const BATHING_ALERT_TEXTS: AlertTexts<BathingAlertFacts> = {
  "bathing-prohibition": ({ siteName, commune, prohibitionTitle }) => ({
    title: `Baignade interdite : ${siteName}`,
    lines: [
      `Une interdiction de baignade est en vigueur sur le site ${site(siteName, commune)} : ${prohibitionTitle}.`,
      "Respectez-la : elle protège d'un risque pour la santé ou la sécurité.",
    ],
  }),

  "bathing-lifted": ({ siteName, commune }) => ({
    title: `Baignade de nouveau autorisée : ${siteName}`,
    lines: [`L'interdiction de baignade sur le site ${site(siteName, commune)} n'apparaît plus depuis deux vérifications.`],
  }),

  "bathing-poor": ({ siteName, commune, sampleDate }) => ({
    title: `Eau de baignade de mauvaise qualité : ${siteName}`,
    lines: [
      `Le prélèvement du ${formatDateFr(sampleDate)} sur le site ${site(siteName, commune)} est « Mauvais ».`,
      "Évitez de vous y baigner jusqu'au prochain résultat, et ne buvez pas l'eau.",
    ],
  }),

  "bathing-classement": ({ siteName, commune, year, label }) => ({
    title: `Nouveau classement : ${siteName}`,
    lines: [`Le site ${site(siteName, commune)} est classé « ${label} » pour ${year}.`],
  }),
};

/** The topic as the registry lists it (src/sections/topics.ts). */
export const BATHING_TOPIC = {
  key: "bathing",
  label: "Eaux de baignade",
  description: "Les interdictions et résultats des sites de baignade proches.",
  optIn: false,
  signUp: true,
  texts: BATHING_ALERT_TEXTS,
} as const satisfies AlertTopic<BathingAlertFacts>;

const renderAlertText = <K extends keyof BathingAlertFacts & string>(kind: K, facts: BathingAlertFacts[K]) =>
  renderAlertWords(BATHING_ALERT_TEXTS, kind, facts);

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
