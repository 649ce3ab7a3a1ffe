// The public API's contract, in zod: the query schemas the routes validate with, and the schemas of
// their answers. The OpenAPI document (openapi.ts) is generated from these very objects, and each
// answer schema is proved equal to its TypeScript type at the end of this file, so the document,
// the validation and the code cannot drift apart without `npm run typecheck` failing.
import * as z from "zod";
import type { ServiceStatus } from "../services/status.ts";
import { isValidInseeCode } from "../../core/shared/commune.ts";
import type {
  Address,
  AddressInfo,
  AirQualitySection,
  BathingSection,
  BathingSiteView,
  DroughtSection,
  PickedAddress,
  PollenSection,
  RadonSection,
  Recommendation,
  ReportAnswer,
  SignedAddress,
  SignedSuggestion,
  SourceRef,
  UvSection,
  WaterHistorySeries,
  WaterParameterView,
  WaterQualitySection,
  WeatherWarningsSection,
} from "../../core/types.ts";

export const MIN_QUERY_LENGTH = 3;
export const MAX_QUERY_LENGTH = 200;

/**
 * The components of the OpenAPI document: every schema registered here with an `id` becomes
 * `#/components/schemas/<id>` and is referenced, not repeated, wherever it is used. Descriptions
 * go through `.meta()` (the global registry, which toJSONSchema reads for every schema).
 */
export const apiRegistry = z.registry<{ id: string }>();

// ---------------------------------------------------------------- queries

/** A point given by coordinates must be where the sources answer (core/shared/geo.ts). */
export const OUTSIDE_FRANCE_MESSAGE = "Ces coordonnées sont en dehors de la France (métropole et départements d'outre-mer).";

/** A point and a commune that disagree (decision 055): the commune judged is always the point's. */
export const COMMUNE_MISMATCH_MESSAGE =
  "Ces coordonnées ne sont pas dans la commune indiquée (citycode). Recherchez l'adresse à nouveau et choisissez-la dans la liste des suggestions.";
export const NO_ADDRESS_AT_POINT_MESSAGE = "Aucune adresse de la Base Adresse Nationale n'est connue près de ces coordonnées.";
export const ADDRESS_CHECK_UNAVAILABLE_MESSAGE =
  "L'adresse ne peut pas être vérifiée auprès de la Base Adresse Nationale pour le moment. Veuillez réessayer dans quelques instants.";

const coordinate = (name: "lat" | "lon", description: string, example: string) =>
  z
    .string({ error: `Le paramètre ${name} est obligatoire.` })
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?$/, { error: `Le paramètre ${name} doit être un nombre décimal (ex. : 48.85).` })
    // On the string, not on the number: the query's documentation describes what is sent.
    .meta({ description, examples: [example] })
    .transform(Number);

