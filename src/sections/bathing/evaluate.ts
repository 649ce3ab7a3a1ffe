// Bathing water for an address: the nearest official sites, each with what the ministry's live
// page says (when read) and the official season record. Pure; `now` passed in.
import { levelRank, worstLevel } from "../../core/shared/levels.ts";
import { frenchTypography } from "../../core/shared/format.ts";
import type { BathingSection, BathingSiteView, Level, SourceRef } from "../../core/types.ts";
import { bathingSeasonOfDay, localDayOfSite } from "./season.ts";
import type { BathingLiveStatus, BathingSeasonRecord, BathingSite } from "./types.ts";

export const BATHING_SOURCE: SourceRef = {
  name: "Ministère chargé de la santé – qualité des eaux de baignade",
  url: "https://baignades.sante.gouv.fr/",
  publisher: "Ministère chargé de la santé et agences régionales de santé (données data.gouv.fr, Licence Ouverte)",
};

const HEALTH_EVENT = /cyanobact|pollution/i;
const PROHIBITION_EVENT = /^interdiction/i;

/**
 * A ban read on the ministry's page is « en vigueur » only while that read is less than a day old:
 * bans are set and lifted from one sample to the next (a re-test comes a few days after a bad
 * result), and a report refreshes its snapshot every few hours (BATHING_SNAPSHOT_FRESH_MS in the
 * bathing service), so an older snapshot means the page could not be read since. Such a ban is
 * told as « signalée le … », to be checked, never as in force today.
 */
export const BATHING_BAN_CONFIRMED_MS = 24 * 3600 * 1000;

/**
 * A permanent ban, in the source's words: the page's « Type : INTERDICTION PERMANENTE | DEFINITIVE »,
 * or the record's measures. Directive 2006/7/CE, art. 5(4): « lorsqu'une eau de baignade est classée
 * comme étant de qualité insuffisante pendant cinq années consécutives, une interdiction permanente
 * de baignade ou un avis déconseillant de façon permanente la baignade est introduit »; the 2024
 * record words it « Interdiction permanente de baignade suite à 5 années de classement
 * insuffisant » or « Classement insuffisant durant 5 années consécutives ». A measure the source
 * limits to a season (« pour toute la saison 2024 ») is not called permanent.
 */
const PERMANENT_WORDING = /\bpermanente?\b|\bd[ée]finiti(?:f|ve)\b/i;
const FIVE_POOR_YEARS = /insuffisan[a-z]*\b.*\b(?:5|cinq)\s+(?:ann[ée]es|ans)\b|\b(?:5|cinq)\s+(?:ann[ée]es|ans)\b.*insuffisan/i;
const ONE_SEASON = /toute la saison/i;

function isPermanentWording(text: string): boolean {
  return PERMANENT_WORDING.test(text) || (FIVE_POOR_YEARS.test(text) && !ONE_SEASON.test(text));
}

/** The status of a site whose permanent ban is known only from an earlier season or an old read. */
export const PERMANENT_BAN_REPORTED = "Interdiction permanente signalée";

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
 * A season window as month-days ("MM-DD"), to tell whether a day is in season. Overseas the window
 * runs all year, 1 October → 30 September (code de la santé publique, art. D1332-15; the 2024
 * record of all 248 overseas sites reads 2023-10-01 → 2024-09-30), and wraps across the year end.
 * A window is only ever used for that test: the dates shown are the ones the source printed.
 */
interface SeasonWindow {
  start: string;
  end: string;
}

function windowOf(start: string | null | undefined, end: string | null | undefined): SeasonWindow | null {
  return start && end ? { start: start.slice(5, 10), end: end.slice(5, 10) } : null;
}

const wraps = (window: SeasonWindow) => window.start > window.end;

