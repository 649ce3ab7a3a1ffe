// The Node runtime as a self-hoster runs it (issue 22, decision 059): started on a temp directory,
// it keeps the database and the app secret from other local users, answers only to its own host
// names (DNS rebinding), and bounds what a slow or greedy client can hold.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LogEntry } from "../../src/server/deps.ts";
import { startServer, type RunningServer } from "../../workers/node.ts";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { freePort } from "../helpers/net.ts";

let upstreams: FakeUpstreams;
let directory: string;
const running: RunningServer[] = [];
const sockets: Socket[] = [];
beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  directory = mkdtempSync(join(tmpdir(), "zone-sante-self-hosting-"));
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(running.splice(0).map((server) => server.close()));
});
afterAll(async () => {
  await upstreams.close();
  rmSync(directory, { recursive: true, force: true });
});

let runs = 0;
async function start(env: Record<string, string> = {}, options: { dataDirectory?: string } = {}) {
  const logs: LogEntry[] = [];
  const port = await freePort();
  const server = await startServer({
    env: {
      NODE_ENV: "test",
      PORT: String(port),
      APP_SECRET: "x".repeat(40),
      ALERTS_SCHEDULER: "off",
      DATABASE_URL: `file:${join(directory, `run-${++runs}`, "local.db")}`,
      ...upstreams.config,
      ...env,
    },
    serveStaticBuild: false,
    log: (entry) => logs.push(entry),
    shutdownGraceMs: 500,
    // Never the project's own .data/: each test names its own data directory.
    dataDirectory: options.dataDirectory ?? join(directory, `data-${runs}`),
  });
  running.push(server);
  return { server, logs, port };
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** One raw HTTP exchange on a fresh connection: the status line's code and the body. */
async function rawRequest(port: number, request: string, localAddress?: string): Promise<{ status: number; body: string }> {
  const socket = connect({ port, host: "127.0.0.1", localAddress });
  sockets.push(socket);
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.write(request);
  await new Promise<void>((resolveClose, reject) => {
    socket.once("close", () => resolveClose());
    socket.once("error", reject);
  });
  const [head = "", body = ""] = received.split("\r\n\r\n");
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), body };
}

/** `from`: the client's own address, another loopback one (127.0.0.0/8 is all loopback on Linux) for a second client. */
const get = (port: number, path: string, host: string | null, from?: string) =>
  rawRequest(port, `GET ${path} HTTP/1.1\r\n${host === null ? "" : `Host: ${host}\r\n`}Connection: close\r\n\r\n`, from);

/** Milliseconds until the server closes this socket, or null if it is still open after `withinMs`. */
function closedWithin(socket: Socket, withinMs: number): Promise<number | null> {
  const started = Date.now();
  return new Promise((resolveClosed) => {
    const timer = setTimeout(() => resolveClosed(null), withinMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolveClosed(Date.now() - started);
    });
  });
}

async function openSocket(port: number, from?: string): Promise<Socket> {
  const socket = connect({ port, host: "127.0.0.1", localAddress: from });
  sockets.push(socket);
  socket.on("error", () => {
    // a reset by the server is what some tests wait for
  });
  await new Promise<void>((resolveConnect) => socket.once("connect", () => resolveConnect()));
  return socket;
}

