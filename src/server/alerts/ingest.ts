// The run's bulk reads (decision 048): once per run, before any batch, read each source for the
// whole country (air) or per département (water, drought) and store what a batch needs in
// source_snapshots, keyed by day + source + département. A batch then reads a few rows
// (snapshots.ts, loadRunChanges) instead of calling every upstream for every commune:
// - air: every zone's ATMO index for today and tomorrow, paged, plus every commune's EPCI from
//   the API Géo (cached 30 days) — evaluated from the snapshot, no call per commune;
// - water: per département, the communes with a sample newer than their digest knows (a light
//   read of sample dates), then the département's results of the window folded into those
//   communes' digests (decision 049) — a batch judges them from the digest, with no call per
//   commune. A département with many watched communes without a digest reads its whole year once
//   (the first run); a few new communes, Paris/Lyon/Marseille arrondissements and a failed read
//   go the per-commune path, whose read then seeds the digest;
// - drought: per département, a fingerprint of VigiEau's zones in force — only the communes of a
//   département whose zones changed are read again per commune;
// - each alert topic read in bulk (src/sections/topics.server.ts: its `bulk`), in the registry's
//   order, beside these; an opt-in topic's only when some account turned it on (decision 073).
//   Never a read per subscriber.
// A read that fails leaves no row: its communes go the per-commune path (water, drought) or have
// no air section this run (air). Nothing here ever creates an event or moves an alert state.
import { anyoneOptedIn } from "../db/repositories/preferences.ts";
import { departmentCodeOf, isEpciCode, toCommuneCode } from "../../core/shared/commune.ts";
import { addDaysToLocalDate, todayForCommune } from "../../core/shared/time.ts";
import type { WaterResult } from "../../core/types.ts";
import { isLaterPublication, type PublishedAtmoIndex } from "../../sources/atmo/to-domain.ts";
import { digestNewestSample, emptyWaterDigest, foldIntoWaterDigest, WATER_WINDOW_DAYS, type WaterDigest } from "../../sections/water/index.ts";
import { saveWaterDigests } from "../db/repositories/water-digests.ts";
import { deleteSnapshotsBefore, readWatermark, saveSnapshots, saveWatermark, type NewSnapshot } from "../db/repositories/source-snapshots.ts";
import { deleteRunMarksBefore } from "../db/repositories/alert-run-marks.ts";
import type { AppDeps } from "../deps.ts";
import type { UpstreamName } from "../services/sources.ts";
import { BULK_TOPICS, type TopicIngestSummaries } from "../../sections/registry.server.ts";
import { listWatchedCommunesPage } from "./subjects.ts";
import { createRateGate } from "./rate-gate.ts";
import {
  loadBaselineSnapshots,
  loadDigestSampleCodes,
  loadSnapshotsOfDay,
  loadWaterDigests,
  type AtmoSnapshot,
  type HubeauSnapshot,
  type VigieauSnapshot,
} from "./snapshots.ts";

type Deps = Pick<AppDeps, "db" | "sources" | "config" | "clock" | "log">;

/** VigiEau's baselines must outlive a month without change; the air and Hub'Eau snapshots are only read today. */
const KEEP_BASELINE_DAYS = 45;
const WATERMARK_SOURCE = "hubeau";
const KEEP_RUN_MARKS_DAYS = 7;
/** Départements read at once per source (each request still passes the source's rate gate). */
export const DEPARTMENT_CONCURRENCY = 4;
/**
 * Watched codes read per page. The ingest never holds the country's list of watched communes
 * (35 000 codes at national scale): it pages through them once to learn the départements, then
 * reads each département's codes when its water turn comes (decision 062).
 */
export const WATCHED_PAGE_SIZE = 1000;

export type IngestSummary = RunIngestSummary & TopicIngestSummaries;

