// The Node side of the queued alert run: an in-process AlertQueue with Cloudflare Queues'
// semantics, so that `npm start`, `npm run alerts:run`, the admin panel and the tests run the
// same pipeline as the Worker. Messages are delivered in batches, one message at a time (as the
// Worker's consumer does, which bounds memory to one batch of communes); a message that throws is
// delivered again after a delay, and after `maxRetries` retries it lands in the dead-letter list.
import { describeError } from "../logger.ts";
import type { LogEntry } from "../logger.ts";
import type { AlertMessage, AlertQueue } from "./queue.ts";

export interface DeadLetter {
  message: AlertMessage;
  deliveries: number;
  error: Record<string, string>;
}

export interface MemoryQueue extends AlertQueue {
  /** Delivers until nothing is left, including the messages handlers enqueue meanwhile. */
  drain(): Promise<void>;
  readonly deadLetters: readonly DeadLetter[];
  /** messages sent to the queue so far (retries excluded) */
  readonly sentCount: number;
}

interface Entry {
  message: AlertMessage;
  deliveries: number;
  readyAtMs: number;
}

export function createMemoryQueue(options: {
  handle: (message: AlertMessage) => Promise<void>;
  log: (entry: LogEntry) => void;
  /** as wrangler.toml's max_batch_size */
  maxBatchSize?: number;
  /** as wrangler.toml's max_retries: a message is delivered at most 1 + maxRetries times */
  maxRetries?: number;
  retryDelayMs?: number;
  /** told of each message that failed its last delivery (as Cloudflare's dead-letter queue consumer is) */
  onDeadLetter?: (message: AlertMessage) => Promise<void>;
}): MemoryQueue {
  const maxBatchSize = options.maxBatchSize ?? 5;
  const maxRetries = options.maxRetries ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const pending: Entry[] = [];
  const deadLetters: DeadLetter[] = [];
  let sentCount = 0;
  let draining: Promise<void> | null = null;

  async function deliver(entry: Entry): Promise<void> {
    entry.deliveries += 1;
    try {
      await options.handle(entry.message);
    } catch (error) {
      const fields = { kind: entry.message.kind, runId: entry.message.runId, delivery: entry.deliveries, ...describeError(error) };
      if (entry.deliveries > maxRetries) {
        deadLetters.push({ message: entry.message, deliveries: entry.deliveries, error: describeError(error) });
        options.log({ level: "error", message: "alert message dead-lettered", fields });
        await options.onDeadLetter?.(entry.message);
      } else {
        options.log({ level: "warn", message: "alert message failed, delivered again later", fields });
        pending.push({ ...entry, readyAtMs: performance.now() + retryDelayMs });
      }
    }
  }

  async function run(): Promise<void> {
    while (pending.length > 0) {
      const nowMs = performance.now();
      const batch: Entry[] = [];
      for (let index = 0; index < pending.length && batch.length < maxBatchSize;) {
        const entry = pending[index]!;
        if (entry.readyAtMs <= nowMs) {
          batch.push(entry);
          pending.splice(index, 1);
        } else index += 1;
      }
      if (batch.length === 0) {
        // Only retries waiting for their delay are left.
        const nextMs = Math.min(...pending.map((entry) => entry.readyAtMs));
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, nextMs - nowMs)));
        continue;
      }
      for (const entry of batch) await deliver(entry);
    }
  }

  return {
    async sendBatch(messages) {
      sentCount += messages.length;
      // A JSON round trip, as a real queue does: a handler never shares objects with its producer.
      for (const message of messages) pending.push({ message: JSON.parse(JSON.stringify(message)) as AlertMessage, deliveries: 0, readyAtMs: 0 });
    },
    drain() {
      draining ??= run().finally(() => (draining = null));
      return draining;
    },
    get deadLetters() {
      return deadLetters;
    },
    get sentCount() {
      return sentCount;
    },
  };
}
