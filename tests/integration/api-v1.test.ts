// The public API (/api/v1, issue 15): every answer of these tests is checked against the OpenAPI
// document the app serves (Ajv, JSON Schema 2020-12), the aliases answer exactly what v1 answers,
// CORS opens the v1 reads and nothing else, writes from another origin stay refused, and the
// IETF RateLimit fields count down.
import { beforeEach, describe, expect, it } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { loadOpenApiContract, resolvePointer, type JsonObject } from "../helpers/openapi-contract.ts";
import { TEST_SITE_URL, useTestApp } from "../helpers/test-app.ts";

const NOW = new Date("2026-11-22T10:00:00Z");
const t = useTestApp({ now: NOW }, { now: NOW, resetUpstreams: true, onlyKnownUpstreams: true });

const OTHER_SITE = "https://example.org";

// Each test counts against its own allowance: the clock is fixed, so every request of the file
// falls in the same rate-limit window.
let clientNumber = 0;
let clientIp = "";
beforeEach(() => {
  clientNumber += 1;
  clientIp = `198.51.100.${clientNumber}`;
});

function call(path: string, init: RequestInit = {}) {
  return t.app.request(path, { ...init, headers: { "x-test-ip": clientIp, ...(init.headers as Record<string, string> | undefined) } });
}

// ---------------------------------------------------------------- the document, as served

/** The contract of the app under test (tests/helpers/openapi-contract.ts). */
const loadContract = () => loadOpenApiContract(t.app);

/** Checks an answer of `GET <v1 path>` against the document and returns its body. */
async function expectDocumented(v1Path: string, response: Response): Promise<unknown> {
  const contract = await loadContract();
  const body: unknown = await response.json();
  contract.expectDocumented(v1Path, { status: response.status, headers: response.headers, body });
  return body;
}

/** An answer no operation documents (an unknown path): still the documented error shape. */
async function expectErrorShape(response: Response): Promise<JsonObject> {
  const contract = await loadContract();
  const body = (await response.json()) as JsonObject;
  const validate = contract.validatorFor({ $ref: "#/components/schemas/Error" });
  validate(body);
  expect(validate.errors ?? []).toEqual([]);
  return body;
}

// ---------------------------------------------------------------- tests

describe("GET /api/v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document: every path has an operationId, every $ref resolves, every schema compiles", async () => {
    const response = await call("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const contract = await loadContract();
    const { document } = contract;
    expect(await response.json()).toEqual(document);
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: "API Zone Santé", version: "1" });
    expect(document.servers).toEqual([{ url: `${TEST_SITE_URL}/api/v1`, description: expect.any(String) }]);

    const paths = document.paths as Record<string, Record<string, JsonObject>>;
    expect(Object.keys(paths).sort()).toEqual(["/bathing-sites", "/geocode", "/openapi.json", "/report", "/status"]);
    const operationIds = Object.values(paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(operationIds.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(operationIds).size).toBe(operationIds.length);

    const refs: string[] = [];
    const collect = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
          if (key === "$ref" && typeof value === "string") refs.push(value);
          else collect(value);
        }
      }
    };
    collect(document);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) expect(resolvePointer(document, ref), ref).toBeDefined();

    const schemas = (document.components as { schemas: Record<string, JsonObject> }).schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(["Report", "WaterQuality", "WaterHistorySeries", "GeocodeAnswer", "Bathing", "Error"]));
    for (const id of Object.keys(schemas)) expect(() => contract.validatorFor({ $ref: `#/components/schemas/${id}` }), id).not.toThrow();
  });

  it("rejects an answer that drifts from it: a missing field, an unknown field, a wrong type", async () => {
    const contract = await loadContract();
    const report = (await (await call(`/api/v1/report?${reportQueryOf(MAIN_SCENARIO)}`)).json()) as JsonObject;
    const validate = contract.validatorFor({ $ref: "#/components/schemas/Report" });
    expect(validate(report)).toBe(true);
    const water = report.water_quality as JsonObject;
    const { history: _history, ...withoutHistory } = water;
    expect(validate({ ...report, water_quality: withoutHistory })).toBe(false);
    expect(validate({ ...report, water_quality: { ...water, extra: 1 } })).toBe(false);
    expect(validate({ ...report, generated_at: 0 })).toBe(false);
  });

  it("documents each route's query parameters from the schemas the routes validate with", async () => {
    const { document } = await loadContract();
    const parametersOf = (path: string) =>
      ((resolvePointer(document, `#/paths/${path.replaceAll("/", "~1")}/get/parameters`) as JsonObject[]) ?? []).map((parameter) => [
        parameter.name,
        parameter.required,
      ]);
    expect(parametersOf("/report")).toEqual(
      expect.arrayContaining([
        ["q", false],
        ["lat", false],
        ["lon", false],
        ["citycode", false],
        ["udi", false],
      ]),
    );
    expect(parametersOf("/geocode")).toEqual([
      ["q", true],
      ["limit", false],
    ]);
    expect(parametersOf("/bathing-sites")).toEqual([
      ["lat", true],
      ["lon", true],
      ["limit", false],
    ]);
  });
});

