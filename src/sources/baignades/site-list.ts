// The portal's per-commune site list (`siteList.do?…&f=json`) and the URLs of the live pages.
// The portal numbers sites with its own 6-digit `isite`, absent from the data.gouv.fr files: a
// site is found by matching its official name against the portal's names (structure notes).
import { z } from "zod";
import { decodeHtmlEntities } from "./page.ts";

/** Only `isite` and `nom` are read by the scrapers of the structure notes; other keys are unknown. */
export const portalSiteSchema = z.looseObject({
  isite: z.union([z.string(), z.number()]),
  nom: z.string().nullish(),
});

/** `sites` is [] when the commune has no site (structure notes); a missing array is a broken answer. */
export const siteListSchema = z.looseObject({ sites: z.array(portalSiteSchema) });

export type PortalSiteRaw = z.infer<typeof portalSiteSchema>;
export type SiteListRaw = z.infer<typeof siteListSchema>;

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
    const name = decodeHtmlEntities(site.nom ?? "").replace(/\s+/g, " ").trim();
    return /^\d{6}$/.test(portalId) && name !== "" ? [{ portalId, name }] : [];
  });
}

// Words that carry no identity in a site name (« PLAGE DE LA … », articles, prepositions).
const FILLER_WORDS = new Set(["plage", "plages", "site", "baignade", "de", "du", "des", "la", "le", "les", "l", "d", "a", "au", "aux", "en", "sur", "et"]);
// Words too common to identify a site on their own in a partial match.
const GENERIC_WORDS = new Set([
  "lac", "plan", "eau", "etang", "riviere", "mer", "base", "loisirs", "loisir", "nautique", "parc", "plein", "air",
  "communal", "communale", "municipal", "municipale", "grande", "petite", "nord", "sud", "est", "ouest", "centre",
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

export type PortalMapId = "fra" | "gua" | "mar" | "guy" | "reu" | "may";

const OVERSEAS_MAP_IDS: Record<string, PortalMapId> = { "971": "gua", "972": "mar", "973": "guy", "974": "reu", "976": "may" };

/** The portal map (`idCarte`) of a department; metropolitan France and Corsica are « fra ». */
export function selectMapId(department: string): PortalMapId {
  return OVERSEAS_MAP_IDS[toDepartment3(department)] ?? "fra";
}

/** `…/consultSite.do?site=<department, 3 chars><isite>&annee=YYYY`: only `site` and `annee` matter (E). */
export function buildConsultSiteUrl(baseUrl: string, department3: string, portalId: string, year: number): string {
  if (!/^\d{6}$/.test(portalId)) throw new RangeError(`portal site id must be 6 digits, got « ${portalId} »`);
  if (!Number.isInteger(year)) throw new RangeError(`year must be an integer, got ${year}`);
  return `${trimSlash(baseUrl)}/consultSite.do?site=${toDepartment3(department3)}${portalId}&annee=${year}`;
}

/** `code_dept` goes without leading zeros (« 025 » → « 25 », « 02A » → « 2A »), as scraper C sends it. */
export function buildSiteListUrl(baseUrl: string, options: { communeCode: string; department: string; mapId?: PortalMapId }): string {
  if (!/^\d[\dAB]\d{3}$/.test(options.communeCode)) throw new RangeError(`commune code must be an INSEE code, got « ${options.communeCode} »`);
  const department = toDepartment3(options.department);
  const mapId = options.mapId ?? selectMapId(department);
  const shortDepartment = department.replace(/^0+/, "");
  return `${trimSlash(baseUrl)}/siteList.do?idCarte=${mapId}&insee_com=${options.communeCode}&code_dept=${shortDepartment}&f=json`;
}

/** « 1 », « 01 », « 001 » → « 001 »; « 2A » → « 02A »; « 971 » unchanged (the ministry's `dptddass`). */
function toDepartment3(department: string): string {
  const normalised = department.trim().toUpperCase().padStart(3, "0");
  if (!/^(?:\d{3}|02[AB])$/.test(normalised)) throw new RangeError(`unknown department « ${department} »`);
  return normalised;
}

function trimSlash(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "");
}
