// The air section's answer in the public API: the schema the OpenAPI document is generated from,
// proved equal to its TypeScript type below.
import * as z from "zod";
import {
  apiRegistry,
  date,
  levelSchema,
  sectionSuccess,
  sectionMessage,
  sourceSchema,
  type Assert,
  type Same,
  sectionDataAsOf,
} from "../../server/api/schema-parts.ts";
import type { AirQualitySection } from "../../core/types.ts";

export const airQualitySchema = z
  .object({
    success: sectionSuccess,
    data_as_of: sectionDataAsOf,
    level: levelSchema,
    index: z
      .object({
        code: z.number().meta({ description: "1 Bon … 6 Extrêmement mauvais, 7 événement." }),
        label: z.string(),
        date: date,
        zone: z.string(),
        zone_type: z.enum(["commune", "epci", "model"]),
      })
      .nullable(),
    origin: z.enum(["atmo", "cams"]).nullable().meta({ description: "atmo : indice officiel ; cams : estimation du modèle Copernicus." }),
    responsible_pollutant: z.object({ code: z.enum(["pm2_5", "pm10", "no2", "o3", "so2"]), label: z.string() }).nullable(),
    sub_indices: z
      .array(
        z.object({
          code: z.enum(["pm2_5", "pm10", "no2", "o3", "so2"]),
          label: z.string(),
          index_code: z.number().meta({ description: "Sous-indice ATMO du polluant : 1 Bon … 6 Extrêmement mauvais." }),
          index_label: z.string(),
        }),
      )
      .meta({ description: "Les sous-indices officiels publiés avec l'indice ATMO, polluant par polluant ; vide pour une estimation du modèle." }),
    pollutants: z
      .record(z.string(), z.object({ value: z.number(), unit: z.string(), basis: z.enum(["daily_mean", "daily_max"]), label: z.string() }))
      .meta({ description: "Estimations du modèle CAMS pour aujourd'hui, par polluant (des valeurs calculées, jamais un indice officiel)." }),
    tomorrow: z.object({ code: z.number(), label: z.string(), date: date }).nullable(),
    official_unavailable: z
      .object({ date: date, zone: z.string(), zone_type: z.enum(["commune", "epci"]) })
      .nullable()
      .meta({ description: "L'indice officiel du jour est publié « Indisponible » (code 0) : non calculé par l'agence." }),
    day: date.meta({ description: "Le jour de la commune dont parle la section (outre-mer : le jour local du territoire)." }),
    message: sectionMessage,
    source: sourceSchema,
  })
  .meta({ description: "Qualité de l'air (indice ATMO, ou estimation Copernicus CAMS à défaut)." })
  .register(apiRegistry, { id: "AirQuality" });

/** Fails to compile as soon as the schema and its type differ. */
export type SchemaMatchesItsType = [Assert<Same<z.output<typeof airQualitySchema>, AirQualitySection>>];
