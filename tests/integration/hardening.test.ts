// Issue 11, the platform part: bodies bounded while they stream, error logs without SQL
// parameters, rate-limit keys per IPv6 /64, the origin check against SITE_URL only, no shared
// cache of an answer that sets a cookie, HSTS on https, a health check that notices a database
// that cannot write, and a wait for another writer's lock on every connection of the local database.
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { SESSION_COOKIE } from "../../src/server/auth/cookies.ts";
import { insertUser } from "../../src/server/db/repositories/users.ts";
import { buildConfirmUrl } from "../../src/server/services/accounts.ts";
import * as schema from "../../src/server/db/schema/index.ts";
import { MAX_JSON_BYTES } from "../../src/server/middleware/json-body.ts";
import { MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { createTestApp, TEST_SITE_URL, type TestApp } from "../helpers/test-app.ts";
import { holdWriteLock } from "../helpers/write-lock.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SIXTY_FOUR_MIB = 64 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;

/** A 64 MiB body produced chunk by chunk on demand; `pulled()` says how much the server asked for. */
function hugeBody(firstBytes = '{"email":"') {
  let produced = 0;
  const chunk = new Uint8Array(CHUNK_BYTES).fill(0x61);
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (produced >= SIXTY_FOUR_MIB) return controller.close();
        controller.enqueue(produced === 0 ? new TextEncoder().encode(firstBytes) : chunk);
        produced += produced === 0 ? firstBytes.length : CHUNK_BYTES;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => produced };
}

function post(path: string, body: BodyInit, headers: Record<string, string>) {
  return t.app.request(path, { method: "POST", body, headers: { Origin: TEST_SITE_URL, ...headers }, duplex: "half" } as RequestInit);
}

describe("request bodies are bounded while they stream", () => {
  it.each([
    ["/api/subscriptions/confirm", { "content-type": "application/json" }],
    ["/api/auth/signin", { "content-type": "application/json" }],
    ["/api/unsubscribe", { "content-type": "application/json" }],
    ["/api/unsubscribe?u=s_abc&t=" + "a".repeat(64), { "content-type": "application/x-www-form-urlencoded" }],
  ])("refuses a chunked 64 MiB body on %s after reading little more than the limit", async (path, headers) => {
    const huge = hugeBody();
    const response = await post(path, huge.body, headers);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "payload_too_large", error: expect.stringMatching(/trop volumineuse/) });
    expect(huge.pulled()).toBeLessThanOrEqual(MAX_JSON_BYTES + 2 * CHUNK_BYTES);
  });

  it("does not believe a Content-Length that lies", async () => {
    const huge = hugeBody();
    const response = await post("/api/subscriptions/confirm", huge.body, { "content-type": "application/json", "content-length": "20" });
    expect(response.status).toBe(413);
    expect(huge.pulled()).toBeLessThanOrEqual(MAX_JSON_BYTES + 2 * CHUNK_BYTES);
  });

  it("refuses a declared oversize body before reading it", async () => {
    const huge = hugeBody();
    const response = await post("/api/unsubscribe", huge.body, { "content-type": "application/json", "content-length": String(SIXTY_FOUR_MIB) });
    expect(response.status).toBe(413);
    expect(huge.pulled()).toBeLessThanOrEqual(CHUNK_BYTES);
  });

  it("still reads a one-click unsubscription (RFC 8058) and a JSON one", async () => {
    const form = await post("/api/unsubscribe?u=s_abc&t=" + "a".repeat(64), "List-Unsubscribe=One-Click", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as { code: string }).code).toBe("invalid_link");
    const json = await post("/api/unsubscribe", JSON.stringify({ u: "s_abc", t: "b".repeat(64) }), { "content-type": "application/json" });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { code: string }).code).toBe("invalid_link");
  });
});

describe("error logs", () => {
  it("name the error and the query, never its SQL parameters", async () => {
    // A database failure on the confirmation's update: drizzle puts the SQL and every parameter
    // (the new password hash, the account's id) in the error's message. (The sign-up's insert runs
    // after its answer since issue 22: its log is checked in sign-up-security.test.ts.)
    const email = "victime.logs@exemple-zs.fr";
    const nowMs = t.now().getTime();
    const pending = await insertUser(t.db, { email, passwordHash: null, firstName: "Camille", lastName: "Secrète", nowMs });
    const link = new URL(await buildConfirmUrl(t.deps(), pending!));
    await t.db.$client.execute(`CREATE TRIGGER refuse_users BEFORE UPDATE ON users BEGIN SELECT RAISE(ABORT, 'forced failure'); END`);
    try {
      const response = await post("/api/auth/confirm", JSON.stringify({ ...Object.fromEntries(link.searchParams), password: "Un mot de passe très long 42" }), {
        "content-type": "application/json",
      });
      expect(response.status).toBe(500);
      const logged = JSON.stringify(t.logs);
      expect(logged).toContain("unhandled error");
      expect(logged).toContain("DrizzleQueryError");
      expect(logged).toMatch(/update users/);
      for (const secret of [email, pending!.id, "scrypt$", "Un mot de passe", "Camille", "Secrète", "params", 'set "']) expect(logged).not.toContain(secret);
    } finally {
      await t.db.$client.execute("DROP TRIGGER refuse_users");
    }
  });
});

