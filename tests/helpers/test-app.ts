// Builds the real app for a test file: a fresh libSQL file with migrations applied, the real
// upstream clients pointed at the local fake server, the in-memory cache and a fixed clock.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/server/app.ts";
import { createMemoryCache } from "../../src/server/cache/memory.ts";
import { parseConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/node.ts";
import type { LogEntry } from "../../src/server/deps.ts";
import { createSources } from "../../src/server/services/sources.ts";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  upstreams: FakeUpstreams;
  logs: LogEntry[];
  /** a fresh app (empty cache, new rate-limit counters) on the same database and fakes */
  rebuild(overrides?: Record<string, string>): ReturnType<typeof createApp>;
  close(): Promise<void>;
}

export async function createTestApp(options: { now?: Date; env?: Record<string, string> } = {}): Promise<TestApp> {
  const now = options.now ?? new Date();
  const directory = mkdtempSync(join(tmpdir(), "zone-sante-test-"));
  const upstreams = await startFakeUpstreams({ now });
  const database = await openDatabase({ url: `file:${join(directory, "test.db")}` });
  const logs: LogEntry[] = [];

  const build = (overrides: Record<string, string> = {}) => {
    const config = parseConfig({ NODE_ENV: "test", UPSTREAM_TIMEOUT_MS: "800", ...upstreams.config, ...options.env, ...overrides });
    const cache = createMemoryCache();
    const clock = () => now;
    return createApp({
      config,
      db: database.db,
      cache,
      sources: createSources({ config, cache, clock }),
      clock,
      appSecret: "test-secret-test-secret-test-secret",
      clientIp: (c) => c.req.header("x-test-ip") ?? "127.0.0.1",
      log: (entry) => logs.push(entry),
    });
  };

  return {
    app: build(),
    upstreams,
    logs,
    rebuild: build,
    async close() {
      await upstreams.close();
      database.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
