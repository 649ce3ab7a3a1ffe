// Builds the real app for a test file: a fresh libSQL file with migrations applied, the real
// upstream clients pointed at the local fake server, Resend pointed at a fake Resend server, the
// in-memory cache and a clock the test controls.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { afterEach, beforeEach, expect } from "vitest";
import { checkedAgainstOpenApi } from "./openapi-contract.ts";
import { createNodeRunQueue, type NodeRunQueue } from "../../src/server/alerts/run.ts";
import { createApp } from "../../src/server/app.ts";
import { createMemoryCache } from "../../src/server/cache/memory.ts";
import { parseConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/node.ts";
import type { Database } from "../../src/server/db/index.ts";
import * as schema from "../../src/server/db/schema/index.ts";
import type { AppDeps, LogEntry } from "../../src/server/deps.ts";
import { createOutboxMailer, createResendMailer } from "../../src/server/email/mailer.ts";
import { createSources } from "../../src/server/services/sources.ts";
import { startFakeResend, type FakeResend } from "../fakes/resend-server.ts";
import { startFakeUpstreams, type FakeUpstreams, type FakeUpstreamsOptions } from "../fakes/upstream-server.ts";
import { useForTests } from "./lifecycle.ts";
import { NO_SERVICE_CEILINGS } from "./service-ceilings.ts";

export const TEST_SITE_URL = "http://127.0.0.1:4321";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  /** the deps of the latest build (for services the routes do not expose, like the alert run) */
  deps(): AppDeps;
  upstreams: FakeUpstreams;
  resend: FakeResend;
  db: Database;
  logs: LogEntry[];
  /** the app's clock; move it with setNow */
  now(): Date;
  setNow(date: Date): void;
  /** Node's run queue of the app: `idle()` resolves once the runs asked for have ended */
  runQueue: NodeRunQueue;
  /** a fresh app (empty cache) on the same database and fakes */
  rebuild(overrides?: Record<string, string>, options?: { mailer?: "resend" | "outbox" }): ReturnType<typeof createApp>;
  close(): Promise<void>;
}

/**
 * A libSQL client whose every statement waits first, as a remote database (Turso) does: requests
 * then interleave between their reads and writes, which is what races are made of.
 */
function delayQueries(client: Client, delayMs: number): Client {
  const wait = () => new Promise((resolve) => setTimeout(resolve, delayMs));
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = value.bind(target) as (...args: unknown[]) => unknown;
      if (property !== "execute" && property !== "batch" && property !== "transaction") return method;
      return async (...args: unknown[]) => {
        await wait();
        return method(...args);
      };
    },
  });
}

/** Each test app's clock, so that the test's browser reads cookies' expiry with the app's time (one clock). */
const APP_CLOCKS = new WeakMap<object, () => Date>();

/** An app a test built itself (createApp with a test app's deps) reads the same clock. */
export function withAppClock<App extends object>(app: App, clock: () => Date): App {
  APP_CLOCKS.set(app, clock);
  return app;
}

/** The clock of a test app (the machine's when the app is not a test app). */
export function clockOfApp(app: object): Date {
  return APP_CLOCKS.get(app)?.() ?? new Date();
}

