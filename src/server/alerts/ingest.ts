// The run's bulk reads (decision 048): once per run, before any batch, read each source for the
// whole country (air) or per département (water, drought) and store what a batch needs in
// source_snapshots, keyed by day + source + département. A batch then reads a few rows
// (loadRunChanges) instead of calling every upstream for every commune:
// - air: every zone's ATMO index for today and tomorrow, paged, plus every commune's EPCI from
//   the API Géo (cached 30 days) — evaluated from the snapshot, no call per commune;
// - water: per département, the communes with a sample newer than the last run knew — only
//   those are read again per commune (12 months of results, as the report does);
// - drought: per département, a fingerprint of VigiEau's zones in force — only the communes of a
//   département whose zones changed are read again per commune.
// A read that fails leaves no row: its communes go the per-commune path (water, drought) or have
// no air section this run (air). Nothing here ever creates an event or moves an alert state.
import type { AirIndices } from "../services/commune-data.ts";
import { levelOfAtmoCode } from "../../core/air/index.ts";
import { departmentCodeOf, toCommuneCode } from "../../core/shared/commune.ts";
import { addDaysToLocalDate } from "../../core/shared/time.ts";
import type { AtmoIndex } from "../../core/types.ts";
import {
  deleteSnapshotsBefore,
  listBaselineSnapshots,
  listSnapshotsOfDay,
  readWatermark,
  saveSnapshots,
  saveWatermark,
  type NewSnapshot,
} from "../db/repositories/source-snapshots.ts";
import type { AppDeps } from "../deps.ts";
import type { UpstreamName } from "../services/sources.ts";
import { listWatchedCommunesPage } from "./plan.ts";
import { createRateGate } from "./process.ts";

type Deps = Pick<AppDeps, "db" | "sources" | "config" | "clock" | "log">;

/** Hub'Eau's baselines must outlive a month without samples; the air snapshot is only read today. */
const KEEP_BASELINE_DAYS = 45;
const WATERMARK_SOURCE = "hubeau";
/** Départements read at once per source (each request still passes the source's rate gate). */
const DEPARTMENT_CONCURRENCY = 4;

export interface IngestSummary {
  day: string;
  departments: number;
  /** requests that reached each upstream during the ingest (cache hits excluded) */
  upstreamCalls: { atmo: number; hubeau: number; vigieau: number; geo: number };
  air: { ok: boolean; indices: number; epciKnown: boolean };
  water: { departmentsRead: number; departmentsFailed: number; changedCommunes: number; firstReadDepartments: number; since: string; watermarkMoved: boolean };
  drought: { departmentsRead: number; departmentsFailed: number; departmentsChanged: number };
  durationMs: number;
}

/** What a batch learns from the snapshots for one commune (citycode as the subjects carry it). */
export interface CommuneChanges {
  /** the official indices from the bulk read; null when the day's ATMO read failed (no air section this run) */
  air: AirIndices | null;
  /** a sample newer than the last run knew, or no usable snapshot: read the commune's water again */
  waterChanged: boolean;
  /** VigiEau's zones of the département changed, or no usable snapshot: read the commune's zones again */
  droughtChanged: boolean;
}

export interface RunChanges {
  day: string;
  communes: Record<string, CommuneChanges>;
}

interface AtmoSnapshot {
  /** zone code (commune INSEE or EPCI SIREN) → its indices for the day and the next */
  indices: Record<string, AtmoIndex[]>;
  /** commune → its EPCI's SIREN (null: none); null when the API Géo could not be read */
  epciOf: Record<string, string | null> | null;
}

interface HubeauSnapshot {
  /** commune → newest date_prelevement known */
  latest: Record<string, string>;
  /** the communes with a newer sample than the baseline; "all" on a first read */
  changed: string[] | "all";
}

interface VigieauSnapshot {
  fingerprintSha256: string;
  zoneCount: number;
  changed: boolean;
}

/**
 * Reads the sources once for the run's day and stores the snapshots. `departments`: the
 * départements that have subjects; when absent, they are read from the watched communes (page by
 * page, never all at once).
 */
