// The uv section's answer in the public API: the schema the OpenAPI document is generated from,
// proved equal to its TypeScript type below.
import * as z from "zod";
import {
  apiRegistry,
  date,
  sectionDay,
  levelSchema,
  sectionSuccess,
  sectionMessage,
  sourceSchema,
  type Assert,
  type Same,
  sectionDataAsOf,
} from "../../server/api/schema-parts.ts";
import type { UvSection } from "./types.ts";

const uvDaySchema = z.object({
  date: date,
  uv_index_max: z.number().int().meta({ description: "Indice UV maximal du jour (prévision de modèle), arrondi à l'entier." }),
  category: z.enum(["faible", "modere", "eleve", "tres_eleve", "extreme"]),
  label: z.string().meta({ description: "Catégorie de l'OMS : « Faible », « Modéré », « Élevé », « Très élevé » ou « Extrême »." }),
  level: levelSchema,
});

export const uvSchema = z
  .object({
    success: sectionSuccess,
    data_as_of: sectionDataAsOf,
    level: levelSchema,
    origin: z.enum(["model"]).nullable().meta({ description: "model : prévision d'un modèle météorologique (pas une mesure) ; null : indisponible." }),
    today: uvDaySchema.nullable(),
    tomorrow: uvDaySchema.nullable(),
    day: sectionDay,
    message: sectionMessage,
    source: sourceSchema,
  })
  .meta({ description: "Indice UV maximal du jour et du lendemain, avec les catégories de l'OMS (prévision de modèle)." })
  .register(apiRegistry, { id: "Uv" });

/** Fails to compile as soon as the schema and its type differ. */
export type SchemaMatchesItsType = [Assert<Same<z.output<typeof uvSchema>, UvSection>>];
