// Issue 28, « Outages are silent » and the failure cache: two minutes of three upstreams failing
// wrote not one warn line, and water stayed « indisponible » ~22 s after Hub'Eau was back. Each
// failure of an upstream is now logged — once per source and kind of failure and minute, never
// with the URL (coordinates, commune) — and a failure is remembered TTL_SECONDS.failure (5 s).
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/core/types.ts";
import { TTL_SECONDS } from "../../src/server/services/sources.ts";
import { MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { useTestApp } from "../helpers/test-app.ts";

const NOW = new Date("2026-08-20T10:00:00Z");
const t = useTestApp({ now: NOW }, { now: NOW });

let client = 0;
async function report(): Promise<Report> {
  client += 1;
  const response = await t.app.request(`/api/v1/report?${reportQueryOf(MAIN_SCENARIO)}`, { headers: { "x-test-ip": `198.51.100.${client}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

const failureLines = () => t.logs.filter((entry) => entry.message === "upstream failed");

describe("an upstream outage", () => {
  it("is logged as a warn with the source and the kind of failure, once a minute per kind, without the URL", async () => {
    t.upstreams.setMode("hubeau", "error500");
    t.upstreams.setMode("vigieau", "malformed");
    t.upstreams.setMode("atmo", "error500");
    for (let step = 0; step < 4; step++) {
      const answer = await report();
      expect(answer.water_quality.success).toBe(false);
      // Past the failure cache: each report asks the failing sources again.
      t.setNow(new Date(t.now().getTime() + (TTL_SECONDS.failure + 1) * 1000));
    }
    const lines = failureLines();
    const kinds = lines.map((entry) => `${String(entry.fields?.source)}:${String(entry.fields?.kind)}`);
    expect(new Set(kinds)).toEqual(new Set(["hubeau:http", "vigieau:invalid", "atmo:http"]));
    // Four failing reports, one line per source and kind.
    expect(kinds).toHaveLength(3);
    for (const line of lines) {
      expect(line.level).toBe("warn");
      expect(line.fields).toMatchObject({ quiet: 0 });
    }
    expect(lines.find((line) => line.fields?.source === "hubeau")?.fields).toMatchObject({ status: 500, detail: "HTTP 500" });
    // Never the address: no coordinates, commune code or URL in the lines.
    const text = JSON.stringify(lines);
    for (const secret of [String(MAIN_SCENARIO.latitude), String(MAIN_SCENARIO.longitude), MAIN_SCENARIO.citycode, "http://"])
      expect(text).not.toContain(secret);
  });

  it("is forgotten within seconds once the upstream is back (the failure cache is TTL_SECONDS.failure, 5 s)", async () => {
    expect(TTL_SECONDS.failure).toBeLessThanOrEqual(5);
    // Past whatever the previous test left in the cache.
    t.setNow(new Date(NOW.getTime() + 3600_000));
    t.upstreams.setMode("hubeau", "error500");
    expect((await report()).water_quality.success).toBe(false);
    t.upstreams.setMode("hubeau", "ok");
    // Still remembered within its few seconds (one outage does not cost every visitor a timeout)…
    t.setNow(new Date(t.now().getTime() + 2000));
    expect((await report()).water_quality.success).toBe(false);
    // …and forgotten after them: the water shows again (30 s before issue 28).
    t.setNow(new Date(t.now().getTime() + (TTL_SECONDS.failure - 1) * 1000));
    expect((await report()).water_quality.success).toBe(true);
  });
});
