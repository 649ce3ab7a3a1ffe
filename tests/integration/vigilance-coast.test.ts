// « The coast is the coast » (issue 36, decision 078): Météo-France's map colours the Gironde's
// coastal strip (« 3310 ») orange for vagues-submersion while the département (« 33 ») is green.
// An inland address (Sainte-Foy-la-Grande, 33402, 100 km from the sea) and a coastal one (Lacanau,
// 33214) both read the département's green, and the coast's orange as the coast's, in one line —
// in the API's JSON, on the page, in the PDF and in the weather alert e-mail. Before 078 the strip
// was merged into the département: « À retenir : Vigilance orange vagues-submersion », « Tenez-vous
// éloigné du littoral » and « Météo-France place le département Gironde (33) en vigilance orange ».
//
// The fake Météo-France portal serves a DERIVED map (tests/fixtures/meteofrance/
// cartevigilance-derived-gironde-coast.json); the fake BAN knows the two addresses.
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportAnswer } from "../../src/core/types.ts";
import ReportView from "../../src/islands/report/ReportView.tsx";
import { runAlerts } from "../../src/server/alerts/run.ts";
import { loadRunChanges } from "../../src/server/alerts/snapshots.ts";
import type { VigilanceSnapshot } from "../../src/sections/weather/alert.server.ts";
import { sourceSnapshots } from "../../src/server/db/schema/index.ts";
import { COASTAL_GIRONDE_SCENARIO, INLAND_GIRONDE_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { BrowserClient, confirmAccount, signUpForLink } from "../helpers/browser-client.ts";
import { pdfText } from "../helpers/pdf-text.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { readFixture } from "../unit/sources/fixtures.ts";
import { asSent } from "../helpers/site-report.ts";

// 18:00 in Paris on 10 November 2026, after the day's 17:00 map.
const NOW = new Date("2026-11-10T17:00:00Z");
const NBSP = "\u00a0";
const COAST_LINE = "Le littoral de la Gironde est en vigilance orange vagues-submersion aujourd'hui et demain.";
// What the merge printed: the coast's orange as the département's, and the coast's advice for everyone.
const MERGED_WORDS = [
  /Vigilance orange \(vagues-submersion\)(?! sur le littoral)/,
  /Tenez-vous éloigné du littoral/,
  /département Gironde \(33\) en vigilance orange/,
];

const ADDRESSES = [
  ["inland", INLAND_GIRONDE_SCENARIO],
  ["coastal", COASTAL_GIRONDE_SCENARIO],
] as const;

let t: TestApp;
let clientNumber = 0;

async function reportOf(scenario: (typeof ADDRESSES)[number][1]): Promise<ReportAnswer> {
  clientNumber += 1;
  const response = await t.app.request(`/api/v1/report?${reportQueryOf(scenario)}`, { headers: { "x-test-ip": `198.51.100.${clientNumber}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as ReportAnswer;
}

/** The words read on a page, tags dropped, entities and whitespace folded. */
const wordsOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[ \t\n\r]+/g, " ");

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  t.upstreams.setData("vigilance", "FRA", readFixture("meteofrance/cartevigilance-derived-gironde-coast.json", NOW));
});

afterAll(async () => {
  await t.close();
});

describe.each(ADDRESSES)("the %s Gironde address under an orange coastal strip and a green département", (_where, scenario) => {
  let report: ReportAnswer;
  beforeAll(async () => {
    report = await reportOf(scenario);
  });

  it("the API: the département's green and level, the coast apart in `coast`, no advice", () => {
    const weather = report.weather_warnings;
    expect(report.address.citycode).toBe(scenario.citycode);
    expect(weather).toMatchObject({ success: true, configured: true, level: "good", department: { code: "33", name: "Gironde" } });
    expect(weather.days.map((day) => day.date)).toEqual(["2026-11-10", "2026-11-11"]);
    for (const day of weather.days) {
      expect(day).toMatchObject({ color: "vert", label: "Vigilance verte", level: "good" });
      expect(day.phenomena.map((entry) => entry.phenomenon)).not.toContain("vagues_submersion");
      expect(day.coast).toEqual({
        name: "Littoral de la Gironde",
        color: "orange",
        label: "Vigilance orange",
        phenomena: [{ phenomenon: "vagues_submersion", name: "Vagues-submersion", color: "orange", label: "Vigilance orange", level: "concerning" }],
      });
    }
    expect(report.recommendations.filter((entry) => entry.category === "weather")).toEqual([]);
  });

  it("the page: the card's headline is the département's green, the coast one line, never « À retenir »", () => {
    const html = renderToStaticMarkup(createElement(ReportView, { report: asSent(report), pendingUdi: null, updating: false, onChooseUdi: () => {} }));
    const card = html.match(/<article id="vigilance"[\s\S]*?<\/article>/)?.[0] ?? "";
    expect(card).toMatch(/<span class="badge badge--official card__badge"[^>]*>Vigilance verte<\/span>/);
    const cardWords = wordsOf(card);
    expect(cardWords.split(COAST_LINE)).toHaveLength(2);
    // No grid of the département's phenomena: none is above green.
    expect(card).not.toContain("<table");
    const words = wordsOf(html);
    for (const merged of MERGED_WORDS) expect(words).not.toMatch(merged);
    expect(words).not.toMatch(/À retenir[^.]*vagues-submersion/i);
    // « L'essentiel »: the label in its own element, then the sentence.
    expect(words).toMatch(
      new RegExp(`Vigilance météo\\s+${NBSP}: Vigilance verte${NBSP}; demain${NBSP}: Vigilance verte\\. ${COAST_LINE.replace(/[.()]/g, "\\$&")}`),
    );
  });

  it("the PDF: the same green headline and the one coast line", async () => {
    const response = await t.app.request(`/api/report/pdf?${reportQueryOf(scenario)}`, { headers: { "x-test-ip": `203.0.113.${++clientNumber}` } });
    expect(response.status).toBe(200);
    const text = pdfText(await response.arrayBuffer());
    // pdftotext folds the no-break spaces into spaces.
    expect(text).toContain(COAST_LINE);
    expect(text).toMatch(/Vigilance météo\s*Vigilance verte/);
    for (const merged of MERGED_WORDS) expect(text).not.toMatch(merged);
  });
});

describe("the weather alert run under an orange coastal strip (decision 078)", () => {
  let emails: TestApp["resend"]["emails"] = [];

  beforeAll(async () => {
    for (const [where, scenario] of ADDRESSES) {
      const client = new BrowserClient(() => t.app);
      await confirmAccount(client, await signUpForLink(t, client, { email: `${where}@exemple-zs.fr`, firstName: "Camille" }));
      // The report's signed address, as the page's « Recevoir des alertes » sends it.
      const { address } = await reportOf(scenario);
      const added = await client.post("/api/account/addresses", { address });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(
        (await client.put("/api/account/preferences", { water: false, drought: false, air: false, bathing: false, pollen: false, weather: true })).status,
      ).toBe(200);
    }
    const before = t.resend.emails.length;
    await runAlerts(t.deps());
    emails = t.resend.emails.slice(before);
  });

  const alertTextTo = (address: string) =>
    emails
      .filter((email) => email.to.includes(address) && /^Zone Santé – /.test(email.subject))
      .map((email) => email.text ?? "")
      .join("\n");

  it.each(ADDRESSES)("the %s address is told the coast's orange as the coast's, with the département's own green", (where) => {
    const text = alertTextTo(`${where}@exemple-zs.fr`);
    expect(text).toContain(`Vigilance orange (vagues-submersion) sur le littoral de la Gironde aujourd'hui`);
    expect(text).toContain(
      `Météo-France place le littoral de la Gironde en vigilance orange pour le phénomène «${NBSP}Vagues-submersion${NBSP}» le 10${NBSP}novembre${NBSP}2026.`,
    );
    expect(text).toContain(`Pour le département Gironde (33), la carte indique ce jour-là${NBSP}: Vigilance verte.`);
    expect(text).toContain(`Votre bilan${NBSP}: Vigilance météo${NBSP}: Vigilance verte${NBSP}; demain${NBSP}: Vigilance verte. ${COAST_LINE}`);
    for (const merged of MERGED_WORDS) expect(text).not.toMatch(merged);
    // Tomorrow's orange is the same episode: not told a second time.
    expect(text).not.toContain("sur le littoral de la Gironde demain");
  });

  it("the run's snapshot keeps the Gironde and its coast apart; a row written with the strip merged (before 078) is not judged", async () => {
    const girondeRow = and(eq(sourceSnapshots.day, "2026-11-10"), eq(sourceSnapshots.source, "vigilance"), eq(sourceSnapshots.department, "33"));
    const [row] = await t.db.select().from(sourceSnapshots).where(girondeRow);
    const stored = JSON.parse(row?.payloadJson ?? "null") as VigilanceSnapshot;
    expect(stored.days.map((day) => day.date)).toEqual(["2026-11-10", "2026-11-11"]);
    for (const day of stored.days) {
      expect(day.phenomena.every((entry) => entry.color === 1 && entry.phenomenon !== "vagues_submersion")).toBe(true);
      expect(day.coast).toEqual([{ phenomenon: "vagues_submersion", color: 3 }]);
    }
    const changes = await loadRunChanges(t.deps(), { day: "2026-11-10", communes: [INLAND_GIRONDE_SCENARIO.citycode] });
    const bulletin = changes.communes[INLAND_GIRONDE_SCENARIO.citycode]?.vigilance;
    expect(bulletin?.ok && bulletin.data.days.map((day) => [day.departments["33"]?.length, day.coasts["33"]])).toEqual([
      [6, [{ phenomenon: "vagues_submersion", color: 3 }]],
      [6, [{ phenomenon: "vagues_submersion", color: 3 }]],
    ]);
    // The old shape: the coast's orange inside the département's phenomena, no `coast`.
    const merged = { updatedAt: stored.updatedAt, days: stored.days.map((day) => ({ date: day.date, phenomena: [...day.phenomena, ...(day.coast ?? [])] })) };
    await t.db
      .update(sourceSnapshots)
      .set({ payloadJson: JSON.stringify(merged) })
      .where(girondeRow);
    const from = t.logs.length;
    const stale = await loadRunChanges(t.deps(), { day: "2026-11-10", communes: [INLAND_GIRONDE_SCENARIO.citycode] });
    expect(stale.communes[INLAND_GIRONDE_SCENARIO.citycode]?.vigilance).toBeNull();
    expect(
      t.logs
        .slice(from)
        .filter((entry) => entry.message === "stored row unreadable, treated as absent")
        .map((entry) => entry.fields?.kind),
    ).toEqual(["vigilance"]);
  });

  it("the same day again: nothing told twice", async () => {
    const before = t.resend.emails.length;
    await runAlerts(t.deps());
    const again = t.resend.emails.slice(before).map((mail) => mail.text ?? "");
    expect(again.filter((text) => text.includes("littoral de la Gironde"))).toEqual([]);
  });
});
