// How the queued alert run handles each of its messages (messages.ts: what a message is, and the
// queue both runtimes implement).
import type { AppDeps } from "../deps.ts";
import { hasStageBegun } from "../db/repositories/alert-run-marks.ts";
import { addToRunTally, type RunTally } from "../db/repositories/alert-runs.ts";
import { createHandlerContext, type HandlerContext } from "./handler-context.ts";
import type { AlertMessage, AlertQueue } from "./messages.ts";
import { loadSubjectsOfCommunes } from "./subjects.ts";
import { processAlertBatch } from "./process.ts";
import { sendPendingAlertsPage, type SendOutcome } from "./send.ts";
import { loadRunChanges } from "./snapshots.ts";
import { handleTopicPage } from "./at-send.ts";
import { describeError } from "../logger.ts";
import { parisHourToUtc } from "../../core/shared/time.ts";
import { checkServiceStatus, recordSourceReads } from "../services/status.ts";

// Their own modules, so that the modules this one calls can name them without an import circle.
export { alertMessageSchema, type AlertMessage, type AlertQueue } from "./messages.ts";
export { createHandlerContext, type HandlerContext } from "./handler-context.ts";

type Deps = Pick<AppDeps, "db" | "sources" | "cache" | "mailer" | "config" | "appSecret" | "clock" | "log">;

/** What handling one message did, for the run's summary (counted once, on the delivery that succeeded). */
export type AlertMessageOutcome =
  | { kind: "process"; communes: number; subjectsChecked: number; alertsDetected: number }
  | { kind: "topic-page"; communes: number; subjectsChecked: number; alertsDetected: number }
  | { kind: "send"; pages: number; outcome: SendOutcome };

/**
 * Runs one message. Throwing means « deliver it again »: a process message is safe to redo
 * (saveDetections writes a batch in one transaction and alert_events' unique key drops what was
 * already recorded); a send page is safe to redo (sent events are marked, and Resend's idempotency
 * key covers an answer lost after sending).
 */
export async function handleAlertMessage(
  deps: Deps,
  message: AlertMessage,
  queue: AlertQueue,
  context: HandlerContext = createHandlerContext(deps.config),
): Promise<AlertMessageOutcome> {
  // A plan starts a run: the runtime's run queue handles it (pipeline.ts runRequestedPlan, run.ts createNodeRunQueue).
  if (message.kind === "plan") throw new Error("a plan message is not part of a run under way");
  if (message.kind === "topic-page") {
    // Not tallied: the plan's batches counted these addresses already.
    return { kind: "topic-page", ...(await handleTopicPage(deps, message, queue, context)) };
  }
  if (message.kind === "process") {
    const loaded = await loadSubjectsOfCommunes(deps.db, message.communes, message.part);
    const skipped = message.skipTopics ?? [];
    const subjects =
      skipped.length > 0 ? loaded.map((subject) => ({ ...subject, sources: subject.sources.filter((source) => !skipped.includes(source)) })) : loaded;
    const changes = await loadRunChanges(deps, { day: message.day, communes: message.communes, now: deps.clock() });
    const batch = await processAlertBatch(deps, subjects, {
      gates: context.gates,
      concurrency: deps.config.ALERT_CONCURRENCY,
      bathingReads: context.bathingReads,
      changes,
    });
    // A batch that finishes after its day's send stage began (a slow upstream, a redelivery): its
    // events go out now, not with tomorrow's run. Sending only takes unsent events, so an early
    // send page and the stage's own pages never send one twice.
    if (batch.alertsDetected > 0 && (await hasStageBegun(deps.db, { stage: "send-stage", day: message.day }))) {
      await queue.sendBatch([{ kind: "send", runId: message.runId, day: message.day, afterRecipient: null }]);
    }
    // The batch's reads (bathing pages, per-commune reads) for the status page; at most one write a
    // minute per source and isolate. A failed write is logged, never a reason to redeliver the batch.
    await recordSourceReads(deps).catch((error: unknown) => deps.log({ level: "warn", message: "source reads not recorded", fields: describeError(error) }));
    // A commune split into parts (plan.ts) is counted by its first part only.
    const communes = message.part ? (message.part.index === 0 ? 1 : 0) : new Set(subjects.map((subject) => subject.address.citycode)).size;
    await tallyRun(deps, message, { subjectsChecked: batch.subjectsChecked });
    return { kind: "process", communes, ...batch };
  }
  const page = await sendPendingAlertsPage(deps, { afterRecipient: message.afterRecipient, recipientsPerPage: message.recipientsPerPage });
  // The next page is its own message: one invocation never holds more than a page of recipients.
  if (page.nextAfterRecipient !== null) await queue.sendBatch([{ ...message, afterRecipient: page.nextAfterRecipient }]);
  await tallyRun(deps, message, { emailsSent: page.outcome.sent, emailFailures: page.outcome.failed });
  return { kind: "send", pages: 1, outcome: page.outcome };
}

