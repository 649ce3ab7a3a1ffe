// Issue 39's Done-when: on Workers an upstream's budget is the service's, not the isolate's. Two
// Worker processes under `wrangler dev` (workerd, offline), the app's own entry in each: A hosts the
// GlobalCeilings Durable Object, B binds the same object through wrangler's local dev registry
// (`script_name`), as every isolate of the deployed Worker binds the one object. BAN at 1 call a
// minute (a burst of 5): what A spends, B no longer has, and the fake BAN receives 5 calls in all,
// not 5 per process. No database (rate limits fail open), the fake upstreams for the sources.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signAddress } from "../../src/server/services/geocoded-address.ts";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { freePort } from "../helpers/net.ts";
import { ROOT, startWranglerDev, WORKERD_CANNOT_RUN, WORKERD_SKIP_REASON, type WranglerDev } from "../helpers/wrangler.ts";

/** Unique names: other `wrangler dev` sessions on the machine (the app's own smoke tests) register theirs. */
const HOST = "zs-ceilings-host";
const GUEST = "zs-ceilings-guest";
const BURST = 5;
const APP_SECRET = "ceilings-smoke-secret-ceilings-smoke-0000";

let directory: string;
let upstreams: FakeUpstreams;
let host: WranglerDev | undefined;
let guest: WranglerDev | undefined;
let hostUrl: string;
let hostStart: () => Promise<WranglerDev>;
/** When the test began spending BAN's burst (its refill is counted from there). */
let spentFrom = 0;
let guestUrl: string;

if (WORKERD_CANNOT_RUN) console.log(WORKERD_SKIP_REASON);

/** A Worker config of the app's entry; the host declares the class, the guest binds the host's. */
function writeConfig(name: string, role: "host" | "guest"): string {
  const path = join(directory, `${name}.toml`);
  const lines = [
    `name = "${name}"`,
    `main = ${JSON.stringify(join(ROOT, "workers", "cloudflare.ts"))}`,
    `compatibility_date = "2026-10-01"`,
    `compatibility_flags = ["nodejs_compat"]`,
    "",
    "[[durable_objects.bindings]]",
    `name = "CEILINGS"`,
    `class_name = "GlobalCeilings"`,
    ...(role === "guest" ? [`script_name = "${HOST}"`] : ["", "[[migrations]]", `tag = "v1"`, `new_sqlite_classes = ["GlobalCeilings"]`]),
  ];
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

/** Ports: the caller's (CEILINGS_SMOKE_PORT_BASE, four from it) or free ones. */
async function portsOf(): Promise<number[]> {
  const base = Number(process.env.CEILINGS_SMOKE_PORT_BASE);
  if (Number.isInteger(base) && base > 0) return [base, base + 1, base + 2, base + 3];
  return Promise.all([freePort(), freePort(), freePort(), freePort()]);
}

async function startWorker(config: string, port: number, inspectorPort: number, envFile: string, state: string): Promise<WranglerDev> {
  return startWranglerDev(
    [
      "--config",
      config,
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--inspector-port",
      String(inspectorPort),
      "--inspector-ip",
      "127.0.0.1",
      "--env-file",
      envFile,
      "--persist-to",
      state,
      "--log-level",
      "log",
      "--show-interactive-dev-session=false",
    ],
    `http://127.0.0.1:${port}/api/health`,
    // A registry of this test's own: the guest finds the host there, and nobody else's Worker.
    { WRANGLER_REGISTRY_PATH: join(directory, "registry") },
  );
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "zone-sante-ceilings-"));
  if (WORKERD_CANNOT_RUN) return;
  upstreams = await startFakeUpstreams();
  const [hostPort = 0, hostInspector = 0, guestPort = 0, guestInspector = 0] = await portsOf();
  hostUrl = `http://127.0.0.1:${hostPort}`;
  guestUrl = `http://127.0.0.1:${guestPort}`;
  const envFile = join(directory, "worker.env");
  const env: Record<string, string> = {
    ...upstreams.config,
    APP_SECRET,
    // Nothing listens there: the geocoder needs no database (its rate limit fails open).
    DATABASE_URL: "http://127.0.0.1:9",
    SITE_URL: hostUrl,
    RESEND_API_KEY: "re_smoke_key",
    RESEND_BASE_URL: "http://127.0.0.1:9",
    // Long enough for the slow upstreams of the PDF test below.
    UPSTREAM_TIMEOUT_MS: "8000",
    UPSTREAM_BAN_PER_MINUTE: "1",
    // One PDF at once for the whole service.
    PDF_MAX_CONCURRENT: "1",
  };
  writeFileSync(
    envFile,
    Object.entries(env)
      .map(([key, value]) => `${key}=${value}`)
      .join("\n"),
  );
  const hostConfig = writeConfig(HOST, "host");
  hostStart = () => startWorker(hostConfig, hostPort, hostInspector, envFile, join(directory, "state-host"));
  host = await hostStart();
  guest = await startWorker(writeConfig(GUEST, "guest"), guestPort, guestInspector, envFile, join(directory, "state-guest"));
}, 240_000);

