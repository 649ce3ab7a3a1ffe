// Bathing water for an address: the nearest official sites, each with what the ministry's live
// page says (when read) and the official season record. Pure; `now` passed in.
import { worstLevel } from "../shared/levels.ts";
import { frenchTypography } from "../shared/format.ts";
import { localDateParis, todayInParis } from "../shared/time.ts";
import type { BathingSection, BathingSiteView, Level, SourceRef } from "../types.ts";
import type { BathingLiveStatus, BathingSeasonRecord, BathingSite } from "./types.ts";

export const BATHING_SOURCE: SourceRef = {
  name: "Ministère chargé de la santé – qualité des eaux de baignade",
  url: "https://baignades.sante.gouv.fr/",
  publisher: "Ministère chargé de la santé et agences régionales de santé (données data.gouv.fr, Licence Ouverte)",
};

const HEALTH_EVENT = /cyanobact|pollution/i;
const PROHIBITION_EVENT = /^interdiction/i;

export interface NearbySite {
  site: BathingSite;
  distanceKm: number;
  record: BathingSeasonRecord | null;
  live: BathingLiveStatus | null;
  officialUrl: string;
}

function within(day: string, start: string | null, end: string | null): boolean {
  return (start === null || day >= start) && (end === null || day <= end);
}

/**
 * A season window as month-days ("MM-DD"). Overseas (971–976) the season runs all year, from
 * 1 October to 30 September (code de la santé publique, art. D1332-15; the 2024 record of all 248
 * overseas sites reads 2023-10-01 → 2024-09-30): such a window wraps across the year end, and its
 * season is named after the year it ends in, as the official record does.
 */
interface SeasonWindow {
  start: string;
  end: string;
}

function windowOf(start: string | null | undefined, end: string | null | undefined): SeasonWindow | null {
  return start && end ? { start: start.slice(5, 10), end: end.slice(5, 10) } : null;
}

const wraps = (window: SeasonWindow) => window.start > window.end;

/**
 * The season a day belongs to: its calendar year (a summer season, over or still to come), or for a
 * wrapping window the year that season ends in (2026-11-22 → 2027 for October–September).
 * Without any known window, the calendar year.
 */
function seasonYearOf(day: string, window: SeasonWindow | null): number {
  const year = Number(day.slice(0, 4));
  return window && wraps(window) && day.slice(5) >= window.start ? year + 1 : year;
}

/** Month-days only: the years a page prints overseas are unreliable, and a past record's are past. */
function isInWindow(day: string, window: SeasonWindow): boolean {
  const monthDay = day.slice(5);
  return wraps(window) ? monthDay >= window.start || monthDay <= window.end : monthDay >= window.start && monthDay <= window.end;
}

function datesOfSeason(window: SeasonWindow, year: number): { start: string; end: string } {
  return { start: `${wraps(window) ? year - 1 : year}-${window.start}`, end: `${year}-${window.end}` };
}

/** The banner reads « Interdiction de baignade du 18/07/2026 »: its first date, if any. */
function dateInBanner(title: string): string | null {
  const found = /\b(\d{2})\/(\d{2})\/(\d{4})\b/.exec(title);
  if (!found) return null;
  const [, day, month, year] = found;
  return Number(month) >= 1 && Number(month) <= 12 && Number(day) >= 1 && Number(day) <= 31 ? `${year}-${month}-${day}` : null;
}

const CLASSEMENT_LEVEL: Record<string, Level> = {
  Excellente: "good",
  Bonne: "good",
  Suffisante: "acceptable",
  Insuffisante: "concerning",
};
const VERDICT_LEVEL: Record<"Bon" | "Moyen" | "Mauvais", Level> = { Bon: "good", Moyen: "acceptable", Mauvais: "concerning" };

