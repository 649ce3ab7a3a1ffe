import * as z from "zod";

// VigiEau zones API. The official README shows one zone object; the live endpoint answers an
// array (one zone per type SUP/SOU/AEP). "No restriction" comes as [], as an empty body or as a
// 404, depending on the deployment: all three must read as "no zone".

export const usageSchema = z.looseObject({
  nom: z.string(),
  thematique: z.string().nullish(),
  description: z.string().nullish(),
  concerneParticulier: z.boolean().nullish(),
  concerneEntreprise: z.boolean().nullish(),
  concerneCollectivite: z.boolean().nullish(),
  concerneExploitation: z.boolean().nullish(),
});

export const decreeSchema = z.looseObject({
  id: z.number().nullish(),
  dateDebutValidite: z.string().nullish(),
  dateFinValidite: z.string().nullish(),
  cheminFichier: z.string().nullish(),
  cheminFichierArreteCadre: z.string().nullish(),
});

export const zoneSchema = z.looseObject({
  id: z.number(),
  code: z.string().nullish(),
  nom: z.string().nullish(),
  type: z.string().nullish(),
  /**
   * Not validated here: an unknown or malformed level must neither fail the whole call nor vanish;
   * to-domain keeps the zone with an unknown level (fail closed, never « Aucune restriction »).
   */
  niveauGravite: z.unknown(),
  departement: z.string().nullish(),
  arrete: decreeSchema.nullish(),
  usages: z.array(usageSchema).nullish(),
});

/** null = empty body (see fetchJson). */
export const zonesResponseSchema = z.union([z.array(zoneSchema), zoneSchema, z.null()]);

export type VigieauUsageRaw = z.infer<typeof usageSchema>;
export type VigieauZoneRaw = z.infer<typeof zoneSchema>;
export type VigieauZonesResponseRaw = z.infer<typeof zonesResponseSchema>;
