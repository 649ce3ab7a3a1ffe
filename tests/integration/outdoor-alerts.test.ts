// The opt-in pollen and weather-warning alerts through the whole daily run (decision 073): only
// accounts that turned them on get them, for the pollens they chose; the pollen index is read in
// bulk and the vigilance map once per run, never per subscriber.
//
// The fake upstream server serves a DERIVED national answer, built here in the upstreams' own
// shapes (the indice pollen's WFS features, Météo-France's map) from the recorded ones.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRecipientKey } from "../../src/server/db/alert-keys.ts";
import { alertEvents, users } from "../../src/server/db/schema/index.ts";
import { runAlerts } from "../../src/server/alerts/run.ts";
import type { PollenIndex, PollenTaxon } from "../../src/sections/pollen/types.ts";
import type { VigilanceBulletin } from "../../src/sections/weather/types.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { vigilanceMapOf } from "../fakes/upstream-server.ts";
import { BrowserClient, confirmAccount, findLink, signUpForLink } from "../helpers/browser-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// 18:00 in Paris on 14 April 2026: birch season.
const NOW = new Date("2026-04-14T16:00:00Z");
const TODAY = "2026-04-14";
const TOMORROW = "2026-04-15";

let t: TestApp;
let app: TestApp["app"];

/** A derived index of the contract's shape (the AASQA's per-taxon codes, 1 Très faible … 6 Extrêmement élevé). */
function derivedPollenIndex(zoneCode: string, date: string, taxa: Partial<Record<PollenTaxon, number>>): PollenIndex {
  const full: Record<PollenTaxon, number | null> = { aulne: 1, bouleau: 1, olivier: null, armoise: 1, graminees: 1, ambroisie: 1, ...taxa };
  const code = Math.max(...Object.values(full).map((value) => value ?? 0));
  const labels: Record<number, string> = { 1: "Très faible", 2: "Faible", 3: "Modéré", 4: "Élevé", 5: "Très élevé", 6: "Extrêmement élevé" };
  return {
    zoneCode,
    zoneName: zoneCode,
    date,
    code,
    label: labels[code] ?? "Indisponible",
    color: null,
    taxa: full,
    responsible: null,
    agency: "Atmo Hauts-de-France",
  };
}

/** The national answer: Amiens (80021) birch « Élevé » tomorrow, Maraussan (34148) nothing high, and communes nobody watches. */
const DERIVED_POLLEN: PollenIndex[] = [
  derivedPollenIndex(MAIN_SCENARIO.citycode, TODAY, { bouleau: 3 }),
  derivedPollenIndex(MAIN_SCENARIO.citycode, TOMORROW, { bouleau: 4, graminees: 2 }),
  derivedPollenIndex(CRISIS_SCENARIO.citycode, TODAY, {}),
  derivedPollenIndex(CRISIS_SCENARIO.citycode, TOMORROW, { olivier: 2 }),
  ...Array.from({ length: 40 }, (_, index) => derivedPollenIndex(`590${String(index).padStart(2, "0")}`, TOMORROW, { bouleau: 6 })),
];

/** The WFS layer's feature for a derived index (tests/fixtures/pollen: the recorded shape). */
function pollenFeature(index: PollenIndex) {
  const field: Record<PollenTaxon, string> = {
    aulne: "code_aul",
    bouleau: "code_boul",
    olivier: "code_oliv",
    armoise: "code_arm",
    graminees: "code_gram",
    ambroisie: "code_ambr",
  };
  return {
    type: "Feature",
    id: `ind_national_pol.${index.zoneCode}.${index.date}`,
    geometry: null,
    properties: {
      aasqa: "32",
      code_qual: index.code,
      lib_qual: index.label,
      date_dif: `${TODAY}T10:41:07Z`,
      source: index.agency,
      type_zone: "commune",
      lib_zone: index.zoneName,
      ...Object.fromEntries(Object.entries(index.taxa).map(([taxon, code]) => [field[taxon as PollenTaxon], code])),
      pollen_resp: null,
      alerte: false,
      date_ech: index.date,
      code_zone: index.zoneCode,
    },
  };
}

/** The requests the fake upstreams received for the indice pollen and the vigilance map. */
function outdoorRequests() {
  const requests = t.upstreams.requests;
  return {
    pollenBulk: requests.filter((request) => request.source === "pollen" && !/code_zone/.test(request.query.CQL_FILTER ?? "")).length,
    pollenCommune: requests.filter((request) => request.source === "pollen" && /code_zone/.test(request.query.CQL_FILTER ?? "")).length,
    vigilance: requests.filter((request) => request.source === "meteofrance").length,
  };
}

/** Météo-France's map: Somme (80) canicule orange tomorrow, Hérault (34) storms yellow. */
const DERIVED_VIGILANCE: VigilanceBulletin = {
  updatedAt: "2026-04-14T14:00:00Z",
  days: [
    { date: TODAY, departments: { "80": [{ phenomenon: "canicule", color: 2 }], "34": [{ phenomenon: "orages", color: 2 }] }, coasts: {} },
    { date: TOMORROW, departments: { "80": [{ phenomenon: "canicule", color: 3 }], "34": [{ phenomenon: "orages", color: 2 }] }, coasts: {} },
  ],
};

