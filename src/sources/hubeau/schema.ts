import * as z from "zod";

// Hub'Eau « Qualité de l'eau potable » (SISE-Eaux data of the ARS sanitary control). Records
// carry ~40 fields and gain new ones between API versions: loose objects, and only the fields we
// map are declared. Many are null in real data (limits, units, conclusions of partial samples).

/** Every list endpoint wraps its items in the same paging envelope. */
const envelope = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    count: z.number().optional(),
    first: z.string().nullish(),
    last: z.string().nullish(),
    prev: z.string().nullish(),
    next: z.string().nullish(),
    api_version: z.string().optional(),
    data: z.array(item),
  });

export const communeUdiSchema = z.looseObject({
  code_commune: z.string().nullish(),
  nom_commune: z.string().nullish(),
  nom_quartier: z.string().nullish(),
  code_reseau: z.string(),
  nom_reseau: z.string().nullish(),
  debut_alim: z.string().nullish(),
  /** a string ("2023") in the recordings; accept a number should it ever change */
  annee: z.union([z.string(), z.number()]).nullish(),
});

export const communesUdiResponseSchema = envelope(communeUdiSchema);

export const networkSchema = z.looseObject({
  code: z.string(),
  nom: z.string().nullish(),
  /** share of the flow, "20 %" — only when several networks feed the point */
  debit: z.string().nullish(),
});

export const waterResultSchema = z.looseObject({
  code_prelevement: z.string(),
  code_parametre: z.union([z.string(), z.number()]),
  code_parametre_se: z.string().nullish(),
  libelle_parametre: z.string().nullish(),
  resultat_alphanumerique: z.string().nullish(),
  /** 0.0 below the detection limit: read with resultat_alphanumerique ("<0,05") */
  resultat_numerique: z.number().nullish(),
  libelle_unite: z.string().nullish(),
  code_unite: z.string().nullish(),
  limite_qualite_parametre: z.string().nullish(),
  reference_qualite_parametre: z.string().nullish(),
  code_commune: z.string().nullish(),
  nom_commune: z.string().nullish(),
  nom_distributeur: z.string().nullish(),
  nom_moa: z.string().nullish(),
  nom_uge: z.string().nullish(),
  date_prelevement: z.string(),
  conclusion_conformite_prelevement: z.string().nullish(),
  conformite_limites_bact_prelevement: z.string().nullish(),
  conformite_limites_pc_prelevement: z.string().nullish(),
  conformite_references_bact_prelevement: z.string().nullish(),
  conformite_references_pc_prelevement: z.string().nullish(),
  reseaux: z.array(networkSchema).nullish(),
});

export const waterResultsResponseSchema = envelope(waterResultSchema);

export type CommuneUdiRaw = z.infer<typeof communeUdiSchema>;
export type CommunesUdiResponseRaw = z.infer<typeof communesUdiResponseSchema>;
export type WaterResultRaw = z.infer<typeof waterResultSchema>;
export type WaterResultsResponseRaw = z.infer<typeof waterResultsResponseSchema>;

/** resultats_dis asked with `fields=code_commune,code_prelevement,date_prelevement`: only what tells a new (or late) sample. */
export const sampleDateSchema = z.looseObject({
  code_commune: z.string().nullish(),
  code_prelevement: z.string().nullish(),
  date_prelevement: z.string(),
});

export const sampleDatesResponseSchema = envelope(sampleDateSchema);

export type SampleDatesResponseRaw = z.infer<typeof sampleDatesResponseSchema>;
