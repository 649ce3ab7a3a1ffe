// Issue 22, « Burn our CPU, quotas and reputation »: every quota is global as well as per client.
// Real requests against the test app, the fake upstreams (their request log) and the fake Resend
// server: the upstreams receive at most their budget whoever asks, the drought answer is keyed
// on what it depends on, the service's e-mails and PDFs have ceilings, each logged when reached.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evaluateDrought } from "../../src/sections/drought/index.ts";
import type { DroughtZone, SourceResult } from "../../src/core/types.ts";
import type { LogEntry } from "../../src/server/deps.ts";
import { resolvePlaceholders } from "../fakes/upstream-server.ts";
import { MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { backgroundWorkDone, BrowserClient, signedInAs } from "../helpers/browser-client.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const START = new Date("2026-11-22T10:00:00Z");
const MINUTE_MS = 60_000;
const t = useTestApp({ now: START }, { now: START, resetResend: true, resetUpstreams: true });

const vigieauCalls = () => t.upstreams.requests.filter((request) => request.source === "vigieau" && request.path === "/zones");
const logsSince = (from: number, message: RegExp): LogEntry[] => t.logs.slice(from).filter((entry) => message.test(entry.message));
/** A fresh client (its own IP) for each request, as a botnet would send them. */
const anyone = (app: TestApp["app"]) => new BrowserClient(() => app);

function fixtureAt(file: string, at: Date): unknown {
  return JSON.parse(resolvePlaceholders(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8"), at));
}

describe("a global budget per upstream (issue 22: 200 reports with varied citycode put 200 calls on VigiEau)", () => {
  it("VigiEau receives at most its budget whatever the number of communes asked; past it the answer is « budget spent », and the refusal is logged once without the place", async () => {
    // 10 a minute, a burst of 50 (the default): 200 communes asked at once.
    t.rebuild({ UPSTREAM_VIGIEAU_PER_MINUTE: "10" });
    const from = t.logs.length;
    const sources = t.deps().sources;
    const results: Array<SourceResult<DroughtZone[]>> = [];
    for (let index = 0; index < 200; index++) {
      const communeCode = `01${String(index + 1).padStart(3, "0")}`;
      results.push(await sources.fetchDroughtZones({ communeCode, lat: 46.2 + index / 1000, lon: 5.2 }));
    }
    expect(vigieauCalls()).toHaveLength(50);
    expect(results.filter((result) => result.ok)).toHaveLength(50);
    expect(results.filter((result) => !result.ok && result.reason === "budget")).toHaveLength(150);
    expect(sources.upstreamStatus().find((status) => status.name === "vigieau")?.refusedByBudget).toBe(150);
    const reached = logsSince(from, /upstream budget reached/);
    expect(reached).toHaveLength(1);
    expect(reached[0]?.fields).toEqual({ upstream: "vigieau", perMinute: 10, burst: 50 });

    // The budget refills at its rate: a minute later, 10 more calls.
    t.setNow(new Date(START.getTime() + MINUTE_MS));
    for (let index = 200; index < 215; index++) await sources.fetchDroughtZones({ communeCode: `02${String(index).padStart(3, "0")}` });
    expect(vigieauCalls()).toHaveLength(60);
  });

  it("the alert run's calls are counted in the same budget but never refused: visitors cannot starve the run", async () => {
    t.rebuild({ UPSTREAM_VIGIEAU_PER_MINUTE: "1" });
    const sources = t.deps().sources;
    // Visitors spend the burst (5)…
    for (let index = 0; index < 8; index++) await sources.fetchDroughtZones({ communeCode: `03${String(index + 1).padStart(3, "0")}` });
    expect(vigieauCalls()).toHaveLength(5);
    // …the run still reads (VigiEau allows about 300 calls per 15 minutes for the whole service: the run's share comes first)…
    const run = sources.forAlertRun();
    for (const communeCode of ["04001", "04002", "04003"]) expect((await run.fetchDroughtZones({ communeCode })).ok).toBe(true);
    expect(vigieauCalls()).toHaveLength(8);
    // …and its calls are the service's: two minutes later the visitors' bucket is still paying for them.
    t.setNow(new Date(START.getTime() + 2 * MINUTE_MS));
    expect((await sources.fetchDroughtZones({ communeCode: "05001" })).ok).toBe(false);
    t.setNow(new Date(START.getTime() + 4 * MINUTE_MS));
    expect((await sources.fetchDroughtZones({ communeCode: "05002" })).ok).toBe(true);
  });

  it("once the budget is spent a report serves the last good answer with its date, then says the source is unavailable — still a 200", async () => {
    // A burst of two calls — the report's first read of a commune costs two: its département's zones in force,
    // then, the département having some, the commune (decision 088) — refilled at 0,4 a minute; before each
    // later report, other callers (account pages: no client share) spend whatever has come back.
    const app = t.rebuild({ UPSTREAM_VIGIEAU_PER_MINUTE: "0.4" });
    const sources = t.deps().sources;
    const from = t.logs.length;
    let elsewhere = 0;
    const spendTheBudget = async () => {
      for (let call = 0; call < 10; call++) {
        const result = await sources.fetchDroughtZones({ communeCode: `02${String(++elsewhere).padStart(3, "0")}` });
        if (!result.ok && result.reason === "budget") return;
      }
      throw new Error("the VigiEau budget was never spent");
    };
    const mainCalls = () => vigieauCalls().filter((request) => request.query.commune === MAIN_SCENARIO.citycode);
    const report = async () =>
      (await anyone(app).get(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`)).body as {
        drought: { success: boolean; level: string; gravity: string | null; data_as_of?: string };
      };

    const first = await report();
    expect(first.drought).toMatchObject({ success: true, gravity: "alerte" });
    expect(first.drought.data_as_of).toBeUndefined();
    expect(mainCalls()).toHaveLength(1);

    // An hour later the answer is stale and the budget spent: the last good answer stands in, with its date (decision 088).
    t.setNow(new Date(START.getTime() + 61 * MINUTE_MS));
    await spendTheBudget();
    const stale = await report();
    expect(stale.drought).toMatchObject({ success: true, gravity: "alerte", data_as_of: START.toISOString() });
    expect(mainCalls()).toHaveLength(1);
    // Our own refusal keeps it a day past its hour (decision 088; 3 hours before).
    t.setNow(new Date(START.getTime() + (4 * 60 + 1) * MINUTE_MS));
    await spendTheBudget();
    expect((await report()).drought).toMatchObject({ success: true, gravity: "alerte", data_as_of: START.toISOString() });

    // Past the kept window (its hour plus 24 hours), « indisponible », never a guess.
    t.setNow(new Date(START.getTime() + (25 * 60 + 1) * MINUTE_MS));
    await spendTheBudget();
    const response = await anyone(app).get(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`);
    expect(response.status).toBe(200);
    expect((response.body as { drought: unknown }).drought).toMatchObject({ success: false, level: "unavailable" });
    expect(mainCalls()).toHaveLength(1);

    // Said when the bucket runs dry (once per dry spell: the first test counts them), naming the upstream only.
    const reached = logsSince(from, /upstream budget reached/);
    expect(reached.length).toBeGreaterThan(0);
    expect(new Set(reached.map((entry) => entry.fields?.upstream))).toEqual(new Set(["vigieau"]));
    // No personal data: neither the address nor its position.
    expect(JSON.stringify(reached)).not.toMatch(/Amiens|Boulevard|49\.89|2\.29/);
  });
});

describe("VigiEau answers keyed by what they depend on (issue 22: the first caller in a ~100 m cell decided the answer for an hour)", () => {
  it("a commune with one zone of each type is asked once, without a position, for every address in it", async () => {
    t.rebuild();
    const sources = t.deps().sources;
    const first = await sources.fetchDroughtZones({ communeCode: MAIN_SCENARIO.citycode, lat: MAIN_SCENARIO.latitude, lon: MAIN_SCENARIO.longitude });
    const elsewhere = await sources.fetchDroughtZones({ communeCode: MAIN_SCENARIO.citycode, lat: 49.8712, lon: 2.3281 });
    expect(first).toEqual(elsewhere);
    expect(vigieauCalls().map((request) => request.query)).toEqual([{ commune: MAIN_SCENARIO.citycode, profil: "particulier" }]);
  });

  it("in a commune split between zones of one type, each address gets the zone at its own point, even 25 m from the previous one", async () => {
    // VigiEau's zones.service.ts: « La commune comporte plusieurs zones d'alerte de même type » → 409 without lon/lat.
    const here = { latitude: 49.8981, longitude: 2.2951 };
    const nextDoor = { latitude: 49.8983, longitude: 2.2953 }; // ~26 m away, in the same 0.001° cell (~100 m) as `here`
    t.upstreams.setData("zones", MAIN_SCENARIO.citycode, {
      split: true,
      zones: fixtureAt("vigieau/zones-derived-80021-alerte.json", START),
      zonesAt: { [`${nextDoor.latitude},${nextDoor.longitude}`]: fixtureAt("vigieau/zones-derived-34148-crise.json", START) },
    });
    t.rebuild();
    const sources = t.deps().sources;
    const droughtAt = async (point: { latitude: number; longitude: number }) =>
      evaluateDrought({
        zones: await sources.fetchDroughtZones({ communeCode: MAIN_SCENARIO.citycode, lat: point.latitude, lon: point.longitude }),
        now: START,
        citycode: MAIN_SCENARIO.citycode,
      });
    expect((await droughtAt(here)).gravity).toBe("alerte");
    expect((await droughtAt(nextDoor)).gravity).toBe("crise");
    // The commune once (its 409 kept the hour: an answer, not an outage), then each exact point once.
    expect((await droughtAt(here)).gravity).toBe("alerte");
    expect(vigieauCalls().map((request) => [request.query.lat ?? null, request.query.lon ?? null])).toEqual([
      [null, null],
      [String(here.latitude), String(here.longitude)],
      [String(nextDoor.latitude), String(nextDoor.longitude)],
    ]);
  });
});

describe("a service-wide ceiling on outbound e-mail (issue 22: three sources queued 90 e-mails to non-existent domains in 7,7 s)", () => {
  it("bulk sign-ups stop at the e-mail budget, and reaching it is logged once without personal data", async () => {
    const app = t.rebuild({ EMAIL_GLOBAL_PER_MINUTE: "3" });
    const from = t.logs.length;
    const statuses: number[] = [];
    for (let index = 0; index < 10; index++) {
      statuses.push(
        (await anyone(app).post("/api/auth/signup", { email: `inconnu${index}@domaine-inexistant-${index}.fr`, password: "pelouse-arrosoir-2026" })).status,
      );
    }
    // Sign-up e-mails leave after the answer (decision 057).
    await backgroundWorkDone();
    expect(t.resend.emails).toHaveLength(3);
    // Past the budget, a sign-up is refused before its answer promises an e-mail (decision 090), never a 202 with none sent.
    expect(statuses).toEqual([202, 202, 202, 503, 503, 503, 503, 503, 503, 503]);
    const reached = logsSince(from, /email budget reached/);
    expect(reached).toHaveLength(1);
    // Said while answering the request that met it: its request id, nothing about the person.
    expect(reached[0]?.fields).toEqual({ budget: "general", window: "minute", limit: 3, requestId: expect.any(String) });
    expect(JSON.stringify(t.logs.slice(from))).not.toMatch(/inconnu|domaine-inexistant/);
    // The next minute, e-mails go again.
    t.setNow(new Date(START.getTime() + MINUTE_MS));
    await anyone(app).post("/api/auth/signup", { email: "apres@exemple-zs.fr", password: "pelouse-arrosoir-2026" });
    await backgroundWorkDone();
    expect(t.resend.emails.map((email) => email.to).flat()).toContain("apres@exemple-zs.fr");
  });

  it("security e-mails keep their own budget: bulk sign-ups cannot starve a sign-in code", async () => {
    // Another day: the counters of the test above are the database's (one per file).
    t.setNow(new Date(START.getTime() + 24 * 60 * MINUTE_MS));
    const app = t.rebuild({ EMAIL_GLOBAL_PER_MINUTE: "2", EMAIL_GLOBAL_PER_HOUR: "2", EMAIL_GLOBAL_PER_DAY: "2" });
    const owner = await signedInAs(t, () => app, "proprietaire@exemple-zs.fr");
    for (let index = 0; index < 5; index++) {
      await anyone(app).post("/api/auth/signup", { email: `robot${index}@exemple-zs.fr`, password: "pelouse-arrosoir-2026" });
    }
    await backgroundWorkDone();
    // The general budget is spent (the owner's confirmation and one robot)…
    expect(t.resend.emails.filter((email) => email.to.some((to) => to.startsWith("robot")))).toHaveLength(1);
    // …the owner's sign-in code, asked from her own browser (its recent-device cookie, decision 056), still goes.
    expect((await owner.post("/api/auth/code", { email: "proprietaire@exemple-zs.fr" })).status).toBe(200);
    await backgroundWorkDone();
    expect(t.resend.emails.at(-1)).toMatchObject({ to: ["proprietaire@exemple-zs.fr"], subject: "Votre code de connexion – Zone Santé" });
  });
});

describe("a service-wide ceiling on PDF rendering (issue 22: about 35 ms of CPU each, 60 a minute per IP, no global cap)", () => {
  const pdfPath = `/api/report/pdf?${reportQueryOf(MAIN_SCENARIO)}`;

  it("past its PDFs per minute the service answers 503 in French with Retry-After, logged once; the account PDF shares the ceiling", async () => {
    const app = t.rebuild({ PDF_GLOBAL_PER_MINUTE: "2" });
    const from = t.logs.length;
    const owner = await signedInAs(t, () => app, "pdf@exemple-zs.fr");
    expect((await anyone(app).get(pdfPath)).status).toBe(200);
    expect((await anyone(app).get(pdfPath)).status).toBe(200);
    const refused = await anyone(app).get(pdfPath);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      error: "Trop de rapports PDF sont demandés en ce moment. Veuillez réessayer dans quelques instants.",
      code: "pdf_busy",
    });
    // START is at a minute's start: the window ends in 60 s.
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await owner.get("/api/account/report.pdf")).status).toBe(503);
    expect(logsSince(from, /pdf budget reached/).map((entry) => entry.fields)).toEqual([{ limit: 2, requestId: expect.any(String) }]);
    // The next minute, PDFs again.
    t.setNow(new Date(START.getTime() + MINUTE_MS));
    expect((await anyone(app).get(pdfPath)).status).toBe(200);
  });

  it("at most PDF_MAX_CONCURRENT PDFs are made at once per process; the others are asked to come back in a few seconds", async () => {
    const app = t.rebuild({ PDF_MAX_CONCURRENT: "1" });
    // Upstreams that take their time: the first PDF is still being made when the second arrives.
    t.upstreams.setDelay(200);
    const [first, second] = await Promise.all([anyone(app).get(pdfPath), anyone(app).get(pdfPath)]);
    expect([first.status, second.status].sort()).toEqual([200, 503]);
    expect((first.status === 503 ? first : second).headers.get("retry-after")).toBe("5");
    // The slot is free again once the first is done.
    expect((await anyone(app).get(pdfPath)).status).toBe(200);
  });
});
