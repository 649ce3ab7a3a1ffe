// The drought section's answer in the public API: the schema the OpenAPI document is generated from,
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
import type { DroughtSection } from "../../core/types.ts";

const droughtGravitySchema = z.enum(["vigilance", "alerte", "alerte_renforcee", "crise"]);

const droughtRestrictionSchema = z
  .object({ usage: z.string(), thematique: z.string(), description: z.string() })
  .register(apiRegistry, { id: "DroughtRestriction" });

const droughtDecreeSchema = z
  .object({ start: date.nullable(), end: date.nullable(), url: z.string().nullable() })
  .meta({ description: "L'arrêté préfectoral de la zone, avec ses dates de validité telles que VigiEau les publie." })
  .register(apiRegistry, { id: "DroughtDecree" });

const droughtZoneSchema = z
  .object({
    type: z.string().meta({ description: "SUP (eaux superficielles), SOU (souterraines) ou AEP (eau potable)." }),
    type_label: z.string(),
    type_hint: z.string(),
    name: z.string(),
    gravity: droughtGravitySchema.nullable(),
    label: z.string(),
    level: levelSchema,
    restrictions: z.array(droughtRestrictionSchema),
    decree: droughtDecreeSchema.nullable(),
  })
  .register(apiRegistry, { id: "DroughtZone" });

const droughtZoneNotInForceSchema = z
  .object({
    type: z.string(),
    type_label: z.string(),
    name: z.string(),
    gravity: droughtGravitySchema.nullable(),
    label: z.string(),
    decree: droughtDecreeSchema,
    status: z.enum(["ended", "not_started"]).meta({ description: "ended : l'arrêté a pris fin ; not_started : il n'est pas encore en vigueur." }),
  })
  .meta({
    description:
      "Une zone que VigiEau renvoie mais dont l'arrêté n'est pas en vigueur ce jour (jour local de la commune)\u00A0: une information, jamais une restriction.",
  })
  .register(apiRegistry, { id: "DroughtZoneNotInForce" });

export const droughtSchema = z
  .object({
    success: sectionSuccess,
    data_as_of: sectionDataAsOf,
    level: levelSchema,
    gravity: droughtGravitySchema.nullable(),
    label: z.string().meta({ description: "« Aucune restriction », « Vigilance », « Alerte », « Alerte renforcée » ou « Crise »." }),
    restrictions: z.array(droughtRestrictionSchema),
    decree: droughtDecreeSchema.nullable(),
    zone: z.object({ name: z.string(), type: z.string() }).nullable(),
    zones: z.array(droughtZoneSchema).meta({
      description:
        "Chaque zone d'alerte en vigueur à l'adresse (arrêté entre ses dates de début et de fin, jour local de la commune), dans l'ordre de VigiEau\u00A0: eau potable (AEP), puis eaux superficielles (SUP), puis souterraines (SOU). Le niveau de la section (level, gravity, label) est celui de la zone la plus sévère.",
    }),
    zones_not_in_force: z.array(droughtZoneNotInForceSchema),
    message: sectionMessage,
    source: sourceSchema,
  })
  .meta({ description: "Restrictions d'eau liées à la sécheresse (VigiEau)." })
  .register(apiRegistry, { id: "Drought" });

/** Fails to compile as soon as the schema and its type differ. */
export type SchemaMatchesItsType = [Assert<Same<z.output<typeof droughtSchema>, DroughtSection>>];
