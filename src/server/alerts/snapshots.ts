// Everything the alert run keeps between its stages and its runs, and the one place that reads it
// back: the day's snapshots of the bulk reads (source_snapshots), the communes' water digests
// (water_digests), what the last run knew of each subject (alert_states), the events waiting to be
// sent (alert_events' payloads) and the runs' summaries (alert_runs). Every stored JSON is read
// through its zod schema: a row that does not parse (a bug, a hand edit, a shape from an older
// version) is logged by table and kind — never its content, never whose it is — and treated as
// absent, so the run goes on: a missing snapshot means « read per commune », a missing digest « read
// the commune's year », a missing state « first judgement » (no event), an unreadable event is not
// sent.
import * as z from "zod";
import { levelOfAtmoCode } from "../../sections/air/index.ts";
import type { AlertEvent, CommuneSnapshotFacts } from "../../core/alerts/index.ts";
import { ALERT_SOURCES, ALERT_TEXTS, type AlertKind, type AlertSource } from "../../sections/rules.ts";
import { BULK_TOPICS, stateSchemaOf, type TopicCommuneViews } from "../../sections/registry.server.ts";
import { departmentCodeOf, toCommuneCode } from "../../core/shared/commune.ts";
import { todayForCommune } from "../../core/shared/time.ts";
import type { AtmoIndex, SourceRef, Udi, WaterResult } from "../../core/types.ts";
import { WATER_DIGEST_VERSION, type WaterDigest } from "../../sections/water/index.ts";
import { listAlertStates } from "../db/repositories/alert-events.ts";
import { listBaselineSnapshots, listSnapshotsOfDay } from "../db/repositories/source-snapshots.ts";
import { listDigestSampleRows, listWaterDigestRows } from "../db/repositories/water-digests.ts";
import type { AlertEventRow } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { readStoredJson } from "./stored-json.ts";
import type { AirIndices } from "../services/commune-data.ts";

type Deps = Pick<AppDeps, "db" | "log">;

// ---------------------------------------------------------------- reading a stored JSON

export { readStoredJson } from "./stored-json.ts";

// ---------------------------------------------------------------- shapes

const nullableString = z.string().nullable();

const sourceRefSchema: z.ZodType<SourceRef> = z.object({ name: z.string(), url: z.string(), publisher: z.string() });

const atmoIndexSchema: z.ZodType<AtmoIndex> = z.object({
  code: z.number(),
  label: z.string(),
  color: nullableString,
  date: z.string(),
  zoneCode: z.string(),
  zoneName: z.string(),
  zoneType: z.string(),
  agency: nullableString,
  subIndices: z.object({
    no2: z.number().nullable(),
    o3: z.number().nullable(),
    pm10: z.number().nullable(),
    pm25: z.number().nullable(),
    so2: z.number().nullable(),
  }),
});

const complianceFlagSchema = z.enum(["C", "D", "N", "S"]).nullable();

const waterResultSchema: z.ZodType<WaterResult> = z.object({
  sampleCode: z.string(),
  parameterCode: z.string(),
  parameterLabel: z.string(),
  rawValue: z.string(),
  numericValue: z.number().nullable(),
  unit: nullableString,
  qualityLimit: nullableString,
  qualityReference: nullableString,
  sampledAt: z.string(),
  sampleConclusion: nullableString,
  limitsBacteriological: complianceFlagSchema,
  limitsPhysicochemical: complianceFlagSchema,
  referencesBacteriological: complianceFlagSchema,
  referencesPhysicochemical: complianceFlagSchema,
  distributor: nullableString,
  networks: z.array(z.object({ code: z.string(), name: z.string() })),
});

const udiSchema: z.ZodType<Udi> = z.object({ code: z.string(), name: z.string(), quarter: nullableString });

/** src/sections/water/digest.ts */
const digestInstantSchema = z.object({ at: z.string(), samples: z.record(z.string(), waterResultSchema) });
/** network → sample code → date-time */
const digestSamplesSchema = z.record(z.string(), z.record(z.string(), z.string()));
// A version-1 digest (before decision 052) fails here: it is absent, read again and rebuilt.
const waterDigestSchema: z.ZodType<WaterDigest> = z.object({
  version: z.literal(WATER_DIGEST_VERSION),
  udis: z.array(udiSchema),
  udisFromResults: z.boolean(),
  latest: z.record(z.string(), digestInstantSchema),
  heads: z.record(z.string(), digestInstantSchema),
  samples: digestSamplesSchema,
});

