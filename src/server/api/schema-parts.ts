// The pieces every answer schema is made of (dates, levels, a section's success and message, its
// source) and the registry of the OpenAPI document's components: a leaf, so that each section's own
// schema (src/sections/<key>/schema.server.ts) and the API's (schemas.ts) share them.
import * as z from "zod";

/**
 * The components of the OpenAPI document: every schema registered here with an `id` becomes
 * `#/components/schemas/<id>` and is referenced, not repeated, wherever it is used. Descriptions
 * go through `.meta()` (the global registry, which toJSONSchema reads for every schema).
 */
export const apiRegistry = z.registry<{ id: string }>();

export const date = z.string().meta({ description: "Date au format AAAA-MM-JJ." });
export const dateTime = z.string().meta({ description: "Date et heure ISO 8601 (UTC)." });

export const levelSchema = z
  .enum(["excellent", "good", "acceptable", "concerning", "critical", "unavailable"])
  .meta({ description: "Niveau, du meilleur au pire : excellent, good, acceptable, concerning, critical ; unavailable quand la donnée manque." })
  .register(apiRegistry, { id: "Level" });

export const ratedLevelSchema = levelSchema
  .exclude(["unavailable"])
  .meta({ description: "Niveau d'une valeur mesurée (jamais unavailable)." })
  .register(apiRegistry, { id: "RatedLevel" });

/** What every section of the report says of itself, beside its level and its source. */
export const sectionSuccess = z
  .boolean()
  .meta({ description: "false quand la source n'a pas répondu : la section n'a alors pas de données (level unavailable)." });
/** A section served from its last good answer because our own budget refused a new read (decision 088). */
export const sectionDataAsOf = z.string().optional().meta({
  description:
    "Présent quand Zone Santé n'a pas relu la source à l'instant, sa limite d'appels vers elle étant atteinte : la section montre alors la dernière réponse de la source, lue à cette date et heure (ISO 8601, UTC), et le dit (« Données du … »). Absent : lue à l'instant ou il y a moins que sa durée de validité.",
});
export const sectionMessage = z
  .string()
  .nullable()
  .meta({ description: "Message en français à afficher quand les données manquent ou sont partielles ; null sinon." });

export const sourceSchema = z
  .object({
    name: z.string(),
    url: z.string(),
    publisher: z.string(),
  })
  .meta({ description: "Source officielle d'une section : nom, page publique, producteur." })
  .register(apiRegistry, { id: "Source" });

export const sectionDay = date.meta({ description: "Le jour de la commune (AAAA-MM-JJ, heure locale) dont parle la section." });

/** true when A and B are the same type (not merely assignable one way). */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export type Assert<T extends true> = T;
