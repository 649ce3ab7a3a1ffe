// Issue 25, « Progressive report » (decision 067): the site's island asks /api/report for NDJSON and
// gets each section the moment its own source has answered, over a real HTTP server (Node, as
// workers/node.ts serves the app), so that nothing between the app and the socket may hold a line
// back. The public API's /api/v1/report stays one whole JSON answer.
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { SiteReportAnswer } from "../../src/core/report/compose.ts";
import type { ReportAnswer } from "../../src/core/types.ts";
import { sectionOutlines } from "../../src/sections/outline.ts";
import { MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { asSent } from "../helpers/site-report.ts";
import { useTestApp, type TestApp } from "../helpers/test-app.ts";

const NOW = new Date("2026-06-10T10:00:00Z");
const t = useTestApp({ now: NOW }, { resetUpstreams: true, onlyKnownUpstreams: true });

const NDJSON = "application/x-ndjson";

let server: ServerType | null = null;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** The app behind a real HTTP server on a free port, as workers/node.ts serves it. */
async function listen(app: TestApp["app"]): Promise<string> {
  return new Promise((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
  });
}

interface ReadLine {
  part: Record<string, unknown>;
  /** whether Hub'Eau was still held when the chunk holding the line came off the socket */
  whileHubEauHeld: boolean;
}

/** Reads an NDJSON answer line by line, noting for each whether Hub'Eau was still held then. */
async function readLines(response: Response, hubEauHeld: () => boolean, onLine: (part: Record<string, unknown>) => void): Promise<ReadLine[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const lines: ReadLine[] = [];
  let pending = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const whileHubEauHeld = hubEauHeld();
    pending += decoder.decode(value, { stream: true });
    let newline = pending.indexOf("\n");
    while (newline >= 0) {
      const part = JSON.parse(pending.slice(0, newline)) as Record<string, unknown>;
      lines.push({ part, whileHubEauHeld });
      onLine(part);
      pending = pending.slice(newline + 1);
      newline = pending.indexOf("\n");
    }
  }
  expect(pending).toBe("");
  return lines;
}

/** What a line brings besides the documents of its sections (decision 095). */
const sectionOf = (line: ReadLine) =>
  Object.keys(line.part)
    .filter((key) => key !== "documents")
    .join(",");

