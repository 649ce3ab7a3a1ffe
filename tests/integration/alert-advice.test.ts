// An alert e-mail gives the report's own advice (issue 37): through the real daily run, on a real
// libSQL file, the app behind a real HTTP server and the fake upstreams and Resend, an account with
// weather warnings on, whose département the vigilance map colours orange for canicule, gets an
// e-mail whose advice is the report's for that address and day, word for word (the helpline and
// the 15 included), today's and tomorrow's warnings in one block, the source named once. The
// pollen e-mail carries its advice's full text too.
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAlerts } from "../../src/server/alerts/run.ts";
import type { Recommendation } from "../../src/core/types.ts";
import type { PollenIndex, PollenTaxon } from "../../src/sections/pollen/types.ts";
import type { VigilanceBulletin } from "../../src/sections/weather/types.ts";
import { VIGILANCE_SOURCE } from "../../src/sections/weather/source.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { vigilanceMapOf } from "../fakes/upstream-server.ts";
import { BrowserClient, confirmAccount, signUpForLink } from "../helpers/browser-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// 18:00 in Paris on 14 April 2026 (birch season); the map: Somme (80) canicule orange today, storms orange tomorrow.
const NOW = new Date("2026-04-14T16:00:00Z");
const TODAY = "2026-04-14";
const TOMORROW = "2026-04-15";
const EMAIL = "canicule@exemple-zs.fr";

let t: TestApp;
let server: ServerType | null = null;
let base = "";

const BULLETIN: VigilanceBulletin = {
  updatedAt: "2026-04-14T14:00:00Z",
  days: [
    { date: TODAY, departments: { "80": [{ phenomenon: "canicule", color: 3 }] }, coasts: {} },
    {
      date: TOMORROW,
      departments: {
        "80": [
          { phenomenon: "canicule", color: 3 },
          { phenomenon: "orages", color: 3 },
        ],
      },
      coasts: {},
    },
  ],
};

/** The indice pollen's WFS feature (tests/fixtures/pollen: the recorded shape): birch « Élevé » tomorrow. */
function pollenFeature(date: string, bouleau: number) {
  const labels: Record<number, string> = { 1: "Très faible", 3: "Modéré", 4: "Élevé" };
  const taxa: Record<PollenTaxon, number | null> = { aulne: 1, bouleau, olivier: null, armoise: 1, graminees: 1, ambroisie: 1 };
  const index: Pick<PollenIndex, "code" | "label"> = { code: bouleau, label: labels[bouleau] ?? "Indisponible" };
  return {
    type: "Feature",
    id: `ind_national_pol.${MAIN_SCENARIO.citycode}.${date}`,
    geometry: null,
    properties: {
      aasqa: "32",
      code_qual: index.code,
      lib_qual: index.label,
      date_dif: `${TODAY}T10:41:07Z`,
      source: "Atmo Hauts-de-France",
      type_zone: "commune",
      lib_zone: "Amiens",
      code_aul: taxa.aulne,
      code_boul: taxa.bouleau,
      code_oliv: taxa.olivier,
      code_arm: taxa.armoise,
      code_gram: taxa.graminees,
      code_ambr: taxa.ambroisie,
      pollen_resp: null,
      alerte: false,
      date_ech: date,
      code_zone: MAIN_SCENARIO.citycode,
    },
  };
}

/** The part of an e-mail's text after `heading` up to the next blank line. */
function paragraphAfter(text: string, heading: string): string[] {
  const start = text.indexOf(heading);
  expect(start).toBeGreaterThan(-1);
  return text.slice(start).split("\n\n")[0]!.split("\n");
}

let mailText = "";
let mailHtml = "";
let report: { recommendations: Recommendation[] };

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  t.upstreams.setData("vigilance", "FRA", vigilanceMapOf(BULLETIN));
  t.upstreams.setData("pollen", MAIN_SCENARIO.citycode, { type: "FeatureCollection", features: [pollenFeature(TODAY, 3), pollenFeature(TOMORROW, 4)] });
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve(started);
    });
  });
  // The account as the browser makes it (the app's own request path: its e-mails are sent in the background of the request).
  const client = new BrowserClient(() => t.app);
  await confirmAccount(client, await signUpForLink(t, client, { email: EMAIL, firstName: "Camille" }));
  expect((await client.post("/api/account/addresses", { address: MAIN_SCENARIO })).status).toBe(201);
  const preferences = { water: false, drought: false, air: false, bathing: false, pollen: true, weather: true, pollenTaxa: ["bouleau"] };
  expect((await client.put("/api/account/preferences", preferences)).status).toBe(200);

  const before = t.resend.emails.length;
  await runAlerts(t.deps());
  const mails = t.resend.emails.slice(before).filter((mail) => mail.to.includes(EMAIL) && /^Zone Santé – /.test(mail.subject));
  expect(mails).toHaveLength(1);
  mailText = mails[0]?.text ?? "";
  mailHtml = mails[0]?.html ?? "";

  // The report for the same address and day, over the same HTTP server.
  const query = new URLSearchParams({
    lat: String(MAIN_SCENARIO.latitude),
    lon: String(MAIN_SCENARIO.longitude),
    citycode: MAIN_SCENARIO.citycode,
    label: MAIN_SCENARIO.label,
  });
  const response = await fetch(`${base}/api/report?${query}`);
  expect(response.status).toBe(200);
  report = (await response.json()) as typeof report;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await t.close();
});

describe("an alert e-mail gives the report's own advice", () => {
  it("the weather alert quotes the report's canicule advice word for word: the helpline and the 15 included", () => {
    const advice = report.recommendations.filter((recommendation) => recommendation.category === "weather");
    expect(advice).toHaveLength(1);
    const [weather] = advice;
    expect(weather!.text).toContain("0 800 06 66 66");
    const [, text] = paragraphAfter(mailText, `Conseil du bilan\u00a0: ${weather!.title}`);
    expect(text).toBe(weather!.text);
    expect(text).toContain("Canicule info service\u00a0: 0 800 06 66 66 (appel gratuit).");
    expect(text).toContain("En cas de malaise, appelez le 15.");
    expect(mailHtml).toContain("0 800 06 66 66");
  });

  it("today's and tomorrow's warnings are one block, the report's sentence and the source said once", () => {
    const block = paragraphAfter(mailText, "Vigilance orange (canicule) aujourd'hui");
    expect(block[0]).toBe("Vigilance orange (canicule) aujourd'hui\u00a0; vigilance orange (orages) demain");
    expect(block.filter((line) => line.startsWith("- Votre bilan\u00a0:"))).toHaveLength(1);
    expect(block.filter((line) => line.startsWith("- Suivez les consignes de Météo-France"))).toHaveLength(1);
    expect(mailText.split("Conseil du bilan\u00a0: Vigilance orange").length).toBe(2);
    expect(mailText.split(VIGILANCE_SOURCE.name)).toHaveLength(2);
    expect(mailHtml.split(VIGILANCE_SOURCE.name.replace("'", "&#39;"))).toHaveLength(2);
  });

  it("the pollen alert carries the report's allergy advice whole, not only its title", () => {
    const [pollen] = report.recommendations.filter((recommendation) => recommendation.category === "pollen");
    expect(pollen).toBeDefined();
    const [, text] = paragraphAfter(mailText, `Conseil du bilan\u00a0: ${pollen!.title}`);
    expect(text).toBe(pollen!.text);
    // The agency's name completes the source's (« Indice pollen (Atmo Hauts-de-France) »): named once.
    expect(mailText.split("Source\u00a0: Indice pollen")).toHaveLength(2);
  });
});
