// The bathing section's answer in the public API: the schema the OpenAPI document is generated from,
// proved equal to its TypeScript type below.
import * as z from "zod";
import {
  apiRegistry,
  date,
  dateTime,
  levelSchema,
  sectionSuccess,
  sectionMessage,
  sourceSchema,
  type Assert,
  type Same,
  sectionDataAsOf,
} from "../../server/api/schema-parts.ts";
import type { BathingSection, BathingSiteView } from "../../core/types.ts";

const bathingSiteSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    commune: z.string(),
    water_type: z.string(),
    distance_km: z.number(),
    level: levelSchema,
    status_label: z.string().meta({ description: "« Baignade interdite », « Bon », « Hors saison »…" }),
    latest_sample: z
      .object({
        date: date,
        verdict: z.enum(["Bon", "Moyen", "Mauvais"]),
        current: z.boolean().meta({ description: "true : prélèvement de la saison en cours, site en saison ; false : résultat d'une saison passée." }),
      })
      .nullable(),
    record_sample: z.object({ date: date, enterococci: z.number().nullable(), ecoli: z.number().nullable() }).nullable().meta({
      description: "Dernier prélèvement du bilan officiel de la saison (valeurs pour 100 mL).",
    }),
    prohibition: z
      .object({
        title: z.string(),
        reason: z.enum(["sanitaire", "non sanitaire"]).nullable(),
        since: date.nullable(),
        current: z.boolean().meta({ description: "true : interdiction en vigueur ; false : information sur la saison season." }),
        state: z.enum(["in_force", "unconfirmed", "information"]).meta({
          description:
            "in_force : en vigueur ; unconfirmed : signalée sur la fiche du ministère lue il y a plus de 24 h, à vérifier ; information : saison passée ou hors saison.",
        }),
        permanent: z.boolean().meta({ description: "Interdiction permanente selon la source : une interdiction quelle que soit la saison." }),
        season: z.number().nullable(),
        read_on: date.nullable().meta({ description: "Jour (heure locale du site) où la fiche du ministère la montrait ; null : bilan de saison." }),
      })
      .nullable(),
    health_events: z.array(z.object({ type: z.string(), start: date.nullable(), end: date.nullable(), active: z.boolean() })),
    in_season: z.boolean().nullable(),
    season: z.object({ start: date.nullable(), end: date.nullable(), year: z.number(), current: z.boolean() }).nullable(),
    classement: z.object({ year: z.number(), label: z.string() }).nullable(),
    live_read_at: dateTime.nullable().meta({ description: "Quand la fiche du ministère a été lue ; null : seul le bilan de saison est connu." }),
    official_url: z.string(),
  })
  .meta({ description: "Un site de baignade officiel." })
  .register(apiRegistry, { id: "BathingSite" });

export const bathingSchema = z
  .object({
    success: sectionSuccess,
    data_as_of: sectionDataAsOf,
    level: levelSchema,
    sites: z.array(bathingSiteSchema).meta({ description: "Les sites à moins de 20 km, du plus proche au plus éloigné." }),
    record_season: z.number().nullable().meta({ description: "La saison du bilan officiel utilisé." }),
    message: sectionMessage,
    source: sourceSchema,
  })
  .meta({ description: "Eaux de baignade : les sites officiels les plus proches (ministère chargé de la santé, ARS)." })
  .register(apiRegistry, { id: "Bathing" });

/** Fails to compile as soon as the schema and its type differ. */
export type SchemaMatchesItsType = [
  Assert<Same<z.output<typeof bathingSchema>, BathingSection>>,
  Assert<Same<z.output<typeof bathingSiteSchema>, BathingSiteView>>,
];