const text = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Le paramètre ${name} est trop long (${max} caractères au plus).` });

const latitude = coordinate("lat", "Latitude en degrés décimaux (WGS 84).", "49.8985");
const longitude = coordinate("lon", "Longitude en degrés décimaux (WGS 84).", "2.2952");

const udi = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z]{9}$/, { error: "Le code du réseau de distribution (udi) doit comporter 9 caractères." })
  .optional()
  .meta({
    description: "Code du réseau de distribution d'eau (UDI, 9 caractères, tel que listé dans water_quality.udis) à afficher quand la commune en a plusieurs.",
    examples: ["080000706"],
  });

/** Only a signed pick (decision 055) keeps its label, postcode and city; otherwise the BAN names the place. */
const SIGNED_ONLY =
  "Repris seulement avec la signature (signature) de la suggestion de /geocode ou du bilan qui le donnait ; sinon ignoré : l'adresse retenue est celle de la Base Adresse Nationale la plus proche du point.";

/** A report for an address already located (a suggestion picked from /geocode, for instance). */
export const reportByCoordinatesQuery = z.object({
  lat: latitude,
  lon: longitude,
  citycode: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isValidInseeCode, { error: "Le code commune (citycode) doit être un code INSEE valide à 5 caractères." })
    .optional()
    .meta({
      description:
        "Code INSEE de la commune (5 caractères ; 2A004 en Corse ; code de l'arrondissement à Paris, Lyon et Marseille). Le point doit être dans cette commune, sinon la réponse est une erreur 400 (commune_mismatch). Sans ce code, la commune est celle de l'adresse la plus proche du point.",
      examples: ["80021"],
    }),
  label: text("label", MAX_QUERY_LENGTH)
    .optional()
    .meta({ description: `Libellé de l'adresse. ${SIGNED_ONLY}`, examples: ["8 Boulevard du Port 80000 Amiens"] }),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: "Le code postal doit comporter 5 chiffres." })
    .optional()
    .meta({ description: `Code postal. ${SIGNED_ONLY}`, examples: ["80000"] }),
  city: text("city", 100)
    .optional()
    .meta({ description: `Nom de la commune. ${SIGNED_ONLY}`, examples: ["Amiens"] }),
  signature: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "La signature de l'adresse (signature) est invalide : reprenez-la telle que /geocode l'a donnée." })
    .optional()
    .meta({
      description:
        "Signature d'une suggestion de /geocode (ou de l'adresse d'un bilan), à renvoyer telle quelle avec lat, lon, citycode, label, postcode et city : le bilan reprend alors ce libellé sans nouvelle recherche.",
      examples: ["pQ3vX0n9k2cJ8yY4r1TzAw"],
    }),
  udi,
});

/** A report for a free-text address, geocoded first with the Base Adresse Nationale. */
export const reportByTextQuery = z.object({
  q: text("q", MAX_QUERY_LENGTH)
    .min(MIN_QUERY_LENGTH, { error: `Veuillez saisir une adresse d'au moins ${MIN_QUERY_LENGTH} caractères.` })
    .meta({
      description: `Adresse en texte libre (${MIN_QUERY_LENGTH} à ${MAX_QUERY_LENGTH} caractères) : le premier résultat de la Base Adresse Nationale est retenu. Ignoré si lat, lon ou citycode sont donnés.`,
      examples: ["8 boulevard du Port, Amiens"],
    }),
  udi,
});

const limitBetween = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: "Le paramètre limit doit être un nombre." })
    .int({ error: "Le paramètre limit doit être un nombre entier." })
    .min(min, { error: `Le paramètre limit doit être compris entre ${min} et ${max}.` })
    .max(max, { error: `Le paramètre limit doit être compris entre ${min} et ${max}.` })
    .default(fallback);

export const geocodeQuery = z.object({
  q: z
    .string({ error: "Le paramètre q (adresse recherchée) est obligatoire." })
    .max(MAX_QUERY_LENGTH, { error: `L'adresse recherchée est trop longue (${MAX_QUERY_LENGTH} caractères au plus).` })
    .meta({
      description: `Adresse recherchée, même incomplète. En dessous de ${MIN_QUERY_LENGTH} caractères utiles, la réponse est une liste vide.`,
      examples: ["8 bd du Port Amiens"],
    }),
  limit: limitBetween(1, 10, 8).meta({ description: "Nombre maximal de suggestions (1 à 10)." }),
});

/** buildBathingSection gives the 3 nearest sites within 20 km (findNearestSites' default): no more to offer. */
export const MAX_BATHING_SITES = 3;

export const bathingSitesQuery = z.object({
  lat: latitude,
  lon: longitude,
  limit: limitBetween(1, MAX_BATHING_SITES, MAX_BATHING_SITES).meta({
    description: `Nombre maximal de sites, du plus proche au plus éloigné (1 à ${MAX_BATHING_SITES}).`,
  }),
});

// ---------------------------------------------------------------- answers

const date = z.string().meta({ description: "Date au format AAAA-MM-JJ." });
const dateTime = z.string().meta({ description: "Date et heure ISO 8601 (UTC)." });

export const levelSchema = z
  .enum(["excellent", "good", "acceptable", "concerning", "critical", "unavailable"])
  .meta({ description: "Niveau, du meilleur au pire : excellent, good, acceptable, concerning, critical ; unavailable quand la donnée manque." })
  .register(apiRegistry, { id: "Level" });

