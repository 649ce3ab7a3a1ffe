import * as z from "zod";

// Atmo France national WFS of the indice pollen, layer ind_pol:ind_national_pol, GeoJSON output
// (a recorded answer: tests/fixtures/pollen/ind-national-pol-75056.json). One feature per zone
// and day, gathered from the regional agencies' feeds: as for the ATMO layer, codes may arrive as
// numbers or strings and dates as "2025-04-26", "2025-04-26Z" or a UTC instant. The layer has no
// `coul_qual` (the colours are the scale's, core/pollen/scale.ts).

const code = z.union([z.number(), z.string()]).nullish();

export const pollenPropertiesSchema = z.looseObject({
  code_zone: z.union([z.string(), z.number()]),
  lib_zone: z.string().nullish(),
  type_zone: z.string().nullish(),
  /** the day the index is for */
  date_ech: z.string(),
  /** when it was published (diffusion) */
  date_dif: z.string().nullish(),
  /** overall index: 0 indisponible, 1 très faible … 6 extrêmement élevé */
  code_qual: z.union([z.number(), z.string()]),
  lib_qual: z.string().nullish(),
  coul_qual: z.string().nullish(),
  code_aul: code,
  code_boul: code,
  code_oliv: code,
  code_gram: code,
  code_arm: code,
  code_ambr: code,
  /** the taxa responsible for the overall level, Latin names in capitals: "GRAMINEE", "BETULA GRAMINEE" */
  pollen_resp: z.string().nullish(),
  alerte: z.union([z.boolean(), z.string()]).nullish(),
  /** the regional agency, e.g. "Airparif" */
  source: z.string().nullish(),
});

export const pollenFeatureSchema = z.looseObject({
  type: z.string().optional(),
  properties: pollenPropertiesSchema,
});

/** A GetFeature answer, one page of it when paged: GeoServer says "unknown" when it did not count the matches. */
export const pollenCollectionSchema = z.looseObject({
  type: z.string().optional(),
  features: z.array(pollenFeatureSchema),
  numberMatched: z.union([z.number(), z.string()]).nullish(),
  numberReturned: z.number().nullish(),
});

export type PollenPropertiesRaw = z.infer<typeof pollenPropertiesSchema>;
export type PollenCollectionRaw = z.infer<typeof pollenCollectionSchema>;