afterAll(async () => {
  await guest?.stop();
  await host?.stop();
  await upstreams?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** One address search never asked before (no cache holds it): one BAN call if the budget allows. */
let searches = 0;
async function search(baseUrl: string): Promise<number> {
  searches += 1;
  const response = await fetch(`${baseUrl}/api/geocode?q=${encodeURIComponent(`rue inconnue numero ${searches}`)}`);
  await response.arrayBuffer();
  return response.status;
}

const banSearches = () => upstreams.requests.filter((request) => request.source === "ban" && request.path === "/search").length;

describe.skipIf(WORKERD_CANNOT_RUN)("the upstreams' budget is one for every Worker process (a Durable Object)", () => {
  it("what one Worker spends of BAN's budget the other no longer has: the BAN receives one burst in all", async () => {
    spentFrom = Date.now();
    const spentByHost: number[] = [];
    for (let call = 0; call < 3; call++) spentByHost.push(await search(hostUrl));
    expect(spentByHost, host?.output()).toEqual([200, 200, 200]);

    // Per isolate, the guest would have a whole burst of its own (5); it has what the host left.
    const byGuest: number[] = [];
    while (byGuest.length < 2 * BURST && byGuest.at(-1) !== 503) byGuest.push(await search(guestUrl));
    // 1 call a minute refills while the test runs: at most one more per minute elapsed.
    const refilled = Math.floor((Date.now() - spentFrom) / 60_000);
    const guestCalls = byGuest.filter((status) => status === 200).length;
    expect(byGuest.at(-1), guest?.output()).toBe(503);
    expect(guestCalls).toBeGreaterThanOrEqual(BURST - 3);
    expect(guestCalls).toBeLessThanOrEqual(BURST - 3 + refilled);

    // And the host sees it spent too.
    expect(await search(hostUrl)).toBe(503);
    expect(banSearches()).toBe(3 + guestCalls);
    for (const worker of [host, guest]) expect(worker?.output()).not.toContain("global ceiling unreachable");
  }, 60_000);

  it("a restarted object (an eviction, a deploy) stands where the buckets stood: waiting for it gives no second burst", async () => {
    await host?.stop();
    // The same local storage: the object's SQLite database, where the calls allowed are journaled.
    host = await hostStart();
    const byHost: number[] = [];
    while (byHost.length < 2 * BURST && byHost.at(-1) !== 503) byHost.push(await search(hostUrl));
    const refilled = Math.floor((Date.now() - spentFrom) / 60_000);
    // Buckets that came back full would allow a whole burst (5) again.
    expect(byHost.at(-1), host.output()).toBe(503);
    expect(byHost.filter((status) => status === 200).length).toBeLessThanOrEqual(refilled);
  }, 150_000);

  it("one PDF slot for the whole service: while the host makes a PDF, the guest's is asked to wait", async () => {
    // A signed address needs no BAN call (whose budget the tests above spent).
    const address = signAddress(APP_SECRET, MAIN_SCENARIO);
    const query = new URLSearchParams({
      lat: String(address.latitude),
      lon: String(address.longitude),
      citycode: address.citycode,
      label: address.label,
      postcode: address.postcode,
      city: address.city,
      signature: address.signature,
    });
    // Upstreams held: the host's PDF holds the slot while the guest asks — asked once the host's
    // report has called an upstream, so after it took the slot (an order, not a delay: docs/tests.md).
    const held = upstreams.hold();
    const first = fetch(`${hostUrl}/api/report/pdf?${query}`);
    await vi.waitFor(() => expect(held.held.length, host?.output()).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
    const second = await fetch(`${guestUrl}/api/report/pdf?${query}`);
    expect(second.status, guest?.output()).toBe(503);
    expect(second.headers.get("retry-after")).toBe("5");
    expect(((await second.json()) as { code: string }).code).toBe("pdf_busy");
    held.release();
    const made = await first;
    expect(made.status, host?.output()).toBe(200);
    expect(made.headers.get("content-type")).toBe("application/pdf");
    await made.arrayBuffer();
    // The slot is given back through the object: the guest's next PDF is made.
    const again = await fetch(`${guestUrl}/api/report/pdf?${query}`);
    expect(again.status, guest?.output()).toBe(200);
    await again.arrayBuffer();
    for (const worker of [host, guest]) expect(worker?.output()).not.toContain("global ceiling unreachable");
  }, 60_000);
});