const ratedLevelSchema = levelSchema
  .exclude(["unavailable"])
  .meta({ description: "Niveau d'une valeur mesurée (jamais unavailable)." })
  .register(apiRegistry, { id: "RatedLevel" });

/** What every section of the report says of itself, beside its level and its source. */
const sectionSuccess = z.boolean().meta({ description: "false quand la source n'a pas répondu : la section n'a alors pas de données (level unavailable)." });
const sectionMessage = z
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

const pickedAddressShape = {
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  citycode: z.string().meta({ description: "Code INSEE (code de l'arrondissement à Paris, Lyon et Marseille)." }),
  postcode: z.string(),
  city: z.string(),
};

export const pickedAddressSchema = z.object(pickedAddressShape).meta({ description: "L'adresse du bilan." }).register(apiRegistry, { id: "PickedAddress" });

const signature = z.string().meta({
  description:
    "Signature de Zone Santé sur le libellé, le point, la commune, le code postal et le nom de la commune : à renvoyer telle quelle (paramètre signature de /report).",
});

export const signedAddressSchema = z
  .object({ ...pickedAddressShape, signature })
  .meta({ description: "L'adresse du bilan, telle que la Base Adresse Nationale la donne, signée." })
  .register(apiRegistry, { id: "SignedAddress" });

export const addressSchema = z
  .object({
    ...pickedAddressShape,
    context: z.string().meta({ description: "Département et région, ex. « 80, Somme, Hauts-de-France »." }),
    type: z.string().meta({ description: "Précision du résultat : housenumber, street, locality ou municipality." }),
    score: z.number().meta({ description: "Pertinence du résultat selon la Base Adresse Nationale (0 à 1)." }),
    oldcitycode: z.string().optional().meta({ description: "Code INSEE de l'ancienne commune (commune nouvelle), quand la Base Adresse Nationale le donne." }),
    oldcity: z.string().optional().meta({ description: "Nom de l'ancienne commune (commune nouvelle), quand la Base Adresse Nationale le donne." }),
    distance_m: z.number().optional().meta({ description: "Recherche inverse seulement : distance au point demandé, en mètres." }),
  })
  .meta({ description: "Une adresse trouvée par la Base Adresse Nationale." })
  .register(apiRegistry, { id: "Address" });

export const signedSuggestionSchema = z
  .object({ ...addressSchema.shape, signature })
  .meta({ description: "Une adresse trouvée par la Base Adresse Nationale, signée par Zone Santé." })
  .register(apiRegistry, { id: "SignedSuggestion" });

const addressInfoSchema = z
  .object({
    commune_name: z.string(),
    commune_code: z.string().meta({ description: "Code INSEE de la commune (75056 pour tout arrondissement de Paris)." }),
    department_code: z.string(),
    department_name: z.string(),
  })
  .meta({ description: "La commune et le département de l'adresse." })
  .register(apiRegistry, { id: "AddressInfo" });

// ---------------------------------------------------------------- water

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

// ---------------------------------------------------------------- air

export const airQualitySchema = z
  .object({
    success: sectionSuccess,
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

// ---------------------------------------------------------------- drought

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

// ---------------------------------------------------------------- bathing

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
    level: levelSchema,
    sites: z.array(bathingSiteSchema).meta({ description: "Les sites à moins de 20 km, du plus proche au plus éloigné." }),
    record_season: z.number().nullable().meta({ description: "La saison du bilan officiel utilisé." }),
    message: sectionMessage,
    source: sourceSchema,
  })
  .meta({ description: "Eaux de baignade : les sites officiels les plus proches (ministère chargé de la santé, ARS)." })
  .register(apiRegistry, { id: "Bathing" });

// ---------------------------------------------------------------- pollen, UV, weather warnings, radon (issue 26)

const sectionDay = date.meta({ description: "Le jour de la commune (AAAA-MM-JJ, heure locale) dont parle la section." });

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

