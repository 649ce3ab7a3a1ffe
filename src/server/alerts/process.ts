// One batch of the run: fetch each commune's data once, compare every subject with what the last
// run knew, and record new events and states together (one transaction per batch), so that a run
// that dies halfway leaves either nothing or everything of a batch behind.
import { evaluateAirQuality } from "../../sections/air/index.ts";
import { decideCommuneReads, type Diff } from "../../core/alerts/index.ts";
import { diffAir, type AirAlertState } from "../../sections/air/alert.ts";
import { diffBathing, type BathingAlertState } from "../../sections/bathing/alert.ts";
import { diffDrought, type DroughtAlertState } from "../../sections/drought/alert.ts";
import { diffWater, type JudgedNetwork, type LegacyWaterAlertState, type WaterAlertState } from "../../sections/water/alert.ts";
import type { AlertSource } from "../../sections/rules.ts";
import { JUDGED_TOPICS } from "../../sections/registry.server.ts";
import type { SubjectJudgement } from "./topic.ts";
import type { BathingSite } from "../../sections/bathing/types.ts";
import { evaluateDrought } from "../../sections/drought/index.ts";
import { departmentCodeOf, toCommuneCode } from "../../core/shared/commune.ts";
import type { DroughtZone, SourceResult } from "../../core/types.ts";
import { digestNewestSample, emptyWaterDigest, foldIntoWaterDigest, judgeWaterQuality } from "../../sections/water/index.ts";
import { generateRandomToken } from "../auth/crypto.ts";
import { saveDetections, type NewAlertEvent } from "../db/repositories/alert-events.ts";
import { takeFromDayBudget } from "../db/repositories/alert-run-marks.ts";
import type { AlertStateRow } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { reportPageUrl } from "../services/account-reports.ts";
import { buildBathingSection, refreshBathingSite } from "../services/bathing.ts";
import { communeWaterFromDigest, loadCommuneData, selectWater, watchedNetworks, type CommuneData } from "../services/commune-data.ts";
import { saveWaterDigests, type DigestWrite } from "../db/repositories/water-digests.ts";
import { CHECKED_SOURCES, type AlertSubject } from "./subjects.ts";
import type { RunGates } from "./rate-gate.ts";
import { loadAlertStates, type RunChanges, type StoredEventPayload } from "./snapshots.ts";

type Deps = Pick<AppDeps, "db" | "sources" | "cache" | "config" | "appSecret" | "clock" | "log">;

/** A site's live page is read once per run, whichever addresses it is near. */
export type BathingReads = Map<string, Promise<Awaited<ReturnType<typeof refreshBathingSite>>>>;

/** A commune split between several zones of one type answers 409: then each address is asked. */
async function zonesForSubject(deps: Deps, gates: RunGates, subject: AlertSubject, commune: CommuneData): Promise<SourceResult<DroughtZone[]>> {
  const zones = commune.zones ?? { ok: false as const, reason: "not_found" as const };
  if (zones.ok || zones.status !== 409) return zones;
  await gates.vigieau();
  return deps.sources.fetchDroughtZones({
    communeCode: toCommuneCode(subject.address.citycode),
    lon: subject.address.longitude,
    lat: subject.address.latitude,
  });
}

export interface BatchOutcome {
  subjectsChecked: number;
  alertsDetected: number;
}

/**
 * With `changes` (the run's snapshots, ingest.ts), a commune's air comes from the bulk read, and
 * its water and drought are read per commune only when the snapshot says they changed — or when a
 * subject has never been checked (it needs its first state); an unchanged source is neither read
 * nor evaluated, and its stored state stays. Without `changes` (admin panel, older callers), every
 * needed source is read per commune.
 */
