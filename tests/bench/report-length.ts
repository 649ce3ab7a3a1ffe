// `npm run bench:length` (issue 38, decision 084): how long the report reads on a phone. Maraussan
// (its water non-conforming on nitrates, a drought crisis on the river, an orange vigilance), in
// Chromium at 390 × 844 and 320 × 568, the cards' disclosures as they open (closed on a phone): from
// « L'essentiel » to the last card, in pixels and in screen heights — the target is five. Also with
// Hub'Eau failing, and how many Tab presses from « L'essentiel » reach the alert button. Figures
// only: no test asserts them.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { signAddress } from "../../src/server/services/geocoded-address.ts";
import { startFakeUpstreams } from "../fakes/upstream-server.ts";
import { CRISIS_SCENARIO } from "../fixtures/scenarios.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../helpers/chromium.ts";
import { BENCH_APP_SECRET, startBenchServer } from "./bench-server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const SCREENS = [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
];

export interface ReportLength {
  case: string;
  width: number;
  height: number;
  /** from the top of « L'essentiel » to the bottom of the last card */
  pixels: number;
  screens: number;
  /** Tab presses from « L'essentiel »'s heading to the alert button */
  tabsToAlerts: number;
}

async function measure(browser: Browser, url: string, screen: { width: number; height: number }, name: string): Promise<ReportLength> {
  const page = await browser.newPage({ viewport: screen, locale: "fr-FR" });
  try {
    await page.goto(url);
    await page.locator(".card--recommendations .recommendation").first().waitFor();
    await page.locator(".report__alert-slot a, .report__alert-slot button").first().waitFor();
    const pixels = await page.evaluate(() => {
      const summary = document.querySelector(".summary")!.getBoundingClientRect();
      const cards = [...document.querySelectorAll(".report__grid > *")].map((card) => card.getBoundingClientRect().bottom);
      return Math.max(...cards) - summary.top;
    });
    // From « L'essentiel »'s heading (where a phone's focus goes when the report arrives), Tab until the alert action.
    await page.locator(".summary__title").focus();
    let tabs = 0;
    for (; tabs < 200; tabs++) {
      const onAlert = await page.evaluate(() => document.activeElement?.closest(".report__alert-slot") !== null);
      if (onAlert) break;
      await page.keyboard.press("Tab");
    }
    return { case: name, ...screen, pixels: Math.round(pixels), screens: pixels / screen.height, tabsToAlerts: tabs };
  } finally {
    await page.close();
  }
}

export async function benchReportLength(): Promise<ReportLength[]> {
  if (!existsSync(join(ROOT, "dist", "index.html")) || !existsSync(join(ROOT, "build", "node", "server.mjs"))) throw new Error("Build first (npm run build).");
  const { label, latitude, longitude, citycode, postcode, city } = CRISIS_SCENARIO;
  const signed = signAddress(BENCH_APP_SECRET, { label, latitude, longitude, citycode, postcode, city });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS] });
  const results: ReportLength[] = [];
  try {
    // Each case on a server of its own (its own database): Hub'Eau failing is read fresh, not from the other's cache.
    for (const [name, failing] of [
      ["Maraussan", false],
      ["Maraussan, Hub'Eau en panne", true],
    ] as const) {
      const upstreams = await startFakeUpstreams();
      if (failing) upstreams.setMode("hubeau", "error500");
      const bench = await startBenchServer({ upstreamConfig: upstreams.config, upstreamTimeoutMs: 5000 });
      const url = `${bench.base}/?${new URLSearchParams({ lat: String(latitude), lon: String(longitude), citycode, label, postcode, city, signature: signed.signature })}`;
      try {
        for (const screen of SCREENS) results.push(await measure(browser, url, screen, name));
      } finally {
        bench.stop();
        await upstreams.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

if (import.meta.main) {
  const results = await benchReportLength();
  console.log("Longueur du bilan sur téléphone (de « L'essentiel » à la dernière carte, détails fermés) :");
  console.log("cas                              | écran     | pixels | écrans | Tab jusqu'aux alertes");
  for (const row of results)
    console.log(
      `${row.case.padEnd(32)} | ${`${row.width}×${row.height}`.padEnd(9)} | ${String(row.pixels).padStart(6)} | ${row.screens.toFixed(2).replace(".", ",").padStart(6)} | ${row.tabsToAlerts}`,
    );
}
