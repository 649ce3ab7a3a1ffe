// The topics judged at the send stage on Workers (decision 079; src/sections/topics.server.ts,
// a topic's `atSend`): the plan's batches leave them out (`skipTopics`), and the 17:00 send cron,
// for each such topic someone has on, in the registry's order:
// 1. re-reads its source once for the run (the topic's `reread`, which rewrites its snapshots or
//    keeps the plan's), and records what it read in the run's summary (its `summaryField`);
// 2. enqueues a chain of `topic-page` messages (communes where someone has the topic on, a page at
//    a time, each judged from the snapshots like a process batch: one transaction for its events
//    and states, so a redelivered page records nothing twice);
// 3. the last page of the last topic enqueues the send stage's first page, so these alerts go in
//    the same e-mail as the day's other alerts. A page that fails every delivery starts the send
//    stage from the dead-letter consumer (queue.ts recordDeadLetters): the e-mails never wait for it.
import { parisHourToUtc } from "../../core/shared/time.ts";
import type { AlertSource } from "../../sections/rules.ts";
import { AT_SEND_TOPICS } from "../../sections/registry.server.ts";
import { setRunSummaryField } from "../db/repositories/alert-runs.ts";
import { anyoneOptedIn } from "../db/repositories/preferences.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";
import { COMMUNES_PER_BATCH, SUBJECTS_PER_BATCH } from "./plan.ts";
import { processAlertBatch } from "./process.ts";
import type { HandlerContext } from "./handler-context.ts";
import type { AlertMessage, AlertQueue } from "./messages.ts";
import { loadRunChanges } from "./snapshots.ts";
import { listTopicCommunesPage, loadTopicSubjectsOfCommunes } from "./subjects.ts";

type Deps = Pick<AppDeps, "db" | "sources" | "cache" | "config" | "appSecret" | "clock" | "log">;

type TopicPage = Extract<AlertMessage, { kind: "topic-page" }>;

/** The topics the plan's batches leave to the send stage. */
export const TOPICS_AT_SEND: readonly AlertSource[] = AT_SEND_TOPICS.map((topic) => topic.key);

/** The day's run row: the newest one started since the Paris day's 00:00 (the 14:30 plan's). */
function dayStartMs(day: string): number {
  return parisHourToUtc(new Date(`${day}T12:00:00Z`), 0).getTime();
}

/**
 * Steps 1 and 2: each topic's re-read, its line in the run's summary, then the first page of the
 * first topic to judge. `summaries`: per topic's summary field, what it read (null: nobody has the
 * topic on). `chained`: the chain will start the send stage; false — the caller starts it.
 */
export async function startTopicPassesAtSend(
  appDeps: Deps,
  queue: AlertQueue,
  input: { runId: string; day: string },
): Promise<{ summaries: Record<string, unknown>; chained: boolean }> {
  // The run's calls count in the upstream's budget but are never refused (decision 058).
  const deps: Deps = { ...appDeps, sources: appDeps.sources.forAlertRun() };
  const summaries: Record<string, unknown> = {};
  const toJudge: AlertSource[] = [];
  for (const topic of AT_SEND_TOPICS) {
    summaries[topic.atSend.summaryField] = null;
    if (!(await anyoneOptedIn(deps.db, topic.key))) continue;
    const { summary, judge } = await topic.atSend.reread(deps, input);
    summaries[topic.atSend.summaryField] = summary;
    try {
      const recorded = await setRunSummaryField(deps.db, {
        newestSince: dayStartMs(input.day),
        field: topic.atSend.summaryField,
        valueJson: JSON.stringify(summary),
      });
      if (!recorded)
        deps.log({ level: "warn", message: "topic pass not recorded: no run today", fields: { runId: input.runId, day: input.day, topic: topic.key } });
    } catch (error) {
      // What the summary says is not worth holding the e-mails back.
      deps.log({ level: "warn", message: "topic pass not recorded", fields: { runId: input.runId, topic: topic.key, ...describeError(error) } });
    }
    if (judge) toJudge.push(topic.key);
  }
  const [first, ...then] = toJudge;
  if (first === undefined) return { summaries, chained: false };
  await queue.sendBatch([{ kind: "topic-page", topic: first, then, runId: input.runId, day: input.day, afterCitycode: null }]);
  return { summaries, chained: true };
}

/**
 * One page: up to COMMUNES_PER_BATCH communes (and about SUBJECTS_PER_BATCH subjects: a commune
 * above it is taken alone) judged for the page's topic only, from the day's snapshots; then the
 * next page, or after its last one the next topic's first page, or the send stage's first page.
 */
export async function handleTopicPage(
  deps: Deps,
  message: TopicPage,
  queue: AlertQueue,
  context: HandlerContext,
): Promise<{ communes: number; subjectsChecked: number; alertsDetected: number }> {
  const limit = message.communesPerPage ?? COMMUNES_PER_BATCH;
  const page = await listTopicCommunesPage(deps.db, { topic: message.topic, afterCitycode: message.afterCitycode, limit });
  const taken: string[] = [];
  let subjects = 0;
  for (const commune of page) {
    if (taken.length > 0 && subjects + commune.subjects > SUBJECTS_PER_BATCH) break;
    taken.push(commune.citycode);
    subjects += commune.subjects;
  }
  const batch = await processAlertBatch(deps, await loadTopicSubjectsOfCommunes(deps.db, message.topic, taken), {
    gates: context.gates,
    concurrency: deps.config.ALERT_CONCURRENCY,
    changes: await loadRunChanges(deps, { day: message.day, communes: taken, now: deps.clock(), withDigests: false }),
  });
  const more = taken.length < page.length || page.length === limit;
  const last = taken.at(-1);
  const [nextTopic, ...then] = message.then;
  const recipientsPerPage = message.recipientsPerPage ? { recipientsPerPage: message.recipientsPerPage } : {};
  const next: AlertMessage =
    more && last !== undefined
      ? { ...message, afterCitycode: last }
      : nextTopic !== undefined
        ? { ...message, topic: nextTopic, then, afterCitycode: null }
        : { kind: "send", runId: message.runId, day: message.day, afterRecipient: null, ...recipientsPerPage };
  await queue.sendBatch([next]);
  return { communes: taken.length, ...batch };
}
