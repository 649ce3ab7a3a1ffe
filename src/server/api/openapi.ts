// The OpenAPI 3.1 document of the public API, generated from the zod schemas the routes validate
// with (schemas.ts). Served at /api/v1/openapi.json and rendered at build time into /developpeurs.
// Pure: the site's URL and the limits in force are passed in.
import * as z from "zod";
import type { PublicApiRateLimits } from "./rate-limits.ts";
import { SERVER_SECTIONS, serverSections } from "../../sections/registry.server.ts";
import {
  apiRegistry,
  bathingSitesQuery,
  buildReportSchema,
  geocodeQuery,
  MAX_BATHING_SITES,
  reportByCoordinatesQuery,
  reportByTextQuery,
  reportSchema,
} from "./schemas.ts";

export type JsonSchema = Record<string, unknown>;

export interface QueryParameter {
  name: string;
  in: "query";
  required: boolean;
  description: string;
  schema: JsonSchema;
  example?: unknown;
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: QueryParameter[];
  responses: Record<
    string,
    { $ref: string } | { description: string; headers?: Record<string, { $ref: string }>; content: Record<string, { schema: JsonSchema }> }
  >;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: {
    title: string;
    version: string;
    summary: string;
    description: string;
    license: { name: string; url: string };
  };
  externalDocs: { description: string; url: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, { get: Operation }>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, { description: string; headers?: Record<string, { $ref: string }>; content: Record<string, { schema: JsonSchema }> }>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
  };
}

/** The version in the path: /api/v1 stays compatible; a breaking change would open /api/v2. */
export const API_VERSION = "1";
export const API_BASE_PATH = `/api/v${API_VERSION}`;

const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: JsonSchema) => ({ "application/json": { schema } });

let componentSchemas: { fields: string; schemas: Record<string, JsonSchema> } | undefined;
let registeredReport: z.ZodType = reportSchema;
const SHIPPED_FIELDS = SERVER_SECTIONS.map((section) => section.field).join(",");

/**
 * Every registered answer schema: `$id` and `$schema` dropped (the document's dialect applies).
 * Built once for the sections registered; a section registered since (a test's) rebuilds the report's.
 */
function buildComponentSchemas(): Record<string, JsonSchema> {
  const fields = serverSections()
    .map((section) => section.field)
    .join(",");
  if (componentSchemas?.fields === fields) return componentSchemas.schemas;
  const wanted = fields === SHIPPED_FIELDS ? reportSchema : buildReportSchema();
  if (wanted !== registeredReport) {
    apiRegistry.remove(registeredReport);
    apiRegistry.add(wanted, { id: "Report" });
    registeredReport = wanted;
  }
  const schemas = Object.fromEntries(
    Object.entries(z.toJSONSchema(apiRegistry, { target: "draft-2020-12", uri: (id) => `#/components/schemas/${id}` }).schemas).map(([id, schema]) => {
      const { $id: _id, $schema: _schema, ...rest } = schema as JsonSchema;
      return [id, rest];
    }),
  );
  componentSchemas = { fields, schemas };
  return schemas;
}

/**
 * The query parameters of one or more query schemas, as sent (io "input": strings before their
 * transforms, defaults shown). Several schemas are alternatives: no parameter is then required.
 */
function queryParameters(schemas: readonly z.ZodObject[]): QueryParameter[] {
  const byName = new Map<string, QueryParameter>();
  for (const schema of schemas) {
    const object = z.toJSONSchema(schema, { io: "input", target: "draft-2020-12" }) as {
      properties: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(object.properties)) {
      if (byName.has(name)) continue;
      const { description, examples, ...rest } = property as JsonSchema & { description?: string; examples?: unknown[] };
      byName.set(name, {
        name,
        in: "query",
        required: schemas.length === 1 && (object.required ?? []).includes(name),
        description: description ?? "",
        schema: rest,
        ...(examples?.[0] !== undefined ? { example: examples[0] } : {}),
      });
    }
  }
  return [...byName.values()];
}

const RATE_LIMIT_HEADERS = { RateLimit: { $ref: "#/components/headers/RateLimit" }, "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" } };

function ok(description: string, schema: JsonSchema) {
  return { description, headers: RATE_LIMIT_HEADERS, content: json(schema) };
}

