// What the alert run keeps between its stages and its runs: the day's snapshots of the bulk reads
// (source_snapshots, written by ingest.ts) and what a batch learns from them for its communes.
import { levelOfAtmoCode } from "../../core/air/index.ts";
import type { CommuneSnapshotFacts } from "../../core/alerts/index.ts";
import { departmentCodeOf, toCommuneCode } from "../../core/shared/commune.ts";
import type { AtmoIndex } from "../../core/types.ts";
import type { WaterDigest } from "../../core/water/index.ts";
import { listSnapshotsOfDay } from "../db/repositories/source-snapshots.ts";
import { loadWaterDigests } from "../db/repositories/water-digests.ts";
import type { AppDeps } from "../deps.ts";
import type { AirIndices } from "../services/commune-data.ts";

/** What a batch learns from the snapshots for one commune (citycode as the subjects carry it). */
export interface CommuneChanges extends CommuneSnapshotFacts {
  /** the official indices from the bulk read; null when the day's ATMO read failed (no air section this run) */
  air: AirIndices | null;
}

export interface RunChanges {
  day: string;
  communes: Record<string, CommuneChanges>;
  /** the batch's communes' water digests (absent: none yet) */
  digests: Map<string, WaterDigest>;
}

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

/** The snapshots of the communes of one batch: one query for their départements, every source. */
export async function loadRunChanges(deps: Pick<AppDeps, "db">, params: { day: string; communes: readonly string[] }): Promise<RunChanges> {
  const departments = [...new Set(params.communes.map((citycode) => departmentCodeOf(toCommuneCode(citycode))))];
  const rows = await listSnapshotsOfDay(deps.db, { day: params.day, departments });
  const atmo = new Map<string, AtmoSnapshot>();
  const hubeau = new Map<string, { changed: Set<string>; perCommune: Set<string> }>();
  const vigieau = new Map<string, VigieauSnapshot>();
  for (const row of rows) {
    if (row.source === "atmo") atmo.set(row.department, JSON.parse(row.payloadJson) as AtmoSnapshot);
    else if (row.source === "hubeau") {
      const snapshot = JSON.parse(row.payloadJson) as Partial<HubeauSnapshot>;
      hubeau.set(row.department, { changed: new Set(snapshot.changed ?? []), perCommune: new Set(snapshot.perCommune ?? []) });
    } else if (row.source === "vigieau") vigieau.set(row.department, JSON.parse(row.payloadJson) as VigieauSnapshot);
  }
  const communes: Record<string, CommuneChanges> = {};
  for (const citycode of params.communes) {
    const communeCode = toCommuneCode(citycode);
    const department = departmentCodeOf(communeCode);
    const air = atmo.get(department);
    const water = hubeau.get(department);
    communes[citycode] = {
      air: air ? airIndicesOf(air, communeCode, params.day) : null,
      water: !water || water.perCommune.has(citycode) ? "read" : water.changed.has(citycode) ? "digest" : "unchanged",
      droughtChanged: vigieau.get(department)?.changed ?? true,
      droughtNone: vigieau.get(department)?.zoneCount === 0,
    };
  }
  return { day: params.day, communes, digests: await loadWaterDigests(deps.db, params.communes) };
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