async function account(email: string, address: typeof MAIN_SCENARIO | typeof CRISIS_SCENARIO, preferences?: Record<string, unknown>) {
  const client = new BrowserClient(() => app);
  await confirmAccount(client, await signUpForLink(t, client, { email, firstName: "Camille" }));
  await client.post("/api/account/addresses", { address });
  if (preferences) expect((await client.put("/api/account/preferences", preferences)).status).toBe(200);
  return client;
}

async function subscribe(email: string) {
  const client = new BrowserClient(() => app);
  expect((await client.post("/api/subscriptions", { email, address: MAIN_SCENARIO, consent: true })).status).toBe(202);
  const mail = [...t.resend.emails].reverse().find((candidate) => candidate.to.includes(email));
  const link = new URL(findLink(mail?.text ?? "", /confirmation-alertes/));
  expect((await client.post("/api/subscriptions/confirm", { i: link.searchParams.get("i"), t: link.searchParams.get("t") })).status).toBe(200);
}

const alertEmailsTo = (emails: TestApp["resend"]["emails"], address: string) =>
  emails.filter((email) => email.to.includes(address) && /^Zone Santé – /.test(email.subject));

const FOUR = { water: true, drought: true, air: true, bathing: true };

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  app = t.app;
  const byCommune = new Map<string, PollenIndex[]>();
  for (const index of DERIVED_POLLEN) byCommune.set(index.zoneCode, [...(byCommune.get(index.zoneCode) ?? []), index]);
  for (const [commune, indices] of byCommune) t.upstreams.setData("pollen", commune, { type: "FeatureCollection", features: indices.map(pollenFeature) });
  t.upstreams.setData("vigilance", "FRA", vigilanceMapOf(DERIVED_VIGILANCE));
  await account("pollen@exemple-zs.fr", MAIN_SCENARIO, { ...FOUR, pollen: true, weather: true, pollenTaxa: ["bouleau"] });
  await account("grasses@exemple-zs.fr", MAIN_SCENARIO, { ...FOUR, pollen: true, pollenTaxa: ["graminees"] });
  await account("defaults@exemple-zs.fr", MAIN_SCENARIO);
  await account("south@exemple-zs.fr", CRISIS_SCENARIO, { ...FOUR, pollen: true, weather: true, pollenTaxa: ["olivier", "bouleau"] });
  await subscribe("signup@exemple-zs.fr");
});

afterAll(async () => {
  await t.close();
});