describe("rate-limit keys", () => {
  it("count every address of one IPv6 /64 as one client", async () => {
    const app = t.rebuild({ RATE_LIMIT_GEOCODE_PER_MINUTE: "2" });
    const statuses: number[] = [];
    for (const ip of ["2001:db8:aa:1::1", "2001:db8:aa:1::2", "2001:db8:aa:1:ffff::3"]) {
      statuses.push((await app.request("/api/geocode?q=8+bd+du+Port", { headers: { "x-test-ip": ip } })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect((await app.request("/api/geocode?q=8+bd+du+Port", { headers: { "x-test-ip": "2001:db8:aa:2::1" } })).status).toBe(200);
  });
});

describe("origin check", () => {
  it("accepts only SITE_URL's origin, not the Host the request names", async () => {
    // app.request's URL is http://localhost: a request naming its own host is not enough.
    const response = await t.app.request("http://localhost/api/auth/signout", { method: "POST", headers: { Origin: "http://localhost" } });
    expect(response.status).toBe(403);
    const allowed = await t.app.request("http://localhost/api/auth/signout", { method: "POST", headers: { Origin: TEST_SITE_URL } });
    expect(allowed.status).not.toBe(403);
  });
});

describe("caching", () => {
  it("never lets a shared cache keep an answer that clears a cookie", async () => {
    const response = await t.app.request(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`, {
      headers: { Cookie: `${SESSION_COOKIE}=forged.forged`, "x-test-ip": "198.51.100.77" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toContain(SESSION_COOKIE);
    expect(response.headers.get("cache-control")).not.toMatch(/public/);
    expect(response.headers.get("cache-control")).toMatch(/no-store|private/);
    // Without a cookie, a shared report stays cacheable.
    const shared = await t.app.request(`/api/report?${reportQueryOf(MAIN_SCENARIO)}`, { headers: { "x-test-ip": "198.51.100.78" } });
    expect(shared.headers.get("set-cookie")).toBeNull();
  });
});

describe("security headers of the API", () => {
  it("send HSTS only when SITE_URL is https", async () => {
    expect((await t.app.request("/api/health")).headers.get("strict-transport-security")).toBeNull();
    const https = t.rebuild({ SITE_URL: "https://zone-sante.example" });
    expect((await https.request("/api/health")).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("/api/health", () => {
  it("reports a database that answers reads but cannot write", async () => {
    const client = createClient({ url: `file:${databaseFile}`, concurrency: 1 });
    await client.execute("PRAGMA query_only = 1");
    try {
      const app = createApp({ ...t.deps(), db: drizzle(client, { schema }) });
      const response = await app.request("/api/health");
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "ok", database: "error" });
    } finally {
      client.close();
    }
    expect(await (await t.app.request("/api/health")).json()).toMatchObject({ database: "ok" });
  });
});

let databaseFile = "";
beforeAll(async () => {
  const result = await t.db.$client.execute("PRAGMA database_list");
  databaseFile = String(result.rows.find((row) => row.name === "main")?.file ?? "");
});

describe("the local database", () => {
  it("waits for a lock held by another process on every connection, not only the first", async () => {
    // Another process (an `npm run alerts:run`, a migration) holds the write lock for 400 ms. Its
    // exit is awaited through the helper's promise, made at spawn: a listener added after the
    // insert came too late when the holder had already exited (a 20 s hang seen on CI).
    const holder = await holdWriteLock(databaseFile, 400);
    // An open transaction keeps the pool's first connection: the write goes through a second one.
    const transaction = await t.db.$client.transaction("read");
    try {
      await t.db.$client.execute("insert into rate_limits (scope, bucket_key, window_start_seconds, count) values ('busy', 'k', 0, 1)");
    } finally {
      transaction.close();
      await holder.released;
    }
    const rows = await t.db.$client.execute("select count(*) as n from rate_limits where scope = 'busy'");
    expect(Number(rows.rows[0]?.n)).toBe(1);
  });
});
