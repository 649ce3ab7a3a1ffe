// The words for the facts the bathing rules return: one table for the page, the PDF and the emails.
import { formatDateFr, formatTimeFr, frenchTypography } from "../../core/shared/format.ts";
import type { BathingSection, BathingSiteView } from "../../core/types.ts";

/** « Lu sur le site du ministère le 20 août 2026 à 14 h 05 » */
export function describeLiveRead(liveReadAt: string): string {
  const time = formatTimeFr(liveReadAt);
  return `Lu sur le site du ministère le ${formatDateFr(liveReadAt)}${time ? ` à ${time}` : ""}`;
}

/** The latest read of the ministry's page among the sites, if any. */
export function latestLiveRead(bathing: Pick<BathingSection, "sites">): string | null {
  const reads = bathing.sites.map((site) => site.live_read_at).filter((read): read is string => read !== null);
  return reads.length > 0 ? reads.reduce((latest, read) => (Date.parse(read) > Date.parse(latest) ? read : latest)) : null;
}

/** The label before a ban's details: a ban in force, one to be checked, or information. */
export function prohibitionTerm(prohibition: NonNullable<BathingSiteView["prohibition"]>): string {
  const state = prohibition.state ?? (prohibition.current ? "in_force" : "information");
  return state === "in_force" ? "Interdiction" : state === "unconfirmed" ? "À vérifier" : "Information";
}

/**
 * A ban in one sentence, its official wording apart:
 * in force → « En vigueur depuis le 18 juillet 2026 (raison sanitaire) »;
 * read more than a day ago → « Interdiction signalée le 22 juillet 2026 sur le site du ministère,
 * depuis le 18 juillet 2026 (raison sanitaire) : elle a pu être levée depuis, vérifiez sur la fiche officielle »;
 * earlier season → « Interdiction signalée pendant la saison 2024, depuis le 3 juillet 2024 (raison sanitaire) ».
 */
export function describeProhibition(prohibition: NonNullable<BathingSiteView["prohibition"]>): string {
  const since = prohibition.since ? `depuis le ${formatDateFr(prohibition.since)}` : null;
  const reason = prohibition.reason ? `raison ${prohibition.reason}` : null;
  const withDetails = (details: Array<string | null>) => {
    const kept = details.filter((detail): detail is string => detail !== null);
    return kept.length > 0 ? ` (${kept.join(", ")})` : "";
  };
  const state = prohibition.state ?? (prohibition.current ? "in_force" : "information");
  const permanent = prohibition.permanent ? "interdiction permanente" : null;
  if (state === "in_force") return `En vigueur${since ? ` ${since}` : ""}${withDetails([permanent, reason])}`;
  if (state === "unconfirmed" && prohibition.read_on) {
    return frenchTypography(
      `Interdiction signalée le ${formatDateFr(prohibition.read_on)} sur le site du ministère${since ? `, ${since}` : ""}${withDetails([permanent, reason])} : elle a pu être levée depuis, vérifiez sur la fiche officielle`,
    );
  }
  const term = prohibition.permanent ? "Interdiction permanente signalée" : "Interdiction signalée";
  const season = prohibition.season !== null ? `pendant la saison ${prohibition.season}` : "lors d'une lecture précédente";
  return `${term} ${season}${since ? `, ${since}` : ""}${withDetails([reason])}`;
}

/**
 * The season of a site with the dates a source printed: « En saison (saison 2026 : du 15 juin 2026
 * au 15 septembre 2026) »; dates of an earlier season are labelled as such, never as this season's.
 */
export function describeBathingSeason(site: Pick<BathingSiteView, "in_season" | "season">): string {
  const state = site.in_season === true ? "En saison" : site.in_season === false ? "Hors saison" : null;
  const season = site.season;
  if (!season) return state ?? "Dates de saison non communiquées";
  if (!season.start || !season.end) {
    return frenchTypography(state ? `${state} (saison ${season.year} : dates non communiquées)` : `Saison ${season.year} : dates non communiquées`);
  }
  const dates = `du ${formatDateFr(season.start)} au ${formatDateFr(season.end)}`;
  const detail = season.current ? `saison ${season.year} : ${dates}` : `d'après les dates de la saison ${season.year} : ${dates}`;
  return frenchTypography(state ? `${state} (${detail})` : `Saison ${dates}`);
}

/**
 * The official wording of a ban, unless it only repeats the date already given
 * (the live banner reads « Interdiction de baignade du 18/07/2026 »).
 */
export function describeProhibitionDetail(prohibition: NonNullable<BathingSiteView["prohibition"]>): string | null {
  const rest = prohibition.title
    .replace(/\b\d{2}\/\d{2}\/\d{4}\b/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (prohibition.since && /^interdiction de baignade(?: du)?$/i.test(rest)) return null;
  return prohibition.title;
}

/**
 * When the ministry's live page was read, said once for the whole section (under its sites):
 * « Lu sur le site du ministère le 20 août 2026 à 14 h 05 ». A site read at another time is named
 * with its own read: « … (le 19 août 2026 à 10 h 00 pour Plage du Prado) ». Never a season of the
 * official record here: each value carries its own year, so no « saison 2024 » stands over a 2026
 * classement.
 */
export function describeBathingSources(bathing: Pick<BathingSection, "sites">, nameOf: (name: string) => string = (name) => name): string | null {
  const latest = latestLiveRead(bathing);
  if (!latest) return null;
  // Reads within the same minute are said as one: the line shows minutes, not seconds.
  const said = describeLiveRead(latest);
  const others = bathing.sites
    .filter((site) => site.live_read_at !== null && describeLiveRead(site.live_read_at) !== said)
    .map((site) => `${describeLiveRead(site.live_read_at!).replace("Lu sur le site du ministère ", "")} pour ${nameOf(site.name)}`);
  return frenchTypography(`${said}${others.length > 0 ? ` (${others.join(", ")})` : ""}`);
}