describe("GET /api/report as NDJSON (the island's progressive report)", () => {
  it("a section's card never waits for another source: the air line comes off the socket while Hub'Eau is held, and nothing buffers it", async () => {
    // Ordered, not timed (docs/tests.md, « Under load »): Hub'Eau answers nothing until the air line
    // has been read off the socket. A buffering layer (compression, a proxy, the adapter) would hand
    // the air line over only at the end, after Hub'Eau — let go then by the safety release.
    const hubeau = t.upstreams.hold(["hubeau"]);
    let held = true;
    const release = () => {
      held = false;
      hubeau.release();
    };
    const safety = setTimeout(release, 10_000);
    let hubEauAskedBeforeAir = 0;
    const base = await listen(t.rebuild({ UPSTREAM_TIMEOUT_MS: "30000" }));
    const response = await fetch(`${base}/api/report?${reportQueryOf(MAIN_SCENARIO)}`, { headers: { Accept: NDJSON } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = await readLines(
      response,
      () => held,
      (part) => {
        if (!("air_quality" in part)) return;
        hubEauAskedBeforeAir = hubeau.held.length;
        release();
      },
    );
    clearTimeout(safety);

    const order = lines.map(sectionOf);
    expect(order[0]).toBe("address,address_info,generated_at");
    expect(order.at(-1)).toBe("recommendations");
    expect(order.indexOf("air_quality")).toBeGreaterThan(0);
    expect(order.indexOf("air_quality")).toBeLessThan(order.indexOf("water_quality"));
    const air = lines.find((line) => sectionOf(line) === "air_quality")!;
    const water = lines.find((line) => sectionOf(line) === "water_quality")!;
    // Hub'Eau was asked and had not answered when the air line (and the first) came off the socket.
    expect(hubEauAskedBeforeAir).toBeGreaterThan(0);
    expect(lines[0]!.whileHubEauHeld).toBe(true);
    expect(air.whileHubEauHeld).toBe(true);
    expect(water.whileHubEauHeld).toBe(false);
    expect(water.part.water_quality).toMatchObject({ success: true });
  });

  it("its lines, merged, are the whole JSON answer, field for field", async () => {
    const app = t.rebuild();
    const whole = (await (await app.request(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`)).json()) as ReportAnswer;
    const streamed = await app.request(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`, { headers: { Accept: NDJSON } });
    const text = await streamed.text();
    const parts = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Partial<SiteReportAnswer>);
    // The head, the eight sections (issue 26 added pollen, UV, vigilance and radon), the recommendations.
    expect(parts).toHaveLength(10);
    expect(
      parts
        .slice(1, -1)
        .map((part) => Object.keys(part).join(","))
        .sort(),
    ).toEqual([
      "air_quality,documents",
      "bathing,documents",
      "drought,documents",
      "pollen,documents",
      "radon,documents",
      "uv,documents",
      "water_quality,documents",
      "weather_warnings,documents",
    ]);
    // Each section's line carries its own document and no other (decision 095).
    expect(parts.slice(1, -1).map((part) => Object.keys(part.documents!).join(","))).toEqual(
      parts.slice(1, -1).map((part) => sectionOutlines().find((section) => section.field in part)!.key),
    );
    const { documents: _documents, ...merged } = Object.assign({}, ...parts) as SiteReportAnswer;
    expect(merged).toEqual(whole);
    // Gathered, the documents are the server's presentation of the whole answer, as every channel's.
    expect(Object.assign({}, ...parts.map((part) => part.documents ?? {}))).toEqual(asSent(whole).documents);
  });

  it("a warm report streams every line at once, never stored (a failed section is known only at the end)", async () => {
    const app = t.rebuild();
    await app.request(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`);
    const requestsBefore = t.upstreams.requests.length;
    const response = await app.request(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`, { headers: { Accept: NDJSON } });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("vary")).toBe("Accept");
    expect((await response.text()).trim().split("\n")).toHaveLength(10);
    expect(t.upstreams.requests.length).toBe(requestsBefore);
  });

  it("says an unexpected failure after the head on a last line, in French, and logs it without the address", async () => {
    const app = t.rebuild();
    // A bug, not an upstream failure (those fail soft into their section): the model's reader throws.
    // (On the client's view of the sources, which the report reads through: decision 088.)
    const sources = t.deps().sources;
    const forClient = sources.forClient.bind(sources);
    sources.forClient = (client) => ({ ...forClient(client), fetchCamsEstimate: () => Promise.reject(new TypeError("bug")) });
    const response = await app.request(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`, { headers: { Accept: NDJSON } });
    expect(response.status).toBe(200);
    const parts = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(parts[0]!)).toEqual(["address", "address_info", "generated_at"]);
    expect(parts.at(-1)).toEqual({ error: "Une erreur inattendue s'est produite. Veuillez réessayer.", code: "internal_error" });
    const logged = t.logs.filter((entry) => entry.message === "report stream failed");
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain(MAIN_SCENARIO.label);
  });

  it("refuses an invalid request with the same French JSON error, before any line", async () => {
    const response = await t.app.request("/api/report?lat=91&lon=2&citycode=80021", { headers: { Accept: NDJSON } });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await response.json()) as { error: string }).error).toBeTruthy();
    const outside = await t.app.request("/api/report?lat=40.7&lon=-74&citycode=80021", { headers: { Accept: NDJSON } });
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { code: string }).code).toBe("outside_france");
  });

  it("keeps the same rate limit as the whole answer", async () => {
    const app = t.rebuild({ RATE_LIMIT_REPORT_PER_MINUTE: "2" });
    const headers = { "x-test-ip": "203.0.113.77", Accept: NDJSON };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await app.request(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`, { headers });
      statuses.push(response.status);
      await response.text();
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("/api/v1/report stays one whole JSON answer, whatever the Accept header asks", async () => {
    const response = await t.rebuild().request(`/api/v1/report?${reportQueryOf(MAIN_SCENARIO)}`, { headers: { Accept: NDJSON } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as ReportAnswer;
    expect(body.recommendations.length).toBeGreaterThan(0);
    expect(body.water_quality).toBeTruthy();
  });
});
