// The pollen topic's server half (decision 073): its state's schema, its bulk read of the indice
// pollen for the whole country (paged, only the watched départements kept) and its snapshot, and
// its judgement of a commune from that snapshot, with the report's own evaluation and advice.
import * as z from "zod";
import { reportAdviceFor } from "../../core/alerts/advice.ts";
import { departmentCodeOf, isEpciCode } from "../../core/shared/commune.ts";
import { addDaysToLocalDate } from "../../core/shared/time.ts";
import type { SourceResult } from "../../core/types.ts";
import type { PollenIndex, PollenSection, PollenTaxon } from "./types.ts";
import { saveSnapshots, type NewSnapshot } from "../../server/db/repositories/source-snapshots.ts";
import { createRateGate } from "../../server/alerts/rate-gate.ts";
import type { AlertTopicServer, TopicBulkRead, TopicIngestDeps } from "../../server/alerts/topic.ts";
import { buildPollenSection } from "./load.server.ts";
import { diffPollen, POLLEN_TOPIC, type PollenAlertState } from "./alert.ts";
import { evaluatePollen } from "./evaluate.ts";
import { POLLEN_TAXA } from "./scale.ts";

/** The watched départements' communes → their indice pollen for the run's day and the next (decision 073). */
export interface PollenSnapshot {
  indices: Record<string, PollenIndex[]>;
}

/** The bulk read's line in the ingest's summary: requests made, indices kept. */
export interface PollenIngestSummary {
  ok: boolean;
  requests: number;
  indicesKept: number;
}

const nullableString = z.string().nullable();
const pollenCode = z.number().int().nullable();
const pollenIndexSchema: z.ZodType<PollenIndex> = z.object({
  zoneCode: z.string(),
  zoneName: z.string(),
  date: z.string(),
  code: z.number().int(),
  label: z.string(),
  color: nullableString,
  taxa: z.object({ aulne: pollenCode, bouleau: pollenCode, olivier: pollenCode, armoise: pollenCode, graminees: pollenCode, ambroisie: pollenCode }),
  responsible: nullableString,
  agency: nullableString,
});

/** The indice pollen's snapshot source (source_snapshots.source). */
const SOURCE = "pollen";

/**
 * The indice pollen of today and tomorrow for every zone, paged (like the ATMO read): a page is
 * folded into the watched départements' communes, then garbage; one index per zone and day (the
 * last read wins). A failed read saves nothing: the day's pollen alerts are not judged (no false
 * alert, no false all-clear), and a later run of the same day can still store it.
 */
async function ingestPollen(deps: TopicIngestDeps, params: { day: string; departments: readonly string[]; nowMs: number }): Promise<PollenIngestSummary> {
  if (params.departments.length === 0) return { ok: true, requests: 0, indicesKept: 0 };
  const wanted = new Set(params.departments);
  const byDepartment = new Map<string, Map<string, { index: PollenIndex; publishedAt: string }>>();
  let indicesKept = 0;
  const gate = createRateGate(deps.config.ALERT_ATMO_PER_SECOND);
  const read = await deps.sources.fetchPollenIndicesForDays({
    fromDay: params.day,
    toDay: addDaysToLocalDate(params.day, 1),
    pageSize: deps.config.ALERT_ATMO_PAGE_SIZE,
    beforeRequest: gate,
    onPage: (page) => {
      for (const { index, publishedAt } of page) {
        if (isEpciCode(index.zoneCode)) continue;
        const department = departmentCodeOf(index.zoneCode);
        if (!wanted.has(department)) continue;
        const kept = byDepartment.get(department) ?? new Map<string, { index: PollenIndex; publishedAt: string }>();
        const key = `${index.zoneCode}|${index.date}`;
        const known = kept.get(key);
        if (!known) indicesKept += 1;
        // Two publications of one zone and day: the later one stands (as for the ATMO index).
        if (!known || publishedAt >= known.publishedAt) kept.set(key, { index, publishedAt });
        byDepartment.set(department, kept);
      }
    },
  });
  if (!read.result.ok) return { ok: false, requests: read.requests, indicesKept: 0 };
  // Every watched département gets its row, an empty one too: « read, nothing published » is not « not read ».
  const rows: NewSnapshot[] = params.departments.map((department) => {
    const snapshot: PollenSnapshot = { indices: {} };
    for (const { index } of byDepartment.get(department)?.values() ?? []) (snapshot.indices[index.zoneCode] ??= []).push(index);
    for (const list of Object.values(snapshot.indices)) list.sort((a, b) => a.date.localeCompare(b.date));
    return { department, payloadJson: JSON.stringify(snapshot) };
  });
  await saveSnapshots(deps.db, { day: params.day, source: SOURCE, rows, nowMs: params.nowMs });
  return { ok: true, requests: read.requests, indicesKept };
}

const bulk = {
  source: SOURCE as typeof SOURCE,
  schema: z.object({ indices: z.record(z.string(), z.array(pollenIndexSchema)) }),
  ingest: ingestPollen,
  succeeded: (summary) => summary.ok,
  // The commune's indices (an arrondissement's own, if the agency gives them, and its commune's).
  communeView: (snapshot, { citycode, communeCode }) => {
    if (!snapshot) return null;
    const own = citycode !== communeCode ? (snapshot.indices[citycode] ?? []) : [];
    return { ok: true, data: [...own, ...(snapshot.indices[communeCode] ?? [])] };
  },
} satisfies TopicBulkRead<PollenSnapshot, SourceResult<PollenIndex[]>, PollenIngestSummary>;

const KNOWN_TAXA = new Set<string>(POLLEN_TAXA.map((entry) => entry.taxon));
/** The pollens a subject chose (its preferences' list), in the agencies' order. */
const chosenTaxa = (choices: Readonly<Record<string, readonly string[]>> | undefined): PollenTaxon[] =>
  (choices?.[POLLEN_TOPIC.choices.field] ?? []).filter((taxon): taxon is PollenTaxon => KNOWN_TAXA.has(taxon));

// States stored before issue 36 lack levels (diffPollen reads them as a baseline).
const stateSchema: z.ZodType<PollenAlertState> = z.object({ episodeLastDay: nullableString, levels: z.record(z.string(), z.number().int()).optional() });

export const POLLEN_TOPIC_SERVER = {
  key: POLLEN_TOPIC.key,
  stateSchema,
  bulk,
  /**
   * Judged as the report judges it (the same evaluation), once per commune: from the run's bulk
   * read, else (the admin panel's run) the commune's own read. Only subjects with a chosen pollen.
   */
  async judgeCommune({ deps, now, citycode, subjects, view }) {
    if (!subjects.some((subject) => chosenTaxa(subject.choices).length > 0)) return null;
    const pollen: PollenSection | null =
      view === undefined ? await buildPollenSection(deps, { citycode, now }) : view && evaluatePollen({ indices: view, now, citycode });
    if (!pollen) return null;
    // The report's advice for the section that day, in its words: the e-mail quotes it.
    const advice = reportAdviceFor("pollen", { sections: { pollen }, now, citycode });
    return (subject, previous) => {
      const taxa = chosenTaxa(subject.choices);
      return taxa.length > 0 ? diffPollen(previous, pollen, taxa, now, advice) : null;
    };
  },
} satisfies AlertTopicServer<PollenAlertState, PollenSnapshot, SourceResult<PollenIndex[]>, PollenIngestSummary>;
