import type { Context } from "hono";
import type { Cache } from "./cache/types.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/index.ts";
import type { Mailer } from "./email/mailer.ts";
import type { ValidSession } from "./auth/session.ts";
import type { Sources } from "./services/sources.ts";
import type { AlertQueue } from "./alerts/queue.ts";
import type { PdfRenderSlots } from "./middleware/pdf-renders.ts";

export interface LogEntry {
  level: "info" | "warn" | "error";
  message: string;
  /** never personal data: no query strings, addresses, emails or IPs */
  fields?: Record<string, string | number | boolean | null>;
}

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
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    auth: ValidSession | null;
    /** PDFs being made at once in this process or isolate (middleware/pdf-renders.ts) */
    pdfRenderSlots: PdfRenderSlots;
  };
};