/** The run's own bulk reads' lines (each bulk topic adds its own under its source's name). */
interface RunIngestSummary {
  day: string;
  departments: number;
  /**
   * The most watched codes the ingest held at once: a page while it lists the départements, then
   * the codes of the départements being read (DEPARTMENT_CONCURRENCY at a time) — never the country's.
   */
  mostWatchedCodesHeld: number;
  /** requests that reached each upstream during the ingest (cache hits excluded) */
  upstreamCalls: { atmo: number; hubeau: number; vigieau: number; geo: number };
  air: {
    ok: boolean;
    /** indices read (one per zone and day; a republished day of a zone no snapshot needs counts twice) */
    indices: number;
    epciKnown: boolean;
    /**
     * The most ATMO indices the air read held at once: the page being folded plus the indices kept
     * for the watched zones — never the country's two days (decision 062).
     */
    mostIndicesHeld: number;
  };
  water: {
    departmentsRead: number;
    departmentsFailed: number;
    /** communes with a newer sample than their digest, judged from it */
    changedCommunes: number;
    /** communes whose digest was built from their département's year (first run, many new communes) */
    seededCommunes: number;
    /** départements whose year was read to build digests */
    seededDepartments: number;
    /** communes left to the per-commune path today */
    perCommuneCommunes: number;
    /** results folded from the bulk reads */
    bulkResults: number;
    since: string;
    watermarkMoved: boolean;
  };
  drought: { departmentsRead: number; departmentsFailed: number; departmentsChanged: number };
  durationMs: number;
}

/**
 * Reads the sources once for the run's day and stores the snapshots. `communes`: the watched
 * citycodes (tests); when absent, they are read from the sign-ups and accounts page by page.
 */
