// How fresh each official source is, judged against the source's own publication rhythm (the
// public status page /etat, GET /api/v1/status, the admins' notices). Pure: `now` is passed in.
import { addDaysToLocalDate, parisHourToUtc, parisMinutesOfDay, todayInParis } from "../shared/time.ts";

/** The sources the service reads, as the status page lists them (the upstreams' names in src/server/services/upstream-budget.ts). */
export const STATUS_SOURCES = ["atmo", "hubeau", "vigieau", "baignades", "pollen", "meteofrance", "ban", "openmeteo"] as const;
export type StatusSource = (typeof STATUS_SOURCES)[number];

/**
 * fresh: read within its rhythm; late: no successful read within it; unavailable: the last read
 * failed and none succeeded within it; not_configured: the source needs a key this installation
 * lacks, so it is never read (Météo-France without METEOFRANCE_API_KEY).
 */
export type Freshness = "fresh" | "late" | "unavailable" | "off_season" | "not_configured";

/** What the service last saw of a source (ms since the epoch; null: never since the table exists). */
export interface SourceReads {
  lastSuccessAtMs: number | null;
  lastFailureAtMs: number | null;
}

/**
 * The last call that reached a source, and how it ended (decision 085): `success` when the source
 * answered (« nothing here » included), `failure` when it did not (timeout, network, HTTP error, a
 * payload we could not read). A cache hit is no attempt, nor is a call our own budget refused.
 */
export interface LastAttempt {
  atMs: number;
  outcome: "success" | "failure";
}

export function lastAttemptOf(reads: SourceReads): LastAttempt | null {
  const { lastSuccessAtMs: success, lastFailureAtMs: failure } = reads;
  if (failure !== null && (success === null || failure > success)) return { atMs: failure, outcome: "failure" };
  return success === null ? null : { atMs: success, outcome: "success" };
}

/** The fragment of a source's row on /etat (« /etat#source-hubeau »), where a section whose source failed links to. */
export const statusRowId = (source: StatusSource) => `source-${source}`;

export interface SourceFreshness {
  freshness: Freshness;
  /** the instant since which a successful read is expected (null out of season) */
  expectedSinceMs: number | null;
}

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** ATMO publishes today's index around 14:00 Paris time; the alert run reads it at 14:30: an hour of grace. */
const ATMO_PUBLICATION_HOUR = 14;
const ATMO_GRACE_MS = HOUR_MS;
/** Hub'Eau's results arrive month by month (the ARS send them to SISE-Eaux monthly): a read within 35 days. */
const HUBEAU_WINDOW_MS = 35 * DAY_MS;
/** Daily: VigiEau (the alert run reads it every day at 14:30), the bathing page in season; two hours of the run's margin. */
const DAILY_WINDOW_MS = DAY_MS + 2 * HOUR_MS;
/** BAN and the CAMS model are read on visitors' demand: a read within the day. */
const WITHIN_DAY_MS = DAY_MS;

/**
 * The metropolitan bathing season as the status page counts it: 1 June – 30 September (Paris),
 * the widest of the sites' declared seasons; overseas sites, bathed all year, are read on demand.
 */
export function isBathingSeason(now: Date): boolean {
  const monthDay = todayInParis(now).slice(5);
  return monthDay >= "06-01" && monthDay <= "09-30";
}

/** The last ATMO publication a read must follow: today's 14:00 from 15:00 Paris on, yesterday's before. */
function atmoExpectedSince(now: Date): Date {
  const todayPublication = parisHourToUtc(now, ATMO_PUBLICATION_HOUR);
  if (parisMinutesOfDay(now) >= ATMO_PUBLICATION_HOUR * 60 && now.getTime() >= todayPublication.getTime() + ATMO_GRACE_MS) return todayPublication;
  const yesterday = addDaysToLocalDate(todayInParis(now), -1);
  return parisHourToUtc(new Date(`${yesterday}T12:00:00Z`), ATMO_PUBLICATION_HOUR);
}

/** The instant since which a successful read of `source` is expected at `now`; null when none is (out of season). */
export function expectedReadSince(source: StatusSource, now: Date): Date | null {
  const nowMs = now.getTime();
  switch (source) {
    case "atmo":
      return atmoExpectedSince(now);
    case "hubeau":
      return new Date(nowMs - HUBEAU_WINDOW_MS);
    case "vigieau":
      return new Date(nowMs - DAILY_WINDOW_MS);
    case "baignades":
      return isBathingSeason(now) ? new Date(nowMs - DAILY_WINDOW_MS) : null;
    case "ban":
    case "openmeteo":
    case "pollen":
    case "meteofrance":
      return new Date(nowMs - WITHIN_DAY_MS);
  }
}

