// Issue 21: the real recorded Hub'Eau answer for Hon-Hergies (resultats_dis?code_commune=59310,
// tests/fixtures/hubeau/resultats-dis-59310.json): one sample of 18 August 2023, every ARS flag
// « C », total chlorine 0,67 mg(Cl2)/L. Chlorine has no regulatory value (arrêté du 11 janvier
// 2007 as amended: neither a limite nor a référence de qualité), so this sample reads « Conforme »
// on the card, in the advice and in the alert run (one judgement, judgeWaterQuality).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presentReport } from "../../src/core/report/present.ts";
import type { Report } from "../../src/core/types.ts";
import { runAlerts } from "../../src/server/alerts/run.ts";
import { CRISIS_SCENARIO } from "../fixtures/scenarios.ts";
import { BrowserClient, findLink } from "../helpers/browser-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// A month after the recorded sample, at 17:00 in Paris (the alert run's hour): the sample is new.
const RUN_DAY = new Date("2023-09-20T15:00:00Z");
// The fake geocoder knows the scenario addresses only: the recorded rows are served, verbatim, as
// Maraussan's (only code_commune is re-filed, so that the run's read by département finds them).
const PLACE = CRISIS_SCENARIO;
const RECORDED = JSON.parse(readFileSync(new URL("../fixtures/hubeau/resultats-dis-59310.json", import.meta.url), "utf8")) as {
  count: number;
  data: Array<Record<string, unknown>>;
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: RUN_DAY });
  t.upstreams.setData("results", PLACE.citycode, { ...RECORDED, data: RECORDED.data.map((row) => ({ ...row, code_commune: PLACE.citycode })) });
  // The networks the recorded rows name.
  t.upstreams.setData("udis", PLACE.citycode, {
    count: 2,
    data: [
      { code_commune: PLACE.citycode, nom_commune: "MARAUSSAN", nom_quartier: "commune", code_reseau: "059000440", nom_reseau: "GOMMEGNIES", annee: "2023" },
      { code_commune: PLACE.citycode, nom_commune: "MARAUSSAN", nom_quartier: "commune", code_reseau: "059000615", nom_reseau: "JENLAIN", annee: "2023" },
    ],
  });
});
afterAll(async () => {
  await t.close();
});

describe("the recorded compliant sample with 0,67 mg(Cl2)/L of total chlorine", () => {
  it("chlorine never raises the water section above « acceptable » nor alerts, and no word of it borrows « référence de qualité » or « dérogation »", async () => {
    const app = t.rebuild();
    const client = new BrowserClient(() => app);
    const email = "chlore@exemple-zs.fr";
    const response = await client.post("/api/subscriptions", { email, address: PLACE, consent: true });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    const confirmation = [...t.resend.emails].reverse().find((mail) => mail.to.includes(email));
    const link = new URL(findLink(confirmation?.text ?? "", /confirmation-alertes/));
    expect((await client.post("/api/subscriptions/confirm", { i: link.searchParams.get("i"), t: link.searchParams.get("t") })).status).toBe(200);

    const before = t.resend.emails.length;
    const summary = await runAlerts(t.deps());
    expect(summary.failed).toBe(0);
    // The first judgement of a subject alerts only when it is « À surveiller » or worse (before
    // issue 21 this run e-mailed « Chlore total : 0,67 mg(Cl2)/L – Au-dessus du seuil de confort »).
    const mails = t.resend.emails.slice(before).filter((mail) => mail.to.includes(email));
    for (const mail of mails) {
      expect(mail.text).not.toMatch(/Eau du robinet|chlore|référence de qualité|dérogation/i);
    }

    const query = new URLSearchParams({ lat: String(PLACE.latitude), lon: String(PLACE.longitude), citycode: PLACE.citycode, label: PLACE.label });
    const reportResponse = await app.request(`/api/report?${query}`);
    expect(reportResponse.status).toBe(200);
    const report = (await reportResponse.json()) as Report;
    expect(report.water_quality).toMatchObject({ success: true, level: "good", official_verdict: "conforme", sampled_at: "2023-08-18T11:01:00Z" });
    const presented = presentReport(report);
    expect(presented.water.headline).toMatchObject({ word: "Conforme", tone: "good" });
    // Calm: on « L'essentiel »'s calm line with its word (issue 38), never in a line of its own.
    expect(presented.summary.find((line) => line.key === "water")).toBeUndefined();
    expect(presented.summary.find((line) => line.key === "calm")?.calm).toContainEqual({
      anchor: presented.water.anchor,
      label: "Eau du robinet",
      word: "Conforme",
    });
    const chlorineRows = presented.water.rows.filter((row) => /chlore/i.test(row.name));
    expect(chlorineRows.map((row) => [row.name, row.badge.word])).toEqual([
      ["Chlore libre", "Conforme"],
      ["Chlore total", "Goût de chlore possible"],
    ]);
    const waterAdvice = report.recommendations.filter((recommendation) => recommendation.category === "water");
    expect(waterAdvice).toEqual([]);
    expect(JSON.stringify([chlorineRows, report.recommendations])).not.toMatch(/référence de qualité|dérogation|À surveiller/i);
  });
});
