// A fake of Resend's HTTP API (POST /emails, POST /emails/batch) on 127.0.0.1. It records what it
// receives, honours Idempotency-Key like Resend (same key → same answer, sent once), and can be
// told to fail. Tests read the captured emails directly, or over HTTP (GET /_test/emails) when the
// app runs in another process (e2e, demo).
import { type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen.ts";

export interface CapturedEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  idempotencyKey: string | null;
  receivedAt: string;
}

/** "ok"; "error500" every call fails; "fail-next:N" the next N calls fail, then ok again */
export type ResendMode = "ok" | "error500" | `fail-next:${number}`;

export interface FakeResend {
  baseUrl: string;
  readonly emails: CapturedEmail[];
  /** the API calls received (one per email or per batch), failures included */
  readonly calls: Array<{ path: string; status: number; idempotencyKey: string | null }>;
  setMode(mode: ResendMode): void;
  /** every answer waits this long first (a slow provider); 0 by default and after reset() */
  setLatency(ms: number): void;
  /** every single e-mail to this address is answered 500 (until reset()): one recipient the provider keeps refusing */
  failFor(address: string): void;
  reset(): void;
  close(): Promise<void>;
}

interface EmailPayload {
  from?: string;
  to?: string | string[];
  subject?: string;
  html?: string;
  text?: string;
  headers?: Record<string, string>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

export async function startFakeResend(options: { port?: number } = {}): Promise<FakeResend> {
  const emails: CapturedEmail[] = [];
  const calls: FakeResend["calls"] = [];
  const answered = new Map<string, { status: number; body: unknown }>();
  let mode: ResendMode = "ok";
  let latencyMs = 0;
  let counter = 0;
  const failingAddresses = new Set<string>();

  const send = (response: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    response.end(text);
  };

  const capture = (payload: EmailPayload, idempotencyKey: string | null): CapturedEmail => {
    counter += 1;
    const email: CapturedEmail = {
      id: `fake-${counter}`,
      from: payload.from ?? "",
      to: Array.isArray(payload.to) ? payload.to : payload.to ? [payload.to] : [],
      subject: payload.subject ?? "",
      html: payload.html ?? "",
      text: payload.text ?? "",
      headers: payload.headers ?? {},
      idempotencyKey,
      receivedAt: new Date().toISOString(),
    };
    emails.push(email);
    return email;
  };

  const shouldFail = () => {
    if (mode === "error500") return true;
    const match = /^fail-next:(\d+)$/.exec(mode);
    if (!match) return false;
    const remaining = Number(match[1]);
    mode = remaining > 1 ? `fail-next:${remaining - 1}` : "ok";
    return true;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://fake.local");
    if (request.method === "GET" && url.pathname === "/_test/emails") return send(response, 200, emails);
    if (request.method === "GET" && url.pathname === "/_test/calls") return send(response, 200, calls);
    if (request.method === "POST" && url.pathname === "/_test/mode") {
      mode = (JSON.parse(await readBody(request)) as { mode: ResendMode }).mode;
      return send(response, 200, { mode });
    }
    if (request.method === "POST" && url.pathname === "/_test/fail-for") {
      const { address } = JSON.parse(await readBody(request)) as { address: string };
      failingAddresses.add(address);
      return send(response, 200, { address });
    }
    if (request.method !== "POST" || (url.pathname !== "/emails" && url.pathname !== "/emails/batch")) {
      return send(response, 404, { name: "not_found", message: "Not found", statusCode: 404 });
    }
    if (!/^Bearer \S+/.test(request.headers.authorization ?? "")) {
      return send(response, 401, { name: "missing_api_key", message: "Missing API key", statusCode: 401 });
    }
    const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
    const body = await readBody(request);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const replay = idempotencyKey ? answered.get(`${url.pathname}|${idempotencyKey}`) : undefined;
    if (replay) {
      calls.push({ path: url.pathname, status: replay.status, idempotencyKey });
      return send(response, replay.status, replay.body);
    }
    const refusedRecipient =
      url.pathname === "/emails" && failingAddresses.size > 0 && [(JSON.parse(body) as EmailPayload).to ?? []].flat().some((to) => failingAddresses.has(to));
    if (refusedRecipient || shouldFail()) {
      calls.push({ path: url.pathname, status: 500, idempotencyKey });
      return send(response, 500, { name: "application_error", message: "Internal server error", statusCode: 500 });
    }
    let answer: unknown;
    if (url.pathname === "/emails") {
      answer = { id: capture(JSON.parse(body) as EmailPayload, idempotencyKey).id };
    } else {
      const payloads = JSON.parse(body) as EmailPayload[];
      if (!Array.isArray(payloads) || payloads.length > 100) {
        calls.push({ path: url.pathname, status: 422, idempotencyKey });
        return send(response, 422, { name: "validation_error", message: "A batch holds 1 to 100 emails", statusCode: 422 });
      }
      answer = { data: payloads.map((payload) => ({ id: capture(payload, idempotencyKey).id })) };
    }
    if (idempotencyKey) answered.set(`${url.pathname}|${idempotencyKey}`, { status: 200, body: answer });
    calls.push({ path: url.pathname, status: 200, idempotencyKey });
    send(response, 200, answer);
  };

  const local = await listenLocally(handle, (response, error) => send(response, 500, { name: "fake_failure", message: String(error) }), options);

  return {
    baseUrl: local.baseUrl,
    emails,
    calls,
    setMode(next) {
      mode = next;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    failFor(address) {
      failingAddresses.add(address);
    },
    reset() {
      failingAddresses.clear();
      emails.length = 0;
      calls.length = 0;
      answered.clear();
      mode = "ok";
      latencyMs = 0;
    },
    close: local.close,
  };
}

if (import.meta.main) {
  const resend = await startFakeResend({ port: Number(process.env.PORT ?? 4500) });
  console.log(`Fake Resend listening on ${resend.baseUrl}`);
  const stop = () => void resend.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
