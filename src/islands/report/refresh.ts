// A refresh of a report already on screen (« Réessayer » on a failed section, another water
// network): what it may replace and what it says when it fails. A failure never erases what the
// page shows (issue 23): the report stays, and the words go next to the control that failed.
import { NBSP } from "../../core/shared/format.ts";
import type { ReportAnswer } from "../../core/types.ts";
import { sectionFailed, sectionKeys, type SectionKey } from "../../core/report/sections.ts";
import { ApiError } from "../lib/api.ts";

export type { SectionKey } from "../../core/report/sections.ts";

const failed = (report: ReportAnswer, key: SectionKey): boolean => sectionFailed(report, key);

/** The sections whose source could not be read for this report: each card gets its own « Réessayer ». */
export function failedSectionsOf(report: ReportAnswer): SectionKey[] {
  return sectionKeys().filter((key) => failed(report, key));
}

/**
 * Whether a report fetched again for « Réessayer » on `section` takes the place of the one on
 * screen: only when that section came back, and no section the screen shows with data failed in
 * it. Otherwise the screen keeps its report (its recommendations come with it, built by the
 * server from all its sections: a report is never pieced together from two answers).
 */
export function retryReplaces(onScreen: ReportAnswer, fresh: ReportAnswer, section: SectionKey): boolean {
  if (failed(fresh, section)) return false;
  return sectionKeys().every((key) => failed(onScreen, key) || !failed(fresh, key));
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

// Said under the address field while offline: in offline.ts, so that the search's island loads no report code.
export { OFFLINE_SUGGESTIONS } from "./offline.ts";
