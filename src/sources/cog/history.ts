// INSEE's Code officiel géographique (COG) as the commune history the app ships: which former
// communes each commune of today was formed from (communes nouvelles, fusions), the arrondissements
// of Paris, Lyon and Marseille, and their names. Read from the COG as @etalab/decoupage-administratif
// publishes it (`data/communes.json`, Licence Ouverte); pure: `npm run data:communes`
// (scripts/data-communes.ts) does the reading and writing.
import * as z from "zod";
import type { CommuneHistory } from "../../core/shared/commune-history.ts";

export type { CommuneHistory };

/** One row of decoupage-administratif's `communes.json` (only what we read). */
export const cogCommuneSchema = z.looseObject({
  code: z.string(),
  nom: z.string(),
  type: z.enum(["commune-actuelle", "commune-deleguee", "commune-associee", "arrondissement-municipal"]),
  /** commune-actuelle: the codes of the communes merged into it that the COG still records */
  anciensCodes: z.array(z.string()).optional(),
  /** commune-deleguee and commune-associee: the commune of today they belong to */
  chefLieu: z.string().optional(),
  /** arrondissement-municipal: its commune (75056, 69123, 13055) */
  commune: z.string().optional(),
});
export type CogCommuneRaw = z.infer<typeof cogCommuneSchema>;

const code = z.string().regex(/^(\d{5}|2[AB]\d{3})$/);

/** What the app ships (src/sources/cog/data/commune-history.json). */
export const CommuneHistoryFileSchema = z.object({
  source: z.object({ name: z.string(), url: z.string(), package: z.string(), sha256: z.string() }),
  /** a commune of today → the communes it was formed from, its own code first (only communes formed from others) */
  parts: z.record(code, z.array(code).min(2)),
  /** Paris, Lyon, Marseille → their arrondissements */
  arrondissements: z.record(code, z.array(code).min(2)),
  /** the names of today of every code above, as the COG writes them (« Val-Couesnon », « Lyon 9e Arrondissement ») */
  names: z.record(code, z.string().min(1)),
  /** the name of a former commune as the COG keeps it (a commune déléguée or associée: 35341 « Tremblay », 35004 « Antrain ») */
  formerNames: z.record(code, z.string().min(1)),
});
export type CommuneHistoryFile = z.infer<typeof CommuneHistoryFileSchema>;

/**
 * The history from the COG's rows. A former commune without a row of its own (merged without
 * becoming a commune déléguée) keeps its code without a name: callers name it by its code.
 */
export function buildCommuneHistory(rows: readonly CogCommuneRaw[], source: CommuneHistoryFile["source"]): CommuneHistoryFile {
  const parts: CommuneHistoryFile["parts"] = {};
  const arrondissements: CommuneHistoryFile["arrondissements"] = {};
  const names: CommuneHistoryFile["names"] = {};
  const formerNames: CommuneHistoryFile["formerNames"] = {};
  // A code can have two rows (the commune nouvelle and its chef-lieu as commune déléguée, both
  // 35004): the commune of today names the code, the déléguée's name names the former commune.
  const currentName = new Map<string, string>();
  const formerName = new Map<string, string>();
  for (const row of rows) {
    if (row.type === "commune-actuelle" || row.type === "arrondissement-municipal") currentName.set(row.code, row.nom);
    else formerName.set(row.code, row.nom);
  }
  for (const row of rows) {
    if (row.type === "commune-actuelle" && row.anciensCodes && row.anciensCodes.length > 0) {
      const codes = [row.code, ...row.anciensCodes.filter((former) => former !== row.code)].filter((value, index, all) => all.indexOf(value) === index);
      if (codes.length < 2) continue;
      parts[row.code] = codes;
      names[row.code] = row.nom;
      for (const former of codes) {
        const name = formerName.get(former);
        if (name) formerNames[former] = name;
        const today = former === row.code ? undefined : currentName.get(former);
        if (today) names[former] = today;
      }
    }
    if (row.type === "arrondissement-municipal" && row.commune) {
      (arrondissements[row.commune] ??= []).push(row.code);
      names[row.code] = row.nom;
      const commune = currentName.get(row.commune);
      if (commune) names[row.commune] = commune;
    }
  }
  for (const list of Object.values(arrondissements)) list.sort();
  return { source, parts: sortKeys(parts), arrondissements: sortKeys(arrondissements), names: sortKeys(names), formerNames: sortKeys(formerNames) };
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

export function communeHistory(file: CommuneHistoryFile): CommuneHistory {
  const municipality = new Map<string, string>();
  for (const [commune, list] of Object.entries(file.arrondissements)) for (const arrondissement of list) municipality.set(arrondissement, commune);
  return {
    partsOf: (value) => file.parts[value],
    arrondissementsOf: (value) => file.arrondissements[value],
    municipalityOf: (value) => municipality.get(value),
    nameOf: (value) => file.names[value],
    formerNameOf: (value) => file.formerNames[value] ?? file.names[value],
  };
}