describe("files other local users must not read (e-mails, password hashes, addresses, codes)", () => {
  it(".data/ is created 0700, and the database, its -wal and -shm and the app secret 0600", async () => {
    const dataDirectory = join(directory, "fresh", ".data");
    const database = join(dataDirectory, "local.db");
    const { logs } = await start({ DATABASE_URL: `file:${database}`, APP_SECRET: "" }, { dataDirectory });
    expect(modeOf(dataDirectory)).toBe(0o700);
    for (const file of [database, `${database}-wal`, `${database}-shm`, join(dataDirectory, "app-secret")]) expect(modeOf(file), file).toBe(0o600);
    // A fresh install has nothing to tighten.
    expect(logs.filter((entry) => entry.message.startsWith("permissions"))).toEqual([]);
  });

  it("a directory the runtime creates for the database is 0700 too", async () => {
    const nested = join(directory, "nested", "deeper");
    await start({ DATABASE_URL: `file:${join(nested, "zone.db")}` });
    expect(modeOf(join(directory, "nested"))).toBe(0o700);
    expect(modeOf(nested)).toBe(0o700);
    expect(modeOf(join(nested, "zone.db"))).toBe(0o600);
  });

  it("an existing install with 0755/0644 files is tightened at start, and the log says so without a path", async () => {
    const dataDirectory = join(directory, "old install", ".data");
    const database = join(dataDirectory, "local.db");
    mkdirSync(dataDirectory, { recursive: true });
    // What earlier versions left: a WAL database and a secret, readable by every local user.
    const client = createClient({ url: `file:${database}` });
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("CREATE TABLE leftover (x)");
    client.close();
    writeFileSync(join(dataDirectory, "app-secret"), `${"s".repeat(43)}\n`);
    chmodSync(dataDirectory, 0o755);
    for (const file of [database, `${database}-wal`, `${database}-shm`, join(dataDirectory, "app-secret")]) {
      try {
        chmodSync(file, 0o644);
      } catch {
        // -wal and -shm may be gone after the close: fine, they are created from the database's mode
      }
    }

    const { logs } = await start({ DATABASE_URL: `file:${database}`, APP_SECRET: "" }, { dataDirectory });
    expect(modeOf(dataDirectory)).toBe(0o700);
    for (const file of [database, `${database}-wal`, `${database}-shm`, join(dataDirectory, "app-secret")]) expect(modeOf(file), file).toBe(0o600);
    const tightened = logs.filter((entry) => entry.message === "permissions tightened: other local users could read this");
    expect(tightened.map((entry) => entry.fields?.file)).toEqual(expect.arrayContaining(["data directory", "database", "app secret"]));
    expect(tightened.find((entry) => entry.fields?.file === "database")?.fields).toMatchObject({ from: "0644", to: "0600" });
    // Paths name people (/home/marie/…): the log names the file's role, never where it is.
    expect(JSON.stringify(logs)).not.toContain(directory);
    expect(JSON.stringify(logs)).not.toContain("old install");
  });

  it("a directory of the operator's (not the data directory, not created by us) keeps its mode; the log says to close it", async () => {
    const shared = join(directory, "operator-dir");
    mkdirSync(shared);
    chmodSync(shared, 0o755);
    const { logs } = await start({ DATABASE_URL: `file:${join(shared, "zone.db")}` });
    expect(modeOf(shared)).toBe(0o755);
    expect(modeOf(join(shared, "zone.db"))).toBe(0o600);
    const warning = logs.find((entry) => entry.message.startsWith("permissions left open"));
    expect(warning?.fields).toMatchObject({ file: "database directory", mode: "0755" });
    expect(JSON.stringify(logs)).not.toContain(directory);
  });
});