export interface AtmoSnapshot {
  /** zone code (commune INSEE or EPCI SIREN) → its indices for the day and the next */
  indices: Record<string, AtmoIndex[]>;
  /** commune → its EPCI's SIREN (null: none); null when the API Géo could not be read */
  epciOf: Record<string, string | null> | null;
}

export interface HubeauSnapshot {
  /** communes whose digest got a newer sample today, or was built today: judge them from it */
  changed: string[];
  /** communes to read per commune today (see WaterPath in src/core/alerts/reads.ts) */
  perCommune: string[];
}

export interface VigieauSnapshot {
  fingerprintSha256: string;
  zoneCount: number;
  changed: boolean;
}

/** The run's own bulk reads (the topics read in bulk name theirs: src/sections/topics.server.ts). */
type SnapshotOf = { atmo: AtmoSnapshot; hubeau: HubeauSnapshot; vigieau: VigieauSnapshot };
type SnapshotSource = keyof SnapshotOf;

const SNAPSHOT_SCHEMAS: { [Source in SnapshotSource]: z.ZodType<SnapshotOf[Source]> } = {
  atmo: z.object({ indices: z.record(z.string(), z.array(atmoIndexSchema)), epciOf: z.record(z.string(), nullableString).nullable() }),
  // Rows written before `perCommune` existed lack it.
  hubeau: z.object({ changed: z.array(z.string()).default([]), perCommune: z.array(z.string()).default([]) }),
  vigieau: z.object({ fingerprintSha256: z.string(), zoneCount: z.number().int().min(0), changed: z.boolean() }),
};

const alertEventSchema: z.ZodType<AlertEvent> = z.object({
  source: z.enum(ALERT_SOURCES as [AlertSource, ...AlertSource[]]) as z.ZodType<string>,
  key: z.string(),
  severity: z.enum(["critical", "warning", "info"]),
  kind: z.enum(Object.keys(ALERT_TEXTS) as [AlertKind, ...AlertKind[]]),
  title: z.string(),
  lines: z.array(z.string()),
  // A drought change quotes each zone under its own heading (the report's lines for that zone).
  groups: z.array(z.object({ heading: z.string(), lines: z.array(z.string()) })).optional(),
  dataDate: nullableString,
  sourceRef: sourceRefSchema,
  // The report's advice for the section that day; absent in events stored before it was quoted.
  advice: z.array(z.object({ title: z.string(), text: z.string(), source: z.object({ name: z.string(), url: z.string() }) })).optional(),
});

/** What an alert_events row keeps for the email: the address as it was, its report link, the event. */
export interface StoredEventPayload {
  addressLabel: string;
  reportUrl: string;
  event: AlertEvent;
}

const storedEventPayloadSchema: z.ZodType<StoredEventPayload> = z.object({ addressLabel: z.string(), reportUrl: z.string(), event: alertEventSchema });

// ---------------------------------------------------------------- source_snapshots

export interface StoredSnapshot<Source extends SnapshotSource> {
  department: string;
  payload: SnapshotOf[Source];
}

function readSnapshot<Source extends SnapshotSource>(deps: Pick<AppDeps, "log">, source: Source, payloadJson: string): SnapshotOf[Source] | null {
  return readStoredJson(deps, SNAPSHOT_SCHEMAS[source], payloadJson, { table: "source_snapshots", kind: source });
}

/** The day's readable snapshots of `source` for these départements (an unreadable one is absent). */
export async function loadSnapshotsOfDay<Source extends SnapshotSource>(
  deps: Deps,
  input: { day: string; source: Source; departments: readonly string[] },
): Promise<Map<string, SnapshotOf[Source]>> {
  const rows = await listSnapshotsOfDay(deps.db, { day: input.day, departments: input.departments });
  const snapshots = new Map<string, SnapshotOf[Source]>();
  for (const row of rows) {
    if (row.source !== input.source) continue;
    const payload = readSnapshot(deps, input.source, row.payloadJson);
    if (payload) snapshots.set(row.department, payload);
  }
  return snapshots;
}

