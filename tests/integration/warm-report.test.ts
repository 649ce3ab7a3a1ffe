// Issue 40 item 2 (decision 094): the public reads' rate limits are counted in memory, never in the
// database, with the same answers as before (RateLimit fields, 429, Retry-After, the French
// message), on the clock the app and the fakes share; a whole report asked again within its
// minute is the same bytes, with their ETag, and costs no upstream call.
import { describe, expect, it } from "vitest";
import type { ReportAnswer } from "../../src/core/types.ts";
import { MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { useTestApp } from "../helpers/test-app.ts";

const NOW = new Date("2026-06-10T10:00:20Z");
const t = useTestApp({ now: NOW }, { now: NOW, resetUpstreams: true, onlyKnownUpstreams: true });

const reportPath = `/api/report?${reportQueryOf(MAIN_SCENARIO)}`;

async function rateLimitRows(): Promise<number> {
  const rows = await t.db.$client.execute("select count(*) as n from rate_limits where scope in ('report', 'geocode', 'bathing-sites')");
  return Number(rows.rows[0]!.n);
}

describe("the public reads' rate limits, in memory", () => {
  it("answer as before — RateLimit fields counting down, then 429 with Retry-After in French — and write no database row", async () => {
    const app = t.rebuild({ RATE_LIMIT_REPORT_PER_MINUTE: "2", RATE_LIMIT_GEOCODE_PER_MINUTE: "1" });
    const headers = { "x-test-ip": "203.0.113.40" };
    const first = await app.request(reportPath, { headers });
    expect(first.status).toBe(200);
    expect(first.headers.get("RateLimit-Policy")).toBe('"report";q=2;w=60');
    // 10:00:20: 40 s left in the minute.
    expect(first.headers.get("RateLimit")).toBe('"report";r=1;t=40');
    expect((await app.request(reportPath, { headers })).headers.get("RateLimit")).toBe('"report";r=0;t=40');
    const refused = await app.request(reportPath, { headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("40");
    expect(await refused.json()).toEqual({ error: "Trop de requêtes. Veuillez patienter quelques instants avant de réessayer.", code: "rate_limited" });
    // The geocoder counts apart.
    expect((await app.request("/api/geocode?q=8+bd+du+Port", { headers })).status).toBe(200);
    expect((await app.request("/api/geocode?q=8+bd+du+Port", { headers })).status).toBe(429);
    expect(await rateLimitRows()).toBe(0);
  });

  it("count each client apart, and start again with the next minute of the shared clock", async () => {
    const app = t.rebuild({ RATE_LIMIT_REPORT_PER_MINUTE: "1" });
    expect((await app.request(reportPath, { headers: { "x-test-ip": "203.0.113.41" } })).status).toBe(200);
    expect((await app.request(reportPath, { headers: { "x-test-ip": "203.0.113.41" } })).status).toBe(429);
    // Another address, and another /64 in IPv6: their own allowance.
    expect((await app.request(reportPath, { headers: { "x-test-ip": "203.0.113.42" } })).status).toBe(200);
    expect((await app.request(reportPath, { headers: { "x-test-ip": "2001:db8:1:2::1" } })).status).toBe(200);
    expect((await app.request(reportPath, { headers: { "x-test-ip": "2001:db8:1:2::ffff" } })).status).toBe(429);
    t.setNow(new Date("2026-06-10T10:01:00Z"));
    const again = await app.request(reportPath, { headers: { "x-test-ip": "203.0.113.41" } });
    expect(again.status).toBe(200);
    expect(again.headers.get("RateLimit")).toBe('"report";r=0;t=60');
  });

  it("keep the auth routes' counters in the database, where a restart does not reset them", async () => {
    const app = t.rebuild();
    const headers = { "x-test-ip": "203.0.113.43", "Content-Type": "application/json", Origin: "http://127.0.0.1:4321" };
    await app.request("/api/auth/signup", {
      method: "POST",
      headers,
      body: JSON.stringify({ email: "compteur@exemple-zs.fr", password: "mdp-du-compteur-1" }),
    });
    const rows = await t.db.$client.execute("select count(*) as n from rate_limits where scope = 'signup-ip'");
    expect(Number(rows.rows[0]!.n)).toBe(1);
  });
});

describe("a warm report", () => {
  it("is the same bytes within its minute, with a strong ETag, a 304 for a client that holds it, and no upstream call", async () => {
    const app = t.rebuild();
    const first = await app.request(reportPath);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=300");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    const body = await first.text();
    expect((JSON.parse(body) as ReportAnswer).address.citycode).toBe(MAIN_SCENARIO.citycode);
    const calls = t.upstreams.requests.length;
    expect(calls).toBeGreaterThan(0);

    const second = await app.request(reportPath);
    expect(second.status).toBe(200);
    expect(second.headers.get("ETag")).toBe(etag);
    expect(second.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(second.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await second.text()).toBe(body);
    const held = await app.request(reportPath, { headers: { "If-None-Match": etag! } });
    expect(held.status).toBe(304);
    expect(await held.text()).toBe("");
    expect(t.upstreams.requests.length).toBe(calls);

    // The next minute: built again (its date and « aujourd'hui » are the new minute's).
    t.setNow(new Date("2026-06-10T10:01:05Z"));
    const next = await app.request(reportPath);
    expect(next.status).toBe(200);
    expect((JSON.parse(await next.text()) as ReportAnswer).generated_at).not.toBe((JSON.parse(body) as ReportAnswer).generated_at);
  });

  it("is never kept while a section is unavailable", async () => {
    const app = t.rebuild();
    t.upstreams.setMode("hubeau", "error500");
    const failed = await app.request(reportPath);
    expect(failed.headers.get("Cache-Control")).toBe("no-store");
    expect(failed.headers.get("ETag")).toBeNull();
    expect(((await failed.json()) as ReportAnswer).water_quality.success).toBe(false);
    // Asked again: built again (a kept answer always carries its ETag), not the failed answer kept.
    const again = await app.request(reportPath);
    expect(again.headers.get("ETag")).toBeNull();
    expect(again.headers.get("Cache-Control")).toBe("no-store");
    await again.text();
    t.upstreams.setMode("hubeau", "ok");
  });
});