const perMinute = (rule: { limit: number; windowSeconds: number }) =>
  rule.windowSeconds === 60 ? `${rule.limit} requêtes par minute` : `${rule.limit} requêtes par ${rule.windowSeconds} secondes`;

export function buildOpenApiDocument(options: { siteUrl: string; rateLimits: PublicApiRateLimits }): OpenApiDocument {
  const { siteUrl, rateLimits } = options;
  const site = siteUrl.replace(/\/+$/, "");
  return {
    openapi: "3.1.0",
    info: {
      title: "API Zone Santé",
      version: API_VERSION,
      summary: "Qualité de l'eau du robinet, de l'air, restrictions sécheresse et eaux de baignade pour une adresse en France.",
      description: [
        "L'API publique de Zone Santé donne, pour une adresse en France (métropole et outre-mer), le bilan que montre le site : qualité de l'eau du robinet (contrôle sanitaire des ARS, via Hub'Eau), qualité de l'air (indice ATMO, ou estimation Copernicus CAMS à défaut), restrictions d'eau liées à la sécheresse (VigiEau), sites de baignade officiels les plus proches, et conseils de prévention.",
        "Accès libre et gratuit, sans clé, limité par adresse IP (en-têtes RateLimit et RateLimit-Policy). Les requêtes GET sont ouvertes à tous les sites (CORS, sans cookies). Les erreurs sont en JSON : { error, code }, un message en français et un code stable.",
        "Version 1 : les champs existants ne changent ni de nom ni de sens ; de nouveaux champs peuvent s'ajouter. Les données restent sous la licence de leur producteur (Licence Ouverte 2.0, ODbL pour l'indice ATMO, CC BY 4.0 pour Copernicus CAMS via Open-Meteo) : citez la source donnée dans chaque section.",
      ].join("\n\n"),
      license: {
        name: "Données : Licence Ouverte 2.0 (Etalab), ODbL (indice ATMO), CC BY 4.0 (Copernicus CAMS via Open-Meteo)",
        url: `${site}/mentions-legales`,
      },
    },
    externalDocs: { description: "Documentation en français, avec des exemples", url: `${site}/developpeurs` },
    servers: [{ url: `${site}${API_BASE_PATH}`, description: "Zone Santé" }],
    tags: [
      { name: "Bilan", description: "Le bilan d'une adresse" },
      { name: "Adresses", description: "Recherche d'adresses (Base Adresse Nationale)" },
      { name: "Baignade", description: "Sites de baignade officiels" },
      { name: "Service", description: "L'état du service et de ses sources" },
      { name: "Documentation", description: "Ce document" },
    ],
    paths: {
      "/report": {
        get: {
          operationId: "getReport",
          summary: "Bilan d'une adresse",
          description: `Le bilan complet d'une adresse. Donnez soit une adresse en texte libre (q), géocodée avec la Base Adresse Nationale, soit les coordonnées (lat, lon) et, si vous le connaissez, le code INSEE de la commune (citycode). L'adresse nommée dans le bilan est toujours celle de la Base Adresse Nationale : la suggestion de /geocode renvoyée telle quelle avec sa signature, sinon l'adresse la plus proche du point dans la commune indiquée (un point hors de cette commune est refusé : 400, commune_mismatch). Limite : ${perMinute(rateLimits.report)} par adresse IP.`,
          tags: ["Bilan"],
          parameters: queryParameters([reportByTextQuery, reportByCoordinatesQuery]),
          responses: {
            "200": ok("Le bilan. Une source indisponible ne fait pas échouer la requête : sa section a success à false et un message.", schemaRef("Report")),
            "400": { $ref: "#/components/responses/BadRequest" },
            "404": { $ref: "#/components/responses/AddressNotFound" },
            "429": { $ref: "#/components/responses/TooManyRequests" },
            "503": { $ref: "#/components/responses/UpstreamUnavailable" },
          },
        },
      },
      "/geocode": {
        get: {
          operationId: "geocodeAddress",
          summary: "Suggestions d'adresses",
          description: `Les adresses qui correspondent à une saisie, d'après la Base Adresse Nationale. Limite : ${perMinute(rateLimits.geocode)} par adresse IP.`,
          tags: ["Adresses"],
          parameters: queryParameters([geocodeQuery]),
          responses: {
            "200": ok("Les suggestions (liste vide sous 3 caractères).", schemaRef("GeocodeAnswer")),
            "400": { $ref: "#/components/responses/BadRequest" },
            "429": { $ref: "#/components/responses/TooManyRequests" },
            "503": { $ref: "#/components/responses/UpstreamUnavailable" },
          },
        },
      },
      "/bathing-sites": {
        get: {
          operationId: "listNearestBathingSites",
          summary: "Sites de baignade les plus proches",
          description: `Les sites de baignade officiels les plus proches d'un point (${MAX_BATHING_SITES} au plus, à moins de 20 km), avec leur état : la dernière lecture de la fiche du ministère (live_read_at), ou à défaut le bilan officiel de la dernière saison. La fiche n'est jamais lue pendant la requête : elle est relue en arrière-plan quand sa copie a plus de 6 heures. Limite : ${perMinute(rateLimits.bathingSites)} par adresse IP.`,
          tags: ["Baignade"],
          parameters: queryParameters([bathingSitesQuery]),
          responses: {
            "200": ok("Les sites, du plus proche au plus éloigné ; sites vide s'il n'y en a aucun à moins de 20 km.", schemaRef("Bathing")),
            "400": { $ref: "#/components/responses/BadRequest" },
            "429": { $ref: "#/components/responses/TooManyRequests" },
          },
        },
      },
      "/status": {
        get: {
          operationId: "getServiceStatus",
          summary: "État du service",
          description:
            "Pour chaque source officielle, la dernière lecture réussie et son âge au regard du rythme de publication de la source (indice ATMO après 14 h pour le jour même, Hub'Eau chaque mois, VigiEau chaque jour, baignade chaque jour en saison) : « à jour », « en retard » ou « indisponible » ; à côté, la dernière demande qui a atteint la source et son issue (réussie ou en échec), et depuis quand elle échoue. Et les 7 derniers passages des alertes. Mis en cache une minute ; c'est la page /etat.",
          tags: ["Service"],
          parameters: [],
          responses: {
            "200": { description: "L'état du service.", content: json(schemaRef("ServiceStatus")) },
          },
        },
      },
      "/openapi.json": {
        get: {
          operationId: "getOpenApiDocument",
          summary: "Description OpenAPI 3.1 de l'API",
          description: "La description de l'API au format OpenAPI 3.1.",
          tags: ["Documentation"],
          parameters: [],
          responses: {
            "200": { description: "Le document OpenAPI.", content: json({ type: "object" }) },
          },
        },
      },
    },
    components: {
      schemas: buildComponentSchemas(),
      responses: {
        BadRequest: {
          description: "Paramètre manquant ou invalide, ou coordonnées hors de France (code outside_france).",
          headers: RATE_LIMIT_HEADERS,
          content: json(schemaRef("Error")),
        },
        AddressNotFound: {
          description: "Adresse introuvable (code address_not_found).",
          headers: RATE_LIMIT_HEADERS,
          content: json(schemaRef("Error")),
        },
        TooManyRequests: {
          description: "Trop de requêtes depuis cette adresse IP (code rate_limited) : réessayez après Retry-After secondes.",
          headers: { ...RATE_LIMIT_HEADERS, "Retry-After": { $ref: "#/components/headers/Retry-After" } },
          content: json(schemaRef("Error")),
        },
        UpstreamUnavailable: {
          description: "La recherche d'adresses (Base Adresse Nationale) ne répond pas (code upstream_unavailable).",
          headers: RATE_LIMIT_HEADERS,
          content: json(schemaRef("Error")),
        },
      },
      headers: {
        RateLimit: {
          description:
            'Ce qui reste de la limite (draft-ietf-httpapi-ratelimit-headers) : r requêtes permises pendant encore t secondes, ex. "report";r=59;t=42.',
          schema: { type: "string" },
        },
        "RateLimit-Policy": {
          description: 'La limite : q requêtes par fenêtre de w secondes, ex. "report";q=60;w=60.',
          schema: { type: "string" },
        },
        "Retry-After": {
          description: "Secondes à attendre avant de réessayer.",
          schema: { type: "integer", minimum: 0 },
        },
      },
    },
  };
}