export async function ingestSources(deps: Deps, params: { day: string; now: Date; departments?: readonly string[] }): Promise<IngestSummary> {
  const started = performance.now();
  const callsBefore = countCalls(deps);
  const departments = [...new Set(params.departments ?? (await listWatchedDepartments(deps)))].sort();
  const nowMs = params.now.getTime();

  const [air, water, drought] = await Promise.all([
    ingestAir(deps, { day: params.day, departments, nowMs }),
    ingestWater(deps, { day: params.day, departments, nowMs }),
    ingestDrought(deps, { day: params.day, departments, nowMs }),
  ]);
  await Promise.all([
    deleteSnapshotsBefore(deps.db, { source: "atmo", beforeDay: params.day }),
    deleteSnapshotsBefore(deps.db, { source: "hubeau", beforeDay: addDaysToLocalDate(params.day, -KEEP_BASELINE_DAYS) }),
    deleteSnapshotsBefore(deps.db, { source: "vigieau", beforeDay: addDaysToLocalDate(params.day, -KEEP_BASELINE_DAYS) }),
  ]);

  const callsAfter = countCalls(deps);
  const summary: IngestSummary = {
    day: params.day,
    departments: departments.length,
    upstreamCalls: {
      atmo: callsAfter.atmo - callsBefore.atmo,
      hubeau: callsAfter.hubeau - callsBefore.hubeau,
      vigieau: callsAfter.vigieau - callsBefore.vigieau,
      geo: callsAfter.geo - callsBefore.geo,
    },
    air,
    water,
    drought,
    durationMs: Math.round(performance.now() - started),
  };
  deps.log({
    level: air.ok && water.departmentsFailed === 0 && drought.departmentsFailed === 0 ? "info" : "warn",
    message: "alert sources ingested",
    fields: {
      day: summary.day,
      departments: summary.departments,
      atmoCalls: summary.upstreamCalls.atmo,
      hubeauCalls: summary.upstreamCalls.hubeau,
      vigieauCalls: summary.upstreamCalls.vigieau,
      geoCalls: summary.upstreamCalls.geo,
      airOk: air.ok,
      waterFailed: water.departmentsFailed,
      waterChangedCommunes: water.changedCommunes,
      droughtFailed: drought.departmentsFailed,
      droughtChanged: drought.departmentsChanged,
    },
  });
  return summary;
}

function countCalls(deps: Deps): Record<Extract<UpstreamName, "atmo" | "hubeau" | "vigieau" | "geo">, number> {
  const counts = { atmo: 0, hubeau: 0, vigieau: 0, geo: 0 };
  for (const status of deps.sources.upstreamStatus()) {
    if (status.name === "atmo" || status.name === "hubeau" || status.name === "vigieau" || status.name === "geo") counts[status.name] = status.calls;
  }
  return counts;
}

async function listWatchedDepartments(deps: Deps): Promise<string[]> {
  const departments = new Set<string>();
  let afterCitycode: string | null = null;
  for (;;) {
    const communes: string[] = await listWatchedCommunesPage(deps.db, { afterCitycode, limit: 1000 });
    for (const citycode of communes) departments.add(departmentCodeOf(toCommuneCode(citycode)));
    if (communes.length < 1000) return [...departments];
    afterCitycode = communes.at(-1) ?? null;
  }
}