/** Month-days only: the years a page prints overseas are unreliable, and a past record's are past. */
function isInWindow(day: string, window: SeasonWindow): boolean {
  const monthDay = day.slice(5);
  return wraps(window) ? monthDay >= window.start || monthDay <= window.end : monthDay >= window.start && monthDay <= window.end;
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

type Prohibition = NonNullable<BathingSiteView["prohibition"]>;
const STATE_RANK: Record<Prohibition["state"], number> = { in_force: 0, unconfirmed: 1, information: 2 };

/** The ban to show: in force, else to be checked, else information (a permanent one first). */
function selectProhibition(candidates: Array<Prohibition | null>): Prohibition | null {
  const found = candidates.filter((candidate): candidate is Prohibition => candidate !== null);
  found.sort((a, b) => STATE_RANK[a.state] - STATE_RANK[b.state] || Number(b.permanent) - Number(a.permanent));
  return found[0] ?? null;
}

export function evaluateBathingSite(nearby: NearbySite, now: Date): BathingSiteView {
  const { site, record, live } = nearby;
  // Every « today » and every season is the site's own: its territory's day and the ministry's numbering.
  const today = localDayOfSite(now, site);
  const seasonOf = (day: string) => bathingSeasonOfDay(day, site.department);
  const currentSeason = seasonOf(today);

  // The page's printed window if it printed one, else the record's: the usual window of the site.
  const printed = live?.seasonStart && live.seasonEnd && live.seasonStart <= live.seasonEnd ? { start: live.seasonStart, end: live.seasonEnd } : null;
  const liveWindow = windowOf(live?.seasonStart, live?.seasonEnd);
  const window = liveWindow ?? windowOf(record?.seasonStart, record?.seasonEnd);
  const inSeason = window ? isInWindow(today, window) : null;
  const readDay = live ? localDayOfSite(new Date(live.fetchedAt), site) : null;
  // The page speaks for the season it was asked for; a read of a season that has ended (an
  // overseas page of the calendar year read in November) says nothing about today.
  const pageIsCurrent = live !== null && live.season === currentSeason;
  const readRecently = live !== null && now.getTime() - Date.parse(live.fetchedAt) < BATHING_BAN_CONFIRMED_MS;

  // Only dates a source printed, with the season they belong to: the page's when it printed a
  // coherent pair, else the record's; never a window moved onto another year.
  let season: BathingSiteView["season"] = null;
  if (printed) {
    const year = seasonOf(printed.end);
    season = { ...printed, year, current: year === currentSeason };
  } else if (record?.seasonStart && record.seasonEnd) {
    season = { start: record.seasonStart, end: record.seasonEnd, year: record.season, current: record.season === currentSeason };
  } else if (live) {
    season = { start: null, end: null, year: live.season, current: pageIsCurrent };
  }

  // A live banner is a ban of this season when the page is this season's and, unless the ban is
  // permanent, the site is in season and was when read. It is in force only if read less than a
  // day ago; an older read of it is « signalée », to be checked. Anything else is information.
  // The season a ban belongs to is its banner's (« du 18/07/2026 »), else the page's: a July 2026
  // banner still on the page in March 2027 is information about the 2026 season, not 2027's.
  const bannerDay = live?.prohibition ? dateInBanner(live.prohibition.title) : null;
  const livePermanent = live?.prohibition?.kind === "permanente" || live?.prohibition?.kind === "définitive";
  const liveApplies = pageIsCurrent && (livePermanent || (inSeason !== false && (window === null || (readDay !== null && isInWindow(readDay, window)))));
  const liveProhibition: Prohibition | null = live?.prohibition
    ? {
        title: live.prohibition.title,
        reason: live.prohibition.reason,
        since: bannerDay,
        current: liveApplies && readRecently,
        state: !liveApplies ? "information" : readRecently ? "in_force" : "unconfirmed",
        permanent: livePermanent,
        season: bannerDay ? seasonOf(bannerDay) : live.season,
        read_on: readDay,
      }
    : null;
  // A ban of the record is in force while it lasts in the current season's record; a ban without
  // an end date in an earlier season's record is not proof that it holds today: information.
  const recordEvent = record?.events.find((event) => PROHIBITION_EVENT.test(event.type) && event.start !== null && within(today, event.start, event.end));
  const recordInForce = record !== null && record.season === currentSeason;
  const recordProhibition: Prohibition | null =
    record && recordEvent
      ? {
          title: recordEvent.measures ?? recordEvent.type,
          reason: /non sanitaire/i.test(recordEvent.type) ? "non sanitaire" : "sanitaire",
          since: recordEvent.start,
          current: recordInForce,
          state: recordInForce ? "in_force" : "information",
          permanent: isPermanentWording(`${recordEvent.type} ${recordEvent.measures ?? ""}`),
          season: record.season,
          read_on: null,
        }
      : null;
  const prohibition = selectProhibition([liveProhibition, recordProhibition]);
  const classement = live?.classement ?? (record?.classement ? { year: record.season, label: record.classement } : null);
  // A sample speaks for today only in season and when it was taken this season: a September
  // sample read overseas in November belongs to the season that ended.
  const latestSample = live?.lastSample ? { ...live.lastSample, current: inSeason !== false && seasonOf(live.lastSample.date) === currentSeason } : null;
  // A fresh read of this season's page without any banner is the latest word on the site.
  const liveSaysNoBan = pageIsCurrent && readRecently && !live?.prohibition;

  let level: Level = "unavailable";
  let statusLabel = inSeason === false ? "Hors saison" : "Pas de résultat récent";
  if (prohibition?.state === "in_force") {
    level = "critical";
    statusLabel = "Baignade interdite";
  } else if (prohibition?.state === "unconfirmed") {
    // This season's ban, last seen more than a day ago: not in force today, not good news either.
    level = "concerning";
    statusLabel = "Interdiction signalée";
  } else if (prohibition?.permanent && !liveSaysNoBan) {
    // A permanent ban is a ban whatever the season: never headed by a classement. Told from an
    // earlier season, it informs and sets no level.
    statusLabel = PERMANENT_BAN_REPORTED;
  } else {
    // In season the latest sample speaks; out of season, the classement of the last seasons.
    const fromVerdict = latestSample?.current ? VERDICT_LEVEL[latestSample.verdict] : null;
    const fromClassement = classement ? (CLASSEMENT_LEVEL[classement.label] ?? null) : null;
    const levels = [fromVerdict, fromClassement].filter((candidate): candidate is Level => candidate !== null);
    if (levels.length > 0) level = worstLevel(levels);
    if (fromVerdict && latestSample && classement && fromClassement && levelRank(fromClassement) > levelRank(fromVerdict)) {
      // « Bon » in amber would contradict its word: the classement that sets the colour is named.
      statusLabel = `${latestSample.verdict} – classement ${classement.label}`;
    } else if (fromVerdict && latestSample) statusLabel = latestSample.verdict;
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
    latest_sample: latestSample,
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

/** In season, when the ministry's live page could not be read for any site. */
// Pure (a bundler may drop it from the report's page, which only shows the message the section carries).
export const LIVE_UNAVAILABLE_IN_SEASON = /* @__PURE__ */ frenchTypography(
  "Suivi en direct du ministère momentanément indisponible : dernier classement officiel de chaque site, avec son année.",
);

/**
 * The shipped data set of official sites could not be read (on Workers it is a static asset,
 * decision 065): no site is named, nothing is reassured, the card says it is unavailable.
 */
export function bathingDatasetUnavailable(): BathingSection {
  return {
    success: false,
    level: "unavailable",
    sites: [],
    record_season: null,
    message: "Les sites de baignade sont momentanément indisponibles. Réessayez dans quelques minutes.",
    source: BATHING_SOURCE,
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
  // Out of season the ministry's live page not answering is not news: each site says its season
  // and last classement with its year. In season it is said once, calmly; every value keeps its
  // own year, so no season stands over a value of another.
  const allOutOfSeason = sites.every((site) => site.in_season === false);
  return {
    success: true,
    level: worstLevel(sites.map((site) => site.level)),
    sites,
    record_season: input.recordSeason,
    message: anyLive || allOutOfSeason ? null : LIVE_UNAVAILABLE_IN_SEASON,
    source: BATHING_SOURCE,
  };
}