export const radonSchema = z
  .object({
    success: sectionSuccess,
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

// ---------------------------------------------------------------- report

const recommendationSchema = z
  .object({
    id: z.string(),
    category: z.enum(["water", "air", "drought", "bathing", "pollen", "uv", "weather", "radon", "general"]),
    severity: z.enum(["info", "warning", "critical", "success"]),
    title: z.string(),
    text: z.string(),
    link: z.string().meta({ description: "Article du blog Zone Santé (chemin relatif au site)." }),
    source: z.object({ name: z.string(), url: z.string() }),
    vulnerable: z.boolean().meta({ description: "Conseil destiné aux personnes vulnérables." }),
    prominent: z.boolean(),
  })
  .meta({ description: "Un conseil de prévention, avec sa source publique." })
  .register(apiRegistry, { id: "Recommendation" });

export const reportSchema = z
  .object({
    address: signedAddressSchema,
    address_info: addressInfoSchema,
    water_quality: waterQualitySchema,
    air_quality: airQualitySchema,
    drought: droughtSchema,
    bathing: bathingSchema,
    pollen: pollenSchema,
    uv: uvSchema,
    weather_warnings: weatherWarningsSchema,
    radon: radonSchema,
    recommendations: z.array(recommendationSchema).meta({ description: "Les conseils de prévention adaptés à la situation de l'adresse." }),
    generated_at: dateTime,
  })
  .meta({ description: "Le bilan d'une adresse : eau du robinet, air, sécheresse, baignade, pollens, UV, vigilance météo, radon et conseils." })
  .register(apiRegistry, { id: "Report" });

export const geocodeAnswerSchema = z
  .object({ results: z.array(signedSuggestionSchema).meta({ description: "Les suggestions, la plus pertinente d'abord." }) })
  .register(apiRegistry, { id: "GeocodeAnswer" });

export const errorSchema = z
  .object({
    error: z.string().meta({ description: "Message en français, à montrer tel quel." }),
    code: z.string().meta({
      description:
        "Code stable : bad_request, outside_france, commune_mismatch, address_not_found, not_found, rate_limited, upstream_unavailable, unavailable, internal_error.",
    }),
  })
  .meta({ description: "Toute erreur de l'API." })
  .register(apiRegistry, { id: "Error" });

// ---------------------------------------------------------------- the service's status (/etat)

const freshnessSchema = z.enum(["fresh", "late", "unavailable", "off_season", "not_configured"]).meta({
  description:
    "fresh : lue avec succès dans le rythme de publication de la source ; late : pas de lecture réussie dans ce délai ; unavailable : la dernière lecture a échoué et aucune n'a réussi dans ce délai ; off_season : hors saison (baignade) ; not_configured : la source demande une clé que ce service n'a pas (Météo-France), elle n'est pas lue.",
});

export const sourceStatusSchema = z
  .object({
    id: z.enum(["atmo", "hubeau", "vigieau", "baignades", "pollen", "meteofrance", "ban", "openmeteo"]),
    name: z.string(),
    rhythm: z.string().meta({ description: "Le rythme de publication de la source, en français." }),
    state: freshnessSchema,
    label: z.string().meta({ description: "L'état en français : « à jour », « en retard », « indisponible », « hors saison » ou « non configurée »." }),
    lastSuccessAt: dateTime.nullable().meta({ description: "Dernière lecture réussie (ISO 8601, UTC) ; null si aucune n'est enregistrée." }),
    lastFailureAt: dateTime.nullable().meta({ description: "Dernière lecture en échec (ISO 8601, UTC) ; null si aucune." }),
    expectedSince: dateTime
      .nullable()
      .meta({ description: "Instant depuis lequel une lecture réussie est attendue ; null hors saison ou source non configurée." }),
  })
  .meta({ description: "L'état d'une source officielle." })
  .register(apiRegistry, { id: "SourceStatus" });

const runCount = (description: string) =>
  z
    .number()
    .int()
    .min(0)
    .meta({ description: `${description} (chaque message du passage l'ajoute en se terminant ; 0 tant qu'aucun ne l'a fait).` });

export const runStatusSchema = z
  .object({
    startedAt: dateTime,
    finishedAt: dateTime.nullable().meta({ description: "null : passage en cours." }),
    completed: z.boolean().meta({ description: "false : le passage s'est arrêté sur une erreur, a été interrompu, ou est en cours." }),
    outcome: z.enum(["running", "completed", "failed", "interrupted"]).meta({
      description:
        "running : en cours ; completed : terminé ; failed : arrêté sur une erreur ; interrupted : interrompu (processus arrêté), le passage suivant reprend ce qu'il n'avait pas envoyé.",
    }),
    addressesChecked: runCount("Adresses vérifiées"),
    emailsSent: runCount("E-mails envoyés"),
    emailFailures: runCount("E-mails en échec (réessayés au passage suivant)"),
    deadLetters: runCount("Messages mis de côté après toutes leurs tentatives"),
    weatherMap: z
      .object({
        read: z.enum(["send", "plan", "none"]).meta({
          description:
            "send : carte relue à 17 h, après celle de 16 h de Météo-France ; plan : la relecture a échoué, carte lue à 14 h 30 ; none : aucune carte lue.",
        }),
        updateTime: dateTime.nullable().meta({ description: "L'heure de mise à jour de la carte utilisée (update_time de Météo-France)." }),
      })
      .nullable()
      .meta({ description: "La carte de vigilance météo d'après laquelle les alertes météo du passage ont été jugées ; null : pas de jugement à 17 h." }),
  })
  .meta({ description: "Un passage des alertes." })
  .register(apiRegistry, { id: "RunStatus" });

export const serviceStatusSchema = z
  .object({
    generatedAt: dateTime,
    sources: z.array(sourceStatusSchema),
    runs: z.array(runStatusSchema).meta({ description: "Les 7 derniers passages des alertes, du plus récent au plus ancien." }),
  })
  .meta({ description: "L'état du service : fraîcheur de chaque source officielle et derniers passages des alertes." })
  .register(apiRegistry, { id: "ServiceStatus" });

// ---------------------------------------------------------------- the schemas are the types

/** true when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

/** Fails to compile as soon as an answer schema and its type differ. */
export type AnswerSchemasMatchTheirTypes = [
  Assert<Same<z.output<typeof reportSchema>, ReportAnswer>>,
  Assert<Same<z.output<typeof pickedAddressSchema>, PickedAddress>>,
  Assert<Same<z.output<typeof signedAddressSchema>, SignedAddress>>,
  Assert<Same<z.output<typeof addressSchema>, Address>>,
  Assert<Same<z.output<typeof signedSuggestionSchema>, SignedSuggestion>>,
  Assert<Same<z.output<typeof addressInfoSchema>, AddressInfo>>,
  Assert<Same<z.output<typeof sourceSchema>, SourceRef>>,
  Assert<Same<z.output<typeof waterQualitySchema>, WaterQualitySection>>,
  Assert<Same<z.output<typeof waterParameterSchema>, WaterParameterView>>,
  Assert<Same<z.output<typeof waterHistorySeriesSchema>, WaterHistorySeries>>,
  Assert<Same<z.output<typeof airQualitySchema>, AirQualitySection>>,
  Assert<Same<z.output<typeof droughtSchema>, DroughtSection>>,
  Assert<Same<z.output<typeof bathingSchema>, BathingSection>>,
  Assert<Same<z.output<typeof bathingSiteSchema>, BathingSiteView>>,
  Assert<Same<z.output<typeof pollenSchema>, PollenSection>>,
  Assert<Same<z.output<typeof uvSchema>, UvSection>>,
  Assert<Same<z.output<typeof weatherWarningsSchema>, WeatherWarningsSection>>,
  Assert<Same<z.output<typeof radonSchema>, RadonSection>>,
  Assert<Same<z.output<typeof recommendationSchema>, Recommendation>>,
  Assert<Same<z.output<typeof geocodeAnswerSchema>, { results: SignedSuggestion[] }>>,
  Assert<Same<z.output<typeof serviceStatusSchema>, ServiceStatus>>,
];