describe("GET /api/v1/report", () => {
  it.each([
    ["Amiens, by coordinates", reportQueryOf(MAIN_SCENARIO), MAIN_SCENARIO.citycode],
    ["Maraussan, by coordinates", reportQueryOf(CRISIS_SCENARIO), CRISIS_SCENARIO.citycode],
    ["a free-text address", new URLSearchParams({ q: "8 bd du Port" }), MAIN_SCENARIO.citycode],
  ])("answers the documented report for %s, the same as /api/report", async (_name, query, citycode) => {
    const app = t.rebuild();
    const v1 = await app.request(`/api/v1/report?${query}`, { headers: { "x-test-ip": clientIp } });
    const report = (await expectDocumented("/report", v1)) as Report;
    expect(report.address.citycode).toBe(citycode);
    expect(v1.headers.get("cache-control")).toBeTruthy();

    const alias = await app.request(`/api/report?${query}`, { headers: { "x-test-ip": clientIp } });
    expect(alias.status).toBe(200);
    expect(await expectDocumented("/report", alias)).toEqual(report);
  });

  it("shows the non-compliant water of Maraussan with its twelve months of history", async () => {
    const report = (await expectDocumented("/report", await call(`/api/v1/report?${reportQueryOf(CRISIS_SCENARIO)}`))) as Report;
    expect(report.water_quality).toMatchObject({ level: "critical", official_verdict: "non_conforme" });
    const nitrates = report.water_quality.history.find((series) => series.code === "1340");
    expect(nitrates).toMatchObject({ name: "Nitrates", unit: "mg/L", limit: 50 });
    expect(nitrates?.points.at(-1)).toMatchObject({ value: 62, label: "Non conforme" });
    // « Non détecté » is a value of null, not zero: the document allows it, the answer uses it.
    expect(report.water_quality.history.find((series) => series.code === "1449")?.points.every((point) => point.value === null)).toBe(true);
  });

  it.each([
    ["no parameter at all", "", /Indiquez une adresse/, "bad_request"],
    ["missing longitude", "lat=48.85&citycode=75056", /lon est obligatoire/, "bad_request"],
    ["coordinates outside France", "lat=51.5&lon=-0.12&citycode=75056", /en dehors de la France/, "outside_france"],
    ["malformed UDI code", "lat=48.85&lon=2.35&citycode=75056&udi=abc", /9 caractères/, "bad_request"],
  ])("refuses %s with the documented French 400", async (_name, query, message, code) => {
    const response = await call(`/api/v1/report?${query}`);
    expect(response.status).toBe(400);
    expect(await expectDocumented("/report", response)).toMatchObject({ error: expect.stringMatching(message), code });
  });

  it("answers zod's own validation messages in French too (the French locale is the one configured, src/server/zod-locale.ts)", async () => {
    // A parameter given twice reaches the schema as a list: no message of ours covers it, zod's French locale does.
    const response = await call(`/api/v1/report?q=${encodeURIComponent("8 boulevard du Port")}&q=Amiens`);
    expect(response.status).toBe(400);
    expect(await expectDocumented("/report", response)).toMatchObject({
      error: expect.stringMatching(/^Entrée invalide\s: chaîne de caractères attendu, tableau reçu$/),
      code: "bad_request",
    });
  });

  it("answers the documented 404 when a free-text address is not found", async () => {
    const response = await call(`/api/v1/report?q=${encodeURIComponent("zzzzzzzz introuvable")}`);
    expect(response.status).toBe(404);
    expect(await expectDocumented("/report", response)).toMatchObject({ code: "address_not_found", error: expect.stringMatching(/Adresse introuvable/) });
  });

  it("answers the documented 503 when the address search is down", async () => {
    t.upstreams.setMode("ban", "error500");
    const response = await t.rebuild().request(`/api/v1/report?q=${encodeURIComponent("12 rue des Lilas")}`, { headers: { "x-test-ip": clientIp } });
    expect(response.status).toBe(503);
    expect(await expectDocumented("/report", response)).toMatchObject({ code: "upstream_unavailable" });
  });
});

