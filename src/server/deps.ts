// What the Hono app is given (createApp) and what a request carries: interfaces only. Every module
// this file names a type from must not import it back, even for a type, directly or
// through others (decision 081; `npm run lint` checks it): most of the server imports AppDeps, so
// a module named here that reached deps.ts would close a circle through all of them. An interface
// whose home imports AppDeps goes to a leaf of its own (alerts/messages.ts, logger.ts,
// middleware/pdf-render-slots.ts).
import type { Context } from "hono";
import type { Cache } from "./cache/types.ts";
import type { AnswerCache } from "./cache/answers.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/index.ts";
import type { EmailClient, EmailOutbox, Mailer } from "./email/mailer.ts";
import type { ValidSession } from "./auth/session.ts";
import type { Sources } from "./services/sources.ts";
import type { AlertQueue } from "./alerts/messages.ts";
import type { PdfRenderSlots } from "./middleware/pdf-render-slots.ts";
import type { RequestCounters } from "./services/request-counters.ts";
import type { LogEntry } from "./logger.ts";

/** Re-exported for the callers that already name AppDeps; src/ imports it from logger.ts. */
export type { LogEntry };

/** Everything the Hono app touches, built by a runtime entry in workers/. */
export interface AppDeps {
  config: Config;
  db: Database;
  cache: Cache;
  sources: Sources;
  mailer: Mailer;
  clock: () => Date;
  /** HMAC / hashing key (APP_SECRET, or the generated local one) */
  appSecret: string;
  /** the caller's IP as the runtime sees it; used only hashed, for rate limits */
  clientIp: (c: Context) => string | undefined;
  log: (entry: LogEntry) => void;
  /** the alert run's queue, where a run is asked for: Cloudflare Queues on Workers, the run queue on Node (alerts/run.ts) */
  alertQueue: AlertQueue;
  /**
   * where the durable outbox's rows are sent from (decision 093): the Worker's e-mail queue; else
   * createApp's in-process drainer (Node's entry passes its own, with a timer)
   */
  outbox?: EmailOutbox;
  /** the PDF slots, when they live elsewhere than this process (Workers: a Durable Object, decision 089); else createApp's in memory */
  pdfRenderSlots?: PdfRenderSlots;
  /** the public read routes' per-client counters, when they live elsewhere than this process (Workers: a Durable Object per client, decision 094); else createApp's in memory */
  requestCounters?: RequestCounters;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    auth: ValidSession | null;
    /** PDFs being made at once: this process's slots, or the service's Durable Object's (middleware/pdf-renders.ts) */
    pdfRenderSlots: PdfRenderSlots;
    /** the public read routes' per-client counters: the runtime's, or this process's (decision 094) */
    requestCounters: RequestCounters;
    /** finished answers kept as their bytes for the minute (the whole report, decision 094), this process's or isolate's */
    answerCache: AnswerCache;
    /** a streamed answer's end (its last line written): what waits for the answer waits for it, not for its headers */
    answerEnded?: Promise<void>;
    /** this request's client as the e-mail budgets count it (middleware/email-budget.ts, decision 090) */
    emailClient: EmailClient;
  };
};
