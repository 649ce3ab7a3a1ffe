// The Turso stand-in (tests/fakes/libsql-server.ts) answers the Worker's own client,
// `@libsql/client/web`, over HTTP: the smoke tests run the Worker against it, so it must keep
// libSQL's meaning — values, batches in one transaction, interactive transactions across
// requests, and errors in the Hrana shape (Hrana specification, libSQL repository:
// « If the statement fails, the response is an error ») — or those tests would prove nothing.
// The Worker's client is run against the server offering each protocol (Hrana 3 over protobuf, as
// Turso does, and Hrana 2 over JSON only): @libsql/client 0.18 speaks v2 JSON to both (it never
// probes v3 over HTTP). What a Hrana 3 client sends — /v3-protobuf/pipeline, and /v3-protobuf/cursor
// for a batch — is covered below with @libsql/hrana-client opened at protocol version 3.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, LibsqlError, type Client } from "@libsql/client/web";
import * as hrana from "@libsql/hrana-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLibsqlServer, type FakeLibsqlServer } from "../fakes/libsql-server.ts";

describe.each(["v3-protobuf", "v2"] as const)("the libSQL test server (%s) answers @libsql/client/web like Turso", (protocol) => {
  let directory: string;
  let server: FakeLibsqlServer;
  let client: Client;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "zone-sante-libsql-"));
    server = await startFakeLibsqlServer({ path: join(directory, "test.db"), streamIdleMs: 500, protocol });
    client = createClient({ url: server.baseUrl, intMode: "bigint" });
    await client.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score REAL, data BLOB, big INTEGER, note TEXT)");
  });

  afterAll(async () => {
    client?.close();
    await server?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it("executes a statement and returns every value type as libSQL encodes it (integer, float, text, blob, null)", async () => {
    const inserted = await client.execute({
      sql: "INSERT INTO items (id, name, score, data, big, note) VALUES (?, ?, ?, ?, ?, ?)",
      args: [80021, "Amiens", 2.5, new Uint8Array([0, 1, 254, 255]), 9007199254740993n, null],
    });
    expect(inserted.rowsAffected).toBe(1);
    expect(inserted.lastInsertRowid).toBe(80021n);
    const result = await client.execute({ sql: "SELECT big, name, score, data, note FROM items WHERE name = :name", args: { name: "Amiens" } });
    expect(result.columns).toEqual(["big", "name", "score", "data", "note"]);
    const row = result.rows[0];
    // Integers beyond 2^53 survive: Hrana carries them as decimal strings.
    expect(row?.[0]).toBe(9007199254740993n);
    expect(row?.[1]).toBe("Amiens");
    expect(row?.[2]).toBe(2.5);
    expect(new Uint8Array(row?.[3] as ArrayBuffer)).toEqual(new Uint8Array([0, 1, 254, 255]));
    expect(row?.[4]).toBeNull();
    await client.execute("DELETE FROM items");
  });

  it("runs a batch in one transaction: a failing statement rolls back the ones before it", async () => {
    await client.batch(
      [
        { sql: "INSERT INTO items (name) VALUES (?)", args: ["a"] },
        { sql: "INSERT INTO items (name) VALUES (?)", args: ["b"] },
      ],
      "write",
    );
    const failing = client.batch(
      [
        { sql: "INSERT INTO items (name) VALUES (?)", args: ["c"] },
        { sql: "INSERT INTO items (name) VALUES (?)", args: ["a"] },
      ],
      "write",
    );
    await expect(failing).rejects.toThrow(/UNIQUE constraint failed: items\.name/);
    const names = await client.execute("SELECT name FROM items ORDER BY name");
    expect(names.rows.map((row) => row[0])).toEqual(["a", "b"]);
    await client.execute("DELETE FROM items");
  });

  it("keeps an interactive transaction across requests of one stream, and rolls it back", async () => {
    const transaction = await client.transaction("write");
    await transaction.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["pending"] });
    const inside = await transaction.execute("SELECT count(*) FROM items");
    expect(inside.rows[0]?.[0]).toBe(1n);
    await transaction.rollback();
    const after = await client.execute("SELECT count(*) FROM items");
    expect(after.rows[0]?.[0]).toBe(0n);

    const committed = await client.transaction("write");
    await committed.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["kept"] });
    await committed.commit();
    expect((await client.execute("SELECT name FROM items")).rows.map((row) => row[0])).toEqual(["kept"]);
    await client.execute("DELETE FROM items");
  });

  it("makes other streams wait for an open transaction, then see only what it committed", async () => {
    const transaction = await client.transaction("write");
    await transaction.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["first"] });
    const other = client.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["second"] });
    await transaction.commit();
    await other;
    expect((await client.execute("SELECT name FROM items ORDER BY id")).rows.map((row) => row[0])).toEqual(["first", "second"]);
    await client.execute("DELETE FROM items");
  });

  it("answers an SQL error in the Hrana error shape, with SQLite's message and code", async () => {
    const response = await fetch(`${server.baseUrl}/v2/pipeline`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ baton: null, requests: [{ type: "execute", stmt: { sql: "SELECT * FROM nowhere" } }, { type: "close" }] }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { baton: string | null; results: unknown[] };
    expect(body.baton).toBeNull();
    expect(body.results[0]).toEqual({ type: "error", error: { message: "SQLite error: no such table: nowhere", code: "SQLITE_ERROR" } });
    expect(body.results[1]).toEqual({ type: "ok", response: { type: "close" } });
    const error = await client.execute("SELECT * FROM nowhere").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).message).toContain("no such table: nowhere");
  });

  it("keeps stored SQL, the batch step conditions and the autocommit state on one stream across requests (baton)", async () => {
    const post = async (body: unknown) =>
      (await (await fetch(`${server.baseUrl}/v2/pipeline`, { method: "POST", body: JSON.stringify(body) })).json()) as {
        baton: string | null;
        results: unknown[];
      };
    const first = await post({
      baton: null,
      requests: [
        { type: "store_sql", sql_id: 1, sql: "INSERT INTO items (name) VALUES (?)" },
        { type: "execute", stmt: { sql: "BEGIN" } },
        { type: "get_autocommit" },
      ],
    });
    expect(first.baton).toEqual(expect.any(String));
    expect(first.results[2]).toEqual({ type: "ok", response: { type: "get_autocommit", is_autocommit: false } });
    const second = await post({
      baton: first.baton,
      requests: [
        {
          type: "batch",
          batch: {
            steps: [
              { stmt: { sql_id: 1, args: [{ type: "text", value: "x" }] } },
              { condition: { type: "ok", step: 0 }, stmt: { sql_id: 1, args: [{ type: "text", value: "x" }] } },
              { condition: { type: "error", step: 1 }, stmt: { sql: "ROLLBACK" } },
              { condition: { type: "not", cond: { type: "is_autocommit" } }, stmt: { sql: "COMMIT" } },
            ],
          },
        },
        { type: "get_autocommit" },
        { type: "close" },
      ],
    });
    expect(second.baton).toBeNull();
    const batch = (second.results[0] as { response: { result: { step_results: unknown[]; step_errors: unknown[] } } }).response.result;
    expect(batch.step_results.map((result) => result !== null)).toEqual([true, false, true, false]);
    expect(batch.step_errors[1]).toMatchObject({ message: expect.stringContaining("UNIQUE constraint failed") as unknown });
    expect(second.results[1]).toEqual({ type: "ok", response: { type: "get_autocommit", is_autocommit: true } });
    expect((await client.execute("SELECT count(*) FROM items")).rows[0]?.[0]).toBe(0n);
  });

  it("rolls back a transaction whose stream went idle, and frees the database for the others", async () => {
    const abandoned = await client.transaction("write");
    await abandoned.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["abandoned"] });
    // Never committed nor closed: after the idle time (500 ms here) the server ends the stream.
    const other = await client.execute("SELECT count(*) FROM items");
    expect(other.rows[0]?.[0]).toBe(0n);
    abandoned.close();
  });

  it("fails the statements its failure switch matches, in the Hrana error shape of a real SQL error, and no others; off again, they run", async () => {
    server.failStatements(/insert\s+into\s+items/i);
    try {
      const response = await fetch(`${server.baseUrl}/v2/pipeline`, {
        method: "POST",
        body: JSON.stringify({
          baton: null,
          requests: [
            { type: "execute", stmt: { sql: "INSERT INTO items (name) VALUES ('switched')" } },
            { type: "execute", stmt: { sql: "SELECT count(*) FROM items" } },
            { type: "close" },
          ],
        }),
      });
      const body = (await response.json()) as { results: Array<{ type: string }> };
      expect(body.results[0]).toEqual({ type: "error", error: { message: "SQLite error: disk I/O error", code: "SQLITE_IOERR" } });
      expect(body.results[1]).toMatchObject({ type: "ok" });
      // The Worker's client sees it as it would see Turso's: a LibsqlError, and a failed batch rolled back whole.
      const error = await client.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["x"] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LibsqlError);
      expect((error as LibsqlError).code).toBe("SQLITE_IOERR");
      const batch = client.batch(["DELETE FROM items", { sql: "INSERT INTO items (name) VALUES (?)", args: ["y"] }], "write");
      await expect(batch).rejects.toThrow(/disk I\/O error/);
      expect(server.failedStatements).toBe(3);
    } finally {
      server.failStatements(null);
    }
    await client.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["after"] });
    expect((await client.execute("SELECT name FROM items")).rows.map((row) => row[0])).toEqual(["after"]);
    await client.execute("DELETE FROM items");
  });

  /** The paths of the requests the server received since `from` (an index into server.requests). */
  const pathsSince = (from: number) => new Set(server.requests.slice(from).map((request) => request.path));

  if (protocol === "v2") {
    it("speaks only Hrana 2 over JSON when told to: the v3 protobuf probe is refused, so the client falls back", async () => {
      expect((await fetch(`${server.baseUrl}/v3-protobuf`)).status).toBe(404);
      expect((await fetch(`${server.baseUrl}/v2`)).status).toBe(200);
      expect(server.requests.every((request) => request.path === "/v2/pipeline")).toBe(true);
    });
    return;
  }

  it("offers Hrana 3 over protobuf like Turso, yet the Worker's client (@libsql/client 0.18) speaks Hrana 2 over JSON: it never probes, every request goes to /v2/pipeline", async () => {
    // @libsql/client 0.18 opens its HTTP client with hrana.openHttp(url, token, fetch, key): no protocol
    // version, so hrana-client's default (2) and no /v3-protobuf probe. The day an upgrade turns v3 on,
    // this fails — and the Hrana 3 cases below already cover what it will then send.
    expect((await fetch(`${server.baseUrl}/v3-protobuf`)).status).toBe(200);
    const from = server.requests.length;
    const transaction = await client.transaction("write");
    await transaction.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["probe"] });
    await transaction.rollback();
    await client.batch(["SELECT 1", "SELECT 2"], "read");
    expect(pathsSince(from)).toEqual(new Set(["/v2/pipeline"]));
  });
});

