// Pure mapping of the bathing sources to the domain: the portal's site list (and which portal
// site is an official one) and the shipped data file.
import * as z from "zod";
import type { BathingDataset, BathingSeasonRecord, BathingSite } from "../../sections/bathing/types.ts";
import { decodeHtmlEntities } from "../text/html.ts";
import { bathingFileSchema, type SiteListRaw } from "./schema.ts";

// ---------------------------------------------------------------- portal site list
// The portal numbers sites with its own 6-digit `isite`, absent from the data.gouv.fr files: a
// site is found by matching its official name against the portal's names (structure notes).

export interface PortalSite {
  /** `isite`, 6 digits */
  portalId: string;
  name: string;
}

/**
 * Entries whose `isite` cannot form a 6-digit id, or without a name, are dropped: they could not
 * be addressed or matched. A number loses its leading zeros in JSON, hence the padding.
 */
export function mapPortalSites(raw: SiteListRaw): PortalSite[] {
  return raw.sites.flatMap((site) => {
    const portalId = String(site.isite).trim().padStart(6, "0");
    const name = decodeHtmlEntities(site.nom ?? "")
      .replace(/\s+/g, " ")
      .trim();
    return /^\d{6}$/.test(portalId) && name !== "" ? [{ portalId, name }] : [];
  });
}

// Words that carry no identity in a site name (« PLAGE DE LA … », articles, prepositions).
const FILLER_WORDS = new Set(["plage", "plages", "site", "baignade", "de", "du", "des", "la", "le", "les", "l", "d", "a", "au", "aux", "en", "sur", "et"]);
// Words too common to identify a site on their own in a partial match.
const GENERIC_WORDS = new Set([
  "lac",
  "plan",
  "eau",
  "etang",
  "riviere",
  "mer",
  "base",
  "loisirs",
  "loisir",
  "nautique",
  "parc",
  "plein",
  "air",
  "communal",
  "communale",
  "municipal",
  "municipale",
  "grande",
  "petite",
  "nord",
  "sud",
  "est",
  "ouest",
  "centre",
]);

/**
 * The portal id of the official site `siteName`, or null. Tiers, first decisive one wins:
 * 1. same name once case, accents and punctuation are ignored;
 * 2. same significant words (« Plage de la Colonne » = « COLONNE »);
 * 3. the significant words of one name all in the other (« LAC DE NANTUA - PLAGE DE LA COLONNE »
 *    ⊇ « Plage de la Colonne »), when they include a non-generic word.
 * Two different portal sites in the tier that first finds any → null: no guess. The caller should
 * also refuse a portal id claimed by two official sites of the same commune.
 */
export function matchPortalSite(portalSites: readonly PortalSite[], siteName: string): string | null {
  const wanted = toWords(siteName);
  if (wanted.length === 0) return null;
  const wantedKey = significantWords(wanted);
  const tiers: Array<(words: string[]) => boolean> = [
    (words) => words.join(" ") === wanted.join(" "),
    (words) => wantedKey.length > 0 && significantWords(words).join(" ") === wantedKey.join(" "),
    (words) => isDistinctiveSubset(significantWords(words), wantedKey) || isDistinctiveSubset(wantedKey, significantWords(words)),
  ];
  for (const matches of tiers) {
    const ids = new Set(portalSites.filter((site) => matches(toWords(site.name))).map((site) => site.portalId));
    if (ids.size === 1) return [...ids][0] ?? null;
    if (ids.size > 1) return null;
  }
  return null;
}

function toWords(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function significantWords(words: string[]): string[] {
  return words.filter((word) => !FILLER_WORDS.has(word));
}

function isDistinctiveSubset(part: string[], whole: string[]): boolean {
  return part.some((word) => !GENERIC_WORDS.has(word)) && part.every((word) => whole.includes(word));
}

// ---------------------------------------------------------------- shipped data file

/** Validates the shipped file: a hand edit or a half-written update fails at start-up, not in a report. */
export function readBathingDataset(json: unknown): BathingDataset {
  const parsed = bathingFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Invalid bathing data file: ${z.prettifyError(parsed.error)}`);
  const { season, generatedAt } = parsed.data;
  const sites: BathingSite[] = [];
  const records: Record<string, BathingSeasonRecord> = {};
  for (const row of parsed.data.sites) {
    const [id, name, communeCode, communeName, department, waterType, latitude, longitude, seasonStart, seasonEnd, classement, events, sample] = row;
    if (records[id]) throw new Error(`Invalid bathing data file: site ${id} is listed twice`);
    sites.push({ id, name, communeCode, communeName, department, waterType, latitude, longitude });
    records[id] = {
      season,
      seasonStart,
      seasonEnd,
      events: events.map(([type, start, end, measures]) => ({ type, start, end, measures })),
      classement,
      lastSample: sample ? { date: sample[0], enterococci: sample[1], ecoli: sample[2], status: sample[3] } : null,
    };
  }
  return { season, generatedAt, sites, records };
}
