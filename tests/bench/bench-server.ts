// The Node server as the benches start it: `npm start`'s bundle, V8 flags and allocator settings
// (package.json, decisions 068 and 077), on a temp database, against the given fakes, with every ceiling out of the way (the fake
// upstreams have no allowance to protect: a bench measures the app, not the ceilings, decision 058).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../helpers/net.ts";
import { npmStartEnv, npmStartNodeArgs } from "../helpers/start-command.ts";

const ROOT = resolve(import.meta.dirname, "../..");
/** The server's secret, so that a bench sends signed picks as the site does (decision 055). */
export const BENCH_APP_SECRET = "bench-secret-of-at-least-thirty-two-characters";

export interface BenchServer {
  base: string;
  server: ChildProcess;
  /** from the spawn to the first health check answered */
  readyMs: number;
  stop(): void;
}

export async function startBenchServer(options: {
  upstreamConfig: Record<string, string>;
  upstreamTimeoutMs: number;
  /** more settings for the server (the soak: a fake Resend, trusted proxy, memory trace) */
  env?: Record<string, string>;
  /** each line the server writes on stderr (the others' stderr is the bench's) */
  onStderrLine?: (line: string) => void;
  /** a given port (a free one otherwise) */
  port?: number;
  /** node arguments before the start script's (`--cpu-prof`…) */
  nodeArgs?: string[];
}): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const directory = mkdtempSync(join(tmpdir(), "zone-sante-bench-"));
  const spawnedAt = performance.now();
  const server = spawn(process.execPath, [...(options.nodeArgs ?? []), ...npmStartNodeArgs()], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...npmStartEnv(),
      ...options.upstreamConfig,
      PORT: String(port),
      NODE_ENV: "test",
      DATABASE_URL: `file:${join(directory, "bench.db")}`,
      UPSTREAM_TIMEOUT_MS: String(options.upstreamTimeoutMs),
      ALERTS_SCHEDULER: "off",
      RATE_LIMIT_REPORT_PER_MINUTE: "1000000",
      // The bench is one client whose fetch pool may open more than 32 sockets under 20 clients: a
      // socket the cap reclaimed as idle while the pool reused it reset the request (decision 092).
      SERVER_MAX_CONNECTIONS_PER_CLIENT: "10000",
      ...Object.fromEntries(["BAN", "HUBEAU", "VIGIEAU", "ATMO", "OPENMETEO", "GEO", "BAIGNADES"].map((name) => [`UPSTREAM_${name}_PER_MINUTE`, "1000000"])),
      APP_SECRET: BENCH_APP_SECRET,
      ...options.env,
    },
    stdio: ["ignore", "ignore", options.onStderrLine ? "pipe" : "inherit"],
  });
  if (options.onStderrLine && server.stderr) {
    const onLine = options.onStderrLine;
    let pending = "";
    server.stderr.setEncoding("utf8");
    server.stderr.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    });
  }
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (attempt > 500 || server.exitCode !== null) throw new Error("the bench server did not start");
      await new Promise((wait) => setTimeout(wait, 20));
    }
  }
  const readyMs = performance.now() - spawnedAt;
  return {
    base,
    server,
    readyMs,
    stop() {
      server.kill("SIGTERM");
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
