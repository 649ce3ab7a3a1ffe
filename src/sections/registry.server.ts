// The server's half of the registry (registry.ts): each section's answer schema and its read, in
// the same order. The report is read by iterating it (src/server/services/report.ts), and the API's
// report schema and OpenAPI document are made of it (src/server/api/schemas.ts).
import * as z from "zod";
import { airServerSection } from "./air/section.server.ts";
import { bathingServerSection } from "./bathing/section.server.ts";
import { droughtServerSection } from "./drought/section.server.ts";
import { pollenServerSection } from "./pollen/section.server.ts";
import { radonServerSection } from "./radon/section.server.ts";
import { uvServerSection } from "./uv/section.server.ts";
import { waterServerSection } from "./water/section.server.ts";
import { weatherServerSection } from "./weather/section.server.ts";
import type { ServerSection } from "../server/services/section-loader.ts";
import type { AlertTopicServer, TopicBulkRead } from "../server/alerts/topic.ts";
import { AIR_TOPIC_SERVER } from "./air/alert.server.ts";
import { BATHING_TOPIC_SERVER } from "./bathing/alert.server.ts";
import { DROUGHT_TOPIC_SERVER } from "./drought/alert.server.ts";
import { POLLEN_TOPIC_SERVER } from "./pollen/alert.server.ts";
import { WATER_TOPIC_SERVER } from "./water/alert.server.ts";
import { WEATHER_TOPIC_SERVER } from "./weather/alert.server.ts";
import { ALERT_TOPICS, type AlertSource } from "./rules.ts";

export const SERVER_SECTIONS = [
  waterServerSection,
  airServerSection,
  droughtServerSection,
  bathingServerSection,
  weatherServerSection,
  pollenServerSection,
  uvServerSection,
  radonServerSection,
] as const;

const registry: ServerSection[] = [...SERVER_SECTIONS] as unknown as ServerSection[];

/** Every section the server reads, in the cards' order. */
export function serverSections(): readonly ServerSection[] {
  return registry;
}

/**
 * Adds a section after the others, for as long as the process lives (tests: a section registered
 * here and in registry.ts reaches every channel). Returns the function that takes it out again.
 */
export function registerServerSection(section: ServerSection<string, never>): () => void {
  const entry = section as unknown as ServerSection;
  registry.push(entry);
  return () => {
    const at = registry.indexOf(entry);
    if (at !== -1) registry.splice(at, 1);
  };
}

/** The shape of the report's sections in its schema: each section's field and its answer's schema. */
export type SectionShapes = { [Section in (typeof SERVER_SECTIONS)[number] as Section["field"]]: Section["schema"] };

/** Each section's field and schema, as registered now. */
export function sectionShapes(): SectionShapes {
  return Object.fromEntries(serverSections().map((section) => [section.field, section.schema as z.ZodType])) as unknown as SectionShapes;
}

// ---------------------------------------------------------------- alert topics

// The server half of each alert topic (src/server/alerts/topic.ts), in the topics' order (rules.ts):
// what the run's stages iterate — the ingest its bulk reads, a batch its judgements, the stored rows their schemas.
export const ALERT_TOPIC_SERVERS = [
  WATER_TOPIC_SERVER,
  DROUGHT_TOPIC_SERVER,
  AIR_TOPIC_SERVER,
  BATHING_TOPIC_SERVER,
  POLLEN_TOPIC_SERVER,
  WEATHER_TOPIC_SERVER,
] as const satisfies ReadonlyArray<{ key: AlertSource; stateSchema: AlertTopicServer["stateSchema"] }>;

type TopicServer = (typeof ALERT_TOPIC_SERVERS)[number];
type BulkTopic = Extract<TopicServer, { bulk: unknown }>;

/** Each bulk read's source name (source_snapshots.source, and its key in summaries and a commune's changes). */
export type BulkSource = BulkTopic["bulk"]["source"];

/** Per bulk read, its line in the ingest's summary. */
export type TopicIngestSummaries = { [T in BulkTopic as T["bulk"]["source"]]: Awaited<ReturnType<T["bulk"]["ingest"]>> };

/** Per bulk read, a commune's view of its département's row (null: no readable row today). */
export type TopicCommuneViews = { [T in BulkTopic as T["bulk"]["source"]]: NonNullable<ReturnType<T["bulk"]["communeView"]>> | null };

/** The topics read in bulk, with their topic's key and whether it is opt-in. */
export const BULK_TOPICS = ALERT_TOPIC_SERVERS.flatMap((topic) =>
  "bulk" in topic
    ? [
        {
          key: topic.key,
          optIn: ALERT_TOPICS.find((entry) => entry.key === topic.key)?.optIn ?? false,
          bulk: topic.bulk as TopicBulkRead<unknown, unknown, unknown>,
        },
      ]
    : [],
);

/** The topics judged commune by commune through their plug-in. */
export const JUDGED_TOPICS = ALERT_TOPIC_SERVERS.flatMap((topic) =>
  "judgeCommune" in topic
    ? [
        {
          key: topic.key,
          bulkSource: "bulk" in topic ? topic.bulk.source : null,
          judgeCommune: topic.judgeCommune as NonNullable<AlertTopicServer["judgeCommune"]>,
        },
      ]
    : [],
);

/** The state schema of a topic's key (undefined: a key no topic has, e.g. a row stored by a later version). */
export function stateSchemaOf(key: string): AlertTopicServer["stateSchema"] | undefined {
  return ALERT_TOPIC_SERVERS.find((topic) => topic.key === key)?.stateSchema;
}

/** The topics judged at the send stage on Workers (their `atSend`, decision 079), in the registry's order. */
export const AT_SEND_TOPICS = ALERT_TOPIC_SERVERS.flatMap((topic) =>
  "atSend" in topic ? [{ key: topic.key, atSend: topic.atSend as NonNullable<AlertTopicServer["atSend"]> }] : [],
);