export async function processAlertBatch(
  appDeps: Deps,
  batch: readonly AlertSubject[],
  options: { gates: RunGates; concurrency: number; bathingReads?: BathingReads; changes?: RunChanges },
): Promise<BatchOutcome> {
  // The run's calls count in each upstream's budget but are never refused (decision 058).
  const deps: Deps = { ...appDeps, sources: appDeps.sources.forAlertRun() };
  const bathingReads: BathingReads = options.bathingReads ?? new Map();
  const readSite = (site: BathingSite) => {
    let read = bathingReads.get(site.id);
    if (!read) {
      read = options.gates.baignades().then(() => refreshBathingSite(deps, site));
      bathingReads.set(site.id, read);
    }
    return read;
  };
  const now = deps.clock();
  const nowMs = now.getTime();
  // A read a topic shares between the batch's communes (a national map), made once per batch.
  const shared = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let pending = shared.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = read();
      shared.set(key, pending);
    }
    return pending;
  };
  const byCommune = new Map<string, AlertSubject[]>();
  for (const subject of batch) byCommune.set(subject.address.citycode, [...(byCommune.get(subject.address.citycode) ?? []), subject]);

  // Each read through its source's schema (snapshots.ts): an unreadable state is absent.
  const states: Map<string, unknown> = await loadAlertStates(
    deps,
    batch.map((subject) => subject.subjectKey),
  );

  const eventRows: NewAlertEvent[] = [];
  const stateUpserts: AlertStateRow[] = [];
  const digestWrites: DigestWrite[] = [];
  const communes = [...byCommune.entries()];
  let cursor = 0;

  async function worker() {
    while (cursor < communes.length) {
      const entry = communes[cursor++];
      if (!entry) break;
      const [citycode, subjects] = entry;
      const snapshot = options.changes?.communes[citycode];
      const digest = options.changes?.digests.get(citycode) ?? null;
      // What to read and judge (src/core/alerts/reads.ts); a first drought judgement takes a read
      // from the day's budget.
      const reads = decideCommuneReads({
        snapshot: snapshot ?? null,
        hasDigest: digest !== null,
        subjects: subjects.map((subject) => ({
          sources: subject.sources,
          judged: new Set(CHECKED_SOURCES.filter((source) => states.has(`${subject.subjectKey}|${source}`))),
        })),
      });
      const wanted = new Map(subjects.map((subject, index) => [subject, reads.subjects[index]]));
      const wants = (subject: AlertSubject, source: "water" | "drought") => wanted.get(subject)?.[source] === true;
      const wantsWater = reads.subjects.some((subject) => subject.water);
      const droughtFree = reads.drought === "free";
      const readDrought =
        reads.drought === "read" ||
        (reads.drought === "first-read" &&
          options.changes !== undefined &&
          (await takeFromDayBudget(deps.db, {
            budget: "vigieau-first-reads",
            day: options.changes.day,
            max: deps.config.ALERT_VIGIEAU_FIRST_READS_PER_RUN,
            nowMs,
          })));
      const readWater = reads.readWater;
      // The commune's official air index, else its intercommunality's (as on the report page);
      // from the run's snapshot when there is one (null there: the day's ATMO read failed).
      const commune = await loadCommuneData(deps.sources, {
        citycode,
        now,
        needs: {
          water: readWater,
          drought: readDrought,
          air: reads.readAir,
        },
        gates: options.gates,
      });
      const waterData = commune.water ?? (wantsWater && digest ? communeWaterFromDigest(commune.communeCode, digest) : null);
      // A commune read per commune during the queued run seeds (or renews) its digest.
      if (options.changes && commune.water && commune.water.udis.ok && commune.water.results.ok) {
        const fresh = emptyWaterDigest(commune.water.udis.data);
        foldIntoWaterDigest(fresh, commune.water.results.data, now);
        digestWrites.push({ citycode, department: departmentCodeOf(commune.communeCode), newestSampleAt: digestNewestSample(fresh), digest: fresh });
      }
      const airIndices = snapshot ? snapshot.air : commune.air;
      const air = airIndices ? evaluateAirQuality({ ...airIndices, cams: { ok: false, reason: "not_found" }, now, citycode }) : null;
      // Each network is judged once per commune, whatever the number of its subjects (a commune can
      // have thousands): the judgement depends on the commune's data and the network only.
      const judgedNetworks = new Map<string, JudgedNetwork>();
      const judgeNetworkOnce = (water: NonNullable<typeof waterData>, code: string, udiCode: string | undefined): JudgedNetwork => {
        const key = `${code}|${udiCode ?? ""}`;
        let judged = judgedNetworks.get(key);
        if (!judged) {
          judged = { code, ...judgeWaterQuality({ ...selectWater(water, udiCode, now), now }) };
          judgedNetworks.set(key, judged);
        }
        return judged;
      };
      // The topics judged through their plug-in (src/sections/<key>/alert.server.ts), once per
      // commune for its subjects watched for them, from the run's bulk read (its view of the
      // commune) or, without the run's snapshots (the admin panel's run), the topic's own read.
      const judgements = new Map<AlertSource, SubjectJudgement<unknown>>();
      for (const topic of JUDGED_TOPICS) {
        const watching = subjects.filter((subject) => subject.sources.includes(topic.key));
        if (watching.length === 0) continue;
        const view = snapshot ? (topic.bulkSource ? (snapshot as unknown as Record<string, unknown>)[topic.bulkSource] : undefined) : undefined;
        const judge = await topic.judgeCommune({ deps, now, citycode, subjects: watching, view, once });
        if (judge) judgements.set(topic.key, judge);
      }
      for (const subject of subjects) {
        const diffs: Array<[AlertSource, Diff<unknown>]> = [];
        const previous = <S>(source: AlertSource) => (states.get(`${subject.subjectKey}|${source}`) as S | undefined) ?? null;
        if (wants(subject, "water") && waterData) {
          // The report's judgement of each watched network, as the report page makes it (decision 052).
          const networks = watchedNetworks(waterData, subject.udiCode).map(({ code, udiCode }) => judgeNetworkOnce(waterData, code, udiCode));
          diffs.push(["water", diffWater(previous<WaterAlertState | LegacyWaterAlertState>("water"), networks)]);
        }
        if (wants(subject, "drought") && (droughtFree || readDrought)) {
          const zones: SourceResult<DroughtZone[]> = droughtFree ? { ok: true, data: [] } : await zonesForSubject(deps, options.gates, subject, commune);
          const drought = evaluateDrought({ zones, now, citycode });
          diffs.push(["drought", diffDrought(previous<DroughtAlertState>("drought"), drought, now)]);
        }
        if (subject.sources.includes("air") && air) diffs.push(["air", diffAir(previous<AirAlertState>("air"), air, now)]);
        if (subject.sources.includes("bathing")) {
          const bathing = await buildBathingSection(deps, {
            latitude: subject.address.latitude,
            longitude: subject.address.longitude,
            mode: "fresh",
            readSite,
          });
          diffs.push(["bathing", diffBathing(previous<BathingAlertState>("bathing"), bathing)]);
        }
        for (const [source, judge] of judgements) {
          if (!subject.sources.includes(source)) continue;
          const diff = judge(subject, previous(source));
          if (diff) diffs.push([source, diff]);
        }

        const reportUrl = reportPageUrl(deps, subject.address, subject.udiCode);
        for (const [source, diff] of diffs) {
          for (const event of diff.events) {
            const payload: StoredEventPayload = { addressLabel: subject.address.label, reportUrl, event };
            eventRows.push({
              id: generateRandomToken(12),
              recipientKey: subject.recipientKey,
              subjectKey: subject.subjectKey,
              source,
              eventKey: event.key,
              payloadJson: JSON.stringify(payload),
              detectedAtMs: nowMs,
            });
          }
          if (diff.next !== null) stateUpserts.push({ subjectKey: subject.subjectKey, source, stateJson: JSON.stringify(diff.next), updatedAtMs: nowMs });
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, communes.length)) }, worker));

  // Events and states of the batch land together: a state never moves without its event. The
  // digests read per commune go after: a batch redelivered before them reads those communes again.
  await saveDetections(deps.db, { events: eventRows, states: stateUpserts });
  await saveWaterDigests(deps.db, digestWrites, nowMs);
  return { subjectsChecked: batch.length, alertsDetected: eventRows.length };
}