describe("GET /api/v1/geocode", () => {
  it("answers the documented suggestions, the same as /api/geocode", async () => {
    const app = t.rebuild();
    const path = `geocode?q=${encodeURIComponent("8 bd du Port")}&limit=5`;
    const v1 = await app.request(`/api/v1/${path}`, { headers: { "x-test-ip": clientIp } });
    expect(v1.status).toBe(200);
    const body = (await expectDocumented("/geocode", v1)) as { results: Array<{ label: string }> };
    expect(body.results[0]?.label).toBe(MAIN_SCENARIO.label);
    const alias = await app.request(`/api/${path}`, { headers: { "x-test-ip": clientIp } });
    expect(await expectDocumented("/geocode", alias)).toEqual(body);
  });

  it("answers an empty list under 3 characters, and documented errors otherwise", async () => {
    expect(await expectDocumented("/geocode", await call("/api/v1/geocode?q=8b"))).toEqual({ results: [] });
    const tooMany = await call("/api/v1/geocode?q=paris&limit=50");
    expect(tooMany.status).toBe(400);
    expect(await expectDocumented("/geocode", tooMany)).toMatchObject({ error: expect.stringMatching(/entre 1 et 10/) });
    t.upstreams.setMode("ban", "error500");
    const down = await t.rebuild().request("/api/v1/geocode?q=12 rue des Lilas", { headers: { "x-test-ip": clientIp } });
    expect(down.status).toBe(503);
    await expectDocumented("/geocode", down);
  });
});

describe("GET /api/v1/bathing-sites", () => {
  const maraussan = `lat=${CRISIS_SCENARIO.latitude}&lon=${CRISIS_SCENARIO.longitude}`;

  it("lists the nearest official sites, nearest first, as documented", async () => {
    const response = await t.rebuild().request(`/api/v1/bathing-sites?${maraussan}`, { headers: { "x-test-ip": clientIp } });
    expect(response.status).toBe(200);
    const body = (await expectDocumented("/bathing-sites", response)) as Report["bathing"];
    expect(body.sites.map((site) => [site.name, site.distance_km])).toEqual([
      ["ORB-REALS", 8.7],
      ["ORB-CAMPING MUNICIPAL", 12.9],
      ["LE CASINO", 17.6],
    ]);
    expect(body.source.url).toBe("https://baignades.sante.gouv.fr/");
  });

  it("keeps the nearest `limit` sites, and answers an empty list where none is within 20 km", async () => {
    const one = (await expectDocumented("/bathing-sites", await call(`/api/v1/bathing-sites?${maraussan}&limit=1`))) as Report["bathing"];
    expect(one.sites.map((site) => site.name)).toEqual(["ORB-REALS"]);
    const amiens = await call(`/api/v1/bathing-sites?lat=${MAIN_SCENARIO.latitude}&lon=${MAIN_SCENARIO.longitude}`);
    expect(await expectDocumented("/bathing-sites", amiens)).toMatchObject({ sites: [], level: "unavailable" });
  });

  it("never waits for the ministry's slow portal", async () => {
    t.upstreams.setMode("baignades", "timeout");
    // Waiting for the portal would cost its 5 s timeout; the answer comes well before.
    const started = performance.now();
    const response = await t.rebuild({ UPSTREAM_TIMEOUT_MS: "5000" }).request(`/api/v1/bathing-sites?${maraussan}`, { headers: { "x-test-ip": clientIp } });
    expect(performance.now() - started).toBeLessThan(2000);
    const body = (await expectDocumented("/bathing-sites", response)) as Report["bathing"];
    expect(body.sites.every((site) => site.live_read_at === null)).toBe(true);
  });

  it.each([
    ["a missing longitude", "lat=43.37", /lon est obligatoire/, "bad_request"],
    ["a non-numeric latitude", "lat=abc&lon=3.15", /nombre décimal/, "bad_request"],
    ["coordinates outside France", "lat=51.5&lon=-0.12", /en dehors de la France/, "outside_france"],
    ["too many sites", `${maraussan}&limit=5`, /entre 1 et 3/, "bad_request"],
  ])("refuses %s with the report's French 400", async (_name, query, message, code) => {
    const response = await call(`/api/v1/bathing-sites?${query}`);
    expect(response.status).toBe(400);
    expect(await expectDocumented("/bathing-sites", response)).toMatchObject({ error: expect.stringMatching(message), code });
  });
});