/**
 * Adds a message's counts to its run's row, as the message's last step (so a delivery that fails
 * counts nothing; a queue's at-least-once redelivery of a message that succeeded would count it
 * twice). A failed write is logged, never a reason to redeliver work that is done.
 */
async function tallyRun(deps: Pick<Deps, "db" | "log">, message: AlertMessage, tally: RunTally): Promise<void> {
  // A send or topic page counts on its day's newest run (on Workers the 17:00 cron starts sending
  // under an id of its own; on Node the run's own); a process batch on the run that planned it.
  const newestSince = message.kind === "send" || message.kind === "topic-page" ? parisHourToUtc(new Date(`${message.day}T12:00:00Z`), 0).getTime() : undefined;
  try {
    if (!(await addToRunTally(deps.db, { runId: message.runId, newestSince, tally }))) {
      deps.log({ level: "warn", message: "alert run tally not recorded: no such run", fields: { runId: message.runId, kind: message.kind } });
    }
  } catch (error) {
    deps.log({ level: "warn", message: "alert run tally not recorded", fields: { runId: message.runId, kind: message.kind, ...describeError(error) } });
  }
}

/**
 * A message that failed every delivery (Workers: read from the dead-letter queue; Node: the
 * in-process queue's last failure): counted on its run's row, logged, and the admins' notice
 * checked (one e-mail a day at most). Nothing else is done with it: a process batch's communes
 * are checked again by the next run (no alert state moved), a send page's events stay unsent and
 * go with the next send stage.
 */
export async function recordDeadLetters(deps: Deps, messages: readonly AlertMessage[], queue?: AlertQueue): Promise<void> {
  for (const message of messages) {
    deps.log({ level: "error", message: "alert dead letter counted", fields: { kind: message.kind, runId: message.runId, day: message.day } });
    await tallyRun(deps, message, { deadLetters: 1 });
    // A topic page set aside would hold the day's e-mails back (its chain starts the send
    // stage): the send stage starts now, without the pages left (decision 079).
    if (message.kind === "topic-page" && queue) await queue.sendBatch([{ kind: "send", runId: message.runId, day: message.day, afterRecipient: null }]);
  }
  if (messages.length > 0) await checkServiceStatus(deps);
}

/** The part of a Cloudflare Queues producer binding (`env.ALERT_QUEUE`) the run uses. */
export interface QueueProducerBinding {
  sendBatch(messages: Array<{ body: AlertMessage; contentType?: "json" }>): Promise<unknown>;
}

/** wrangler.toml's `dead_letter_queue` of the alert queue, which the Worker also consumes (recordDeadLetters). */
export const ALERT_DEAD_LETTER_QUEUE = "zone-sante-alerts-dlq";

/** Cloudflare Queues accept at most 100 messages per sendBatch call. */
export const MAX_MESSAGES_PER_SEND = 100;

/** Workers: the AlertQueue over the producer binding, chunked to the per-call limit. */
export function createBindingQueue(binding: QueueProducerBinding): AlertQueue {
  return {
    async sendBatch(messages) {
      for (let start = 0; start < messages.length; start += MAX_MESSAGES_PER_SEND) {
        await binding.sendBatch(messages.slice(start, start + MAX_MESSAGES_PER_SEND).map((body) => ({ body, contentType: "json" })));
      }
    },
  };
}
