// A refresh of a report already on screen (« Réessayer » on a failed section, another water
// network): what it may replace and what it says when it fails. A failure never erases what the
// page shows (issue 23): the report stays, and the words go next to the control that failed.
import { NBSP } from "../../core/shared/format.ts";
import type { ReportAnswer } from "../../core/types.ts";
import { ApiError } from "../lib/api.ts";

export type SectionKey = "water" | "air" | "drought" | "bathing" | "pollen" | "uv" | "weather" | "radon";

/** Each section's field in a report, in the cards' order. */
const SECTION_FIELDS = {
  water: "water_quality",
  air: "air_quality",
  drought: "drought",
  bathing: "bathing",
  pollen: "pollen",
  uv: "uv",
  weather: "weather_warnings",
  radon: "radon",
} as const;

const SECTION_KEYS = Object.keys(SECTION_FIELDS) as SectionKey[];

/**
 * Whether a section's source could not be read, so that asking again may bring it. A vigilance
 * without a Météo-France key (`configured: false`) is not a failure: it stays so whatever the
 * retry. Overseas (pollen `not_covered`, vigilance « Hors carte nationale ») is a success. A report
 * stored before issue 26 has no such section at all: nothing there to retry.
 */
function failed(report: ReportAnswer, key: SectionKey): boolean {
  const section: { success: boolean; configured?: boolean } | undefined = report[SECTION_FIELDS[key]];
  return section !== undefined && !section.success && section.configured !== false;
}

/** The sections whose source could not be read for this report: each card gets its own « Réessayer ». */
export function failedSectionsOf(report: ReportAnswer): SectionKey[] {
  return SECTION_KEYS.filter((key) => failed(report, key));
}

/**
 * Whether a report fetched again for « Réessayer » on `section` takes the place of the one on
 * screen: only when that section came back, and no section the screen shows with data failed in
 * it. Otherwise the screen keeps its report (its recommendations come with it, built by the
 * server from all its sections: a report is never pieced together from two answers).
 */
export function retryReplaces(onScreen: ReportAnswer, fresh: ReportAnswer, section: SectionKey): boolean {
  if (failed(fresh, section)) return false;
  return SECTION_KEYS.every((key) => failed(onScreen, key) || !failed(fresh, key));
}

/** Said next to « Réessayer » when the section is still not there. */
export const STILL_UNAVAILABLE = "Toujours indisponible. Réessayez dans quelques minutes.";

/** Why a refresh failed, in a few words: the browser's connection, or the service's answer. */
export function failureReasonOf(error: unknown): "connection" | "service" {
  return error instanceof ApiError && error.status !== 0 ? "service" : "connection";
}

/**
 * Said under the network chooser when another network could not be loaded: the report on screen
 * stays, and says which network it is about.
 */
export function networkChangeFailure(reason: "connection" | "service", shownNetwork: string | null): string {
  const why = reason === "connection" ? "connexion interrompue" : "service momentanément indisponible";
  const kept = shownNetwork ? ` Le bilan affiché reste celui du réseau «${NBSP}${shownNetwork}${NBSP}».` : " Le bilan affiché reste celui du réseau précédent.";
  return `Le changement de réseau n'a pas pu être chargé (${why}).${kept}`;
}

/** Said under the address field once while the browser is offline, whatever is typed. */
export const OFFLINE_SUGGESTIONS = `Pas de connexion${NBSP}: les suggestions d'adresses reviendront dès que la connexion sera rétablie.`;