// What a Hrana 3 client sends (the version @libsql/client will speak once it asks for v3):
// @libsql/hrana-client — the protocol layer under @libsql/client — opened with protocol version 3.
describe("the libSQL test server answers a Hrana 3 client over protobuf: /v3-protobuf/pipeline and /v3-protobuf/cursor", () => {
  let directory: string;
  let server: FakeLibsqlServer;
  let client: hrana.HttpClient;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "zone-sante-libsql-v3-"));
    server = await startFakeLibsqlServer({ path: join(directory, "test.db"), streamIdleMs: 500 });
    client = hrana.openHttp(server.baseUrl, undefined, undefined, undefined, 3);
    client.intMode = "bigint";
    const stream = client.openStream();
    await stream.run("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score REAL, data BLOB, big INTEGER, note TEXT)");
    stream.close();
  });

  afterAll(async () => {
    client?.close();
    await server?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  const pathsSince = (from: number) => new Set(server.requests.slice(from).map((request) => request.path));

  it("negotiates version 3 and executes through /v3-protobuf/pipeline, every value type as libSQL encodes it (zigzag 64-bit integers, doubles, text, blobs, null)", async () => {
    expect(await client.getVersion()).toBe(3);
    const from = server.requests.length;
    const stream = client.openStream();
    const inserted = await stream.run([
      "INSERT INTO items (id, name, score, data, big, note) VALUES (?, ?, ?, ?, ?, ?)",
      [80021, "Amiens é", 2.5, new Uint8Array([0, 1, 254, 255]), -9007199254740993n, null],
    ]);
    expect(inserted.affectedRowCount).toBe(1);
    expect(inserted.lastInsertRowid).toBe(80021n);
    const result = await stream.query(["SELECT big, name, score, data, note, id FROM items WHERE name = :name", { name: "Amiens é" }]);
    expect(result.columnNames).toEqual(["big", "name", "score", "data", "note", "id"]);
    const row = result.rows[0];
    expect(row?.[0]).toBe(-9007199254740993n);
    expect(row?.[1]).toBe("Amiens é");
    expect(row?.[2]).toBe(2.5);
    expect(new Uint8Array(row?.[3] as ArrayBuffer)).toEqual(new Uint8Array([0, 1, 254, 255]));
    expect(row?.[4]).toBeNull();
    expect(row?.[5]).toBe(80021n);
    expect(await stream.getAutocommit()).toBe(true);
    await stream.run("DELETE FROM items");
    stream.close();
    expect(pathsSince(from)).toEqual(new Set(["/v3-protobuf/pipeline"]));
  });

  it("runs a batch through /v3-protobuf/cursor as entries: each step's rows, a failing step as step_error with SQLite's code, the step conditions and the autocommit state", async () => {
    const from = server.requests.length;
    const stream = client.openStream();
    const batch = stream.batch(true);
    const begin = batch.step();
    const beginDone = begin.run("BEGIN");
    const first = batch.step().condition(hrana.BatchCond.ok(begin));
    const firstDone = first.run(["INSERT INTO items (name) VALUES (?)", ["a"]]);
    const duplicate = batch.step().condition(hrana.BatchCond.ok(first));
    const duplicateDone = duplicate.run(["INSERT INTO items (name) VALUES (?)", ["a"]]).catch((caught: unknown) => caught);
    const inside = batch.step().condition(hrana.BatchCond.not(hrana.BatchCond.isAutocommit(batch)));
    const insideRows = inside.query("SELECT name FROM items");
    const rollback = batch.step().condition(hrana.BatchCond.error(duplicate));
    const rollbackDone = rollback.run("ROLLBACK");
    const skipped = batch.step().condition(hrana.BatchCond.not(hrana.BatchCond.isAutocommit(batch)));
    const skippedDone = skipped.run("COMMIT");
    const after = batch.step().condition(hrana.BatchCond.and(batch, [hrana.BatchCond.ok(rollback), hrana.BatchCond.isAutocommit(batch)]));
    const afterCount = after.queryValue("SELECT count(*) FROM items");
    await batch.execute();
    expect(await beginDone).toBeDefined();
    expect((await firstDone)?.affectedRowCount).toBe(1);
    const error = await duplicateDone;
    expect(error).toBeInstanceOf(hrana.ResponseError);
    expect((error as hrana.ResponseError).code).toMatch(/^SQLITE_CONSTRAINT/);
    expect((error as hrana.ResponseError).message).toContain("UNIQUE constraint failed: items.name");
    expect((await insideRows)?.rows.map((row) => row[0])).toEqual(["a"]);
    expect(await rollbackDone).toBeDefined();
    expect(await skippedDone).toBeUndefined();
    expect((await afterCount)?.value).toBe(0n);
    stream.close();
    expect(pathsSince(from).has("/v3-protobuf/cursor")).toBe(true);
  });

  it("streams large rows through the cursor whole: multi-byte length prefixes, messages split across the response's chunks", async () => {
    const long = "é".repeat(150_000); // 300 000 bytes of UTF-8 in one value
    const stream = client.openStream();
    const batch = stream.batch(true);
    const rows = batch.step().query(["SELECT ? AS a, ? AS b UNION ALL SELECT 'short', x'00ff'", [long, new Uint8Array(70_000).fill(7)]]);
    await batch.execute();
    const result = await rows;
    expect(result?.rows).toHaveLength(2);
    expect(result?.rows[0]?.[0]).toBe(long);
    expect((result?.rows[0]?.[1] as ArrayBuffer).byteLength).toBe(70_000);
    expect(result?.rows[1]?.[0]).toBe("short");
    expect(new Uint8Array(result?.rows[1]?.[1] as ArrayBuffer)).toEqual(new Uint8Array([0, 255]));
    stream.close();
  });

  it("keeps an interactive transaction across pipeline and cursor requests of one stream (baton), and fails the switched statements in a cursor as step_error (SQLITE_IOERR)", async () => {
    const stream = client.openStream();
    await stream.run("BEGIN IMMEDIATE");
    await stream.run(["INSERT INTO items (name) VALUES (?)", ["kept"]]);
    server.failStatements(/insert\s+into\s+items/i);
    const failedBefore = server.failedStatements;
    const from = server.requests.length;
    try {
      const batch = stream.batch(true);
      const failing = batch
        .step()
        .run(["INSERT INTO items (name) VALUES (?)", ["switched"]])
        .catch((caught: unknown) => caught);
      const count = batch.step().queryValue("SELECT count(*) FROM items");
      await batch.execute();
      const error = await failing;
      expect(error).toBeInstanceOf(hrana.ResponseError);
      expect((error as hrana.ResponseError).code).toBe("SQLITE_IOERR");
      expect((error as hrana.ResponseError).message).toContain("disk I/O error");
      // The transaction still holds the row of the earlier request.
      expect((await count)?.value).toBe(1n);
      expect(server.failedStatements).toBe(failedBefore + 1);
      expect(pathsSince(from)).toEqual(new Set(["/v3-protobuf/cursor"]));
    } finally {
      server.failStatements(null);
    }
    expect(await stream.getAutocommit()).toBe(false);
    await stream.run("COMMIT");
    stream.close();
    const check = client.openStream();
    expect((await check.queryValue("SELECT name FROM items")).value).toBe("kept");
    await check.run("DELETE FROM items");
    check.close();
  });

  it("ends a cursor's step with last_insert_rowid as Turso encodes it (sint64), which hrana-client 0.10 misreads (uint64): a transaction's lastInsertRowid must not be trusted on v3 — the app uses RETURNING", async () => {
    // Hrana 3 specification (libSQL repository, docs/HRANA_3_SPEC.md):
    // « message StepEndEntry { uint64 affected_row_count = 1; optional sint64 last_insert_rowid = 2; } »
    // — sqld writes it zigzag (sint64); @libsql/hrana-client 0.10 reads field 2 with uint64(), so rowid 80021 (zigzag 160042) reads 160042.
    const stream = client.openStream();
    const batch = stream.batch(true);
    const inserted = batch.step().run(["INSERT INTO items (id, name) VALUES (?, ?)", [80021, "rowid"]]);
    await batch.execute();
    expect((await inserted)?.affectedRowCount).toBe(1);
    expect((await inserted)?.lastInsertRowid).toBe(160042n);
    await stream.run("DELETE FROM items");
    stream.close();
  });
});
