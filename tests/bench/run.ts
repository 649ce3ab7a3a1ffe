// `npm run bench`: report latency cold and warm, throughput, server memory, and the JS weight of
// pages. Every fake upstream answers after UPSTREAM_DELAY_MS, so a cold report should cost about
// one upstream latency (calls in parallel), not their sum. Prints a table; asserts nothing.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { startFakeUpstreams } from "../fakes/upstream-server.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { startBenchServer } from "./bench-server.ts";
import { npmStartEnv, npmStartNodeArgs } from "../helpers/start-command.ts";
import { pageJsGzipBytes } from "../helpers/page-js.ts";
import { runLighthouse } from "./lighthouse.ts";
import { benchProgressive } from "./progressive.ts";
import { benchWarm, percentile, signedReportUrl, timed, warmRows } from "./warm.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const DIST = join(ROOT, "dist");
const UPSTREAM_DELAY_MS = 300;

if (!existsSync(join(DIST, "index.html")) || !existsSync(join(ROOT, "build", "node", "server.mjs"))) {
  console.log("Building the site and the server bundle first…");
  spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
}

/** A line of the server process's /proc status, in MB (VmRSS now, VmHWM its peak). */
function serverMemoryMb(pid: number | undefined, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

const upstreams = await startFakeUpstreams({ delayMs: UPSTREAM_DELAY_MS });
// The server as `npm start` runs it: the bundle, with the V8 flags of package.json's start script (decision 068).
const bench = await startBenchServer({ upstreamConfig: upstreams.config, upstreamTimeoutMs: 2500 });
const { base, server, readyMs } = bench;
// At rest: ready, one health check answered, nothing else asked for a few seconds.
await new Promise((r) => setTimeout(r, 3000));
const restRssMb = serverMemoryMb(server.pid, "VmRSS");

const reportUrl = (lat: number, lon: number, citycode: string) => signedReportUrl(base, lat, lon, citycode);

// Cold: every address in a different commune and CAMS cell, so nothing is cached.
const coldTimes: number[] = [];
const coldCommunes = [MAIN_SCENARIO.citycode, "59310", "38400", "31555", "30007"];
for (const [index, citycode] of coldCommunes.entries()) {
  coldTimes.push(await timed(reportUrl(MAIN_SCENARIO.latitude + index * 0.05, MAIN_SCENARIO.longitude + index * 0.05, citycode)));
}
coldTimes.sort((a, b) => a - b);

// Warm: the same report again and again, a small static file of the same server, and 20 clients
// in a loop over the warm report (tests/bench/warm.ts, decision 094).
const warm = await benchWarm(base);

// Lighthouse on the home page and one article, against the same running server.
const lighthouseTargets = [`${base}/`, `${base}/blog/impact-eau-sante`];
const lighthouseScores = await runLighthouse(lighthouseTargets);

const peakRssMb = serverMemoryMb(server.pid, "VmHWM");
// After the load, at rest again: how much of it the server keeps.
await new Promise((r) => setTimeout(r, 5000));
const afterLoadRssMb = serverMemoryMb(server.pid, "VmRSS");
bench.stop();
await upstreams.close();

const home = pageJsGzipBytes(DIST, join(DIST, "index.html"));
const contentPage = ["blog/impact-eau-sante/index.html", "sources/index.html", "404.html"].map((file) => join(DIST, file)).find((file) => existsSync(file))!;
const content = pageJsGzipBytes(DIST, contentPage);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const rows: Array<[string, string, string]> = [
  ["cold report (median of 5)", ms(percentile(coldTimes, 50)), `≤ ${ms(1.2 * UPSTREAM_DELAY_MS)} (1.2 × slowest upstream)`],
  ["cold report (worst of 5)", ms(coldTimes.at(-1)!), ""],
  ...warmRows(warm),
  ["server ready (spawn → /api/health answered)", ms(readyMs), "≤ 1 000 ms"],
  ["server RSS at rest (3 s after ready)", `${restRssMb.toFixed(0)} MB`, "≤ 120 MB"],
  ["server peak RSS (VmHWM, under load)", `${peakRssMb.toFixed(0)} MB`, "≤ 200 MB"],
  ["server RSS at rest after the load (5 s later)", `${afterLoadRssMb.toFixed(0)} MB`, ""],
  [`home page JS (gzip, ${home.files} files)`, kb(home.bytes), "< 90 KB (issue 40; the smoke test's ratchet, decisions 067, 095)"],
  [`content page JS (${contentPage.replace(`${DIST}/`, "")})`, kb(content.bytes), "≤ 0,2 KB (the header hint only, decision 063)"],
];
for (const [url, scores] of lighthouseScores) {
  const path = new URL(url).pathname;
  rows.push([
    `Lighthouse mobile ${path} (perf/a11y/bp/seo)`,
    `${scores.performance}/${scores.accessibility}/${scores.bestPractices}/${scores.seo}`,
    "≥ 95/100/100/100",
  ]);
}
// Bathing water: the nearest-site lookup over the whole official list, and the data file's weight.
{
  const { BATHING_DATASET } = await import("../../src/sources/baignades/data.ts");
  const { findNearestSites } = await import("../../src/sections/bathing/nearest.ts");
  const lookups = 20_000;
  let found = 0;
  const startedLookups = performance.now();
  for (let i = 0; i < lookups; i++) {
    // Points spread over metropolitan France, the same for every run.
    const latitude = 42.5 + ((i * 7919) % 8500) / 1000;
    const longitude = -4.5 + ((i * 104729) % 12500) / 1000;
    found += findNearestSites(BATHING_DATASET.sites, { latitude, longitude }).length;
  }
  const perLookupMs = (performance.now() - startedLookups) / lookups;
  const dataFile = readFileSync(
    join(
      ROOT,
      "src/sources/baignades/data",
      readdirSync(join(ROOT, "src/sources/baignades/data")).find((file) => file.endsWith(".json"))!,
    ),
  );
  rows.push(
    [
      `bathing: nearest 3 sites within 20 km (${BATHING_DATASET.sites.length} sites, ${lookups} lookups)`,
      `${(perLookupMs * 1000).toFixed(1)} µs`,
      "well under 1 ms",
    ],
    [`  sites found per lookup (mean)`, (found / lookups).toFixed(2), ""],
    ["bathing data file (raw / gzip)", `${kb(dataFile.length)} / ${kb(gzipSync(dataFile).length)}`, ""],
  );
}

// The alert run at scale (its own fakes, in other processes).
// The alert run in a process of its own, with the V8 flags `npm start` gives the server (the run
// happens inside it on Node): its RSS is then the production server's, not the bench's.
{
  const flags = npmStartNodeArgs().slice(0, -1);
  const child = spawnSync(process.execPath, [...flags, "--expose-gc", "tests/bench/alerts.ts", "--json"], {
    cwd: ROOT,
    env: { ...process.env, ...npmStartEnv() },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const json = child.stdout.split("\n").find((line) => line.startsWith("[["));
  if (child.status !== 0 || !json) throw new Error(`the alert bench failed:\n${child.stderr}`);
  rows.push(...(JSON.parse(json) as Array<[string, string, string]>));
  rows.push(["— alert run's V8 flags (package.json's start script)", flags.join(" "), ""]);
}
// The progressive report in Chromium, each fake at its own pace (its own fakes and server).
rows.push(...(await benchProgressive()));
const width = Math.max(...rows.map((row) => row[0].length));
console.log(`\nZone Santé benchmark — every upstream answers after ${UPSTREAM_DELAY_MS} ms\n`);
console.log(`${"measure".padEnd(width)}  ${"value".padStart(12)}  target`);
for (const [name, value, target] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(12)}  ${target}`);