/** Runs `task` for every item, `concurrency` at a time. */
async function forEachLimited<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let cursor = 0;
  const worker = async () => {
    while (cursor < items.length) {
      const item = items[cursor++];
      if (item !== undefined) await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

// ---------------------------------------------------------------- air

async function ingestAir(deps: Deps, params: { day: string; departments: readonly string[]; nowMs: number }): Promise<IngestSummary["air"]> {
  if (params.departments.length === 0) return { ok: true, indices: 0, epciKnown: false };
  const gate = createRateGate(deps.config.ALERT_ATMO_PER_SECOND);
  const [read, membership] = await Promise.all([
    deps.sources.fetchAtmoIndicesForDays({
      fromDay: params.day,
      toDay: addDaysToLocalDate(params.day, 1),
      pageSize: deps.config.ALERT_ATMO_PAGE_SIZE,
      beforeRequest: gate,
    }),
    deps.sources.fetchCommunesEpci(),
  ]);
  // Without the indices there is nothing to store: the day's air is unavailable (no false alert),
  // and a later run of the same day can still store it.
  if (!read.result.ok) return { ok: false, indices: 0, epciKnown: membership.ok };

  const indicesByZone = new Map<string, AtmoIndex[]>();
  for (const index of read.result.data) {
    const list = indicesByZone.get(index.zoneCode) ?? [];
    list.push(index);
    indicesByZone.set(index.zoneCode, list);
  }
  const wanted = new Set(params.departments);
  const byDepartment = new Map<string, AtmoSnapshot>();
  const snapshotOf = (department: string) => {
    let snapshot = byDepartment.get(department);
    if (!snapshot) {
      snapshot = { indices: {}, epciOf: membership.ok ? {} : null };
      byDepartment.set(department, snapshot);
    }
    return snapshot;
  };
  for (const department of wanted) snapshotOf(department);
  // Communes' own indices go to their département; an EPCI's go to every département where it
  // has a member commune (an EPCI can straddle two).
  for (const [zoneCode, indices] of indicesByZone) {
    if (/^\d{9}$/.test(zoneCode)) continue;
    const department = departmentCodeOf(zoneCode);
    if (wanted.has(department)) snapshotOf(department).indices[zoneCode] = indices;
  }
  if (membership.ok) {
    for (const [commune, epci] of membership.data) {
      const department = departmentCodeOf(commune);
      if (!wanted.has(department)) continue;
      const snapshot = snapshotOf(department);
      snapshot.epciOf![commune] = epci;
      const epciIndices = epci ? indicesByZone.get(epci) : undefined;
      if (epci && epciIndices) snapshot.indices[epci] = epciIndices;
    }
  }
  const rows: NewSnapshot[] = [...byDepartment].map(([department, snapshot]) => ({ department, payloadJson: JSON.stringify(snapshot) }));
  await saveSnapshots(deps.db, { day: params.day, source: "atmo", rows, nowMs: params.nowMs });
  return { ok: true, indices: read.result.data.length, epciKnown: membership.ok };
}

// ---------------------------------------------------------------- water

async function ingestWater(deps: Deps, params: { day: string; departments: readonly string[]; nowMs: number }): Promise<IngestSummary["water"]> {
  const watermark = await readWatermark(deps.db, WATERMARK_SOURCE);
  // Sample dates, not publication dates: a sample appears a month or two after it was taken, so
  // the window starts well before the last complete read (ALERT_HUBEAU_LOOKBACK_DAYS).
  const since = addDaysToLocalDate(watermark ?? params.day, -deps.config.ALERT_HUBEAU_LOOKBACK_DAYS);
  const summary: IngestSummary["water"] = { departmentsRead: 0, departmentsFailed: 0, changedCommunes: 0, firstReadDepartments: 0, since, watermarkMoved: false };
  if (params.departments.length === 0) return summary;
  const baselines = new Map(
    (await listBaselineSnapshots(deps.db, { day: params.day, source: "hubeau" })).map((row) => [row.department, JSON.parse(row.payloadJson) as HubeauSnapshot]),
  );
  const gate = createRateGate(deps.config.ALERT_HUBEAU_PER_SECOND);
  const rows: NewSnapshot[] = [];
  await forEachLimited(params.departments, DEPARTMENT_CONCURRENCY, async (department) => {
    const read = await deps.sources.fetchDepartmentSampleDates({ department, since, until: params.day, pageSize: deps.config.ALERT_HUBEAU_PAGE_SIZE, beforeRequest: gate });
    if (!read.result.ok) {
      summary.departmentsFailed += 1;
      return;
    }
    summary.departmentsRead += 1;
    const baseline = baselines.get(department);
    const latest: Record<string, string> = { ...(baseline?.latest ?? {}) };
    const changed: string[] = [];
    for (const [commune, sampledAt] of read.result.data) {
      const known = baseline?.latest[commune];
      if (known === undefined || sampledAt > known) {
        latest[commune] = sampledAt;
        changed.push(commune);
      }
    }
    // First read of a département: nothing to compare with, every commune is read per commune once.
    if (!baseline) summary.firstReadDepartments += 1;
    else summary.changedCommunes += changed.length;
    const snapshot: HubeauSnapshot = { latest, changed: baseline ? changed.sort() : "all" };
    rows.push({ department, payloadJson: JSON.stringify(snapshot) });
  });
  await saveSnapshots(deps.db, { day: params.day, source: "hubeau", rows, nowMs: params.nowMs });
  // The window of the next run starts from here only if no département was left behind.
  if (summary.departmentsFailed === 0) {
    await saveWatermark(deps.db, { source: WATERMARK_SOURCE, value: params.day, nowMs: params.nowMs });
    summary.watermarkMoved = true;
  }
  return summary;
}

// ---------------------------------------------------------------- drought

async function ingestDrought(deps: Deps, params: { day: string; departments: readonly string[]; nowMs: number }): Promise<IngestSummary["drought"]> {
  const summary: IngestSummary["drought"] = { departmentsRead: 0, departmentsFailed: 0, departmentsChanged: 0 };
  if (params.departments.length === 0) return summary;
  const baselines = new Map(
    (await listBaselineSnapshots(deps.db, { day: params.day, source: "vigieau" })).map((row) => [row.department, JSON.parse(row.payloadJson) as VigieauSnapshot]),
  );
  // VigiEau allows about 300 requests per 15 minutes: the run's gate spaces these too.
  const gate = createRateGate(deps.config.ALERT_VIGIEAU_PER_SECOND);
  const rows: NewSnapshot[] = [];
  await forEachLimited(params.departments, DEPARTMENT_CONCURRENCY, async (department) => {
    await gate();
    const read = await deps.sources.fetchDepartmentZonesState({ department });
    if (!read.ok) {
      summary.departmentsFailed += 1;
      return;
    }
    summary.departmentsRead += 1;
    const fingerprintSha256 = await sha256Hex(read.data.fingerprint);
    const changed = baselines.get(department)?.fingerprintSha256 !== fingerprintSha256;
    if (changed) summary.departmentsChanged += 1;
    const snapshot: VigieauSnapshot = { fingerprintSha256, zoneCount: read.data.zoneCount, changed };
    rows.push({ department, payloadJson: JSON.stringify(snapshot) });
  });
  await saveSnapshots(deps.db, { day: params.day, source: "vigieau", rows, nowMs: params.nowMs });
  return summary;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// ---------------------------------------------------------------- reading back

/** The snapshots of the communes of one batch: one query for their départements, every source. */
export async function loadRunChanges(deps: Pick<AppDeps, "db">, params: { day: string; communes: readonly string[] }): Promise<RunChanges> {
  const departments = [...new Set(params.communes.map((citycode) => departmentCodeOf(toCommuneCode(citycode))))];
  const rows = await listSnapshotsOfDay(deps.db, { day: params.day, departments });
  const atmo = new Map<string, AtmoSnapshot>();
  const hubeau = new Map<string, { changed: Set<string> | "all" }>();
  const vigieau = new Map<string, VigieauSnapshot>();
  for (const row of rows) {
    if (row.source === "atmo") atmo.set(row.department, JSON.parse(row.payloadJson) as AtmoSnapshot);
    else if (row.source === "hubeau") {
      const snapshot = JSON.parse(row.payloadJson) as HubeauSnapshot;
      hubeau.set(row.department, { changed: snapshot.changed === "all" ? "all" : new Set(snapshot.changed) });
    } else if (row.source === "vigieau") vigieau.set(row.department, JSON.parse(row.payloadJson) as VigieauSnapshot);
  }
  const communes: Record<string, CommuneChanges> = {};
  for (const citycode of params.communes) {
    const communeCode = toCommuneCode(citycode);
    const department = departmentCodeOf(communeCode);
    const air = atmo.get(department);
    const water = hubeau.get(department);
    // Paris, Lyon, Marseille: samples may be filed under the arrondissement or the commune.
    const waterChanged = !water || water.changed === "all" || water.changed.has(citycode) || water.changed.has(communeCode);
    communes[citycode] = {
      air: air ? airIndicesOf(air, communeCode, params.day) : null,
      waterChanged,
      droughtChanged: vigieau.get(department)?.changed ?? true,
    };
  }
  return { day: params.day, communes };
}

/**
 * The same choice as the report page (commune-data.ts, loadAirIndices): the commune's own
 * indices, and its EPCI's only when the commune has no usable index for today.
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