export function evaluateBathingSite(nearby: NearbySite, now: Date): BathingSiteView {
  const today = todayInParis(now);
  const { site, record, live } = nearby;
  // The live page's window if it printed one, else the record's: the usual window of the site.
  const liveWindow = windowOf(live?.seasonStart, live?.seasonEnd);
  const window = liveWindow ?? windowOf(record?.seasonStart, record?.seasonEnd);
  const currentSeason = seasonYearOf(today, window);
  const inSeason = window ? isInWindow(today, window) : null;
  const readDay = live ? localDateParis(live.fetchedAt) : null;
  const readSeason = readDay ? seasonYearOf(readDay, window) : null;

  let season: BathingSiteView["season"] = null;
  if (liveWindow && readSeason !== null) {
    season = { ...datesOfSeason(liveWindow, readSeason), year: readSeason, current: readSeason === currentSeason };
  } else if (record && window) {
    // A past record tells the usual window, not this season's dates: it keeps its year.
    season = { start: record.seasonStart, end: record.seasonEnd, year: record.season, current: record.season === currentSeason };
  }

  // A ban is in force only if read live while the site is in its current season (or its season is
  // unknown), or if the current season's record has it open. A ban without an end date in an
  // earlier season's record is not proof that it holds today: it is shown as information.
  // The season a ban belongs to is its banner's (« du 18/07/2026 »), else the read's: a July 2026
  // banner still on the page in March 2027 is information about the 2026 season, not 2027's.
  const bannerDay = live?.prohibition ? dateInBanner(live.prohibition.title) : null;
  const liveProhibition: BathingSiteView["prohibition"] = live?.prohibition
    ? {
        title: live.prohibition.title,
        reason: live.prohibition.reason,
        since: bannerDay,
        current: window === null || (readDay !== null && readSeason === currentSeason && isInWindow(readDay, window)),
        season: window === null ? null : bannerDay ? seasonYearOf(bannerDay, window) : readSeason,
      }
    : null;
  const recordEvent = record?.events.find((event) => PROHIBITION_EVENT.test(event.type) && event.start !== null && within(today, event.start, event.end));
  const recordProhibition: BathingSiteView["prohibition"] =
    record && recordEvent
      ? {
          title: recordEvent.measures ?? recordEvent.type,
          reason: /non sanitaire/i.test(recordEvent.type) ? "non sanitaire" : "sanitaire",
          since: recordEvent.start,
          current: record.season === currentSeason,
          season: record.season,
        }
      : null;
  const prohibition = [liveProhibition, recordProhibition].find((candidate) => candidate?.current) ?? liveProhibition ?? recordProhibition;
  const classement = live?.classement ?? (record?.classement ? { year: record.season, label: record.classement } : null);
  const verdict = live?.lastSample ?? null;

  let level: Level = "unavailable";
  let statusLabel = inSeason === false ? "Hors saison" : "Pas de résultat récent";
  if (prohibition?.current) {
    level = "critical";
    statusLabel = "Baignade interdite";
  } else {
    // In season the latest sample speaks; out of season, the classement of the last seasons.
    const fromVerdict = verdict && inSeason !== false ? VERDICT_LEVEL[verdict.verdict] : null;
    const fromClassement = classement ? (CLASSEMENT_LEVEL[classement.label] ?? null) : null;
    const levels = [fromVerdict, fromClassement].filter((candidate): candidate is Level => candidate !== null);
    if (levels.length > 0) level = worstLevel(levels);
    if (fromVerdict && verdict) statusLabel = verdict.verdict;
    else if (classement) statusLabel = inSeason === false ? `Hors saison – ${classement.label}` : classement.label;
  }

  return {
    id: site.id,
    name: site.name,
    commune: site.communeName,
    water_type: site.waterType,
    distance_km: Math.round(nearby.distanceKm * 10) / 10,
    level,
    status_label: statusLabel,
    latest_sample: verdict,
    record_sample: record?.lastSample ? { date: record.lastSample.date, enterococci: record.lastSample.enterococci, ecoli: record.lastSample.ecoli } : null,
    prohibition,
    // Like a ban, an open event of an earlier season's record is not active today.
    health_events: (record?.events ?? [])
      .filter((event) => HEALTH_EVENT.test(event.type))
      .map((event) => ({
        type: event.type,
        start: event.start,
        end: event.end,
        active: record?.season === currentSeason && event.start !== null && within(today, event.start, event.end),
      })),
    in_season: inSeason,
    season,
    classement,
    live_read_at: live?.fetchedAt ?? null,
    official_url: nearby.officialUrl,
  };
}

export function evaluateBathing(input: { nearby: NearbySite[]; recordSeason: number | null; now: Date }): BathingSection {
  if (input.nearby.length === 0) {
    return {
      success: true,
      level: "unavailable",
      sites: [],
      record_season: input.recordSeason,
      message: "Aucun site de baignade surveillé à proximité (moins de 20\u00a0km).",
      source: BATHING_SOURCE,
    };
  }
  const sites = input.nearby.map((nearby) => evaluateBathingSite(nearby, input.now));
  const anyLive = sites.some((site) => site.live_read_at !== null);
  return {
    success: true,
    level: worstLevel(sites.map((site) => site.level)),
    sites,
    record_season: input.recordSeason,
    message: anyLive
      ? null
      : frenchTypography(
          `Le suivi en direct du ministère n'a pas pu être lu : les informations viennent du bilan officiel${input.recordSeason ? ` de la saison ${input.recordSeason}` : ""}.`,
        ),
    source: BATHING_SOURCE,
  };
}
