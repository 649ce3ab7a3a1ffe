// The bathing card for every channel: the nearest official sites, their classement and latest
// sample in the ministry's words, bans first. Pure: dates come from the report.
import { describeBathingSeason, describeBathingSources, describeProhibition, describeProhibitionDetail, prohibitionTerm } from "./notes.ts";
import { PERMANENT_BAN_REPORTED } from "./evaluate.ts";
import { formatDateFr, formatNumberFr, frenchTypography, NBSP, readableName } from "../../core/shared/format.ts";
import type { BathingSection, BathingSiteView } from "../../core/types.ts";
import { badge, type Badge } from "../../core/report/badge.ts";
import { sentence } from "../../core/report/days.ts";
import type { Fact, SectionPresentation } from "../../core/report/document.ts";

export const BATHING_TITLE = "Baignade";
export const BATHING_ANCHOR = "baignade";
export const BATHING_LABEL = "Baignade";

export interface BathingSitePresentation {
  id: string;
  /** the official name in readable case (« Plage du Prado », not « PLAGE DU PRADO ») */
  name: string;
  badge: Badge;
  place: string;
  facts: Fact[];
  /** out of season, the site's one calm line: « Saison terminée ; dernier classement : Bonne (2025) » */
  line: string | null;
  url: string;
}

export interface BathingPresentation extends SectionPresentation {
  key: "bathing";
  sites: BathingSitePresentation[];
  /** when the ministry's live page was read, said once for the card, under its sites */
  liveRead: string | null;
}

export function bathingHeadline(bathing: BathingSection): Badge {
  if (!bathing.success) return badge("Indisponible", "unavailable");
  if (bathing.sites.length === 0) return badge("Aucun site proche", "unavailable");
  if (bathing.sites.some((site) => site.prohibition?.current)) return badge("Baignade interdite", "critical");
  // A ban of this season last seen more than a day ago: neither in force today nor good news.
  if (bathing.sites.some((site) => site.prohibition?.state === "unconfirmed")) return badge("Interdiction signalée", "concerning");
  // In season the nearest site's latest sample of this season speaks, in the ministry's words
  // (Bon, Moyen, Mauvais; with the classement when that sets a worse level).
  const inSeason = bathing.sites.find((site) => site.latest_sample?.current);
  if (inSeason) return badge(inSeason.status_label, inSeason.level);
  if (bathing.sites.every((site) => site.in_season === false)) return badge("Hors saison", "unavailable");
  return badge(bathing.sites[0]?.status_label ?? "Pas de résultat récent", bathing.sites[0]?.level ?? "unavailable");
}

/**
 * A site out of season in one calm line, its classement with the season it was given for:
 * « Saison terminée ; dernier classement : Bonne (2025) », or before this season's printed start
 * « Saison 2027 à partir du 15 juin 2027 ; dernier classement : Bonne (2026) »; without a classement in our
 * data, « classement : voir la fiche officielle » (the link follows).
 */
export function describeOffSeason(site: Pick<BathingSiteView, "season" | "classement">, today: string | null): string {
  const season = site.season;
  const ahead =
    season?.current && season.start && today !== null && today < season.start ? `Saison ${season.year} à partir du ${formatDateFr(season.start)}` : null;
  const classement = site.classement ? `dernier classement : ${site.classement.label} (${site.classement.year})` : "classement : voir la fiche officielle";
  return frenchTypography(`${ahead ?? "Saison terminée"} ; ${classement}`);
}

/**
 * `today` is the report's local day at the address (its territory's clock), to tell a season
 * still to come from one that has ended; without it an off-season site's season is « terminée ».
 */