export async function createTestApp(
  options: {
    now?: Date;
    env?: Record<string, string>;
    mailer?: "resend" | "outbox";
    queryDelayMs?: number;
    /** the demo's seasons on the fakes (`FakeUpstreamsOptions.seasonal`), for the tests of the demo's scene */
    seasonal?: FakeUpstreamsOptions["seasonal"];
  } = {},
): Promise<TestApp> {
  let now = options.now ?? new Date();
  const directory = mkdtempSync(join(tmpdir(), "zone-sante-test-"));
  const upstreams = await startFakeUpstreams({ now, ...(options.seasonal ? { seasonal: options.seasonal } : {}) });
  const resend = await startFakeResend();
  const database = await openDatabase({ url: `file:${join(directory, "test.db")}` });
  const db: Database = options.queryDelayMs ? drizzle(delayQueries(database.db.$client, options.queryDelayMs), { schema }) : database.db;
  const logs: LogEntry[] = [];
  const clock = () => now;
  let lastDeps: AppDeps | undefined;
  // As on Node: a run asked for (the admin panel) runs in the background on the latest deps.
  const runQueue = createNodeRunQueue({ deps: () => lastDeps!, log: (entry) => logs.push(entry) });

  const build = (overrides: Record<string, string> = {}, buildOptions: { mailer?: "resend" | "outbox" } = {}) => {
    const config = parseConfig({
      NODE_ENV: "test",
      // The tests' cheap password hashing; production's cost is proven in tests/unit/server/password-cost.test.ts.
      PASSWORD_HASH_COST: "test",
      SITE_URL: TEST_SITE_URL,
      // The local fakes answer in a few ms; 30 s (the most allowed) leaves room for a 2-CPU machine whose
      // cores are busy with something else (docs/tests.md, « Under load »: 2 s and then 10 s were not
      // enough with `stress-ng --cpu 2` and the suite) without a source timing out by accident. A test
      // of a timeout sets its own.
      UPSTREAM_TIMEOUT_MS: "30000",
      ALERTS_SCHEDULER: "off",
      ALERT_HUBEAU_PER_SECOND: "0",
      ALERT_VIGIEAU_PER_SECOND: "0",
      ALERT_ATMO_PER_SECOND: "0",
      ALERT_BAIGNADES_PER_SECOND: "0",
      ...NO_SERVICE_CEILINGS,
      RESEND_API_KEY: "re_test_key",
      RESEND_BASE_URL: resend.baseUrl,
      ...upstreams.config,
      ...options.env,
      ...overrides,
    });
    const cache = createMemoryCache();
    const mailerKind = buildOptions.mailer ?? options.mailer ?? "resend";
    lastDeps = {
      config,
      db,
      cache,
      sources: createSources({ config, cache, clock, log: (entry) => logs.push(entry) }),
      mailer:
        mailerKind === "resend"
          ? createResendMailer({ apiKey: config.RESEND_API_KEY ?? "", baseUrl: config.RESEND_BASE_URL, from: config.MAIL_FROM })
          : createOutboxMailer(db, clock),
      clock,
      appSecret: "test-secret-test-secret-test-secret",
      clientIp: (c) => c.req.header("x-test-ip") ?? "127.0.0.1",
      log: (entry) => logs.push(entry),
      alertQueue: runQueue,
    };
    // Every public-API answer a test reads is checked against the OpenAPI document (issue 15).
    const app = checkedAgainstOpenApi(createApp(lastDeps));
    APP_CLOCKS.set(app, clock);
    return app;
  };

  return {
    app: build(),
    deps: () => lastDeps!,
    runQueue,
    upstreams,
    resend,
    db,
    logs,
    now: clock,
    setNow(date) {
      now = date;
      upstreams.setNow(date);
    },
    rebuild: build,
    async close() {
      await runQueue.idle();
      await upstreams.close();
      await resend.close();
      database.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** What `useTestApp` does before (and after) each test of the file. */
export interface EachTest {
  /** set the clock back to this date */
  now?: Date;
  /** clear what the fake Resend server received */
  resetResend?: boolean;
  /** clear what the fake upstreams received and any data a test set */
  resetUpstreams?: boolean;
  /** after each test, fail on any outbound call the app is not meant to make */
  onlyKnownUpstreams?: boolean;
}

/**
 * One test app for the whole file: built before its tests, closed after them, and reset before each
 * as `each` says. The answer stands for that app (it exists only once the file's tests start).
 */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = {}, each: EachTest = {}): TestApp {
  const t = useForTests(
    () => createTestApp(options),
    (app) => app.close(),
  );
  beforeEach(() => {
    if (each.now) t.setNow(each.now);
    if (each.resetResend) t.resend.reset();
    if (each.resetUpstreams) t.upstreams.reset();
  });
  if (each.onlyKnownUpstreams) {
    afterEach(() => {
      // Every outbound call must be one the app is meant to make.
      expect(t.upstreams.requests.filter((request) => request.source === "unknown" || request.path === "/")).toEqual([]);
    });
  }
  return t;
}

/** The app of the running test: `app()`; rebuilt before each test (an empty cache) on the file's database and fakes, or by `app.rebuild(…)`. */
export interface FreshApp {
  (): TestApp["app"];
  rebuild(...args: Parameters<TestApp["rebuild"]>): TestApp["app"];
}

export function useFreshApp(t: TestApp): FreshApp {
  let app: TestApp["app"] | undefined;
  const rebuild = (...args: Parameters<TestApp["rebuild"]>) => (app = t.rebuild(...args));
  beforeEach(() => {
    rebuild();
  });
  const current = () => {
    if (!app) throw new Error("the app is rebuilt before each test: read it inside a test");
    return app;
  };
  return Object.assign(current, { rebuild });
}
