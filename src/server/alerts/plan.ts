// The plan stage of the alert run (decision 047): read the sources in bulk for the day
// (ingest.ts), then read the watched communes page by page with their subject counts and enqueue
// `process` messages of at most 50 communes and about 1 000 subjects; a commune with more is split
// into parts. The plan never holds more than one page of communes, nor does its ingest hold more
// than the few départements it is reading (decision 062). Both runtimes run it under the
// run lock (lifecycle.ts): the Worker from its 14:30 cron (pipeline.ts), Node in its whole run (run.ts).
import type { AlertSource } from "../../sections/rules.ts";
import type { AppDeps } from "../deps.ts";
import { retryPendingConfirmations } from "../services/subscriptions.ts";
import { ingestSources, type IngestSummary } from "./ingest.ts";
import type { AlertMessage, AlertQueue } from "./messages.ts";
import { listWatchedCommunesWithCountsPage, MAX_PARTS_PER_COMMUNE, type AlertSubject, type CommunePart, type WatchedCommune } from "./subjects.ts";

type Deps = Pick<AppDeps, "db" | "sources" | "cache" | "mailer" | "config" | "appSecret" | "clock" | "log">;

export const COMMUNES_PER_BATCH = 50;

/**
 * Subjects per batch, about: a batch's memory grows with its subjects (their rows, states and
 * events), and one commune can hold 15 000 of them (the national bench saw a 260 MB batch).
 */
export const SUBJECTS_PER_BATCH = 1000;

/** What one `process` message names: communes (and, for a crowded commune alone, which part of it). */
export interface PlannedBatch {
  communes: string[];
  part?: CommunePart;
}

/** Pages of the plan: 20 × 50 = 1 000 watched communes (and their counts) per read. */
const MESSAGES_PER_PLAN_PAGE = 20;

export interface PlanSizes {
  /** at most this many communes per `process` message (50: its upstream reads stay far below a Worker's limits) */
  communesPerMessage?: number;
  /** about this many subjects per `process` message at most (1 000: its memory stays far below a Worker's 128 MB) */
  subjectsPerMessage?: number;
  /** the page of watched communes reads communesPerMessage × this many codes */
  messagesPerPlanPage?: number;
}

export interface PlanOptions extends PlanSizes {
  /** the topics the batches leave to their pass at the Worker's 17:00 send stage (at-send.ts, decision 079) */
  skipTopics?: AlertSource[];
}

export interface PlanOutcome {
  /** watched communes, each counted once, even when split into parts */
  communes: number;
  /** `process` messages: one per batch of communes, one per part of a crowded commune */
  messages: number;
  /** reads of watched communes: the plan never holds more than one page */
  pages: number;
  /** the bulk reads of the day (ingest.ts) */
  ingest: IngestSummary;
}

/**
 * Reads the sources once for the day, then enqueues the watched communes page by page, packed by
 * commune and subject counts (plan.ts `createBatchPacker`). A batch still open at the end of a page
 * carries over to the next one. No lock here: the caller holds it (planAlertRun on Workers,
 * runAlerts on Node).
 */
export async function enqueueAlertPlan(deps: Deps, queue: AlertQueue, input: { runId: string; day: string; now: Date } & PlanOptions): Promise<PlanOutcome> {
  const communesPerBatch = input.communesPerMessage ?? COMMUNES_PER_BATCH;
  const perPage = communesPerBatch * (input.messagesPerPlanPage ?? MESSAGES_PER_PLAN_PAGE);
  // The bulk reads page through the watched communes with the same page (ingest.ts).
  const ingest = await ingestSources(deps, { day: input.day, now: input.now, watchedPageSize: perPage });
  const packer = createBatchPacker({ communesPerBatch, subjectsPerBatch: input.subjectsPerMessage ?? SUBJECTS_PER_BATCH });
  const outcome: PlanOutcome = { communes: 0, messages: 0, pages: 0, ingest };
  let afterCitycode: string | null = null;
  for (;;) {
    const communes: WatchedCommune[] = await listWatchedCommunesWithCountsPage(deps.db, { afterCitycode, limit: perPage });
    outcome.pages += 1;
    const lastPage = communes.length < perPage;
    const batches = communes.flatMap((commune) => packer.add(commune));
    if (lastPage) batches.push(...packer.finish());
    const messages: AlertMessage[] = batches.map((batch) => ({
      kind: "process",
      runId: input.runId,
      day: input.day,
      ...batch,
      ...(input.skipTopics && input.skipTopics.length > 0 ? { skipTopics: input.skipTopics } : {}),
    }));
    if (messages.length > 0) await queue.sendBatch(messages);
    outcome.communes += communes.length;
    outcome.messages += messages.length;
    if (lastPage) break;
    afterCitycode = communes.at(-1)?.citycode ?? null;
  }
  return outcome;
}

/** The plan stage as both runtimes run it: confirmation emails still owed, then the plan itself. */
export async function runPlanStage(
  deps: Deps,
  queue: AlertQueue,
  input: { runId: string; day: string; now: Date } & PlanOptions,
): Promise<PlanOutcome & { confirmationsResent: number }> {
  const confirmationsResent = await retryPendingConfirmations(deps);
  const plan = await enqueueAlertPlan(deps, queue, input);
  return { ...plan, confirmationsResent };
}

/**
 * Packs watched communes, given in code order, into batches: a batch takes communes until the
 * next one would bring it above `subjectsPerBatch` subjects or `communesPerBatch` communes. A
 * commune above `subjectsPerBatch` on its own is split into ceil(subjects / subjectsPerBatch)
 * parts, one batch each. `add` returns the batches it closed, `finish` the one still open; the
 * packer holds at most one open batch, so the plan still holds one page at a time.
 */
export function createBatchPacker(limits: { communesPerBatch: number; subjectsPerBatch: number }) {
  let open: { communes: string[]; subjects: number } | null = null;
  const close = (): PlannedBatch[] => {
    const closed = open;
    open = null;
    return closed ? [{ communes: closed.communes }] : [];
  };
  return {
    add(commune: WatchedCommune): PlannedBatch[] {
      if (commune.subjects > limits.subjectsPerBatch) {
        const of = Math.min(Math.ceil(commune.subjects / limits.subjectsPerBatch), MAX_PARTS_PER_COMMUNE);
        return Array.from({ length: of }, (_, index) => ({ communes: [commune.citycode], part: { index, of } }));
      }
      const closed = open && open.subjects + commune.subjects > limits.subjectsPerBatch ? close() : [];
      open ??= { communes: [], subjects: 0 };
      open.communes.push(commune.citycode);
      open.subjects += commune.subjects;
      // A full batch goes at once: every commune has at least one subject.
      if (open.communes.length >= limits.communesPerBatch || open.subjects >= limits.subjectsPerBatch) closed.push(...close());
      return closed;
    },
    finish: close,
  };
}

/** Subjects of one commune always travel together, so each batch fetches each commune once. */
export function batchByCommune(subjects: readonly AlertSubject[], communesPerBatch = COMMUNES_PER_BATCH): AlertSubject[][] {
  const byCommune = new Map<string, AlertSubject[]>();
  for (const subject of subjects) {
    const list = byCommune.get(subject.address.citycode) ?? [];
    list.push(subject);
    byCommune.set(subject.address.citycode, list);
  }
  const communes = [...byCommune.keys()].sort();
  const batches: AlertSubject[][] = [];
  for (let start = 0; start < communes.length; start += communesPerBatch) {
    batches.push(communes.slice(start, start + communesPerBatch).flatMap((commune) => byCommune.get(commune) ?? []));
  }
  return batches;
}