describe("Host allow-list (DNS rebinding)", () => {
  // A page on attacker.example whose name is rebound to 127.0.0.1 reaches the local server with
  // the browser's Host: attacker.example — a browser never lets a page write another Host.
  it("/dev/mails refuses a rebinding Host with a 421, and still opens on the loopback names", async () => {
    const { port } = await start({ DEV_OUTBOX: "on" });
    const rebound = await get(port, "/dev/mails", `attacker.example:${port}`);
    expect(rebound.status).toBe(421);
    expect(rebound.body).toContain("Hôte non reconnu");
    expect(rebound.body).not.toContain("Boîte d'envoi locale");
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const local = await get(port, "/dev/mails", host);
      expect(local.status, host).toBe(200);
      expect(local.body, host).toContain("Boîte d'envoi locale");
    }
  });

  it("every route answers only to SITE_URL's host, the loopback names and ALLOWED_HOSTS", async () => {
    const { port } = await start({ SITE_URL: "https://zone-sante.example.org", ALLOWED_HOSTS: "app.internal" });
    for (const host of ["zone-sante.example.org", "Zone-Sante.Example.org.", "app.internal:8080", `[::1]:${port}`, `127.0.0.1:${port}`]) {
      expect((await get(port, "/api/health", host)).status, host).toBe(200);
    }
    const refused = await get(port, "/api/health", "attacker.example");
    expect(refused.status).toBe(421);
    expect(JSON.parse(refused.body)).toMatchObject({ code: "misdirected_request" });
    expect(JSON.parse(refused.body).error).toContain("Hôte non reconnu");
    expect((await get(port, "/", "zone-sante.example.org.attacker.example")).status).toBe(421);
    // No Host at all (HTTP/1.0), or a target naming another host, is no way around it.
    expect((await rawRequest(port, "GET /api/health HTTP/1.0\r\n\r\n")).status).toBeGreaterThanOrEqual(400);
    expect((await rawRequest(port, "GET /api/health HTTP/1.0\r\n\r\n")).status).toBeLessThan(500);
    expect((await rawRequest(port, `GET http://attacker.example/api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)).status).toBe(
      421,
    );
    expect((await rawRequest(port, `GET http://127.0.0.1:${port}/api/health HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n`)).status).toBe(
      421,
    );
  });
});

describe("Node server limits (slow and greedy clients)", () => {
  it("a client that trickles its headers (slowloris) is cut after SERVER_HEADERS_TIMEOUT_MS with a 408", async () => {
    const { port } = await start({ SERVER_HEADERS_TIMEOUT_MS: "400", SERVER_REQUEST_TIMEOUT_MS: "1000" });
    const socket = await openSocket(port);
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    // One more header line every 100 ms: the connection is never idle, the headers never end.
    const trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 100);
    // « Cut », not how fast: ten times the 400 ms it takes on a quiet machine (Node's default is 60 s).
    const closedAfterMs = await closedWithin(socket, 5000);
    clearInterval(trickle);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs).toBeGreaterThanOrEqual(300);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it("a body trickled past SERVER_REQUEST_TIMEOUT_MS is cut with a 408, and is no server error in the logs", async () => {
    const { port, logs } = await start({ SERVER_HEADERS_TIMEOUT_MS: "400", SERVER_REQUEST_TIMEOUT_MS: "800" });
    const socket = await openSocket(port);
    socket.write(
      `POST /api/unsubscribe HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    const trickle = setInterval(() => socket.writable && socket.write(" "), 100);
    // Ten times the 800 ms it takes on a quiet machine (Node's default is 300 s).
    const closedAfterMs = await closedWithin(socket, 10_000);
    clearInterval(trickle);
    expect(closedAfterMs).not.toBeNull();
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    // The handler's body read fails when the connection is cut: a client's doing, not a 500.
    await new Promise((wait) => setTimeout(wait, 100));
    expect(logs.filter((entry) => entry.level === "error")).toEqual([]);
  });

  it("an idle keep-alive connection is closed after SERVER_KEEP_ALIVE_TIMEOUT_MS", async () => {
    const { port } = await start({ SERVER_KEEP_ALIVE_TIMEOUT_MS: "200" });
    const socket = await openSocket(port);
    const answered = new Promise<string>((resolveAnswer) => socket.once("data", (chunk: Buffer) => resolveAnswer(chunk.toString())));
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    // Node adds a one-second buffer to the keep-alive timeout: 1,2 s on a quiet machine, so ten times
    // that; closed, not left open (docs/tests.md « Under load »).
    expect(await closedWithin(socket, 15_000)).not.toBeNull();
  });

  it("connections beyond SERVER_MAX_CONNECTIONS are dropped, and the cap is logged", async () => {
    const { port, logs } = await start({ SERVER_MAX_CONNECTIONS: "2" });
    const held = [await openSocket(port), await openSocket(port)];
    for (const socket of held) socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    const third = await openSocket(port);
    expect(await closedWithin(third, 2000)).not.toBeNull();
    expect(held.every((socket) => !socket.destroyed)).toBe(true);
    expect(logs.some((entry) => entry.level === "warn" && entry.message === "connection cap reached: new connections dropped")).toBe(true);
    // Once a held connection goes, the server takes new ones again.
    held[0]?.destroy();
    await new Promise((wait) => setTimeout(wait, 100));
    expect((await get(port, "/api/health", `127.0.0.1:${port}`)).status).toBe(200);
  });

  it("a client sending nothing after its first header line is cut after SERVER_HEADERS_TIMEOUT_MS", async () => {
    const { port } = await start({ SERVER_HEADERS_TIMEOUT_MS: "300", SERVER_REQUEST_TIMEOUT_MS: "1000" });
    const socket = await openSocket(port);
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    // « Cut », not how fast: ten times the 300 ms it takes on a quiet machine.
    expect(await closedWithin(socket, 5000)).not.toBeNull();
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});

/** Sockets from one address, each with a request line and a Host but headers that never end. */
async function holdSockets(port: number, count: number, from?: string): Promise<Array<{ socket: Socket; received: () => string }>> {
  const held = [];
  for (let index = 0; index < count; index++) {
    const socket = await openSocket(port, from);
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    held.push({ socket, received: () => received });
  }
  return held;
}

describe("Connections per client (issue 39: one client cannot hold the server's connection cap)", () => {
  it("an attacker holding sockets past the server's cap with unfinished headers leaves another client answered", async () => {
    // The defaults: 512 connections at most, 32 per client.
    const { port, logs } = await start();
    const attacker = await holdSockets(port, 600);
    expect((await get(port, "/api/health", `127.0.0.1:${port}`, "127.0.0.2")).status).toBe(200);
    // The attacker keeps its 32; every socket past them is answered at once and closed.
    const refused = attacker.slice(32);
    const closings = await Promise.all(refused.map(({ socket }) => (socket.destroyed ? Promise.resolve(0) : closedWithin(socket, 5000))));
    expect(closings.every((closedAfterMs) => closedAfterMs !== null)).toBe(true);
    expect(attacker.slice(0, 32).every(({ socket }) => !socket.destroyed)).toBe(true);
    const answer = refused[0]?.received() ?? "";
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer).toContain("Trop de connexions ouvertes depuis votre adresse.");
    // Logged once, without the address.
    const capLogs = logs.filter((entry) => entry.message === "connections per client reached: new connections from that client refused");
    expect(capLogs).toHaveLength(1);
    expect(JSON.stringify(capLogs)).not.toContain("127.0.0.1");
    // Its held sockets still count: the attacker's next one is refused too, the other client's is not.
    const [again] = await holdSockets(port, 1);
    expect(await closedWithin(again?.socket as Socket, 5000)).not.toBeNull();
    expect((await get(port, "/api/health", `127.0.0.1:${port}`, "127.0.0.3")).status).toBe(200);
  });

  it("a client's idle keep-alive connection makes room for its new one", async () => {
    const { port } = await start({ SERVER_MAX_CONNECTIONS_PER_CLIENT: "2" });
    const idle = [await openSocket(port), await openSocket(port)];
    for (const socket of idle) {
      const answered = new Promise<string>((resolveAnswer) => socket.once("data", (chunk: Buffer) => resolveAnswer(chunk.toString())));
      socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    }
    // Both connections are open and idle (keep-alive): a third from the same client is served.
    expect((await get(port, "/api/health", `127.0.0.1:${port}`)).status).toBe(200);
    expect(idle.filter((socket) => socket.destroyed)).toHaveLength(1);
  });

  it("a trusted reverse proxy's address is not capped (every visitor comes through it); other addresses are", async () => {
    const { port } = await start({ TRUSTED_PROXIES: "127.0.0.1", SERVER_MAX_CONNECTIONS_PER_CLIENT: "2" });
    const throughProxy = await holdSockets(port, 5);
    expect((await get(port, "/api/health", `127.0.0.1:${port}`)).status).toBe(200);
    expect(throughProxy.every(({ socket }) => !socket.destroyed)).toBe(true);
    const direct = await holdSockets(port, 3, "127.0.0.2");
    expect(await closedWithin(direct[2]?.socket as Socket, 5000)).not.toBeNull();
    expect(direct.slice(0, 2).every(({ socket }) => !socket.destroyed)).toBe(true);
  });
});
