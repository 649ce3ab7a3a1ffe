// The weather section's answer in the public API: the schema the OpenAPI document is generated from,
// proved equal to its TypeScript type below.
import * as z from "zod";
import {
  apiRegistry,
  date,
  dateTime,
  sectionDay,
  levelSchema,
  sectionSuccess,
  sectionMessage,
  sourceSchema,
  type Assert,
  type Same,
  sectionDataAsOf,
} from "../../server/api/schema-parts.ts";
import type { WeatherWarningsSection } from "./types.ts";

const vigilanceColorSchema = z.enum(["vert", "jaune", "orange", "rouge"]);

const vigilancePhenomenonViewSchema = z.object({
  phenomenon: z.enum(["vent", "pluie_inondation", "orages", "crues", "neige_verglas", "canicule", "grand_froid", "avalanches", "vagues_submersion"]),
  name: z.string().meta({ description: "Le phénomène, dans les mots de Météo-France (« Canicule », « Orages »…)." }),
  color: vigilanceColorSchema,
  label: z.string().meta({ description: "« Vigilance verte », « Vigilance jaune », « Vigilance orange » ou « Vigilance rouge »." }),
  level: levelSchema,
});

const vigilanceCoastSchema = z
  .object({
    name: z.string().meta({ description: "« Littoral de la Gironde »." }),
    color: vigilanceColorSchema.meta({ description: "La couleur la plus haute de la bande côtière ce jour-là." }),
    label: z.string().meta({ description: "« Vigilance verte », « Vigilance jaune », « Vigilance orange » ou « Vigilance rouge »." }),
    phenomena: z
      .array(vigilancePhenomenonViewSchema)
      .meta({ description: "Les phénomènes de la bande côtière (vagues-submersion), la couleur la plus haute d'abord." }),
  })
  .meta({
    description:
      "La bande côtière du département sur la carte de Météo-France (domaine « 3310 » pour la Gironde), colorée à part pour les vagues-submersion. Sa couleur est celle du littoral, jamais celle du département : elle ne compte ni dans `color`, ni dans `level`, ni dans les conseils.",
  })
  .register(apiRegistry, { id: "VigilanceCoast" });

const vigilanceDaySchema = z.object({
  date: date,
  color: vigilanceColorSchema.meta({ description: "La couleur la plus haute du département ce jour-là (sa bande côtière à part, dans `coast`)." }),
  label: z.string(),
  level: levelSchema,
  phenomena: z.array(vigilancePhenomenonViewSchema).meta({
    description: "Les phénomènes du département, au-dessus du vert d'abord, la couleur la plus haute d'abord ; ceux de la bande côtière sont dans `coast`.",
  }),
  coast: vigilanceCoastSchema.nullable().meta({ description: "La bande côtière du département ce jour-là ; null quand la carte n'en dessine pas." }),
});

export const weatherWarningsSchema = z
  .object({
    success: sectionSuccess,
    data_as_of: sectionDataAsOf,
    level: levelSchema,
    configured: z.boolean().meta({ description: "false : la clé de l'API de Météo-France n'est pas configurée sur ce service." }),
    department: z.object({ code: z.string(), name: z.string() }).nullable(),
    days: z.array(vigilanceDaySchema).meta({ description: "Aujourd'hui et demain, tels que publiés." }),
    updated_at: dateTime.nullable().meta({ description: "Quand Météo-France a produit la carte de vigilance." }),
    day: sectionDay,
    message: sectionMessage,
    source: sourceSchema,
  })
  .meta({ description: "Vigilance météorologique de Météo-France pour le département." })
  .register(apiRegistry, { id: "WeatherWarnings" });

/** Fails to compile as soon as the schema and its type differ. */
export type SchemaMatchesItsType = [Assert<Same<z.output<typeof weatherWarningsSchema>, WeatherWarningsSection>>];
