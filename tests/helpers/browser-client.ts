// A minimal browser for app.request(): keeps cookies like a browser would (per name, with
// Max-Age/Expires removal), sends the site's Origin on writes, and JSON bodies.
import type { ExecutionContext } from "hono";
import type { TestApp } from "./test-app.ts";
import { clockOfApp, TEST_SITE_URL } from "./test-app.ts";

/**
 * Work the app deferred past its answers (deferTask: sign-ups, manage links, refreshes), kept as a
 * Worker's runtime keeps it (`waitUntil`), so that a test can wait for it: `backgroundWorkDone()`.
 */
const backgroundTasks = new Set<Promise<unknown>>();
const executionContext: ExecutionContext = {
  waitUntil(promise) {
    const tracked: Promise<unknown> = promise.catch(() => undefined).finally(() => backgroundTasks.delete(tracked));
    backgroundTasks.add(tracked);
  },
  passThroughOnException() {},
  props: {},
};

/** Resolves once every task the app deferred (through a BrowserClient's requests) has ended. */
export async function backgroundWorkDone(): Promise<void> {
  while (backgroundTasks.size > 0) await Promise.all([...backgroundTasks]);
}

/** The password the test helpers choose when they confirm an account. */
export const TEST_PASSWORD = "mot-de-passe-solide";

export interface ClientResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  setCookies: string[];
}

/** What a BrowserClient sends its requests to: the app itself (`app.request`) or a server over HTTP. */
export interface RequestTarget {
  request(path: string, init: RequestInit, env: undefined, executionCtx: ExecutionContext): Response | Promise<Response>;
}

/** A running server (the Worker under wrangler dev) as a BrowserClient's target: real HTTP, redirects not followed. */
export function overHttp(baseUrl: string): RequestTarget {
  return { request: (path, init) => fetch(new URL(path, baseUrl), { ...init, redirect: "manual" }) };
}

/**
 * Each client its own source, never two by chance: the limits count per client (decision 090's
 * e-mail shares among them), so a random pick that collides would make a test depend on luck.
 * From 100.64.0.0/10 (shared address space), which no test names itself.
 */
let clientsMade = 0;
function nextClientIp(): string {
  const index = clientsMade++;
  return `100.${64 + Math.floor(index / 65_536)}.${Math.floor(index / 256) % 256}.${index % 256}`;
}

export class BrowserClient {
  readonly cookies = new Map<string, string>();
  private readonly ip: string;
  private readonly origin: string;
  private readonly getApp: () => RequestTarget;

  constructor(getApp: () => RequestTarget, options: { ip?: string; origin?: string } = {}) {
    this.getApp = getApp;
    this.ip = options.ip ?? nextClientIp();
    this.origin = options.origin ?? TEST_SITE_URL;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  storeCookies(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const expired =
        attributes.some((attribute) => /^max-age=0$/i.test(attribute)) ||
        attributes.some((attribute) => /^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) < clockOfApp(this.getApp()).getTime() - 1000);
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ClientResponse> {
    const init: RequestInit = { method, headers: { "x-test-ip": this.ip, cookie: this.cookieHeader(), ...headers } };
    if (method !== "GET" && method !== "HEAD") {
      const sent = init.headers as Record<string, string>;
      sent.origin = this.origin;
      if (body !== undefined) {
        sent["content-type"] ??= "application/json";
        init.body = typeof body === "string" ? body : JSON.stringify(body);
      }
    }
    const response = await this.getApp().request(path, init, undefined, executionContext);
    const setCookies = response.headers.getSetCookie();
    this.storeCookies(setCookies);
    const type = response.headers.get("content-type") ?? "";
    const parsed = type.includes("json") ? ((await response.json()) as Record<string, unknown>) : { raw: await response.arrayBuffer() };
    return { status: response.status, headers: response.headers, body: parsed, setCookies };
  }

  get(path: string) {
    return this.request("GET", path);
  }
  post(path: string, body?: unknown) {
    return this.request("POST", path, body ?? {});
  }
  put(path: string, body?: unknown) {
    return this.request("PUT", path, body);
  }
  patch(path: string, body?: unknown) {
    return this.request("PATCH", path, body);
  }
  delete(path: string, body?: unknown) {
    return this.request("DELETE", path, body);
  }
}

/** The first http(s) URL of a text, e.g. the confirmation link of an email. */
export function findLink(text: string, pattern: RegExp): string {
  const url = [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0].replace(/&amp;/g, "&")).find((candidate) => pattern.test(candidate));
  if (!url) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return url;
}

/** Path + query of an absolute URL, for app.request(). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Confirms an account the way /confirmation-compte does once a password is chosen and « Confirmer
 * mon adresse » clicked: the link's u, x and s posted to the API with that password (opening the
 * link itself changes nothing).
 */
export function confirmAccount(client: BrowserClient, link: string, options: { password?: string; switchAccount?: boolean } = {}): Promise<ClientResponse> {
  const params = new URL(link).searchParams;
  return client.post("/api/auth/confirm", {
    u: params.get("u"),
    x: params.get("x"),
    s: params.get("s"),
    password: options.password ?? TEST_PASSWORD,
    ...(options.switchAccount === undefined ? {} : { switchAccount: options.switchAccount }),
  });
}

/** Signs up (the e-mail leaves after the answer) and returns the confirmation link once it arrived. */
export async function signUpForLink(t: Pick<TestApp, "resend">, client: BrowserClient, body: Record<string, unknown> & { email: string }): Promise<string> {
  const response = await client.post("/api/auth/signup", body);
  if (response.status !== 202) throw new Error(`sign-up refused: ${response.status} ${JSON.stringify(response.body)}`);
  await backgroundWorkDone();
  const mail = [...t.resend.emails].reverse().find((candidate) => candidate.to.includes(body.email.toLowerCase()) && /Confirmez/.test(candidate.subject));
  return findLink(mail?.text ?? "", /confirmation-compte/);
}

/** Creates an account and confirms it from the captured e-mail with TEST_PASSWORD: a client signed in as that account. */
export async function signedInAs(t: Pick<TestApp, "resend">, getApp: () => TestApp["app"], email: string, firstName = "Marie"): Promise<BrowserClient> {
  const client = new BrowserClient(getApp);
  await confirmAccount(client, await signUpForLink(t, client, { email, firstName }));
  return client;
}
