// The messages of the queued alert run and the one queue interface both runtimes implement:
// Cloudflare Queues on Workers (workers/cloudflare.ts), an in-process queue on Node
// (memory-queue.ts). A message is plain JSON and names only communes or a cursor, never people:
// queues keep messages for days and the dead-letter queue can be read from the dashboard.
import * as z from "zod";
import { ALERT_SOURCES, type AlertSource } from "../../sections/rules.ts";
import { MAX_PARTS_PER_COMMUNE } from "./subjects.ts";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const topicSchema = z.enum(ALERT_SOURCES as [AlertSource, ...AlertSource[]]);

export const alertMessageSchema = z.discriminatedUnion("kind", [
  // A run asked for through the queue (the admin panel; the Node scheduler): the plan stage on
  // Workers (pipeline.ts), the whole run on Node (run.ts). Never retried: a refused or failed plan
  // is logged, and the next cron or click asks again.
  z.object({
    kind: z.literal("plan"),
    runId: z.string().min(1).max(64),
    day: z.string().regex(ISO_DAY),
    requestedBy: z.enum(["admin", "scheduler"]),
  }),
  z
    .object({
      kind: z.literal("process"),
      runId: z.string().min(1).max(64),
      /** the run's Paris calendar day (YYYY-MM-DD) */
      day: z.string().regex(ISO_DAY),
      communes: z.array(z.string().min(1).max(10)).min(1).max(500),
      /** one slice of a commune too crowded for one message (plan.ts `CommunePart`); absent: the communes' every subject */
      part: z
        .object({ index: z.number().int().min(0), of: z.number().int().min(2).max(MAX_PARTS_PER_COMMUNE) })
        .refine((part) => part.index < part.of, { message: "part.index must be below part.of" })
        .optional(),
      /** the topics the Worker's plan leaves to their pass at 17:00 (at-send.ts, decision 079) */
      skipTopics: z.array(topicSchema).max(ALERT_SOURCES.length).optional(),
    })
    .refine((message) => message.part === undefined || message.communes.length === 1, { message: "a part names one commune" }),
  // One page of a topic's pass at the Worker's 17:00 send stage (at-send.ts, decision 079):
  // communes where someone has the topic on, after a keyset cursor; the last page starts the next
  // topic's pass (`then`), or the send stage.
  z.object({
    kind: z.literal("topic-page"),
    topic: topicSchema,
    then: z.array(topicSchema).max(ALERT_SOURCES.length),
    runId: z.string().min(1).max(64),
    day: z.string().regex(ISO_DAY),
    afterCitycode: z.string().min(1).max(10).nullable(),
    /** tests shorten pages; absent in production */
    communesPerPage: z.number().int().min(1).max(500).optional(),
    /** tests shorten the send pages that follow; absent in production */
    recipientsPerPage: z.number().int().min(1).max(1000).optional(),
  }),
  z.object({
    kind: z.literal("send"),
    runId: z.string().min(1).max(64),
    day: z.string().regex(ISO_DAY),
    /** keyset cursor: the last recipient key of the previous page, null for the first page */
    afterRecipient: z.string().min(1).max(100).nullable(),
    /** tests shorten pages; absent in production */
    recipientsPerPage: z.number().int().min(1).max(1000).optional(),
  }),
]);

export type AlertMessage = z.infer<typeof alertMessageSchema>;

export interface AlertQueue {
  sendBatch(messages: AlertMessage[]): Promise<void>;
}