describe("pollen and weather-warning alerts in the daily run (opt-in, decision 073)", () => {
  let emails: TestApp["resend"]["emails"] = [];

  it("reads the indice pollen in bulk and the vigilance map once for the whole run, never per subscriber", async () => {
    const before = t.resend.emails.length;
    // A cold cache (the sign-ups' reports read the map already): the run's own reads are counted.
    app = t.rebuild();
    t.upstreams.requests.length = 0;
    const summary = await runAlerts(t.deps());
    emails = t.resend.emails.slice(before);
    expect(outdoorRequests()).toEqual({ pollenBulk: 1, pollenCommune: 0, vigilance: 1 });
    expect(summary.ingest.pollen).toEqual({ ok: true, requests: 1, indicesKept: 4 });
    expect(summary.ingest.vigilance).toEqual({ ok: true, requests: 1 });
  });

  it("tomorrow's « Élevé » for a chosen pollen and an orange vigilance reach the account that turned them on, in the report's words", () => {
    const [mail] = alertEmailsTo(emails, "pollen@exemple-zs.fr");
    expect(mail?.text).toContain("Pollens demain\u00a0: bouleau élevé");
    expect(mail?.text).toContain("L'indice pollen officiel prévu pour le 15\u00a0avril\u00a02026\u00a0: Bouleau «\u00a0Élevé\u00a0».");
    expect(mail?.text).toContain("Votre bilan\u00a0: Pollens\u00a0: Modéré (Bouleau)\u00a0; demain\u00a0: Élevé.");
    expect(mail?.text).toContain("Vigilance orange (canicule) demain");
    // The report's advice, by its title, as the report's « Conseils » word it that day.
    expect(mail?.text).toContain("Pollens «\u00a0Élevé\u00a0» demain\u00a0: conseils aux personnes allergiques");
    expect(mail?.text).toContain("Météo-France place le département Somme (80) en vigilance orange pour le phénomène «\u00a0Canicule\u00a0»");
  });

  it("pollen alerts only for the pollens chosen; weather only when turned on", () => {
    const text = alertEmailsTo(emails, "grasses@exemple-zs.fr")
      .map((mail) => mail.text)
      .join("\n");
    expect(text).not.toContain("Pollens demain");
    expect(text).not.toContain("Vigilance orange");
  });

  it("accounts with the defaults and sign-ups without an account keep the four original topics only", () => {
    for (const address of ["defaults@exemple-zs.fr", "signup@exemple-zs.fr"]) {
      const text = alertEmailsTo(emails, address)
        .map((mail) => mail.text)
        .join("\n");
      expect(text).not.toContain("Pollens demain");
      expect(text).not.toContain("Vigilance orange");
    }
  });

  it("no alert where the index stays below « Élevé » and the vigilance below orange", () => {
    const text = alertEmailsTo(emails, "south@exemple-zs.fr")
      .map((mail) => mail.text)
      .join("\n");
    expect(text).not.toContain("Pollens demain");
    expect(text).not.toContain("Vigilance");
  });

  it("the same day again: nothing told twice", async () => {
    const before = t.resend.emails.length;
    await runAlerts(t.deps());
    const again = t.resend.emails.slice(before).map((mail) => mail.text ?? "");
    expect(again.filter((text) => text.includes("Pollens demain") || text.includes("Vigilance orange"))).toEqual([]);
  });

  it("a weather alert waiting to be sent is never sent to an account that did not turn weather warnings on (no row means off)", async () => {
    const [sent] = await t.db.select().from(alertEvents).where(eq(alertEvents.source, "weather"));
    const [defaults] = await t.db.select().from(users).where(eq(users.email, "defaults@exemple-zs.fr"));
    expect(sent && defaults).toBeTruthy();
    const recipientKey = accountRecipientKey(defaults!.id);
    await t.db.insert(alertEvents).values({ ...sent!, id: "pending-weather", recipientKey, sentAtMs: null, emailId: null, attempts: 0 });
    const before = t.resend.emails.length;
    await runAlerts(t.deps());
    expect(alertEmailsTo(t.resend.emails.slice(before), "defaults@exemple-zs.fr")).toEqual([]);
    const [row] = await t.db
      .select()
      .from(alertEvents)
      .where(and(eq(alertEvents.id, "pending-weather"), eq(alertEvents.recipientKey, recipientKey)));
    expect(row?.emailId ?? null).toBeNull();
  });

  // Issue 36: a rise of the official level inside an ongoing episode was never told.
  it("the next day, birch rising from « Élevé » to « Extrêmement élevé » inside the episode is told once, in its own e-mail words", async () => {
    const DAY_AFTER = "2026-04-16";
    t.upstreams.setData("pollen", MAIN_SCENARIO.citycode, {
      type: "FeatureCollection",
      features: [
        derivedPollenIndex(MAIN_SCENARIO.citycode, TOMORROW, { bouleau: 4, graminees: 2 }),
        derivedPollenIndex(MAIN_SCENARIO.citycode, DAY_AFTER, { bouleau: 6, graminees: 2 }),
      ].map(pollenFeature),
    });
    t.setNow(new Date("2026-04-15T16:00:00Z"));
    app = t.rebuild();
    const before = t.resend.emails.length;
    await runAlerts(t.deps());
    const text = alertEmailsTo(t.resend.emails.slice(before), "pollen@exemple-zs.fr")
      .map((mail) => mail.text)
      .join("\n");
    expect(text).toContain("Pollens demain, en hausse\u00a0: bouleau extrêmement élevé");
    expect(text).toContain(
      "L'indice pollen officiel prévu pour le 16\u00a0avril\u00a02026 monte\u00a0: Bouleau «\u00a0Extrêmement élevé\u00a0» (jusqu'ici «\u00a0Élevé\u00a0»).",
    );
    expect(text).toContain("Votre bilan\u00a0: Pollens\u00a0: Élevé (Bouleau)\u00a0; demain\u00a0: Extrêmement élevé.");
    // Not chosen, not told.
    expect(
      alertEmailsTo(t.resend.emails.slice(before), "grasses@exemple-zs.fr")
        .map((mail) => mail.text ?? "")
        .join("\n"),
    ).not.toContain("Pollens demain");
    // The same day again: the rise is not told twice.
    const again = t.resend.emails.length;
    await runAlerts(t.deps());
    expect(alertEmailsTo(t.resend.emails.slice(again), "pollen@exemple-zs.fr").filter((mail) => (mail.text ?? "").includes("Pollens demain"))).toEqual([]);
  });

  it("without a Météo-France key (not configured) and with the pollen read failing, nothing is judged and nothing is lost", async () => {
    t.upstreams.setMode("pollen", "error500");
    t.setNow(new Date("2026-04-15T16:00:00Z"));
    app = t.rebuild({ METEOFRANCE_API_KEY: "" });
    const before = t.resend.emails.length;
    const summary = await runAlerts(t.deps());
    expect(summary.ingest.pollen.ok).toBe(false);
    expect(summary.ingest.vigilance).toEqual({ ok: false, requests: 0 });
    const texts = t.resend.emails.slice(before).map((mail) => mail.text ?? "");
    expect(texts.filter((text) => text.includes("Pollens") || text.includes("Vigilance"))).toEqual([]);
  });
});
