// Decision 094 on the Worker build under `wrangler dev` (workerd, offline): the public reads' rate
// limits are counted in each client's Durable Object (the CEILINGS binding, class GlobalCeilings),
// with the same RateLimit fields, 429 and Retry-After as on Node — and with no database at all
// (nothing listens at DATABASE_URL), which the counters in Turso could not do.
// Needs `npm run build` first (npm test does it).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { freePort } from "../helpers/net.ts";
import { startAppWorker, WORKERD_CANNOT_RUN, WORKERD_SKIP_REASON, type WranglerDev } from "../helpers/wrangler.ts";

let upstreams: FakeUpstreams;
let wrangler: WranglerDev | undefined;
let baseUrl: string;
let directory: string;

if (WORKERD_CANNOT_RUN) console.log(WORKERD_SKIP_REASON);

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "zone-sante-wrangler-counters-"));
  if (WORKERD_CANNOT_RUN) return;
  upstreams = await startFakeUpstreams();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  wrangler = await startAppWorker({
    port,
    directory,
    env: {
      ...upstreams.config,
      APP_SECRET: "smoke-test-secret-smoke-test-secret-0000",
      DATABASE_URL: "http://127.0.0.1:9",
      SITE_URL: baseUrl,
      RESEND_API_KEY: "re_smoke_key",
      RESEND_BASE_URL: "http://127.0.0.1:9",
      UPSTREAM_TIMEOUT_MS: "2000",
      RATE_LIMIT_GEOCODE_PER_MINUTE: "2",
    },
  });
}, 120_000);

afterAll(async () => {
  await wrangler?.stop();
  await upstreams?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe.skipIf(WORKERD_CANNOT_RUN)("the public reads' counters on the Worker", () => {
  it("count a client in its Durable Object: the allowance counts down, then 429 with Retry-After, per client", async () => {
    const search = (ip: string) => fetch(`${baseUrl}/api/geocode?q=8+bd+du+Port`, { headers: { "CF-Connecting-IP": ip } });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await search("198.51.100.7"));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(answers[0]!.headers.get("RateLimit-Policy")).toBe('"geocode";q=2;w=60');
    expect(answers[0]!.headers.get("RateLimit")).toMatch(/^"geocode";r=1;t=\d+$/);
    expect(Number(answers[2]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await answers[2]!.json()) as { code: string }).code).toBe("rate_limited");
    // Another client: its own object, its own allowance.
    expect((await search("198.51.100.8")).status).toBe(200);
    // Counted by the object, not by the isolate's fall-back.
    expect(wrangler!.output()).not.toMatch(/global ceiling unreachable/);
  });
});