export async function ingestSources(
  appDeps: Deps,
  params: { day: string; now: Date; communes?: readonly string[]; watchedPageSize?: number },
): Promise<IngestSummary> {
  // The run's calls count in each upstream's budget but are never refused (decision 058).
  const deps: Deps = { ...appDeps, sources: appDeps.sources.forAlertRun() };
  const started = performance.now();
  const callsBefore = countCalls(deps);
  const held = createHeldCount();
  const pageSize = params.watchedPageSize ?? WATCHED_PAGE_SIZE;
  const given = params.communes ? groupByDepartment(params.communes) : null;
  const departments = given ? [...given.keys()].sort() : await listWatchedDepartments(deps, pageSize, held);
  const watched: WatchedOfDepartment = given
    ? async (department) => given.get(department) ?? []
    : (department) => listWatchedCommunesOfDepartment(deps, { department, pageSize, held });
  const nowMs = params.now.getTime();

  // Air first and alone: its national read (every zone, every commune's EPCI) is the biggest thing
  // the plan holds, and it is garbage before the water reads start. Drought (101 small calls at
  // VigiEau's pace) runs beside water.
  const air = await ingestAir(deps, { day: params.day, departments, nowMs });
  // The topics read in bulk beside the others; an opt-in topic only when some account turned it
  // on (decision 073).
  const wanted = await Promise.all(BULK_TOPICS.map((topic) => (topic.optIn ? anyoneOptedIn(deps.db, topic.key) : Promise.resolve(true))));
  const [water, drought, ...topicSummaries] = await Promise.all([
    ingestWater(deps, { day: params.day, departments, watched, held, now: params.now }),
    ingestDrought(deps, { day: params.day, departments, nowMs }),
    ...BULK_TOPICS.map((topic, index) => topic.bulk.ingest(deps, { day: params.day, departments: wanted[index] ? departments : [], nowMs })),
  ]);
  const topics = Object.fromEntries(BULK_TOPICS.map((topic, index) => [topic.bulk.source, topicSummaries[index]])) as TopicIngestSummaries;
  await Promise.all([
    deleteSnapshotsBefore(deps.db, { source: "atmo", beforeDay: params.day }),
    // A topic's snapshots are read on their day only.
    ...BULK_TOPICS.map((topic) => deleteSnapshotsBefore(deps.db, { source: topic.bulk.source, beforeDay: params.day })),
    // Hub'Eau's baseline is the digests now (decision 049): only the day's snapshot is read.
    deleteSnapshotsBefore(deps.db, { source: "hubeau", beforeDay: params.day }),
    deleteSnapshotsBefore(deps.db, { source: "vigieau", beforeDay: addDaysToLocalDate(params.day, -KEEP_BASELINE_DAYS) }),
    // A week of marks: a batch of an earlier day redelivered late still finds its send-stage mark.
    deleteRunMarksBefore(deps.db, { beforeDay: addDaysToLocalDate(params.day, -KEEP_RUN_MARKS_DAYS) }),
  ]);

  const callsAfter = countCalls(deps);
  const summary: IngestSummary = {
    day: params.day,
    departments: departments.length,
    mostWatchedCodesHeld: held.most,
    upstreamCalls: {
      atmo: callsAfter.atmo - callsBefore.atmo,
      hubeau: callsAfter.hubeau - callsBefore.hubeau,
      vigieau: callsAfter.vigieau - callsBefore.vigieau,
      geo: callsAfter.geo - callsBefore.geo,
    },
    air,
    water,
    drought,
    ...topics,
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
      ...Object.fromEntries(BULK_TOPICS.map((topic, index) => [`${topic.bulk.source}Ok`, topic.bulk.succeeded(topicSummaries[index])])),
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

function groupByDepartment(citycodes: Iterable<string>, byDepartment = new Map<string, string[]>()): Map<string, string[]> {
  for (const citycode of citycodes) {
    const department = departmentCodeOf(toCommuneCode(citycode));
    const list = byDepartment.get(department) ?? [];
    list.push(citycode);
    byDepartment.set(department, list);
  }
  return byDepartment;
}

/** A département's watched citycodes, read when its turn comes. */
type WatchedOfDepartment = (department: string) => Promise<readonly string[]>;

/** Counts the watched codes in hand (`take` when read, `drop` when done with them) and keeps the most. */
function createHeldCount() {
  const count = { now: 0, most: 0 };
  return {
    take(codes: number) {
      count.now += codes;
      count.most = Math.max(count.most, count.now);
    },
    drop(codes: number) {
      count.now -= codes;
    },
    get most() {
      return count.most;
    },
  };
}
type HeldCount = ReturnType<typeof createHeldCount>;

/** The départements where someone is watched, from the watched codes read one page at a time (only the page is held). */
async function listWatchedDepartments(deps: Deps, pageSize: number, held: HeldCount): Promise<string[]> {
  const departments = new Set<string>();
  let afterCitycode: string | null = null;
  for (;;) {
    const communes: string[] = await listWatchedCommunesPage(deps.db, { afterCitycode, limit: pageSize });
    held.take(communes.length);
    for (const citycode of communes) departments.add(departmentCodeOf(toCommuneCode(citycode)));
    held.drop(communes.length);
    if (communes.length < pageSize) return [...departments].sort();
    afterCitycode = communes.at(-1) ?? null;
  }
}

/**
 * One département's watched codes, page by page: those after the département's code and before
 * the next prefix ("01" → "02", "29" → "2:", "2A" → "2B", "971" → "972"). A citycode starts with
 * its département's code, so they are exactly the codes with that prefix (Paris, Lyon, Marseille
 * arrondissements included). The caller drops them from `held` when it is done.
 */
async function listWatchedCommunesOfDepartment(deps: Deps, input: { department: string; pageSize: number; held: HeldCount }): Promise<string[]> {
  const { department, pageSize, held } = input;
  const beforeCitycode = department.slice(0, -1) + String.fromCharCode(department.charCodeAt(department.length - 1) + 1);
  const citycodes: string[] = [];
  let afterCitycode: string | null = department;
  for (;;) {
    const communes: string[] = await listWatchedCommunesPage(deps.db, { afterCitycode, limit: pageSize, beforeCitycode });
    held.take(communes.length);
    citycodes.push(...communes);
    if (communes.length < pageSize) return citycodes;
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

/** Départements whose air snapshots are built and saved together, then dropped. */
export const AIR_SAVE_GROUP = 8;

/**
 * The air of the day (decision 062: pages in, pages out). The API Géo's list is read first and
 * folded into what the snapshots need (each watched département's communes → EPCI, and which
 * watched départements each EPCI reaches), then dropped. ATMO's pages are then folded one at a
 * time: only the indices of the zones a snapshot needs are kept (a watched département's communes,
 * the EPCIs of its communes), with their repeated strings shared; a page is garbage once folded.
 * Snapshots are then built and saved AIR_SAVE_GROUP départements at a time. Nothing of a failed
 * ATMO read is saved: a half-read day would look like "no index" for the communes of missing pages.
 */
async function ingestAir(deps: Deps, params: { day: string; departments: readonly string[]; nowMs: number }): Promise<IngestSummary["air"]> {
  const held = { now: 0, most: 0 };
  if (params.departments.length === 0) return { ok: true, indices: 0, epciKnown: false, mostIndicesHeld: 0 };
  const wanted = new Set(params.departments);
  const share = createStringPool();

  const membership = await deps.sources.fetchCommunesEpci();
  // Per watched département, its communes' EPCI (null: the API Géo could not be read); per EPCI,
  // the watched départements where it has a member commune (an EPCI can straddle two).
  const epciOfDepartment = new Map<string, Record<string, string | null>>();
  const departmentsOfEpci = new Map<string, Set<string>>();
  if (membership.ok) {
    for (const department of wanted) epciOfDepartment.set(department, {});
    for (const [commune, epci] of membership.data) {
      const department = departmentCodeOf(commune);
      const epciOf = epciOfDepartment.get(department);
      if (!epciOf) continue;
      epciOf[commune] = epci === null ? null : share(epci);
      if (epci === null) continue;
      const departments = departmentsOfEpci.get(epci) ?? new Set<string>();
      departments.add(department);
      departmentsOfEpci.set(share(epci), departments);
    }
  }
  const epciKnown = membership.ok;

  // Zone → its kept indices (one per day: the latest publication), in the order zones arrive.
  const kept = new Map<string, PublishedAtmoIndex[]>();
  let indices = 0;
  const gate = createRateGate(deps.config.ALERT_ATMO_PER_SECOND);
  const read = await deps.sources.fetchAtmoIndicesForDays({
    fromDay: params.day,
    toDay: addDaysToLocalDate(params.day, 1),
    pageSize: deps.config.ALERT_ATMO_PAGE_SIZE,
    beforeRequest: gate,
    onPage: (page) => {
      held.most = Math.max(held.most, held.now + page.length);
      for (const entry of page) {
        const zoneCode = entry.index.zoneCode;
        const isEpci = isEpciCode(zoneCode);
        const needed = isEpci ? departmentsOfEpci.has(zoneCode) : wanted.has(departmentCodeOf(zoneCode));
        const list = kept.get(zoneCode);
        const sameDay = list?.findIndex((other) => other.index.date === entry.index.date) ?? -1;
        if (sameDay < 0) indices += 1;
        if (!needed) continue;
        const compact = compactIndex(entry, share);
        if (!list) {
          kept.set(share(zoneCode), [compact]);
          held.now += 1;
        } else if (sameDay < 0) {
          list.push(compact);
          held.now += 1;
        } else if (isLaterPublication(compact, list[sameDay])) list[sameDay] = compact;
      }
    },
  });
  // Without the indices there is nothing to store: the day's air is unavailable (no false alert),
  // and a later run of the same day can still store it.
  if (!read.result.ok) return { ok: false, indices: 0, epciKnown, mostIndicesHeld: held.most };

  // Communes' own indices go to their département, then the indices of the EPCIs of its communes.
  const communeZonesOf = new Map<string, string[]>();
  for (const zoneCode of kept.keys()) {
    if (isEpciCode(zoneCode)) continue;
    const department = departmentCodeOf(zoneCode);
    const zones = communeZonesOf.get(department) ?? [];
    zones.push(zoneCode);
    communeZonesOf.set(department, zones);
  }
  const indicesOf = (zoneCode: string) =>
    kept
      .get(zoneCode)
      ?.map((entry) => entry.index)
      .sort((a, b) => a.date.localeCompare(b.date));
  const departments = [...wanted];
  for (let start = 0; start < departments.length; start += AIR_SAVE_GROUP) {
    const rows: NewSnapshot[] = departments.slice(start, start + AIR_SAVE_GROUP).map((department) => {
      const epciOf = membership.ok ? (epciOfDepartment.get(department) ?? {}) : null;
      const snapshot: AtmoSnapshot = { indices: {}, epciOf };
      for (const zoneCode of communeZonesOf.get(department) ?? []) snapshot.indices[zoneCode] = indicesOf(zoneCode) ?? [];
      for (const epci of Object.values(epciOf ?? {})) {
        const epciIndices = epci ? indicesOf(epci) : undefined;
        if (epci && epciIndices) snapshot.indices[epci] = epciIndices;
      }
      return { department, payloadJson: JSON.stringify(snapshot) };
    });
    await saveSnapshots(deps.db, { day: params.day, source: "atmo", rows, nowMs: params.nowMs });
  }
  return { ok: true, indices, epciKnown, mostIndicesHeld: held.most };
}

/** Interns strings: the same agency, label, colour, day or EPCI code is held once, not once per index. */
function createStringPool(): <S extends string | null>(value: S) => S {
  const pool = new Map<string, string>();
  return <S extends string | null>(value: S): S => {
    if (value === null) return value;
    const known = pool.get(value);
    if (known !== undefined) return known as S;
    pool.set(value, value);
    return value;
  };
}

/** The index as the snapshot stores it, its repeated strings shared through `share`. */
function compactIndex(entry: PublishedAtmoIndex, share: ReturnType<typeof createStringPool>): PublishedAtmoIndex {
  const { index } = entry;
  return {
    publishedAt: share(entry.publishedAt),
    index: {
      ...index,
      label: share(index.label),
      color: share(index.color),
      date: share(index.date),
      zoneCode: share(index.zoneCode),
      zoneName: share(index.zoneName),
      zoneType: share(index.zoneType),
      agency: share(index.agency),
    },
  };
}

// ---------------------------------------------------------------- water

async function ingestWater(
  deps: Deps,
  params: { day: string; departments: readonly string[]; watched: WatchedOfDepartment; held: HeldCount; now: Date },
): Promise<IngestSummary["water"]> {
  const watermark = await readWatermark(deps.db, WATERMARK_SOURCE);
  // Sample dates, not publication dates: a sample appears a month or two after it was taken, so
  // the window starts well before the last complete read (ALERT_HUBEAU_LOOKBACK_DAYS).
  const since = addDaysToLocalDate(watermark ?? params.day, -deps.config.ALERT_HUBEAU_LOOKBACK_DAYS);
  const summary: IngestSummary["water"] = {
    departmentsRead: 0,
    departmentsFailed: 0,
    changedCommunes: 0,
    seededCommunes: 0,
    seededDepartments: 0,
    perCommuneCommunes: 0,
    bulkResults: 0,
    since,
    watermarkMoved: false,
  };
  if (params.departments.length === 0) return summary;
  const nowMs = params.now.getTime();
  // A re-run of the same day keeps what the first one found (its batches may not have run).
  const earlier = await loadSnapshotsOfDay(deps, { day: params.day, source: "hubeau", departments: params.departments });
  const gate = createRateGate(deps.config.ALERT_HUBEAU_PER_SECOND);
  // The results reads (every field) go one département at a time, in pages of
  // ALERT_HUBEAU_RESULTS_PAGE_SIZE: memory holds one such page and one département's digests,
  // within a Worker's 128 MB; the light sample-date reads still go four at a time.
  let resultsTurn: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const run = resultsTurn.then(task);
    resultsTurn = run.catch(() => undefined);
    return run;
  };
  await forEachLimited(params.departments, DEPARTMENT_CONCURRENCY, async (department) => {
    const citycodes = await params.watched(department);
    try {
      await ingestWaterOfDepartment(deps, { ...params, department, citycodes, since, earlier, gate, oneAtATime, summary, nowMs });
    } finally {
      params.held.drop(citycodes.length);
    }
  });
  // The window of the next run starts from here only if no département was left behind.
  if (summary.departmentsFailed === 0) {
    await saveWatermark(deps.db, { source: WATERMARK_SOURCE, value: params.day, nowMs });
    summary.watermarkMoved = true;
  }
  return summary;
}

/** One département's water: its sample dates, then its changed (or new) communes folded from its results read. */
async function ingestWaterOfDepartment(
  deps: Deps,
  input: {
    day: string;
    now: Date;
    nowMs: number;
    department: string;
    citycodes: readonly string[];
    since: string;
    earlier: Map<string, HubeauSnapshot>;
    gate: () => Promise<void>;
    oneAtATime: <T>(task: () => Promise<T>) => Promise<T>;
    summary: IngestSummary["water"];
  },
): Promise<void> {
  const { department, citycodes, since, earlier, gate, oneAtATime, summary, nowMs } = input;
  const params = { day: input.day, now: input.now };
  const read = await deps.sources.fetchDepartmentSampleDates({
    department,
    since,
    until: params.day,
    pageSize: deps.config.ALERT_HUBEAU_PAGE_SIZE,
    beforeRequest: gate,
  });
  if (!read.result.ok) {
    // No snapshot for the département: its batches read per commune, as before any bulk read.
    summary.departmentsFailed += 1;
    return;
  }
  summary.departmentsRead += 1;
  const readOf = new Map(read.result.data.map(([commune, newest, codes]) => [commune, { newest, codes }]));
  const known = await loadDigestSampleCodes(deps, citycodes);
  const changed: string[] = [];
  const missing: string[] = [];
  const perCommune: string[] = [];
  for (const citycode of citycodes) {
    const communeCode = toCommuneCode(citycode);
    // Paris, Lyon, Marseille: samples may be filed under the arrondissement or the commune, and
    // the report picks between them per commune: those few stay on the per-commune path.
    const arrondissement = communeCode !== citycode;
    const reads = [readOf.get(citycode), arrondissement ? readOf.get(communeCode) : undefined].filter((entry) => entry !== undefined);
    const digest = known.get(citycode);
    // News: a sample the digest does not know, even dated before its newest (published late, decision 052).
    const news = digest !== undefined && reads.some((entry) => entry.newest > (digest.newest ?? "") || entry.codes.some((code) => !digest.codes.has(code)));
    if (!digest) (arrondissement ? perCommune : missing).push(citycode);
    else if (news) (arrondissement ? perCommune : changed).push(citycode);
  }
  // Many communes without a digest (the first run, a département joining): read its year once.
  const seeding = missing.length >= deps.config.ALERT_HUBEAU_SEED_MIN_COMMUNES;
  if (!seeding) perCommune.push(...missing);
  const toFold = seeding ? [...changed, ...missing] : changed;
  const digests = toFold.length > 0 ? await loadWaterDigests(deps, changed) : new Map<string, WaterDigest>();
  if (seeding) for (const citycode of missing) digests.set(citycode, emptyWaterDigest("from-results"));
  let folded = true;
  if (toFold.length > 0) {
    const bulk = await oneAtATime(() =>
      deps.sources.fetchDepartmentResults({
        department,
        since: seeding ? addDaysToLocalDate(params.day, -WATER_WINDOW_DAYS) : since,
        until: params.day,
        pageSize: deps.config.ALERT_HUBEAU_RESULTS_PAGE_SIZE,
        beforeRequest: gate,
        onResults: (rows) => {
          const byCommune = new Map<string, WaterResult[]>();
          for (const { commune, result } of rows) {
            if (!digests.has(commune)) continue;
            const list = byCommune.get(commune) ?? [];
            list.push(result);
            byCommune.set(commune, list);
          }
          for (const [commune, results] of byCommune) {
            foldIntoWaterDigest(digests.get(commune)!, results, params.now);
            summary.bulkResults += results.length;
          }
        },
      }),
    );
    folded = bulk.result.ok;
  }
  if (!folded) perCommune.push(...toFold);
  const judged = folded ? toFold : [];
  if (folded) {
    summary.changedCommunes += changed.length;
    if (seeding) {
      summary.seededCommunes += missing.length;
      summary.seededDepartments += 1;
    }
  }
  summary.perCommuneCommunes += perCommune.length;
  const before = earlier.get(department);
  const perCommuneSet = new Set(perCommune);
  const snapshot: HubeauSnapshot = {
    changed: [...new Set([...(before?.changed ?? []), ...(before?.perCommune ?? []), ...judged])].filter((citycode) => !perCommuneSet.has(citycode)).sort(),
    perCommune: [...perCommuneSet].sort(),
  };
  // The snapshot first, then the digests: a run that dies in between finds the same communes
  // newer on its re-run (their digests did not move), and the merged snapshot keeps them.
  await saveSnapshots(deps.db, { day: params.day, source: "hubeau", rows: [{ department, payloadJson: JSON.stringify(snapshot) }], nowMs });
  await saveWaterDigests(
    deps.db,
    judged.map((citycode) => {
      const digest = digests.get(citycode)!;
      return { citycode, department, newestSampleAt: digestNewestSample(digest), digest };
    }),
    nowMs,
  );
}

// ---------------------------------------------------------------- drought

async function ingestDrought(deps: Deps, params: { day: string; departments: readonly string[]; nowMs: number }): Promise<IngestSummary["drought"]> {
  const summary: IngestSummary["drought"] = { departmentsRead: 0, departmentsFailed: 0, departmentsChanged: 0 };
  if (params.departments.length === 0) return summary;
  const baselines = await loadBaselineSnapshots(deps, { day: params.day, source: "vigieau" });
  // VigiEau allows about 300 requests per 15 minutes: the run's gate spaces these too.
  const gate = createRateGate(deps.config.ALERT_VIGIEAU_PER_SECOND);
  const rows: NewSnapshot[] = [];
  await forEachLimited(params.departments, DEPARTMENT_CONCURRENCY, async (department) => {
    await gate();
    // The département's own day (an overseas one has its own clock; a commune's code starts with its département's).
    const read = await deps.sources.fetchDepartmentZonesState({ department, today: todayForCommune(new Date(params.nowMs), department) });
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
