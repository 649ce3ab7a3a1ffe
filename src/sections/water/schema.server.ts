// The water section's answer in the public API: the schema the OpenAPI document is generated from,
// proved equal to its TypeScript type below.
import * as z from "zod";
import {
  apiRegistry,
  dateTime,
  levelSchema,
  ratedLevelSchema,
  sectionSuccess,
  sectionMessage,
  sourceSchema,
  type Assert,
  type Same,
  sectionDataAsOf,
} from "../../server/api/schema-parts.ts";
import type { WaterQualitySection, WaterParameterView, WaterHistorySeries } from "../../core/types.ts";

const waterParameterSchema = z
  .object({
    code: z.string().meta({ description: "Code SANDRE du paramètre." }),
    name: z.string().meta({ description: "Nom usuel (« Nitrates », « Escherichia coli (E. coli) »)." }),
    libelle_parametre: z.string().meta({ description: "Libellé du laboratoire." }),
    resultat_alphanumerique: z.string().meta({ description: "Résultat tel que publié (« <0,05 », « 12,3 »)." }),
    value: z.number().nullable().meta({ description: "Valeur numérique dans l'unité unite_mesure ; null si non numérique." }),
    unite_mesure: z.string().nullable(),
    unite_publiee: z.string().nullable().optional().meta({
      description: "Unité publiée par le laboratoire quand la valeur a été convertie dans l'unité de sa limite (nitrates publiés en « mg(N)/L »).",
    }),
    limit: z.number().nullable().meta({ description: "Seuil supérieur retenu, dans la même unité que value." }),
    limit_min: z.number().nullable().meta({ description: "Borne basse d'une plage (pH, conductivité)." }),
    ratio: z.number().nullable().meta({ description: "value / limit." }),
    level: ratedLevelSchema,
    label: z.string().meta({ description: "Verdict en français : « Conforme », « Non conforme », « Non détecté »…" }),
    limit_kind: z.enum(["limite", "reference", "indicative", "confort"]).nullable().meta({
      description:
        "limite : limite de qualité sanitaire ; reference : référence de qualité (indicateur) ; indicative : valeur indicative d'un métabolite non pertinent ; confort : sans valeur réglementaire.",
    }),
    note: z.enum(["ars-compliant", "derogation", "non-relevant-metabolite", "uncomparable-unit", "pfas-before-2026"]).nullable().meta({
      description: "Pourquoi le verdict n'est pas la simple comparaison de la valeur au seuil.",
    }),
    at_the_tap: z.boolean().meta({ description: "Mesuré au robinet d'un bâtiment (plomb, cuivre, nickel) : reflète ses canalisations." }),
    date_prelevement: dateTime,
    older_than_a_year: z
      .boolean()
      .meta({ description: "Le dernier résultat de ce paramètre date de plus d'un an : il compte toujours (affiché avec sa date)." }),
  })
  .meta({ description: "Un paramètre du dernier prélèvement." })
  .register(apiRegistry, { id: "WaterParameter" });

const networkRefSchema = z.object({ code: z.string(), name: z.string() });

const waterNetworkSummarySchema = z
  .object({
    code: z.string(),
    name: z.string(),
    quarter: z.string().nullable(),
    level: levelSchema,
    sampled_at: z.string().nullable(),
  })
  .register(apiRegistry, { id: "WaterNetworkSummary" });

const waterHistoryPointSchema = z
  .object({
    sampled_at: dateTime,
    value: z.number().nullable().meta({ description: "Valeur mesurée dans l'unité de la série ; null si non détecté ou non quantifié." }),
    below: z.number().nullable().meta({ description: "Pour un résultat « <x » : x, le seuil du laboratoire, dans l'unité de la série ; null sinon." }),
    not_quantified: z.boolean().meta({
      description: "Résultat « <x » dont le seuil du laboratoire dépasse la limite : impossible de dire s'il la respecte (« Non quantifié »).",
    }),
    raw: z.string().meta({ description: "Résultat tel que publié (« <0,05 », « 12,3 »)." }),
    label: z.string().meta({ description: "Verdict du résultat (« Conforme », « Non conforme », « Non détecté »…)." }),
    level: ratedLevelSchema,
  })
  .register(apiRegistry, { id: "WaterHistoryPoint" });

const waterHistorySeriesSchema = z
  .object({
    code: z.string().meta({ description: "Code SANDRE du paramètre." }),
    name: z.string(),
    unit: z.string().nullable(),
    limit: z.number().nullable().meta({ description: "Limite de qualité dans l'unité de la série ; null si aucune." }),
    points: z.array(waterHistoryPointSchema).meta({ description: "Du plus ancien au plus récent." }),
  })
  .meta({ description: "Douze mois d'un paramètre clé (nitrates, pesticides totaux, somme des 20 PFAS, E. coli, entérocoques, plomb)." })
  .register(apiRegistry, { id: "WaterHistorySeries" });

export const waterQualitySchema = z
  .object({
    success: sectionSuccess,
    data_as_of: sectionDataAsOf,
    level: levelSchema,
    udi: networkRefSchema.nullable().meta({ description: "Le réseau de distribution affiché." }),
    udis: z.array(z.object({ code: z.string(), name: z.string(), quarter: z.string().nullable() })).meta({
      description: "Tous les réseaux de la commune.",
    }),
    udi_choice: z.enum(["requested", "most-sampled", "only", "first-listed"]).nullable(),
    other_networks_with_issues: z.array(waterNetworkSummarySchema),
    sampled_at: dateTime.nullable(),
    conclusion: z.string().nullable().meta({ description: "Conclusion sanitaire de l'ARS pour le dernier prélèvement." }),
    official_verdict: z.enum(["conforme", "non_conforme", "derogation"]).nullable(),
    references_exceeded: z.boolean(),
    parameters: z.array(waterParameterSchema),
    last_non_compliance: z
      .object({ sampled_at: dateTime, conclusion: z.string().nullable(), parameters: z.array(z.string()) })
      .nullable()
      .meta({ description: "Le dernier prélèvement non conforme des 12 derniers mois, s'il y en a eu un." }),
    tap_only_exceedance: z.boolean(),
    qualitative_findings: z.array(z.object({ code: z.string(), name: z.string(), result: z.string() })).meta({
      description: "Résultats rendus en toutes lettres (« Présence ») du dernier prélèvement, lorsqu'il a été déclaré non conforme.",
    }),
    distributor: z.string().nullable(),
    message: sectionMessage,
    source: sourceSchema,
    history: z.array(waterHistorySeriesSchema),
  })
  .meta({ description: "Qualité de l'eau du robinet (contrôle sanitaire des ARS, via Hub'Eau)." })
  .register(apiRegistry, { id: "WaterQuality" });

/** Fails to compile as soon as the schema and its type differ. */
export type SchemaMatchesItsType = [
  Assert<Same<z.output<typeof waterQualitySchema>, WaterQualitySection>>,
  Assert<Same<z.output<typeof waterParameterSchema>, WaterParameterView>>,
  Assert<Same<z.output<typeof waterHistorySeriesSchema>, WaterHistorySeries>>,
];