/** Per département, the latest readable snapshot of `source` before `day`: what the last run knew. */
export async function loadBaselineSnapshots<Source extends SnapshotSource>(
  deps: Deps,
  input: { day: string; source: Source },
): Promise<Map<string, SnapshotOf[Source]>> {
  const baselines = new Map<string, SnapshotOf[Source]>();
  for (const row of await listBaselineSnapshots(deps.db, input)) {
    const payload = readSnapshot(deps, input.source, row.payloadJson);
    if (payload) baselines.set(row.department, payload);
  }
  return baselines;
}

// ---------------------------------------------------------------- water_digests

/**
 * citycode → the newest sample and the sample codes its digest knows (the last twelve months),
 * to tell a new or late sample (decision 052). A digest of another version, or unreadable, is
 * absent: its commune is read again.
 */
export async function loadDigestSampleCodes(deps: Deps, citycodes: readonly string[]): Promise<Map<string, { newest: string | null; codes: Set<string> }>> {
  const known = new Map<string, { newest: string | null; codes: Set<string> }>();
  for (const row of await listDigestSampleRows(deps.db, citycodes)) {
    if (row.version !== WATER_DIGEST_VERSION) continue;
    const samples = readStoredJson(deps, digestSamplesSchema, row.samplesJson ?? "{}", { table: "water_digests", kind: "digest samples" });
    if (samples) known.set(row.citycode, { newest: row.newestSampleAt, codes: new Set(Object.values(samples).flatMap((codes) => Object.keys(codes))) });
  }
  return known;
}

/** The readable digests of these communes (absent: none yet, or unreadable — then it is read again and rebuilt). */
export async function loadWaterDigests(deps: Deps, citycodes: readonly string[]): Promise<Map<string, WaterDigest>> {
  const digests = new Map<string, WaterDigest>();
  for (const row of await listWaterDigestRows(deps.db, citycodes)) {
    const digest = readStoredJson(deps, waterDigestSchema, row.payloadJson, { table: "water_digests", kind: "digest" });
    if (digest) digests.set(row.citycode, digest);
  }
  return digests;
}

// ---------------------------------------------------------------- alert_states

/** `${subjectKey}|${source}` → the state the last run kept, each read through its topic's schema (src/sections/<key>/alert.server.ts). */
export async function loadAlertStates(deps: Deps, subjectKeys: readonly string[]): Promise<Map<string, unknown>> {
  const states = new Map<string, unknown>();
  for (const row of await listAlertStates(deps.db, subjectKeys)) {
    const source = row.source;
    const schema = stateSchemaOf(source);
    if (!schema) {
      deps.log({ level: "warn", message: "stored row unreadable, treated as absent", fields: { table: "alert_states", kind: "unknown source" } });
      continue;
    }
    const state = readStoredJson(deps, schema, row.stateJson, { table: "alert_states", kind: source });
    if (state) states.set(`${row.subjectKey}|${source}`, state);
  }
  return states;
}

// ---------------------------------------------------------------- alert_events

/** An event's payload, or null when it cannot be read (the event is then never sent). */
export function readStoredEventPayload(deps: Pick<AppDeps, "log">, row: Pick<AlertEventRow, "source" | "payloadJson">): StoredEventPayload | null {
  return readStoredJson(deps, storedEventPayloadSchema, row.payloadJson, { table: "alert_events", kind: row.source });
}

// ---------------------------------------------------------------- alert_runs

/** A run's summary as stored, for the admin panel (null: none, or unreadable). */
export function readRunSummary(deps: Pick<AppDeps, "log">, summaryJson: string | null): Record<string, unknown> | null {
  if (summaryJson === null) return null;
  return readStoredJson(deps, z.record(z.string(), z.unknown()), summaryJson, { table: "alert_runs", kind: "summary" });
}

// ---------------------------------------------------------------- what a batch learns

/**
 * What a batch learns from the snapshots for one commune (citycode as the subjects carry it); and
 * under each bulk topic's source name, the commune's view of its row (null: the day's read failed
 * or was not made — the topic is not judged this run).
 */
export type CommuneChanges = CommuneSnapshotFacts &
  TopicCommuneViews & {
    /** the official indices from the bulk read; null when the day's ATMO read failed (no air section this run) */
    air: AirIndices | null;
  };

