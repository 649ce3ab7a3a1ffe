// `npm run bench:auth-timing` (issue 39, decision 091): does the time of an answer tell whether an
// account (or a sign-up) exists? The built server (`npm start`'s bundle) on a temp database seeded
// with 200 confirmed accounts and 200 confirmed alert sign-ups, a fake Resend that answers in
// PROVIDER_MS (a real provider's usual time: the review measured 226 ms with an account and 27 ms
// without, the difference being the send), and for each form 200 requests for a known address and
// 200 for an unknown one, interleaved, each from its own client address and for its own address
// so that no limit answers instead of the form. Prints p50, p95 and the mean of each and their
// ratio. Figures only: no test asserts them (tests/integration/constant-answers.test.ts checks
// that both paths answer before any e-mail, the same words).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDatabase } from "../../src/server/db/node.ts";
import { insertSubscription } from "../../src/server/db/repositories/subscriptions.ts";
import { insertUser } from "../../src/server/db/repositories/users.ts";
import { toAddressColumnValues } from "../../src/server/db/schema/index.ts";
import { signAddress } from "../../src/server/services/geocoded-address.ts";
import { startFakeResend } from "../fakes/resend-server.ts";
import { startFakeUpstreams } from "../fakes/upstream-server.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { NO_SERVICE_CEILINGS } from "../helpers/service-ceilings.ts";
import { confirmedSignUpRow } from "../helpers/sign-ups.ts";
import { BENCH_APP_SECRET, startBenchServer } from "./bench-server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const PROVIDER_MS = Number(process.env.BENCH_PROVIDER_MS ?? 200);
/** The bench's server and fakes on given ports (BENCH_PORT, +1, +2), a free one each otherwise. */
const BASE_PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;
const portAt = (offset: number) => (BASE_PORT === null ? {} : { port: BASE_PORT + offset });

interface Figures {
  p50: number;
  p95: number;
  mean: number;
}

function figuresOf(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), mean: samples.reduce((sum, value) => sum + value, 0) / samples.length };
}

let clients = 0;
/** A client address of its own for every request (the server trusts 127.0.0.1 as its proxy). */
const nextClientIp = () => {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

async function timedPost(base: string, path: string, body: unknown): Promise<{ ms: number; status: number; text: string }> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, "x-forwarded-for": nextClientIp() },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { ms: performance.now() - started, status: response.status, text };
}

const fixed = (value: number) => value.toFixed(1).padStart(7);

export async function benchAuthTiming(): Promise<void> {
  if (!existsSync(join(ROOT, "dist", "index.html")) || !existsSync(join(ROOT, "build", "node", "server.mjs"))) throw new Error("Build first (npm run build).");
  const directory = mkdtempSync(join(tmpdir(), "zone-sante-auth-timing-"));
  const databaseUrl = `file:${join(directory, "bench.db")}`;
  const nowMs = Date.now();
  const database = await openDatabase({ url: databaseUrl, dataDirectory: directory });
  const picked = signAddress(BENCH_APP_SECRET, MAIN_SCENARIO);
  for (let i = 0; i < CALLS; i++) {
    await insertUser(database.db, {
      email: `compte-${i}@exemple-zs.fr`,
      passwordHash: null,
      firstName: "Camille",
      lastName: null,
      emailVerifiedAtMs: nowMs,
      nowMs,
    });
    await insertSubscription(database.db, confirmedSignUpRow({ id: `abonne${i}`, atMs: nowMs, address: toAddressColumnValues(MAIN_SCENARIO) }));
  }
  database.close();

  const resend = await startFakeResend(portAt(1));
  resend.setLatency(PROVIDER_MS);
  const upstreams = await startFakeUpstreams(portAt(2));
  const bench = await startBenchServer({
    upstreamConfig: upstreams.config,
    upstreamTimeoutMs: 5000,
    ...portAt(0),
    env: {
      ...NO_SERVICE_CEILINGS,
      DATABASE_URL: databaseUrl,
      RESEND_API_KEY: "re_bench",
      RESEND_BASE_URL: resend.baseUrl,
      TRUSTED_PROXIES: "127.0.0.1",
    },
  });
  const forms: Array<{ name: string; known: string; unknown: string; request: (email: string) => [string, unknown] }> = [
    { name: "POST /api/auth/code", known: "compte", unknown: "personne", request: (email) => ["/api/auth/code", { email }] },
    { name: "POST /api/auth/signup", known: "compte", unknown: "nouveau", request: (email) => ["/api/auth/signup", { email, firstName: "Camille" }] },
    {
      name: "POST /api/subscriptions",
      known: "abonne",
      unknown: "inscrit",
      request: (email) => ["/api/subscriptions", { email, address: picked, consent: true }],
    },
  ];
  try {
    // The server's first answers (modules loaded, code compiled) are not what a visitor of a running server waits for.
    for (let i = 0; i < 20; i++) await timedPost(bench.base, "/api/auth/code", { email: `echauffement-${i}@exemple-zs.fr` });
    console.log(`${CALLS} calls each, provider answering in ${PROVIDER_MS} ms; times in ms`);
    console.log(`${"form".padEnd(26)}${"case".padEnd(14)}${"p50".padStart(7)}${"p95".padStart(7)}${"mean".padStart(7)}  statuses`);
    for (const form of forms) {
      const samples = { known: [] as number[], unknown: [] as number[] };
      const statuses = { known: new Map<number, number>(), unknown: new Map<number, number>() };
      const bodies = { known: new Set<string>(), unknown: new Set<string>() };
      for (let i = 0; i < CALLS; i++) {
        // Interleaved, the unknown first on odd rounds: drift in the machine's load falls on both alike.
        const order: Array<"known" | "unknown"> = i % 2 === 0 ? ["known", "unknown"] : ["unknown", "known"];
        for (const kind of order) {
          const email = `${kind === "known" ? form.known : form.unknown}-${i}@exemple-zs.fr`;
          const [path, body] = form.request(email);
          const answer = await timedPost(bench.base, path, body);
          samples[kind].push(answer.ms);
          statuses[kind].set(answer.status, (statuses[kind].get(answer.status) ?? 0) + 1);
          bodies[kind].add(answer.text);
        }
      }
      const known = figuresOf(samples.known);
      const unknown = figuresOf(samples.unknown);
      const statusText = (counts: Map<number, number>) => [...counts].map(([status, count]) => `${status}×${count}`).join(" ");
      console.log(`${form.name.padEnd(26)}${"known".padEnd(14)}${fixed(known.p50)}${fixed(known.p95)}${fixed(known.mean)}  ${statusText(statuses.known)}`);
      console.log(`${"".padEnd(26)}${"unknown".padEnd(14)}${fixed(unknown.p50)}${fixed(unknown.p95)}${fixed(unknown.mean)}  ${statusText(statuses.unknown)}`);
      console.log(
        `${"".padEnd(26)}${"known/unknown".padEnd(14)}${fixed(known.p50 / unknown.p50)}${fixed(known.p95 / unknown.p95)}${fixed(known.mean / unknown.mean)}  bodies identical: ${
          bodies.known.size === 1 && bodies.unknown.size === 1 && [...bodies.known][0] === [...bodies.unknown][0] ? "yes" : "no"
        }`,
      );
    }
  } finally {
    bench.stop();
    await upstreams.close();
    await resend.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.main) await benchAuthTiming();
