// The radon section's answer in the public API: the schema the OpenAPI document is generated from,
// proved equal to its TypeScript type below.
import * as z from "zod";
import {
  apiRegistry,
  levelSchema,
  sectionSuccess,
  sectionMessage,
  sourceSchema,
  type Assert,
  type Same,
  sectionDataAsOf,
} from "../../server/api/schema-parts.ts";
import type { RadonSection } from "./types.ts";

export const radonSchema = z
  .object({
    success: sectionSuccess,
    data_as_of: sectionDataAsOf,
    level: levelSchema,
    category: z
      .union([z.literal(1), z.literal(2), z.literal(3)])
      .nullable()
      .meta({
        description:
          "Catégorie de potentiel radon (arrêté du 27 juin 2018) ; null si la commune n'est pas classée, ou si ses parties (anciennes communes, arrondissements) sont classées différemment.",
      }),
    label: z.string(),
    commune: z
      .object({ code: z.string(), name: z.string() })
      .nullable()
      .meta({ description: "Le lieu que l'arrêté classe : la commune, son ancienne commune (commune nouvelle) ou son arrondissement." }),
    basis: z.enum(["commune", "former_commune", "arrondissement", "parts", "absent"]).optional().meta({
      description:
        "D'où vient la catégorie : l'entrée de la commune, celle de son ancienne commune (oldcitycode de la BAN), celle de son arrondissement, celles de ses parties lues ensemble, ou aucune.",
    }),
    current_commune: z
      .object({ code: z.string(), name: z.string() })
      .nullable()
      .optional()
      .meta({ description: "La commune d'aujourd'hui quand le lieu classé est une ancienne commune." }),
    parts: z
      .array(z.object({ code: z.string(), name: z.string(), category: z.union([z.literal(1), z.literal(2), z.literal(3)]) }))
      .optional()
      .meta({ description: "Les anciennes communes ou arrondissements que l'arrêté classe pour cette commune, chacun avec sa catégorie." }),
    message: sectionMessage,
    source: sourceSchema,
  })
  .meta({ description: "Potentiel radon de la commune (classification officielle, IRSN)." })
  .register(apiRegistry, { id: "Radon" });

/** Fails to compile as soon as the schema and its type differ. */
export type SchemaMatchesItsType = [Assert<Same<z.output<typeof radonSchema>, RadonSection>>];
