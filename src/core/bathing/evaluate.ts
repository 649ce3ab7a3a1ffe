// Bathing water for an address: the nearest official sites, each with what the ministry's live
// page says (when read) and the official season record. Pure; `now` passed in.
import { worstLevel } from "../shared/levels.ts";
import { frenchTypography, localDateParis } from "../shared/format.ts";
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

/** The season of this year from the live page, else the record's window moved to this year. */
function seasonFor(today: string, record: BathingSeasonRecord | null, live: BathingLiveStatus | null): BathingSiteView["season"] {
  const year = Number(today.slice(0, 4));
  if (live && (live.seasonStart || live.seasonEnd)) return { start: live.seasonStart, end: live.seasonEnd, year: Number((live.seasonStart ?? live.seasonEnd ?? today).slice(0, 4)) };
  if (record && (record.seasonStart || record.seasonEnd)) {
    if (record.season === year) return { start: record.seasonStart, end: record.seasonEnd, year };
    // A past record tells the usual window, not this year's dates: say so by keeping its year.
    return { start: record.seasonStart, end: record.seasonEnd, year: record.season };
  }
  return null;
}

function isInSeason(today: string, season: BathingSiteView["season"]): boolean | null {
  if (!season) return null;
  const sameYear = season.year === Number(today.slice(0, 4));
  const moved = (date: string | null) => (date === null ? null : sameYear ? date : `${today.slice(0, 4)}${date.slice(4)}`);
  return within(today, moved(season.start), moved(season.end));
}

const CLASSEMENT_LEVEL: Record<string, Level> = {
  Excellente: "good",
  Bonne: "good",
  Suffisante: "acceptable",
  Insuffisante: "concerning",
};
const VERDICT_LEVEL: Record<"Bon" | "Moyen" | "Mauvais", Level> = { Bon: "good", Moyen: "acceptable", Mauvais: "concerning" };

export function evaluateBathingSite(nearby: NearbySite, now: Date): BathingSiteView {
  const today = localDateParis(now.toISOString()) ?? now.toISOString().slice(0, 10);
  const { site, record, live } = nearby;
  const season = seasonFor(today, record, live);
  const inSeason = isInSeason(today, season);
  const recordProhibition = record?.events.find((event) => PROHIBITION_EVENT.test(event.type) && event.start !== null && within(today, event.start, event.end));
  const prohibition = live?.prohibition
    ? { title: live.prohibition.title, reason: live.prohibition.reason, since: null }
    : recordProhibition
      ? { title: recordProhibition.measures ?? recordProhibition.type, reason: /non sanitaire/i.test(recordProhibition.type) ? ("non sanitaire" as const) : ("sanitaire" as const), since: recordProhibition.start }
      : null;
  const classement = live?.classement ?? (record?.classement ? { year: record.season, label: record.classement } : null);
  const verdict = live?.lastSample ?? null;

  let level: Level = "unavailable";
  let statusLabel = inSeason === false ? "Hors saison" : "Pas de résultat récent";
  if (prohibition) {
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
    health_events: (record?.events ?? [])
      .filter((event) => HEALTH_EVENT.test(event.type))
      .map((event) => ({ type: event.type, start: event.start, end: event.end, active: event.start !== null && within(today, event.start, event.end) })),
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