export interface RunChanges {
  day: string;
  communes: Record<string, CommuneChanges>;
  /** the batch's communes' water digests (absent: none yet) */
  digests: Map<string, WaterDigest>;
}

/**
 * The snapshots of the communes of one batch: one query for their départements, every source.
 * `now`: the batch's time, whose day in each commune's territory decides the air indices (the
 * run's Paris day when absent).
 */
export async function loadRunChanges(deps: Deps, params: { day: string; communes: readonly string[]; now?: Date; withDigests?: boolean }): Promise<RunChanges> {
  const departments = [...new Set(params.communes.map((citycode) => departmentCodeOf(toCommuneCode(citycode))))];
  const rows = await listSnapshotsOfDay(deps.db, { day: params.day, departments });
  const atmo = new Map<string, AtmoSnapshot>();
  const hubeau = new Map<string, { changed: Set<string>; perCommune: Set<string> }>();
  const vigieau = new Map<string, VigieauSnapshot>();
  const topics = new Map(BULK_TOPICS.map((topic) => [topic.bulk.source, { topic, rows: new Map<string, unknown>() }]));
  for (const row of rows) {
    if (row.source === "atmo") {
      const snapshot = readSnapshot(deps, "atmo", row.payloadJson);
      if (snapshot) atmo.set(row.department, snapshot);
    } else if (row.source === "hubeau") {
      const snapshot = readSnapshot(deps, "hubeau", row.payloadJson);
      if (snapshot) hubeau.set(row.department, { changed: new Set(snapshot.changed), perCommune: new Set(snapshot.perCommune) });
    } else if (row.source === "vigieau") {
      const snapshot = readSnapshot(deps, "vigieau", row.payloadJson);
      if (snapshot) vigieau.set(row.department, snapshot);
    } else {
      const bulk = topics.get(row.source);
      if (!bulk) continue;
      const snapshot = readStoredJson(deps, bulk.topic.bulk.schema, row.payloadJson, { table: "source_snapshots", kind: row.source });
      if (snapshot) bulk.rows.set(row.department, snapshot);
    }
  }
  const communes: Record<string, CommuneChanges> = {};
  for (const citycode of params.communes) {
    const communeCode = toCommuneCode(citycode);
    const department = departmentCodeOf(communeCode);
    const air = atmo.get(department);
    const water = hubeau.get(department);
    communes[citycode] = {
      air: air ? airIndicesOf(air, communeCode, params.now ? todayForCommune(params.now, communeCode) : params.day) : null,
      water: !water || water.perCommune.has(citycode) ? "read" : water.changed.has(citycode) ? "digest" : "unchanged",
      droughtChanged: vigieau.get(department)?.changed ?? true,
      droughtNone: vigieau.get(department)?.zoneCount === 0,
      ...(Object.fromEntries(
        [...topics].map(([source, { topic, rows }]) => [source, topic.bulk.communeView(rows.get(department), { citycode, communeCode, department })]),
      ) as TopicCommuneViews),
    };
  }
  // A topic's pass at the 17:00 send stage (at-send.ts, decision 079) judges no water: it does not read the digests.
  return { day: params.day, communes, digests: params.withDigests === false ? new Map() : await loadWaterDigests(deps, params.communes) };
}

/**
 * The same choice as the report page (commune-data.ts, loadAirIndices): the commune's own
 * indices, and its EPCI's only when the commune has no usable index for its own day `day`.
 */
function airIndicesOf(snapshot: AtmoSnapshot, communeCode: string, day: string): AirIndices {
  const own = snapshot.indices[communeCode] ?? [];
  const epciCode = snapshot.epciOf?.[communeCode] ?? null;
  const epciIndices = epciCode ? (snapshot.indices[epciCode] ?? []) : [];
  const epci = epciCode ? { code: epciCode, name: epciIndices[0]?.zoneName ?? "" } : null;
  const hasToday = own.some((index) => index.date === day && levelOfAtmoCode(index.code) !== null);
  if (hasToday || !epci) return { atmo: { ok: true, data: own }, epci };
  return { atmo: { ok: true, data: [...own, ...epciIndices] }, epci };
}
