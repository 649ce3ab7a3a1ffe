import * as z from "zod";

// Atmo France national WFS, layer ind:ind_atmo_2021, GeoJSON output. The layer is assembled
// from the regional agencies' feeds, and types vary between them: codes arrive as numbers or
// as strings, dates as "2026-11-22", "2026-11-22Z" or a UTC midnight of the previous day.

const code = z.union([z.number(), z.string()]).nullish();

export const atmoPropertiesSchema = z.looseObject({
  code_zone: z.union([z.string(), z.number()]),
  lib_zone: z.string().nullish(),
  /** "commune", "Commune", "EPCI"… casing varies between agencies */
  type_zone: z.string().nullish(),
  /** the day the index is for */
  date_ech: z.string(),
  /** when it was published */
  date_dif: z.string().nullish(),
  code_qual: z.union([z.number(), z.string()]),
  lib_qual: z.string().nullish(),
  coul_qual: z.string().nullish(),
  code_no2: code,
  code_o3: code,
  code_pm10: code,
  code_pm25: code,
  code_so2: code,
  /** the regional agency, e.g. "Atmo Hauts-de-France" */
  source: z.string().nullish(),
});

export const atmoFeatureSchema = z.looseObject({
  type: z.string().optional(),
  properties: atmoPropertiesSchema,
});

export const atmoFeatureCollectionSchema = z.looseObject({
  type: z.string().optional(),
  features: z.array(atmoFeatureSchema),
});

export type AtmoPropertiesRaw = z.infer<typeof atmoPropertiesSchema>;
export type AtmoFeatureCollectionRaw = z.infer<typeof atmoFeatureCollectionSchema>;

/**
 * One page of a paged WFS 2.0 GetFeature: GeoServer adds how many features match the filter
 * (`numberMatched`, "unknown" when it did not count them) and how many this page holds.
 */
export const atmoPageSchema = z.looseObject({
  type: z.string().optional(),
  features: z.array(atmoFeatureSchema),
  numberMatched: z.union([z.number(), z.string()]).nullish(),
  numberReturned: z.number().nullish(),
});
