// The pollen section's answer in the public API: the schema the OpenAPI document is generated from,
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
import type { PollenSection } from "./types.ts";

const pollenTaxonSchema = z.enum(["aulne", "bouleau", "olivier", "armoise", "graminees", "ambroisie"]);

const pollenTaxonViewSchema = z.object({
  taxon: pollenTaxonSchema,
  name: z.string().meta({ description: "« Aulne », « Bouleau », « Olivier », « Armoise », « Graminées » ou « Ambroisie »." }),
  code: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Indice du taxon (1 très faible … 6 extrêmement élevé ; 0 indisponible) ; null s'il n'est pas publié." }),
  label: z.string().nullable().meta({ description: "Le mot officiel de l'indice du taxon ; null s'il n'est pas publié." }),
  level: levelSchema,
});

const pollenDaySchema = z.object({
  date: date,
  code: z.number().int().meta({ description: "Indice pollen global du jour, tel que publié (0 indisponible, 1 très faible … 6 extrêmement élevé)." }),
  label: z.string().meta({ description: "Le mot officiel : « Très faible », « Faible », « Modéré », « Élevé », « Très élevé », « Extrêmement élevé »…" }),
  color: z.string().nullable().meta({ description: "La couleur officielle de l'indice (#rrggbb) ; null si inconnue." }),
  level: levelSchema,
  taxa: z.array(pollenTaxonViewSchema),
  responsible: z.array(z.string()).meta({ description: "Les taxons responsables du niveau du jour." }),
});

export const pollenSchema = z
  .object({
    success: sectionSuccess,
    data_as_of: sectionDataAsOf,
    level: levelSchema,
    origin: z.enum(["atmo"]).nullable().meta({ description: "atmo : indice pollen officiel des AASQA (Atmo France) ; null : aucun indice officiel." }),
    zone: z.object({ code: z.string(), name: z.string() }).nullable(),
    days: z.array(pollenDaySchema).meta({ description: "Aujourd'hui, demain et après-demain, tels que publiés." }),
    not_covered: z.boolean().meta({ description: "true : le territoire n'a pas d'indice pollen officiel (outre-mer)." }),
    day: sectionDay,
    message: sectionMessage,
    source: sourceSchema,
  })
  .meta({ description: "Indice pollen officiel de la commune (Atmo France et les AASQA)." })
  .register(apiRegistry, { id: "Pollen" });

/** Fails to compile as soon as the schema and its type differ. */
export type SchemaMatchesItsType = [Assert<Same<z.output<typeof pollenSchema>, PollenSection>>];
