// `npm run bench:progressive` (issue 25, decision 067): the progressive report in Chromium, with a
// different latency per fake upstream (BAN 50 ms, ATMO 100 ms, VigiEau 300 ms, Hub'Eau 900 ms).
// From the pick of a suggestion to the first card's content, and to the whole report; each pick a
// different commune, so that every upstream is asked (cold). Figures only: no test asserts them.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { signAddress } from "../../src/server/services/geocoded-address.ts";
import { startFakeUpstreams, type FakeSource } from "../fakes/upstream-server.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../helpers/chromium.ts";
import { BENCH_APP_SECRET, startBenchServer } from "./bench-server.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/** The latencies; the air card's other sources (the model, API Géo) and the indice pollen answer with ATMO, bathing's portal with VigiEau. */
export const PROGRESSIVE_DELAYS: Record<FakeSource, number> = {
  ban: 50,
  atmo: 100,
  pollen: 100,
  openmeteo: 100,
  geo: 100,
  vigieau: 300,
  baignades: 300,
  hubeau: 900,
  meteofrance: 100,
};
/** Typed text the fake BAN knows, each in another commune: every report is cold. */
const PICKS = ["8 bd du Port", "Maraussan", "Les Abymes", "13 rue Albert Einstein", "Alès"];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchProgressive(): Promise<Array<[string, string, string]>> {
  if (!existsSync(join(ROOT, "dist", "index.html")) || !existsSync(join(ROOT, "build", "node", "server.mjs"))) throw new Error("Build first (npm run build).");
  const upstreams = await startFakeUpstreams();
  for (const [source, ms] of Object.entries(PROGRESSIVE_DELAYS)) upstreams.setDelay(ms, source as FakeSource);
  const bench = await startBenchServer({ upstreamConfig: upstreams.config, upstreamTimeoutMs: 5000 });
  const base = bench.base;
  // One report first, in a commune no pick names: the server's first answer (its modules loaded,
  // its code compiled) is not what a visitor of a running server waits for.
  const warmUp = signAddress(BENCH_APP_SECRET, { label: "bench", latitude: 50.63, longitude: 3.06, citycode: "59350", postcode: "", city: "" });
  await (
    await fetch(`${base}/api/report?${new URLSearchParams({ lat: "50.63", lon: "3.06", citycode: "59350", label: warmUp.label, signature: warmUp.signature })}`)
  ).arrayBuffer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS] });
  const firstCard: number[] = [];
  const whole: number[] = [];
  const sent: number[] = [];
  const answered: number[] = [];
  const drawn: number[] = [];
  try {
    for (const typed of PICKS) {
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: "fr-FR" });
      await page.goto(`${base}/`);
      await page.waitForFunction(() => [...document.querySelectorAll("astro-island")].every((island) => !island.hasAttribute("ssr")));
      // Marks taken in the page, on its own clock: the pick's click, the first card with its content, the whole report.
      await page.evaluate(() => {
        const marks: Record<string, number> = {};
        Object.assign(window, { __marks: marks });
        document.addEventListener(
          "click",
          (event) => {
            if (event.target instanceof Element && event.target.closest("[role=option]")) marks.pick = performance.now();
          },
          { capture: true },
        );
        const look = () => {
          if (marks.pick === undefined) return;
          if (marks.first === undefined && document.querySelector("article.report-section:not([aria-busy]) .card__source")) marks.first = performance.now();
          const report = document.querySelector("[data-testid=report]");
          if (marks.whole === undefined && report && !report.querySelector("[aria-busy]") && report.querySelector(".report__actions"))
            marks.whole = performance.now();
        };
        new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      });
      await page.getByRole("combobox", { name: /Votre adresse/ }).pressSequentially(typed, { delay: 10 });
      await page.getByRole("option").first().click();
      await page.waitForFunction(() => (window as unknown as { __marks: Record<string, number> }).__marks.whole !== undefined, undefined, { timeout: 15_000 });
      const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
      // Where the time over the slowest source goes: the report's request as the page's resource timing saw it.
      const request = await page.evaluate(() => {
        const entry = performance.getEntriesByType("resource").findLast((item) => item.name.includes("/api/report?")) as PerformanceResourceTiming | undefined;
        return entry ? { start: entry.startTime, responseStart: entry.responseStart, end: entry.responseEnd } : null;
      });
      firstCard.push(marks.first! - marks.pick!);
      whole.push(marks.whole! - marks.pick!);
      if (request) {
        sent.push(request.start - marks.pick!);
        answered.push(request.end - request.start);
        drawn.push(marks.whole! - request.end);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    bench.stop();
    await upstreams.close();
  }
  const fastest = Math.min(PROGRESSIVE_DELAYS.atmo, PROGRESSIVE_DELAYS.vigieau, PROGRESSIVE_DELAYS.hubeau);
  const slowest = PROGRESSIVE_DELAYS.hubeau;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return [
    [`progressive: pick → first card (median of ${PICKS.length})`, ms(median(firstCard)), `≤ ${fastest + 50} ms (fastest card source ${fastest} ms + 50)`],
    ["progressive: pick → first card (worst)", ms(Math.max(...firstCard)), ""],
    [`progressive: pick → whole report (median of ${PICKS.length})`, ms(median(whole)), `≤ ${ms(1.05 * slowest)} (1,05 × Hub'Eau ${slowest} ms)`],
    ["progressive: pick → whole report (worst)", ms(Math.max(...whole)), ""],
    ["progressive: whole report / Hub'Eau (median)", `${(median(whole) / slowest).toFixed(3).replace(".", ",")} ×`, "≤ 1,05 ×"],
    ["  of which pick → report request sent (median)", sent.length ? ms(median(sent)) : "–", ""],
    ["  of which request → its last byte (median)", answered.length ? ms(median(answered)) : "–", ""],
    ["  of which last byte → whole report drawn (median)", drawn.length ? ms(median(drawn)) : "–", ""],
    ...PICKS.map((typed, index): [string, string, string] => [`  « ${typed} »: first card / whole`, `${ms(firstCard[index]!)} / ${ms(whole[index]!)}`, ""]),
  ];
}

if (import.meta.main) {
  const rows = await benchProgressive();
  const width = Math.max(...rows.map((row) => row[0].length));
  const delays = Object.entries(PROGRESSIVE_DELAYS)
    .map(([source, ms]) => `${source} ${ms} ms`)
    .join(", ");
  console.log(`\nZone Santé — progressive report in Chromium (fakes: ${delays})\n`);
  console.log(`${"measure".padEnd(width)}  ${"value".padStart(10)}  target`);
  for (const [name, value, target] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(10)}  ${target}`);
}
