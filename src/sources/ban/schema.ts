import * as z from "zod";

// IGN Géoplateforme geocoder (successor of api-adresse.data.gouv.fr). Loose objects: the
// Géoplateforme adds fields over time (banId, depcode, _type…) that we do not use.

export const banFeatureSchema = z.looseObject({
  type: z.string().optional(),
  geometry: z.looseObject({
    type: z.string().optional(),
    /** [lon, lat] — GeoJSON order, not the lat/lon order of the rest of the app */
    coordinates: z.tuple([z.number(), z.number()]).rest(z.number()),
  }),
  properties: z.looseObject({
    label: z.string(),
    score: z.number().optional(),
    housenumber: z.string().optional(),
    id: z.string().optional(),
    name: z.string().optional(),
    postcode: z.string().optional(),
    /** INSEE code; arrondissement code in Paris, Lyon, Marseille. Rarely missing (foreign POIs). */
    citycode: z.string().optional(),
    city: z.string().optional(),
    context: z.string().optional(),
    type: z.string().optional(),
    street: z.string().optional(),
    oldcitycode: z.string().optional(),
    oldcity: z.string().optional(),
    /** reverse geocoding only: metres from the point asked */
    distance: z.number().optional(),
  }),
});

export const banSearchSchema = z.looseObject({
  type: z.string().optional(),
  features: z.array(banFeatureSchema),
  query: z.string().optional(),
});

export type BanFeatureRaw = z.infer<typeof banFeatureSchema>;
export type BanSearchRaw = z.infer<typeof banSearchSchema>;
