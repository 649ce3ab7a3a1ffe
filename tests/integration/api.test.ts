import { describe, expect, it, vi } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";

const t = useTestApp({}, { resetUpstreams: true, onlyKnownUpstreams: true });

const mainQuery = () =>
  new URLSearchParams({
    lat: String(MAIN_SCENARIO.latitude),
    lon: String(MAIN_SCENARIO.longitude),
    citycode: MAIN_SCENARIO.citycode,
    label: MAIN_SCENARIO.label,
    postcode: MAIN_SCENARIO.postcode,
    city: MAIN_SCENARIO.city,
  });

async function getJson(app: TestApp["app"], path: string, init?: RequestInit) {
  const response = await app.request(path, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

describe("GET /api/health", () => {
  it("reports the service and its database as up", async () => {
    const { status, body } = await getJson(t.app, "/api/health");
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "ok", database: "ok" });
  });
});

describe("GET /api/geocode", () => {
  it("returns up to 8 normalised suggestions from the BAN", async () => {
    const { status, body } = await getJson(t.app, `/api/geocode?q=${encodeURIComponent("8 bd du Port")}&limit=8`);
    expect(status).toBe(200);
    const results = body.results as Array<Record<string, unknown>>;
    expect(results.length).toBeGreaterThan(1);
    expect(results.length).toBeLessThanOrEqual(8);
    for (const result of results) {
      expect(Object.keys(result)).toEqual(
        expect.arrayContaining(["label", "latitude", "longitude", "citycode", "postcode", "city", "context", "type", "score"]),
      );
      expect(typeof result.latitude).toBe("number");
    }
    expect(results[0]).toMatchObject({ label: MAIN_SCENARIO.label, citycode: MAIN_SCENARIO.citycode });
    expect(t.upstreams.requests.filter((r) => r.source === "ban")).toHaveLength(1);
  });

  it("answers an empty list, without calling the BAN, under 3 characters", async () => {
    const { status, body } = await getJson(t.app, "/api/geocode?q=8b");
    expect(status).toBe(200);
    expect(body).toEqual({ results: [] });
    expect(t.upstreams.requests).toHaveLength(0);
  });

  it("refuses an oversize query or limit with a French message", async () => {
    const long = await getJson(t.app, `/api/geocode?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/trop longue/);
    const limit = await getJson(t.app, "/api/geocode?q=paris&limit=50");
    expect(limit.status).toBe(400);
    expect(limit.body.error).toMatch(/entre 1 et 10/);
    const missing = await getJson(t.app, "/api/geocode");
    expect(missing.status).toBe(400);
  });

  it("says the search is unavailable (503, French) when the BAN fails", async () => {
    t.upstreams.setMode("ban", "error500");
    const app = t.rebuild();
    const { status, body } = await getJson(app, "/api/geocode?q=12 rue des Lilas");
    expect(status).toBe(503);
    expect(body.error).toMatch(/momentanément indisponible/);
  });
});

describe("GET /api/report", () => {
  it("returns the report contract for an address", async () => {
    const app = t.rebuild();
    const { status, body, headers } = await getJson(app, `/api/report?${mainQuery()}`);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toContain("max-age");
    const report = body as unknown as Report;
    expect(report.address).toMatchObject({ label: MAIN_SCENARIO.label, citycode: MAIN_SCENARIO.citycode });
    expect(report.address_info).toMatchObject({ commune_code: MAIN_SCENARIO.citycode, department_code: MAIN_SCENARIO.citycode.slice(0, 2) });
    expect(report.address_info.department_name).toBeTruthy();
    for (const section of [report.water_quality, report.air_quality, report.drought]) {
      expect(section.success).toBe(true);
      expect(["excellent", "good", "acceptable", "concerning", "critical"]).toContain(section.level);
      expect(section.source.url).toMatch(/^https:\/\//);
    }
    expect(report.water_quality.udi).not.toBeNull();
    expect(report.water_quality.udis.length).toBeGreaterThan(1);
    expect(report.water_quality.sampled_at).toBeTruthy();
    expect(report.water_quality.parameters.length).toBeGreaterThan(0);
    expect(report.water_quality.parameters.length).toBeLessThanOrEqual(6);
    expect(report.air_quality.index).not.toBeNull();
    expect(report.drought.label).toBeTruthy();
    expect(report.recommendations.length).toBeGreaterThan(0);
    expect(Date.parse(report.generated_at)).not.toBeNaN();
  });

  it("selects another UDI with &udi= without new upstream calls", async () => {
    const app = t.rebuild();
    const first = (await getJson(app, `/api/report?${mainQuery()}`)).body as unknown as Report;
    const other = first.water_quality.udis.find((udi) => udi.code !== first.water_quality.udi?.code)!;
    const callsBefore = t.upstreams.requests.length;
    const query = mainQuery();
    query.set("udi", other.code);
    const second = (await getJson(app, `/api/report?${query}`)).body as unknown as Report;
    expect(second.water_quality.udi?.code).toBe(other.code);
    expect(t.upstreams.requests.length).toBe(callsBefore);
  });

  it("serves a repeated report from the cache", async () => {
    const app = t.rebuild();
    await getJson(app, `/api/report?${mainQuery()}`);
    const callsAfterFirst = t.upstreams.requests.length;
    const again = await getJson(app, `/api/report?${mainQuery()}`);
    expect(again.status).toBe(200);
    expect(t.upstreams.requests.length).toBe(callsAfterFirst);
  });

  it("geocodes a free-text query first", async () => {
    const app = t.rebuild();
    const { status, body } = await getJson(app, `/api/report?q=${encodeURIComponent("8 bd du Port")}`);
    expect(status).toBe(200);
    expect((body as unknown as Report).address.citycode).toBe(MAIN_SCENARIO.citycode);
  });

  it("answers 404 in French when a free-text address is not found", async () => {
    const app = t.rebuild();
    const { status, body } = await getJson(app, `/api/report?q=${encodeURIComponent("zzzzzzzz introuvable")}`);
    expect(status).toBe(404);
    expect(body.error).toMatch(/Adresse introuvable/);
  });

  it.each([
    ["no parameter at all", "", /Indiquez une adresse/],
    ["missing longitude", "lat=48.85&citycode=75056", /lon est obligatoire/],
    ["non-numeric latitude", "lat=abc&lon=2.35&citycode=75056", /nombre décimal/],
    ["coordinates outside France", "lat=51.5&lon=-0.12&citycode=75056", /en dehors de la France/],
    ["malformed INSEE code", "lat=48.85&lon=2.35&citycode=7505", /code INSEE valide/],
    ["oversize label", `lat=48.85&lon=2.35&citycode=75056&label=${"x".repeat(201)}`, /trop long/],
    ["oversize free text", `q=${"x".repeat(201)}`, /trop long/],
    ["malformed UDI code", "lat=48.85&lon=2.35&citycode=75056&udi=abc", /9 caractères/],
  ])("refuses %s with a 400 and a French message", async (_name, query, message) => {
    const { status, body } = await getJson(t.app, `/api/report?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatch(message);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|Error:/);
  });

  it("handles a Paris arrondissement: commune-keyed sources get 75056, Hub'Eau is asked for both", async () => {
    const { status, body } = await getJson(t.rebuild(), "/api/report?lat=48.8738&lon=2.3150&citycode=75108&label=Rue%20de%20Rome%2075008%20Paris&city=Paris");
    expect(status).toBe(200);
    const report = body as unknown as Report;
    expect(report.address.citycode).toBe("75108");
    expect(report.address_info).toMatchObject({ commune_code: "75056", department_code: "75", department_name: "Paris" });
    const hubeauCommunes = t.upstreams.requests.filter((r) => r.source === "hubeau" && r.path === "/communes_udi").map((r) => r.query.code_commune);
    expect(hubeauCommunes.sort()).toEqual(["75056", "75108"]);
    const atmo = t.upstreams.requests.find((r) => r.source === "atmo");
    expect(atmo?.query.CQL_FILTER).toContain("code_zone='75056'");
    // VigiEau: the département's zones first (decision 088), then, if it has any, the commune as 75056.
    const vigieau = t.upstreams.requests.filter((r) => r.source === "vigieau");
    expect(vigieau[0]?.path).toBe("/zones/departement/75");
    expect(vigieau.filter((r) => r.path === "/zones").map((r) => r.query.commune)).toEqual(vigieau.length > 1 ? ["75056"] : []);
  });

  it("reports a non-compliant water and a drought crisis as critical, with the official conclusion", async () => {
    const query = reportQueryOf(CRISIS_SCENARIO);
    const report = (await getJson(t.rebuild(), `/api/report?${query}`)).body as unknown as Report;
    expect(report.water_quality.level).toBe("critical");
    expect(report.water_quality.conclusion).toMatch(/non-conforme/);
    expect(report.water_quality.parameters[0]).toMatchObject({ code: "1340", label: "Non conforme", level: "critical" });
    // The answer keeps the worst zone's level (the river's crise); the advice follows the tap's zone
    // (« Alerte ») and tells, in one sentence, whoever draws river water of its crise (decision 086).
    expect(report.drought).toMatchObject({ level: "critical", gravity: "crise", label: "Crise" });
    expect(report.air_quality.origin).toBe("cams");
    // « Eau non conforme » is said by the nitrates' own advice (issue 38: each piece of advice once).
    expect(report.recommendations.map((r) => r.id)).toEqual(expect.arrayContaining(["water-nitrates", "drought-alert"]));
    expect(report.recommendations.map((r) => r.id)).not.toContain("water-non-compliant");
    const drought = report.recommendations.filter((r) => r.category === "drought");
    expect(drought.map((r) => [r.id, r.severity])).toEqual([["drought-alert", "warning"]]);
    expect(drought[0]?.text).toMatch(
      /Si vous utilisez un puits, un forage ou l'eau d'une rivière, d'autres règles s'appliquent à cette eau \(eau superficielle\s: niveau Crise\)\./,
    );
  });

  it("accepts an overseas address (Guadeloupe)", async () => {
    const { status } = await getJson(t.rebuild(), "/api/report?lat=16.2691&lon=-61.4917&citycode=97101&label=Les%20Abymes");
    expect(status).toBe(200);
  });

  /**
   * Far above each mode's figure on a quiet machine, 60, 1 060 and 57 ms (docs/tests.md, « Under load »):
   * 2,5 s for the first and last failed with both cores busy and the suite's other files running.
   */
  const ANSWERED_WITHIN_MS = { error500: 10_000, timeout: 15_000, malformed: 10_000 };
  describe.each(["error500", "timeout", "malformed"] as const)("when every upstream answers %s", (mode) => {
    it("still answers 200 with each section unavailable, and is never held (a freeze fails)", async () => {
      for (const source of ["hubeau", "vigieau", "atmo", "openmeteo"] as const) t.upstreams.setMode(source, mode);
      const app = t.rebuild({ UPSTREAM_TIMEOUT_MS: "500" });
      const started = performance.now();
      const { status, body } = await getJson(app, `/api/report?${mainQuery()}`);
      const elapsed = performance.now() - started;
      expect(status).toBe(200);
      const report = body as unknown as Report;
      for (const section of [report.water_quality, report.air_quality, report.drought]) {
        expect(section).toMatchObject({ success: false, level: "unavailable" });
        expect(section.message).toBeTruthy();
      }
      // Never held past a freeze: ten times what each mode takes on a quiet machine (docs/tests.md,
      // « Under load »). That the calls run at once, one timeout and not the sum of them, is counted
      // by « calls the upstreams in parallel » below, with no clock.
      expect(elapsed).toBeLessThan(ANSWERED_WITHIN_MS[mode]);
    });
  });

  it("keeps the other sections when only one upstream fails", async () => {
    t.upstreams.setMode("vigieau", "error500");
    const report = (await getJson(t.rebuild(), `/api/report?${mainQuery()}`)).body as unknown as Report;
    expect(report.drought).toMatchObject({ success: false, level: "unavailable" });
    expect(report.water_quality.success).toBe(true);
    expect(report.air_quality.success).toBe(true);
  });

  // Issue 23: « A report with a failed section is served `public, max-age=300`: browsers and any CDN keep
  // « Indisponible » for five minutes after the source recovers. » RFC 9111 §5.2.2.5: no-store — no cache
  // may store any part of the response; § 5.2.2.7 (public) is what lets a shared cache keep it.
  it("never lets a browser or a CDN keep a report with a failed section; a complete report keeps its public caching", async () => {
    const complete = t.rebuild();
    for (const path of [`/api/report?${mainQuery()}`, `/api/v1/report?${mainQuery()}`]) {
      const response = await complete.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    }
    expect((await complete.request(`/api/report/pdf?${mainQuery()}`)).headers.get("cache-control")).toBe("private, max-age=300");

    t.upstreams.setMode("hubeau", "error500");
    const failing = t.rebuild();
    for (const path of [`/api/report?${mainQuery()}`, `/api/v1/report?${mainQuery()}`, `/api/report/pdf?${mainQuery()}`]) {
      const response = await failing.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    const report = (await getJson(failing, `/api/report?${mainQuery()}`)).body as unknown as Report;
    expect(report.water_quality).toMatchObject({ success: false, level: "unavailable" });
  });

  // Issue 26: the four new sections follow the same rule; a vigilance without a Météo-France key is
  // not a failure (it says « non configurée » and stays so), the report keeps its caching.
  it("a failed pollen, UV or vigilance read is never kept either; a vigilance not configured is not a failure", async () => {
    for (const source of ["pollen", "openmeteo", "meteofrance"] as const) {
      t.upstreams.reset();
      t.upstreams.setMode(source, "error500");
      const response = await t.rebuild().request(`/api/report?${mainQuery()}`);
      expect(response.headers.get("cache-control"), source).toBe("no-store");
    }
    t.upstreams.reset();
    const response = await t.rebuild({ METEOFRANCE_API_KEY: "" }).request(`/api/report?${mainQuery()}`);
    const report = (await response.json()) as Report;
    expect(report.weather_warnings).toMatchObject({ success: false, configured: false });
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("falls back to the CAMS model, labelled as such, when ATMO has no index", async () => {
    t.upstreams.setMode("atmo", "empty");
    const report = (await getJson(t.rebuild(), `/api/report?${mainQuery()}`)).body as unknown as Report;
    expect(report.air_quality.success).toBe(true);
    expect(report.air_quality.origin).toBe("cams");
    expect(report.air_quality.source.name).toMatch(/CAMS/);
  });

  it("calls the upstreams in parallel: a cold report waits for three upstream answers one after another, never more", async () => {
    // Counted, not timed (docs/tests.md, « Under load »): every upstream is held, and each wave is
    // what the app asked before any of it was answered. Sequential calls would put one call in each
    // wave (12 waves since issue 26); a longer chain would leave the answer waiting on a fourth.
    const app = t.rebuild({ UPSTREAM_TIMEOUT_MS: "30000" });
    const waves = [
      ["ban /reverse"],
      [
        "atmo /ows",
        "geo /communes/80021",
        "hubeau /communes_udi",
        "hubeau /resultats_dis",
        "hubeau /resultats_dis",
        "meteofrance /cartevigilance/encours",
        "openmeteo /air-quality",
        "openmeteo /forecast",
        "pollen /ows",
        "vigieau /zones/departement/80",
      ],
      // VigiEau's zones of the commune, asked once its département has answered (decision 088).
      ["vigieau /zones"],
    ];
    let hold = t.upstreams.hold();
    const answer = getJson(app, `/api/report?${mainQuery()}`);
    for (const wave of waves) {
      const held = hold;
      await vi.waitFor(() => expect(held.held.map((call) => `${call.source} ${call.path}`).sort()).toEqual(wave), { timeout: 10_000, interval: 20 });
      hold = t.upstreams.hold();
      held.release();
    }
    // Answered with a fourth wave held: nothing waited for it.
    const { status, body } = await answer;
    hold.release();
    expect(status).toBe(200);
    const report = body as unknown as Report;
    expect([report.water_quality.success, report.air_quality.success, report.drought.success]).toEqual([true, true, true]);
  });

  it("rate-limits a client that floods the report", async () => {
    const app = t.rebuild({ RATE_LIMIT_REPORT_PER_MINUTE: "3" });
    const headers = { "x-test-ip": "203.0.113.9" };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await app.request(`/api/report?${mainQuery()}`, { headers })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await app.request(`/api/report?${mainQuery()}`, { headers });
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(((await limited.json()) as { error: string }).error).toMatch(/Trop de requêtes/);
  });
});

describe("security", () => {
  it("refuses a non-GET request from another origin", async () => {
    const { status, body } = await getJson(t.app, "/api/health", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(status).toBe(403);
    expect(body.error).toMatch(/origine non autorisée/);
  });

  it("answers unknown API paths with a French 404", async () => {
    const { status, body } = await getJson(t.app, "/api/nope");
    expect(status).toBe(404);
    expect(body.error).toBeTruthy();
  });

  it("never logs query strings (addresses are personal data)", async () => {
    await t.app.request(`/api/report?${mainQuery()}`);
    const logged = JSON.stringify(t.logs);
    expect(logged).not.toContain(MAIN_SCENARIO.label);
    expect(logged).not.toContain("lat=");
  });

  it("sets protective headers on API answers", async () => {
    const response = await t.app.request("/api/health");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});