export function presentBathing(bathing: BathingSection, today: string | null = null): BathingPresentation {
  const sites = bathing.sites.map((site): BathingSitePresentation => {
    const facts: Fact[] = [];
    if (site.prohibition) {
      const detail = describeProhibitionDetail(site.prohibition);
      facts.push({ term: prohibitionTerm(site.prohibition), value: `${describeProhibition(site.prohibition)}${detail ? `. ${detail}` : ""}` });
    }
    const common = {
      id: site.id,
      name: readableName(site.name),
      badge: badge(site.status_label, site.level),
      place: `${readableName(site.commune)} · ${site.water_type} · à ${formatNumberFr(site.distance_km, 1)}${NBSP}km`,
      url: site.official_url,
    };
    // Out of season: one calm line, never a column of « Non communiqué » (a ban, if any, stays above it).
    if (site.in_season === false) return { ...common, facts, line: describeOffSeason(site, today) };
    facts.push({
      term: "Dernier prélèvement",
      value: site.latest_sample
        ? `${site.latest_sample.verdict}, le ${formatDateFr(site.latest_sample.date)}`
        : site.record_sample
          ? `le ${formatDateFr(site.record_sample.date)} (bilan officiel de la saison ${bathing.record_season ?? site.season?.year ?? ""})`.replace(" ()", "")
          : "Non communiqué",
    });
    facts.push({ term: "Saison", value: describeBathingSeason(site) });
    facts.push({ term: "Classement", value: site.classement ? `${site.classement.label} (${site.classement.year})` : "Non communiqué" });
    return { ...common, facts, line: null };
  });
  return {
    key: "bathing",
    anchor: BATHING_ANCHOR,
    title: BATHING_TITLE,
    headline: bathingHeadline(bathing),
    // Said once, under the sites (describeBathingSources): never a season over values of another.
    dateLine: null,
    message: bathing.message,
    facts: [],
    notes: [],
    source: bathing.source,
    attribution: null,
    sites,
    liveRead: describeBathingSources(bathing, readableName),
  };
}

export function summarizeBathing(bathing: BathingSection, headline: Badge): string {
  if (!bathing.success) return sentence(BATHING_LABEL, "informations momentanément indisponibles.");
  if (bathing.sites.length === 0) return sentence(BATHING_LABEL, `aucun site surveillé à moins de 20${NBSP}km.`);
  const where = (site: BathingSiteView) => `${readableName(site.name)} (à ${formatNumberFr(site.distance_km, 1)}${NBSP}km)`;
  const banned = bathing.sites.filter((site) => site.prohibition?.current);
  if (banned.length > 0) return sentence(BATHING_LABEL, `baignade interdite à ${banned.map(where).join(", ")}.`);
  const unconfirmed = bathing.sites.filter((site) => site.prohibition?.state === "unconfirmed");
  if (unconfirmed.length > 0) {
    const reads = unconfirmed.map((site) => `${where(site)}${site.prohibition?.read_on ? ` le ${formatDateFr(site.prohibition.read_on)}` : ""}`);
    return sentence(BATHING_LABEL, `interdiction signalée à ${reads.join(", ")}, à vérifier sur la fiche officielle.`);
  }
  const nearest = bathing.sites[0]!;
  const classement = nearest.classement ? `classement ${nearest.classement.label} (${nearest.classement.year})` : null;
  const sample = nearest.latest_sample?.current ? `dernier prélèvement ${nearest.latest_sample.verdict}` : null;
  // A permanent ban heads its site whatever the classement; a classement worse than the sample is named with it.
  const nearestWord =
    nearest.status_label === PERMANENT_BAN_REPORTED
      ? `interdiction permanente signalée${nearest.prohibition?.season ? ` (saison ${nearest.prohibition.season})` : ""}`
      : sample
        ? nearest.status_label !== nearest.latest_sample?.verdict && classement
          ? `${sample}, ${classement}`
          : sample
        : classement;
  const state = headline.word === "Hors saison" ? "hors saison" : headline.word;
  return sentence(BATHING_LABEL, `${state}${NBSP}; site le plus proche${NBSP}: ${readableName(nearest.name)}${nearestWord ? `, ${nearestWord}` : ""}.`);
}
