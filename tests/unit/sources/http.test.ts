import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { fetchJson } from "../../../src/sources/http.ts";

// A tiny real HTTP server: each path is one upstream behaviour.
let server: Server;
let baseUrl: string;
let lastHeaders: IncomingHttpHeaders = {};
const sockets = new Set<Socket>();

const json = (response: ServerResponse, status: number, body: string) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(body);
};

beforeAll(async () => {
  server = createServer((request, response) => {
    lastHeaders = request.headers;
    switch (request.url) {
      case "/ok":
        return json(response, 200, '{"count":1,"data":[{"code":"1340"}]}');
      case "/partial":
        return json(response, 206, '{"count":3,"data":[{"code":"1340"}]}');
      case "/missing":
        return json(response, 404, '{"error":"not found"}');
      case "/broken":
        return json(response, 500, '{"error":"boom"}');
      case "/unavailable":
        return json(response, 503, "<html>maintenance</html>");
      case "/truncated":
        return json(response, 200, '{"data": [');
      case "/other-shape":
        return json(response, 200, '{"count":"many","items":[]}');
      case "/empty":
        response.writeHead(200, { "content-type": "application/json" });
        return response.end();
      case "/stalled-body":
        // Headers arrive at once, the body never ends: the timeout must cover the body too.
        response.writeHead(200, { "content-type": "application/json" });
        response.write('{"count":1,');
        return;
      case "/silent":
      default:
        // Never answers.
        return;
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const envelope = z.object({ count: z.number(), data: z.array(z.object({ code: z.string() })) });
const get = (path: string, timeoutMs = 1000) => fetchJson({ url: `${baseUrl}${path}`, timeoutMs }, envelope);

describe("fetchJson", () => {
  it("returns the validated payload on 200 and identifies the service", async () => {
    expect(await get("/ok")).toEqual({ ok: true, data: { count: 1, data: [{ code: "1340" }] } });
    expect(lastHeaders.accept).toBe("application/json");
    expect(lastHeaders["user-agent"]).toBe("ZoneSante/1.0 (+https://zone-sante.fr)");
  });

  it("accepts Hub'Eau's 206 Partial Content as data", async () => {
    expect(await get("/partial")).toEqual({ ok: true, data: { count: 3, data: [{ code: "1340" }] } });
  });

  it("reports 404 as not_found", async () => {
    expect(await get("/missing")).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("reports other error statuses as http with the status", async () => {
    expect(await get("/broken")).toEqual({ ok: false, reason: "http", detail: "HTTP 500", status: 500 });
    expect(await get("/unavailable")).toEqual({ ok: false, reason: "http", detail: "HTTP 503", status: 503 });
  });

  it("reports a truncated JSON body as invalid", async () => {
    expect(await get("/truncated")).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("reports a payload of another shape as invalid, naming where", async () => {
    const result = await get("/other-shape");
    expect(result).toMatchObject({ ok: false, reason: "invalid" });
    expect(!result.ok && result.detail).toMatch(/count|data/);
  });

  it("validates an empty body as null: invalid unless the schema accepts null", async () => {
    expect(await get("/empty")).toMatchObject({ ok: false, reason: "invalid" });
    expect(await fetchJson({ url: `${baseUrl}/empty`, timeoutMs: 10_000 }, z.null())).toEqual({ ok: true, data: null });
  });

  it("gives up with timeout when the upstream never answers", async () => {
    const started = performance.now();
    expect(await get("/silent", 200)).toMatchObject({ ok: false, reason: "timeout" });
    // Its 200 ms timeout, not a hang: ten times the 205 ms it takes on a quiet machine (docs/tests.md).
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it("gives up with timeout when the body stalls after the headers", async () => {
    const started = performance.now();
    expect(await get("/stalled-body", 200)).toMatchObject({ ok: false, reason: "timeout" });
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it("reports a refused connection as network, without throwing", async () => {
    const result = await fetchJson({ url: "http://127.0.0.1:9/nothing", timeoutMs: 1000 }, envelope);
    expect(result).toMatchObject({ ok: false, reason: "network" });
  });

  it("uses the injected fetch and turns its exceptions into network failures", async () => {
    const failingFetch: typeof fetch = () => Promise.reject(new TypeError("fetch failed"));
    expect(await fetchJson({ url: "https://example.invalid/", timeoutMs: 1000, fetch: failingFetch }, envelope)).toEqual({
      ok: false,
      reason: "network",
      detail: "fetch failed",
    });
  });
});