describe("rate limits", () => {
  const fieldsOf = (response: Response) => ({ policy: response.headers.get("ratelimit-policy"), current: response.headers.get("ratelimit") });

  it("announce the policy and count down with the IETF RateLimit fields, the alias sharing v1's allowance", async () => {
    const first = await call("/api/v1/geocode?q=8b");
    const second = await call("/api/geocode?q=8b");
    expect(fieldsOf(first)).toEqual({ policy: '"geocode";q=120;w=60', current: expect.stringMatching(/^"geocode";r=119;t=\d+$/) });
    expect(fieldsOf(second).current).toMatch(/^"geocode";r=118;t=\d+$/);
    expect(first.headers.get("access-control-expose-headers")).toMatch(/RateLimit/);
    await expectDocumented("/geocode", first);
  });

  it("answer the documented 429 with Retry-After once the allowance is spent", async () => {
    const app = t.rebuild({ RATE_LIMIT_REPORT_PER_MINUTE: "2" });
    const query = `/api/v1/report?${reportQueryOf(MAIN_SCENARIO)}`;
    const headers = { "x-test-ip": clientIp };
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      last = await app.request(query, { headers });
      statuses.push(last.status);
      if (i < 2) await last.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(fieldsOf(last!)).toEqual({ policy: '"report";q=2;w=60', current: expect.stringMatching(/^"report";r=0;t=\d+$/) });
    expect(await expectDocumented("/report", last!)).toMatchObject({ code: "rate_limited", error: expect.stringMatching(/Trop de requêtes/) });
  });
});

describe("CORS and cross-origin requests", () => {
  const PUBLIC_READS = [
    `/api/v1/report?${reportQueryOf(MAIN_SCENARIO)}`,
    "/api/v1/geocode?q=8b",
    `/api/v1/bathing-sites?lat=${MAIN_SCENARIO.latitude}&lon=${MAIN_SCENARIO.longitude}`,
    "/api/v1/openapi.json",
  ];

  it.each(PUBLIC_READS)("lets any site read %s, without credentials", async (path) => {
    const response = await call(path, { headers: { Origin: OTHER_SITE } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    await expectDocumented(new URL(path, TEST_SITE_URL).pathname.replace("/api/v1", ""), response);
  });

  it.each(PUBLIC_READS)("answers the preflight of %s: 204, GET and HEAD only", async (path) => {
    const response = await call(path, {
      method: "OPTIONS",
      headers: { Origin: OTHER_SITE, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "accept" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET,HEAD");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("answers HEAD on the public reads", async () => {
    const response = await call("/api/v1/openapi.json", { method: "HEAD", headers: { Origin: OTHER_SITE } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  it.each(["/api/account", "/api/health", "/api/report?q=8b", "/api/geocode?q=8b", "/api/subscriptions"])(
    "gives no CORS header to %s, and keeps its answers same-origin",
    async (path) => {
      for (const method of ["GET", "OPTIONS"]) {
        const response = await call(path, { method, headers: { Origin: OTHER_SITE, "Access-Control-Request-Method": "GET" } });
        expect(response.headers.get("access-control-allow-origin"), `${method} ${path}`).toBeNull();
        expect(response.headers.get("cross-origin-resource-policy"), `${method} ${path}`).toBe("same-origin");
        await response.body?.cancel();
      }
    },
  );

  it.each(["/api/subscriptions", "/api/v1/report", "/api/auth/signin"])("still refuses a POST from another origin to %s", async (path) => {
    const response = await call(path, { method: "POST", headers: { Origin: OTHER_SITE, "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(403);
    const body = await expectErrorShape(response);
    expect(body).toMatchObject({ code: "forbidden_origin", error: expect.stringMatching(/origine non autorisée/) });
  });

  it("answers an unknown v1 path with the documented error shape", async () => {
    const response = await call("/api/v1/nope");
    expect(response.status).toBe(404);
    expect(await expectErrorShape(response)).toMatchObject({ code: "not_found" });
  });
});
