// Which files of the data.gouv.fr dataset « Données de rapportage de la saison balnéaire » make a
// season, read from the dataset's description (GET /api/1/datasets/<id>/). Pure.
import { basename } from "node:path";
import * as z from "zod";
import { normaliseHeader } from "../../text/csv.ts";

export const BATHING_DATASET_ID = "57fce28ac751df0e4079df72";

export type BathingResourceKind = "siteList" | "seasonInformation" | "results" | "classement";

const resourceSchema = z.object({
  title: z.string().nullish(),
  url: z.string().min(1),
  format: z.string().nullish(),
  last_modified: z.string().nullish(),
});
export const datasetSchema = z.object({ resources: z.array(resourceSchema) });

export type DatagouvResource = z.infer<typeof resourceSchema>;

export interface SeasonResources {
  season: number;
  siteList: DatagouvResource;
  seasonInformation: DatagouvResource;
  results: DatagouvResource | null;
  classement: DatagouvResource | null;
}

/** What a resource is, from its title (« Saison balnéaire 2024 - Informations sur la saison »…). */
export function classifyResourceTitle(title: string): BathingResourceKind | null {
  const words = normaliseHeader(title);
  if (words.includes("liste des sites")) return "siteList";
  if (words.includes("informations sur la saison")) return "seasonInformation";
  if (words.includes("resultat") && words.includes("analyse")) return "results";
  if (words.includes("caracteristiques") || words.includes("classement")) return "classement";
  return null;
}

/** The season a title names; the file name when the title has no year. */
function readSeason(resource: DatagouvResource): number | null {
  const match = /\b(20\d{2})\b/.exec(resource.title ?? "") ?? /(?:^|\D)(20\d{2})(?:\D|$)/.exec(basename(resource.url));
  return match ? Number(match[1]) : null;
}

function isCsv(resource: DatagouvResource): boolean {
  return resource.format ? resource.format.trim().toLowerCase() === "csv" : /\.csv(\?|$)/i.test(resource.url);
}

/**
 * The most recent season that has at least the site list and the season information (the results
 * and the classement are used when that season has them). A file published twice for a season
 * counts by its latest modification.
 */
export function selectSeasonResources(resources: readonly DatagouvResource[]): SeasonResources | null {
  const bySeason = new Map<number, Partial<Record<BathingResourceKind, DatagouvResource>>>();
  for (const resource of resources) {
    const kind = classifyResourceTitle(resource.title ?? "");
    const season = readSeason(resource);
    if (!kind || season === null || !isCsv(resource)) continue;
    const files = bySeason.get(season) ?? {};
    const current = files[kind];
    if (!current || (resource.last_modified ?? "") >= (current.last_modified ?? "")) files[kind] = resource;
    bySeason.set(season, files);
  }
  const seasons = [...bySeason.keys()].sort((a, b) => b - a);
  for (const season of seasons) {
    const files = bySeason.get(season);
    if (files?.siteList && files.seasonInformation) {
      return {
        season,
        siteList: files.siteList,
        seasonInformation: files.seasonInformation,
        results: files.results ?? null,
        classement: files.classement ?? null,
      };
    }
  }
  return null;
}
