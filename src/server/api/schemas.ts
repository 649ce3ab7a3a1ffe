// The public API's contract, in zod: the query schemas the routes validate with, and the schemas of
// their answers. The OpenAPI document (openapi.ts) is generated from these very objects, and each
// answer schema is proved equal to its TypeScript type at the end of this file, so the document,
// the validation and the code cannot drift apart without `npm run typecheck` failing.
import * as z from "zod";
import type { ServiceStatus } from "../services/status.ts";
import { isValidInseeCode } from "../../core/shared/commune.ts";
import { STATUS_SOURCES } from "../../core/status/freshness.ts";
import type {
  Address,
  AddressInfo,
  AdviceCategories,
  PickedAddress,
  Recommendation,
  ReportAnswer,
  SignedAddress,
  SignedSuggestion,
  SourceRef,
} from "../../core/types.ts";

import { apiRegistry, dateTime, sourceSchema, type Assert, type Same } from "./schema-parts.ts";
import { sections } from "../../sections/registry.ts";
import { SERVER_SECTIONS, sectionShapes } from "../../sections/registry.server.ts";

export const MIN_QUERY_LENGTH = 3;
export const MAX_QUERY_LENGTH = 200;

export { apiRegistry, levelSchema, sourceSchema } from "./schema-parts.ts";

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

// ---------------------------------------------------------------- report

/** Each section's key, and « general »: the domains of an advice. */
type AdviceCategory = keyof AdviceCategories & string;
const ADVICE_CATEGORIES = [...SERVER_SECTIONS.map((section) => section.key), "general"] as unknown as [AdviceCategory, ...AdviceCategory[]];

const recommendationSchema = z
  .object({
    id: z.string(),
    category: z.enum(ADVICE_CATEGORIES),
    severity: z.enum(["info", "warning", "critical", "success"]),
    title: z.string(),
    text: z.string(),
    link: z.string().meta({ description: "Article du blog Zone Santé (chemin relatif au site)." }),
    source: z.object({ name: z.string(), url: z.string() }),
    vulnerable: z.boolean().meta({ description: "Conseil destiné aux personnes vulnérables." }),
    prominent: z.boolean(),
    basis: z.enum(["reading", "unread", "estimate"]).optional().meta({
      description:
        "Ce sur quoi repose le conseil : une donnée officielle lue (reading, par défaut), une source officielle qui n'a pas pu être lue (unread) ou l'estimation d'un modèle (estimate).",
    }),
    calm: z.boolean().optional().meta({ description: "Conseil qui ne change rien pour la plupart des personnes : jamais mis en avant." }),
  })
  .meta({ description: "Un conseil de prévention, avec sa source publique, dans l'ordre où le lire." })
  .register(apiRegistry, { id: "Recommendation" });

const reportDescription = `Le bilan d'une adresse, section par section (${sections()
  .map((section) => section.title)
  .join(", ")}), et les conseils.`;

/** The report as the sections registered now make it (registry.server.ts): a section added there is in the API at once. */
export function buildReportSchema() {
  return z
    .object({
      address: signedAddressSchema,
      address_info: addressInfoSchema,
      ...sectionShapes(),
      recommendations: z.array(recommendationSchema).meta({ description: "Les conseils de prévention adaptés à la situation de l'adresse." }),
      generated_at: dateTime,
    })
    .meta({ description: reportDescription });
}

export const reportSchema = buildReportSchema().register(apiRegistry, { id: "Report" });

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
    id: z.enum(STATUS_SOURCES),
    name: z.string(),
    rhythm: z.string().meta({ description: "Le rythme de publication de la source, en français." }),
    state: freshnessSchema,
    label: z.string().meta({ description: "L'état en français : « à jour », « en retard », « indisponible », « hors saison » ou « non configurée »." }),
    lastSuccessAt: dateTime.nullable().meta({ description: "Dernière lecture réussie (ISO 8601, UTC) ; null si aucune n'est enregistrée." }),
    lastFailureAt: dateTime.nullable().meta({ description: "Dernière lecture en échec (ISO 8601, UTC) ; null si aucune." }),
    expectedSince: dateTime
      .nullable()
      .meta({ description: "Instant depuis lequel une lecture réussie est attendue ; null hors saison ou source non configurée." }),
    lastAttempt: z
      .object({
        at: dateTime,
        outcome: z.enum(["success", "failure"]).meta({
          description:
            "success : la source a répondu (« rien ici » compris) ; failure : elle n'a pas répondu à temps, a répondu par une erreur, ou sa réponse était illisible.",
        }),
      })
      .nullable()
      .meta({
        description:
          "La dernière demande qui a atteint la source, et son issue ; null si aucune n'est enregistrée. Une réponse servie par notre cache n'en est pas une, ni une demande retenue par notre propre limite de débit (lastRefusedAt).",
      }),
    failingSince: dateTime
      .nullable()
      .meta({ description: "Si la dernière demande a échoué : le premier échec depuis la dernière réussite (ISO 8601, UTC) ; sinon null." }),
    lastRefusedAt: dateTime.nullable().meta({
      description:
        "Dernière demande d'un visiteur que Zone Santé n'a pas envoyée à la source, sa limite de débit vers elle étant atteinte (la réponse est alors la dernière connue, ou « indisponible ») : pas un échec de la source ; null si aucune.",
    }),
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
    emails: z
      .object({
        waiting: z.number().int().min(0).meta({ description: "E-mails enregistrés et pas encore envoyés (inscriptions, codes, avis…)." }),
        oldestStoredAt: dateTime.nullable().meta({ description: "Quand le plus ancien d'entre eux a été enregistré ; null quand aucun n'attend." }),
        dead: z.number().int().min(0).meta({ description: "E-mails abandonnés après toutes leurs tentatives (gardés 7 jours)." }),
      })
      .meta({ description: "La file des e-mails promis par une demande (décision 093) : chacun est enregistré avant la réponse, puis envoyé." }),
  })
  .meta({ description: "L'état du service : fraîcheur de chaque source officielle et derniers passages des alertes." })
  .register(apiRegistry, { id: "ServiceStatus" });

// ---------------------------------------------------------------- the schemas are the types

/** Fails to compile as soon as an answer schema and its type differ. */
export type AnswerSchemasMatchTheirTypes = [
  Assert<Same<z.output<typeof reportSchema>, ReportAnswer>>,
  Assert<Same<z.output<typeof pickedAddressSchema>, PickedAddress>>,
  Assert<Same<z.output<typeof signedAddressSchema>, SignedAddress>>,
  Assert<Same<z.output<typeof addressSchema>, Address>>,
  Assert<Same<z.output<typeof signedSuggestionSchema>, SignedSuggestion>>,
  Assert<Same<z.output<typeof addressInfoSchema>, AddressInfo>>,
  Assert<Same<z.output<typeof sourceSchema>, SourceRef>>,
  Assert<Same<z.output<typeof recommendationSchema>, Recommendation>>,
  Assert<Same<z.output<typeof geocodeAnswerSchema>, { results: SignedSuggestion[] }>>,
  Assert<Same<z.output<typeof serviceStatusSchema>, ServiceStatus>>,
];
