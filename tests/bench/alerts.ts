// The alert run at a small scale: 10 000 monitored addresses over 2 000 communes of the fakes'
// national mode (bulk ATMO, Hub'Eau and VigiEau answers, as `npm run bench:national` uses at full
// scale), answering after 50 ms, and a fake Resend, both in other processes so that the figures
// are the run's own. Upstream calls follow the data published, not the addresses; Resend calls
// the recipients / 100.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { getHeapSpaceStatistics } from "node:v8";
import { runAlerts } from "../../src/server/alerts/run.ts";
import { alertSubscriptions } from "../../src/server/db/schema/index.ts";
import { createNodeRuntime } from "../../workers/node.ts";
import { upstreamConfigFor } from "../fakes/upstream-server.ts";
import { freePort } from "../helpers/net.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const COMMUNES = 2_000;
const ADDRESSES = 10_000;
const UPSTREAM_DELAY_MS = 50;

async function startProcess(script: string, env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolveReady, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes(ready)) resolveReady();
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return child;
}

export async function benchAlertRun(): Promise<Array<[string, string, string]>> {
  const upstreamPort = await freePort();
  const resendPort = await freePort();
  const upstream = await startProcess(
    "tests/fakes/upstream-server.ts",
    { PORT: String(upstreamPort), DELAY_MS: String(UPSTREAM_DELAY_MS), NATIONAL_COMMUNES: String(COMMUNES) },
    "listening",
  );
  const resendProcess = await startProcess("tests/fakes/resend-server.ts", { PORT: String(resendPort) }, "listening");
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  const resendUrl = `http://127.0.0.1:${resendPort}`;
  const directory = mkdtempSync(join(tmpdir(), "zone-sante-bench-alerts-"));
  const { deps, database } = await createNodeRuntime({
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: `file:${join(directory, "alerts.db")}`,
      APP_SECRET: "bench-secret-bench-secret-bench-secret-00",
      ...upstreamConfigFor(upstreamUrl),
      RESEND_API_KEY: "re_bench",
      RESEND_BASE_URL: resendUrl,
      ALERT_CONCURRENCY: "16",
      ALERT_HUBEAU_PER_SECOND: "0",
      ALERT_VIGIEAU_PER_SECOND: "0",
      ALERT_ATMO_PER_SECOND: "0",
      ALERT_BAIGNADES_PER_SECOND: "0",
    },
    log: () => {},
  });
  try {
    // The fake country's communes (its API Géo list), 5 confirmed sign-ups each.
    const communes = ((await (await fetch(`${upstreamUrl}/geo/communes?fields=code`)).json()) as Array<{ code: string }>).map((commune) => commune.code);
    const nowMs = Date.now();
    const rows = Array.from({ length: ADDRESSES }, (_, index) => {
      const commune = communes[index % communes.length]!;
      return {
        id: `bench${index}`,
        email: `abonne${index}@exemple-zs.fr`,
        addressLabel: `${index} rue du Banc d'Essai ${commune}`,
        latitude: 49.9 + (index % 97) / 1000,
        longitude: 2.3 + (index % 89) / 1000,
        citycode: commune,
        postcode: "80000",
        city: `Commune ${commune}`,
        partnerOrigin: null,
        consentAtMs: nowMs,
        confirmationSentAtMs: nowMs,
        confirmedAtMs: nowMs,
        createdAtMs: nowMs,
      };
    });
    for (let start = 0; start < rows.length; start += 500) await deps.db.insert(alertSubscriptions).values(rows.slice(start, start + 500));

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    let peakHeap = process.memoryUsage().heapUsed;
    let peakExternal = process.memoryUsage().external;
    // V8 sizes its young generation from the machine's memory (up to 2 × 64 MiB on a big one): garbage, not data the run holds.
    const newSpaceBytes = () => getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;
    let peakNewSpace = newSpaceBytes();
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      peakRss = Math.max(peakRss, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
      peakExternal = Math.max(peakExternal, usage.external);
      peakNewSpace = Math.max(peakNewSpace, newSpaceBytes());
    }, 50);
    const started = performance.now();
    const summary = await runAlerts(deps);
    const wallMs = performance.now() - started;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);

    const stats = (await (await fetch(`${upstreamUrl}/_test/stats`)).json()) as Record<string, number>;
    const upstreamCalls = (stats.hubeau ?? 0) + (stats.vigieau ?? 0) + (stats.atmo ?? 0) + (stats.geo ?? 0);
    const resendCalls = ((await (await fetch(`${resendUrl}/_test/calls`)).json()) as unknown[]).length;
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    return [
      [`alert run: ${ADDRESSES} addresses, ${COMMUNES} communes (fakes ${UPSTREAM_DELAY_MS} ms)`, `${(wallMs / 1000).toFixed(1)} s`, ""],
      // Bulk reads (ATMO pages, API Géo list, Hub'Eau and VigiEau per département) plus the first
      // drought judgements of communes in départements with zones (ALERT_VIGIEAU_FIRST_READS_PER_RUN).
      ["  upstream calls (Hub'Eau, VigiEau, ATMO, API Géo)", String(upstreamCalls), `≪ ${COMMUNES * 5} (5 per commune before issue 14)`],
      ["  alerts detected / emails sent / failed", `${summary.alertsDetected} / ${summary.sent} / ${summary.failed}`, ""],
      ["  Resend calls (batch endpoint)", String(resendCalls), `≤ ${Math.ceil(summary.sent / 100)} + retries`],
      ["  process RSS before → peak during the run", `${mb(rssBefore)} → ${mb(peakRss)}`, "peak ≤ 300 MB (issue 25)"],
      ["  peak V8 heap in use / outside the heap (buffers, native) during the run", `${mb(peakHeap)} / ${mb(peakExternal)}`, ""],
      ["  peak V8 young generation (new space) size", mb(peakNewSpace), ""],
      [
        "  upstream cache at the end (bytes as counted, CACHE_MAX_MB)",
        `${mb((deps.cache as { sizeBytes?: () => number }).sizeBytes?.() ?? 0)} / ${deps.config.CACHE_MAX_MB} MB`,
        "",
      ],
    ];
  } finally {
    database.close();
    upstream.kill("SIGTERM");
    resendProcess.kill("SIGTERM");
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const rows = await benchAlertRun();
  // `--json`: one line for tests/bench/run.ts, which runs this file with the server's V8 flags.
  if (process.argv.includes("--json")) console.log(JSON.stringify(rows));
  else for (const [name, value, target] of rows) console.log(`${name.padEnd(62)} ${value.padStart(16)}  ${target}`);
}
