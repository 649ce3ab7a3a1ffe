// The bathing card must not read like an error (issue 23): out of season one calm line per site,
// each value with its own year, the ministry's live read said once under the sites, names in
// readable case. The server's report is real (Maraussan, fake upstreams); its bathing section is
// replaced by one the real rules build at a fixed clock, so the card is the same whatever day runs.
import { expect, type Page } from "@playwright/test";
import { evaluateBathing, type NearbySite } from "../../src/sections/bathing/index.ts";
import { presentDocuments } from "../../src/core/report/present.ts";
import type { BathingSection, Report } from "../../src/core/types.ts";
import { analyseAddress, openCardDetails, seriousViolations, test, waitForIslands } from "./helpers.ts";

// One fixed clock for every date below: the season the card is read in (a past one, so nothing here
// follows the day the test runs), its November and its July morning (10:00 UTC = 12 h 00 in Paris).
const SEASON = 2024;
const NOVEMBER = new Date(Date.UTC(SEASON, 10, 22, 10));
const SUMMER = new Date(Date.UTC(SEASON, 6, 20, 10));

/** Maraussan's three nearest sites as the official list writes them: in capitals. */
function nearby(live: (id: string) => NearbySite["live"]): NearbySite[] {
  const sites = [
    { id: "FRJ1334074D034541", name: "ORB-REALS", communeCode: "34074", communeName: "CESSENON-SUR-ORB", waterType: "Rivière", distanceKm: 8.7 },
    { id: "FRJ1334074D034540", name: "PLAGE DU PRADO", communeCode: "34074", communeName: "CESSENON-SUR-ORB", waterType: "Rivière", distanceKm: 12.9 },
    { id: "FRJ1334324M034010", name: "LE CASINO", communeCode: "34324", communeName: "VALRAS-PLAGE", waterType: "Eau côtière", distanceKm: 17.6 },
  ];
  return sites.map(({ distanceKm, ...site }) => ({
    site: { ...site, department: "034", latitude: 43.3, longitude: 3.2 },
    distanceKm,
    // The previous season's official record: classement « Bonne ».
    record: { season: SEASON - 1, seasonStart: `${SEASON - 1}-06-15`, seasonEnd: `${SEASON - 1}-09-15`, events: [], classement: "Bonne", lastSample: null },
    live: live(site.id),
    officialUrl: `https://baignades.sante.gouv.fr/baignades/consultSite.do?isite=${site.id}`,
  }));
}

/** November, the ministry's live page not answering: not news out of season. */
const outOfSeason = (): BathingSection => evaluateBathing({ nearby: nearby(() => null), recordSeason: SEASON - 2, now: NOVEMBER });

/** July, read live this morning: this season's classement, a « Bon » sample, a ban in force at LE CASINO. */
const inSeason = (): BathingSection =>
  evaluateBathing({
    nearby: nearby((id) => ({
      fetchedAt: SUMMER.toISOString(),
      season: SEASON,
      seasonStart: `${SEASON}-06-15`,
      seasonEnd: `${SEASON}-09-15`,
      lastSample: { date: `${SEASON}-07-14`, verdict: "Bon" },
      prohibition: id === "FRJ1334324M034010" ? { title: `Interdiction de baignade du 18/07/${SEASON}`, kind: "temporaire", reason: "sanitaire" } : null,
      classement: { year: SEASON, label: "Bonne" },
    })),
    recordSeason: SEASON - 2,
    now: SUMMER,
  });

async function openWithBathing(page: Page, width: number, bathing: BathingSection, now: Date) {
  await page.setViewportSize({ width, height: 900 });
  await page.route("**/api/report?**", async (route) => {
    // The whole JSON answer (not the island's stream, decision 067), changed, then handed over whole.
    const response = await route.fetch({ headers: { ...route.request().headers(), accept: "application/json" } });
    const report = (await response.json()) as Report;
    const changed = { ...report, bathing, generated_at: now.toISOString() };
    // Each section's document, as the server sends it with its answer (decision 095).
    await route.fulfill({ response, json: { ...changed, documents: presentDocuments(changed) } });
  });
  await page.goto("/");
  await waitForIslands(page);
  await analyseAddress(page, "Maraussan");
  const card = page.getByTestId("report").getByRole("article", { name: "Baignade", exact: true });
  await expect(card).toBeVisible();
  // The sites are among the card's « Détails » (closed on a phone, decision 084): opened as a person would.
  await openCardDetails(card);
  return card;
}

for (const width of [1366, 390]) {
  // Its one layout claim, no sideways scroll, is a phone's: at 390 px only (decision 096).
  if (width === 390)
    test(`out of season: one calm line per site, the classement with its year, no failure text (${width} px)`, async ({ page }) => {
      const card = await openWithBathing(page, width, outOfSeason(), NOVEMBER);
      await expect(card.locator(".card__head .badge")).toHaveText("Hors saison");
      await expect(card.locator(".bathing-site__name")).toHaveText([/^Orb-Reals/, /^Plage du Prado/, /^Le Casino/]);
      await expect(card.getByText(/^Valras-Plage · Eau côtière · à 17,6\u00a0km$/)).toBeVisible();
      await expect(card.locator(".bathing-site__line")).toHaveText(Array(3).fill(`Saison terminée\u00a0; dernier classement\u00a0: Bonne (${SEASON - 1})`));
      await expect(card).not.toContainText(/n'a pas pu|Non communiqué|indisponible|dernier bilan officiel|Lu sur le site/);
      await expect(card).not.toContainText(/LE CASINO|ORB-REALS|VALRAS-PLAGE/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

  test(`in season, read live: each value with its own year, « Lu sur le site du ministère » once under the sites (${width} px)`, async ({ page }) => {
    const card = await openWithBathing(page, width, inSeason(), SUMMER);
    await expect(card.locator(".card__head .badge")).toHaveText("Baignade interdite");
    await expect(card.locator(".bathing-site__name").nth(2)).toContainText("Le Casino");
    await expect(card.getByText(`Bonne (${SEASON})`)).toHaveCount(3);
    await expect(card).not.toContainText(new RegExp(`dernier bilan officiel|saison ${SEASON - 2}|Non communiqué|n'a pas pu`));
    // Said once for the card, under its list: it covers the ban in force at Le Casino too.
    const read = card.getByText(new RegExp(`^Lu sur le site du ministère le 20\u00a0juillet\u00a0${SEASON} à 12\u00a0h\u00a000$`));
    await expect(read).toHaveCount(1);
    await expect(card.getByText(/Lu sur le site du ministère/)).toHaveCount(1);
    const listBottom = await card.locator(".bathing-sites").evaluate((list) => list.getBoundingClientRect().bottom);
    const readTop = await read.evaluate((line) => line.getBoundingClientRect().top);
    expect(readTop).toBeGreaterThanOrEqual(listBottom);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
