// The Node entry under issue 11: page headers from dist/_headers (script hashes that match the
// build, one frameable page), /dev/mails only when asked for, X-Forwarded-For only from trusted
// proxies, and a shutdown that lets a request in flight finish.
import { request as httpRequest } from "node:http";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../../scripts/build-headers.ts";
import type { LogEntry } from "../../src/server/deps.ts";
import { startServer, type RunningServer } from "../../workers/node.ts";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { freePort } from "../helpers/net.ts";

const DIST = resolve(import.meta.dirname, "../../dist");

let upstreams: FakeUpstreams;
let directory: string;
const running: RunningServer[] = [];
beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  directory = mkdtempSync(join(tmpdir(), "zone-sante-hardening-"));
});
afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
  await upstreams.close();
  rmSync(directory, { recursive: true, force: true });
});

let databases = 0;
async function start(env: Record<string, string> = {}, options: { shutdownGraceMs?: number } = {}) {
  const logs: LogEntry[] = [];
  const server = await startServer({
    env: {
      NODE_ENV: "test",
      PORT: String(await freePort()),
      APP_SECRET: "x".repeat(40),
      ALERTS_SCHEDULER: "off",
      DATABASE_URL: `file:${join(directory, `db-${++databases}.db`)}`,
      ...upstreams.config,
      ...env,
    },
    log: (entry) => logs.push(entry),
    ...options,
  });
  running.push(server);
  return { server, logs };
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("page headers (dist/_headers, read by the Node entry)", () => {
  it("allow exactly the inline scripts the build emitted, and let only the sign-up frame be framed", async () => {
    const { server } = await start();
    const expected = inlineScriptHashes(htmlFiles(DIST).map((file) => readFileSync(file, "utf8")));
    expect(expected.length).toBeGreaterThan(0);
    for (const path of ["/", "/inscription", "/widget", "/blog"]) {
      const response = await fetch(`${server.url}${path}`);
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy, path).toMatch(/^script-src 'self' /);
      for (const hash of expected) expect(policy, `${path} ${hash}`).toContain(hash);
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
    const frame = await fetch(`${server.url}/inscription/cadre?accent=0B5E55`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get("x-frame-options")).toBeNull();
    expect(frame.headers.get("content-security-policy")).toMatch(/script-src 'self' .*frame-ancestors \*$/);
    // The API keeps its own, stricter policy.
    expect((await fetch(`${server.url}/api/health`)).headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe("/dev/mails", () => {
  it("is not served without DEV_OUTBOX=on, and the start-up says where emails go", async () => {
    const { server, logs } = await start();
    expect((await fetch(`${server.url}/dev/mails`)).status).toBe(404);
    expect(logs.find((entry) => entry.message.startsWith("emails are not sent"))?.message).toMatch(/dev_outbox table.*DEV_OUTBOX=on/);
  });

  it("is served with DEV_OUTBOX=on on a loopback address", async () => {
    const { server, logs } = await start({ DEV_OUTBOX: "on" });
    const page = await fetch(`${server.url}/dev/mails`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Boîte d'envoi locale");
    expect(logs.find((entry) => entry.message.startsWith("emails are not sent"))?.fields?.outbox).toBe(`${server.url}/dev/mails`);
  });

  it("refuses DEV_OUTBOX=on on an address other machines can reach", async () => {
    await expect(start({ DEV_OUTBOX: "on", HOST: "0.0.0.0" })).rejects.toThrow(/DEV_OUTBOX/);
  });
});

describe("client IP behind a proxy", () => {
  const geocode = (url: string, forwardedFor: string) =>
    fetch(`${url}/api/geocode?q=8+bd+du+Port`, { headers: { "X-Forwarded-For": forwardedFor } }).then((r) => r.status);

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    const { server } = await start({ RATE_LIMIT_GEOCODE_PER_MINUTE: "2" });
    expect([await geocode(server.url, "203.0.113.1"), await geocode(server.url, "203.0.113.2"), await geocode(server.url, "203.0.113.3")]).toEqual([
      200, 200, 429,
    ]);
  });

  it("reads the client from X-Forwarded-For when the peer is in TRUSTED_PROXIES", async () => {
    const { server } = await start({ RATE_LIMIT_GEOCODE_PER_MINUTE: "2", TRUSTED_PROXIES: "127.0.0.1/32, ::1" });
    expect([await geocode(server.url, "203.0.113.1"), await geocode(server.url, "203.0.113.2"), await geocode(server.url, "203.0.113.3")]).toEqual([
      200, 200, 200,
    ]);
    expect([await geocode(server.url, "203.0.113.4"), await geocode(server.url, "203.0.113.4"), await geocode(server.url, "203.0.113.4")]).toEqual([
      200, 200, 429,
    ]);
  });
});

describe("graceful shutdown", () => {
  it("lets a request in flight finish, then closes", async () => {
    const { server } = await start({}, { shutdownGraceMs: 5000 });
    const { port } = new URL(server.url);
    const answer = new Promise<{ status: number; body: string }>((resolveAnswer, reject) => {
      const request = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/unsubscribe",
          headers: { "content-type": "application/json", origin: `http://127.0.0.1:${port}` },
        },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolveAnswer({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on("error", reject);
      // A slow client: half the body now, the rest after the shutdown has begun.
      request.write('{"u":"s_abc",');
      setTimeout(() => request.end('"t":"' + "c".repeat(64) + '"}'), 600);
    });
    await new Promise((wait) => setTimeout(wait, 200));
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((wait) => setTimeout(wait, 200));
    expect(closed).toBe(false);
    // No new connection is accepted meanwhile.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    const { status, body } = await answer;
    expect(status).toBe(400);
    expect(body).toContain("invalid_link");
    await closing;
    expect(closed).toBe(true);
  });
});
