// The warm report against a small static file of the same server (issue 40, decision 094): a
// cached report should cost what serving a file costs. Sequential requests for the latencies, then
// 20 clients in a loop for the throughput. `npm run bench` prints these rows with the others;
// `node tests/bench/warm.ts` runs them alone on a server of its own (`--cpu-prof` writes the
// server's CPU profile into /tmp/zone-sante-warm-prof/). Figures only: no test asserts them.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { signAddress } from "../../src/server/services/geocoded-address.ts";
import { startFakeUpstreams } from "../fakes/upstream-server.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { BENCH_APP_SECRET, startBenchServer } from "./bench-server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
export const WARM_REQUESTS = 300;
export const CONCURRENCY = 20;
export const THROUGHPUT_REQUESTS = 2000;

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** A picked suggestion's report, signed like /api/geocode's: the point is taken as is, with no BAN call. */
export function signedReportUrl(base: string, lat: number, lon: number, citycode: string): string {
  const signed = signAddress(BENCH_APP_SECRET, { label: "bench", latitude: lat, longitude: lon, citycode, postcode: "", city: "" });
  return `${base}/api/report?${new URLSearchParams({ lat: String(lat), lon: String(lon), citycode, label: signed.label, signature: signed.signature })}`;
}

export async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return performance.now() - started;
}

async function sequential(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await timed(url));
  return times.sort((a, b) => a - b);
}

export interface WarmFigures {
  reportP50: number;
  reportP95: number;
  fileP50: number;
  fileP95: number;
  requestsPerSecond: number;
}

/** The warm report (already asked once), a static file, and the throughput of the warm report. */
export async function benchWarm(base: string): Promise<WarmFigures> {
  const reportUrl = signedReportUrl(base, MAIN_SCENARIO.latitude, MAIN_SCENARIO.longitude, MAIN_SCENARIO.citycode);
  const fileUrl = `${base}/favicon.svg`;
  // Both warmed first: the report's sources cached, both paths' code compiled.
  for (let i = 0; i < 50; i++) {
    await timed(reportUrl);
    await timed(fileUrl);
  }
  const report = await sequential(reportUrl, WARM_REQUESTS);
  const file = await sequential(fileUrl, WARM_REQUESTS);
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (issued < THROUGHPUT_REQUESTS) {
        issued++;
        await timed(reportUrl);
      }
    }),
  );
  const requestsPerSecond = THROUGHPUT_REQUESTS / ((performance.now() - started) / 1000);
  return {
    reportP50: percentile(report, 50),
    reportP95: percentile(report, 95),
    fileP50: percentile(file, 50),
    fileP95: percentile(file, 95),
    requestsPerSecond,
  };
}

/** The rows `npm run bench` prints. */
export function warmRows(figures: WarmFigures): Array<[string, string, string]> {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return [
    [`warm report p50 (${WARM_REQUESTS} req)`, ms(figures.reportP50), ""],
    [`warm report p95 (${WARM_REQUESTS} req)`, ms(figures.reportP95), "≤ 2 × the static file's p95"],
    [`static file /favicon.svg p50 (${WARM_REQUESTS} req)`, ms(figures.fileP50), ""],
    [`static file /favicon.svg p95 (${WARM_REQUESTS} req)`, ms(figures.fileP95), ""],
    ["warm report p95 / static file p95", `${(figures.reportP95 / figures.fileP95).toFixed(2)} ×`, "≤ 2 ×"],
    [`throughput, warm report, ${CONCURRENCY} clients`, `${figures.requestsPerSecond.toFixed(0)} req/s`, "≥ 1 000 req/s"],
  ];
}

if (import.meta.main) {
  if (!existsSync(join(ROOT, "build", "node", "server.mjs"))) throw new Error("Build first (npm run build).");
  const profile = process.argv.includes("--cpu-prof");
  const upstreams = await startFakeUpstreams({ delayMs: 300 });
  const bench = await startBenchServer({
    upstreamConfig: upstreams.config,
    upstreamTimeoutMs: 2500,
    ...(profile ? { nodeArgs: ["--cpu-prof", "--cpu-prof-dir=/tmp/zone-sante-warm-prof"] } : {}),
  });
  try {
    const rows = warmRows(await benchWarm(bench.base));
    const width = Math.max(...rows.map((row) => row[0].length));
    for (const [name, value, target] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(12)}  ${target}`);
  } finally {
    const exited = new Promise((done) => bench.server.once("exit", done));
    bench.stop();
    // The CPU profile is written as the server exits.
    await exited;
    await upstreams.close();
  }
}