/**
 * A source is « à jour » when it was read successfully since its expected instant; « indisponible »
 * when it was not and its last read failed; « en retard » otherwise (including never read: the
 * service then has nothing fresh to show, and says so).
 */
export function judgeFreshness(source: StatusSource, reads: SourceReads, now: Date): SourceFreshness {
  const since = expectedReadSince(source, now);
  if (!since) return { freshness: "off_season", expectedSinceMs: null };
  const expectedSinceMs = since.getTime();
  if (reads.lastSuccessAtMs !== null && reads.lastSuccessAtMs >= expectedSinceMs) return { freshness: "fresh", expectedSinceMs };
  const failedLast = reads.lastFailureAtMs !== null && (reads.lastSuccessAtMs === null || reads.lastFailureAtMs > reads.lastSuccessAtMs);
  return { freshness: failedLast ? "unavailable" : "late", expectedSinceMs };
}

/** The words of each state, in plain French (the page, the API's `label`, the admins' notice). */
export const FRESHNESS_LABELS: Record<Freshness, string> = {
  fresh: "à jour",
  late: "en retard",
  unavailable: "indisponible",
  off_season: "hors saison",
  not_configured: "non configurée",
};

/** The sources' names and rhythms as the page says them. */
export const SOURCE_DESCRIPTIONS: Record<StatusSource, { name: string; rhythm: string }> = {
  atmo: { name: "Indice ATMO (associations agréées de surveillance de la qualité de l'air)", rhythm: "chaque jour vers 14\u00A0h, pour le jour même" },
  hubeau: { name: "Hub'Eau – qualité de l'eau du robinet (contrôle sanitaire des ARS)", rhythm: "chaque mois" },
  vigieau: { name: "VigiEau – restrictions d'eau en cas de sécheresse", rhythm: "chaque jour" },
  baignades: { name: "Baignades – site du ministère de la Santé", rhythm: "chaque jour, pendant la saison (juin à septembre)" },
  ban: { name: "Base adresse nationale (BAN)", rhythm: "à chaque recherche, lue au moins une fois par jour" },
  openmeteo: { name: "Modèle CAMS (Copernicus) et prévision de l'indice UV, via Open-Meteo", rhythm: "à chaque rapport, lu au moins une fois par jour" },
  pollen: {
    name: "Indice pollen (associations agréées de surveillance de la qualité de l'air, Atmo France)",
    rhythm: "chaque jour vers 13\u00A0h ; lu à chaque rapport, au moins une fois par jour",
  },
  meteofrance: {
    name: "Vigilance météorologique (Météo-France)",
    rhythm: "vers 6\u00A0h et 16\u00A0h et à chaque changement ; lue à chaque rapport, au moins une fois par jour",
  },
};

/**
 * What the top of /etat says of a source whose last attempt failed (decision 085): « Hub'Eau ne
 * répond pas depuis 21 h 11 : la qualité de l'eau du robinet est momentanément indisponible. »
 */
export const SOURCE_OUTAGE_WORDS: Record<StatusSource, { subject: string; effect: string }> = {
  atmo: { subject: "Le service de l'indice ATMO", effect: "l'indice officiel de la qualité de l'air est momentanément indisponible" },
  hubeau: { subject: "Hub'Eau", effect: "la qualité de l'eau du robinet est momentanément indisponible" },
  vigieau: { subject: "VigiEau", effect: "les restrictions d'eau en cas de sécheresse sont momentanément indisponibles" },
  baignades: { subject: "Le site des baignades du ministère", effect: "le suivi en direct des eaux de baignade est momentanément indisponible" },
  pollen: { subject: "Le service de l'indice pollen", effect: "l'indice pollen est momentanément indisponible" },
  meteofrance: { subject: "Météo-France", effect: "la vigilance météorologique est momentanément indisponible" },
  ban: { subject: "La Base adresse nationale", effect: "la recherche d'adresses est momentanément indisponible" },
  openmeteo: { subject: "Open-Meteo", effect: "l'estimation du modèle CAMS et la prévision de l'indice UV sont momentanément indisponibles" },
};

/** Sources whose freshness the service itself keeps (the alert run reads them): a missed deadline is worth an admin notice. */
export const SOURCES_WITH_DEADLINES: readonly StatusSource[] = ["atmo", "hubeau", "vigieau", "baignades"];
