// The Worker end to end under `wrangler dev` (workerd, offline) against a libSQL server: the test
// libSQL server (tests/fakes/libsql-server.ts, Hrana over HTTP from a temp file) stands in for
// Turso, the fake Resend for Resend, the fake upstreams for the official sources. Migrations go
// over the network with `npm run db:migrate`; then a report, an alert sign-up and its
// confirmation, a password account, the alert run's crons through the local queue, and the
// admin status. Needs `npm run build` first (npm test does it).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLibsqlServer, type FakeLibsqlServer } from "../fakes/libsql-server.ts";
import { startFakeResend, type FakeResend } from "../fakes/resend-server.ts";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { MAIN_SCENARIO, reportQueryOf } from "../fixtures/scenarios.ts";
import { BrowserClient, findLink, overHttp } from "../helpers/browser-client.ts";
import { freePort } from "../helpers/net.ts";
import { NO_SERVICE_CEILINGS } from "../helpers/service-ceilings.ts";
import { ROOT, startAppWorker, WORKERD_CANNOT_RUN, WORKERD_SKIP_REASON, type WranglerDev } from "../helpers/wrangler.ts";

const ADMIN_EMAIL = "admin.e2e@exemple-zs.fr";
const SUBSCRIBER_EMAIL = "abonnee.e2e@exemple-zs.fr";
const PASSWORD = "mot-de-passe-solide-e2e";

let directory: string;
let database: FakeLibsqlServer;
let resend: FakeResend;
let upstreams: FakeUpstreams;
let wrangler: WranglerDev | undefined;
let baseUrl: string;
let migrationLog = "";

if (WORKERD_CANNOT_RUN) console.log(WORKERD_SKIP_REASON);

/** `npm run db:migrate` with DATABASE_URL pointing at the test libSQL server. */
async function migrateOverNetwork(databaseUrl: string): Promise<{ code: number | null; log: string }> {
  const child = spawn("npm", ["run", "--silent", "db:migrate"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const code = await new Promise<number | null>((resolveExit) => child.once("exit", resolveExit));
  return { code, log };
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "zone-sante-worker-e2e-"));
  if (WORKERD_CANNOT_RUN) return;
  database = await startFakeLibsqlServer({ path: join(directory, "turso.db") });
  const migration = await migrateOverNetwork(database.baseUrl);
  migrationLog = migration.log;
  if (migration.code !== 0) throw new Error(`npm run db:migrate failed over http:\n${migration.log}`);
  resend = await startFakeResend();
  upstreams = await startFakeUpstreams();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  wrangler = await startAppWorker({
    port,
    directory,
    env: {
      ...upstreams.config,
      APP_SECRET: "worker-e2e-secret-worker-e2e-secret-0000",
      DATABASE_URL: database.baseUrl,
      SITE_URL: baseUrl,
      RESEND_API_KEY: "re_e2e_key",
      RESEND_BASE_URL: resend.baseUrl,
      ADMIN_EMAILS: ADMIN_EMAIL,
      UPSTREAM_TIMEOUT_MS: "2000",
      // A failed queue message comes back at once: the dead-letter test sees its six attempts in seconds.
      ALERT_RETRY_DELAY_SECONDS: "0",
      // The same for the e-mail queue (decision 093): a refused e-mail reaches its dead-letter queue in seconds.
      EMAIL_OUTBOX_RETRY_SECONDS: "0",
      // Every request comes from one client here: the e-mail budgets' shares (decision 090) out of the way.
      ...Object.fromEntries(Object.entries(NO_SERVICE_CEILINGS).filter(([key]) => key.startsWith("EMAIL_"))),
    },
  });
}, 180_000);

afterAll(async () => {
  if (process.env.E2E_DUMP) writeFileSync(process.env.E2E_DUMP, wrangler?.output() ?? "");
  await wrangler?.stop();
  await upstreams?.close();
  await resend?.close();
  await database?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** Waits for an e-mail to `to` whose subject matches (sent after the answer: waitUntil). */
async function emailTo(to: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const found = [...resend.emails].reverse().find((email) => email.to.includes(to) && subject.test(email.subject));
    if (found) return found;
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
  throw new Error(`no e-mail to ${to} matching ${subject}; got: ${resend.emails.map((email) => `${email.to.join(",")} « ${email.subject} »`).join("; ")}`);
}

/** A browser's cookie jar and Origin header, over real HTTP to the Worker. */
function newBrowser(): BrowserClient {
  return new BrowserClient(() => overHttp(baseUrl), { origin: baseUrl });
}

function linkIn(text: string, pattern: RegExp): URL {
  return new URL(findLink(text, pattern));
}

/** Waits until wrangler's output (the Worker's JSON log lines included) from offset `from` matches, 45 s at most. */
async function waitForOutput(pattern: RegExp, options: { from?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 45_000);
  while (Date.now() < deadline) {
    const match = pattern.exec((wrangler?.output() ?? "").slice(options.from ?? 0));
    if (match) return match[0];
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`no ${pattern} in wrangler's output:\n${wrangler?.output() ?? ""}`);
}

async function triggerCron(cron: string, at: string): Promise<void> {
  const response = await fetch(`${baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}&time=${Date.parse(at)}`);
  expect(response.status).toBe(200);
}

describe.skipIf(WORKERD_CANNOT_RUN)("the Worker end to end against a libSQL server (Hrana over HTTP)", () => {
  it("applies the migrations over the network with npm run db:migrate", async () => {
    expect(migrationLog).toContain("Migrations appliquées (base distante).");
    const tables = await database.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('users', 'alert_subscriptions')");
    expect(tables.rows.map((row) => row[0]).sort()).toEqual(["alert_subscriptions", "users"]);
    expect(database.requests.length).toBeGreaterThan(0);
  });

  it("builds a report, its rate limits counted in the database", async () => {
    const before = database.requests.length;
    const response = await fetch(`${baseUrl}/api/report?${reportQueryOf(MAIN_SCENARIO)}`);
    expect(response.status, wrangler?.output()).toBe(200);
    const report = (await response.json()) as { water_quality: { success: boolean } };
    expect(report.water_quality.success).toBe(true);
    expect(database.requests.length).toBeGreaterThan(before);
  });

  it("signs up for alerts, confirms from the e-mail and sends the welcome e-mail", async () => {
    const browser = newBrowser();
    const signUp = await browser.request("POST", "/api/subscriptions", { email: SUBSCRIBER_EMAIL, address: MAIN_SCENARIO, consent: true });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(202);
    expect(signUp.body.confirmationSent).toBe(true);
    const confirmation = await emailTo(SUBSCRIBER_EMAIL, /^Confirmez votre inscription aux alertes/);
    const link = linkIn(confirmation.text, /confirmation-alertes/);
    const confirmed = await browser.request("POST", "/api/subscriptions/confirm", { i: link.searchParams.get("i"), t: link.searchParams.get("t") });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const stored = await database.query("SELECT count(*) FROM alert_subscriptions WHERE confirmed_at_ms IS NOT NULL");
    expect(stored.rows[0]?.[0]).toBe(1n);
    await emailTo(SUBSCRIBER_EMAIL, /^Vos alertes Zone Santé sont activées$/);
  }, 60_000);

  it("creates a password account from the confirmation link, signs in and lists its addresses", async () => {
    const browser = newBrowser();
    const signUp = await browser.request("POST", "/api/auth/signup", { email: ADMIN_EMAIL, firstName: "Anne", lastName: "Admin" });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(202);
    const link = linkIn((await emailTo(ADMIN_EMAIL, /Confirmez/)).text, /confirmation-compte/);
    const confirmed = await browser.request("POST", "/api/auth/confirm", {
      u: link.searchParams.get("u"),
      x: link.searchParams.get("x"),
      s: link.searchParams.get("s"),
      password: PASSWORD,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const fresh = newBrowser();
    const signedIn = await fresh.request("POST", "/api/auth/signin", { email: ADMIN_EMAIL, password: PASSWORD });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const addresses = await fresh.request("GET", "/api/account/addresses");
    expect(addresses.status, JSON.stringify(addresses.body)).toBe(200);
    expect(addresses.body).toHaveProperty("addresses");
  });

  it("runs the 14:30 plan, its process messages through the local queue and the 17:00 send page, then shows the run to the admin", async () => {
    // 2026-11-22 13:30 UTC is 14:30 in Paris (winter time).
    await triggerCron("30 13 * * *", "2026-11-22T13:30:00Z");
    const planned = await waitForOutput(/"message":"alert plan enqueued"[^\n]*/);
    expect(planned).not.toContain('"batches":0,');
    const processed = await waitForOutput(/"message":"alert process message done"[^\n]*/);
    expect(processed).toMatch(/"subjectsChecked":[1-9]/);
    expect(wrangler?.output()).not.toContain("alert message failed, retried");

    await triggerCron("0 16 * * *", "2026-11-22T16:00:00Z");
    await waitForOutput(/"message":"alert send stage enqueued"/);
    const sent = await waitForOutput(/"message":"alert send message done"[^\n]*/);
    expect(sent).toContain('"sent":1,"failed":0');
    expect(wrangler?.output()).not.toContain("alert message failed, retried");
    const alert = await emailTo(SUBSCRIBER_EMAIL, /^(?!Confirmez|Vos alertes Zone Santé sont activées)/);
    expect(alert.text).toContain(MAIN_SCENARIO.city);

    // The run's row (the plan's) counts what its queue messages did: addresses checked, the e-mail sent.
    const runId = /"runId":"([^"]+)"/.exec(planned)?.[1] ?? "";
    const tallies = await database.query(`SELECT subjects_checked, emails_sent, email_failures, dead_letters FROM alert_runs WHERE id = '${runId}'`);
    const [checked, emailsSent, emailFailures, deadLetters] = [0, 1, 2, 3].map((column) => tallies.rows[0]?.[column]);
    expect([emailsSent, emailFailures, deadLetters]).toEqual([1n, 0n, 0n]);
    expect(Number(checked)).toBeGreaterThan(0);

    const admin = newBrowser();
    expect((await admin.request("POST", "/api/auth/signin", { email: ADMIN_EMAIL, password: PASSWORD })).status).toBe(200);
    const status = await admin.request("GET", "/api/admin/status");
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    // The last finished run is the one the 17:00 send page belongs to, read back from the libSQL server.
    expect(status.body.lastRun).not.toBeNull();
    expect(status.body.lastRun).toMatchObject({ startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown });
  }, 150_000);

  // wrangler.toml: « max_retries = 5 » and « dead_letter_queue = "zone-sante-alerts-dlq" »; Cloudflare Queues:
  // « When a message fails to be processed (after reaching max_retries), it is moved to the dead letter queue ».
  it("a process batch that fails every delivery is retried five times, then lands in the dead-letter queue", async () => {
    // Only the process stage reads what the last run knew of each subject (snapshots.ts loadAlertStates):
    // the plan still works, every delivery of its batch fails on the database.
    database.failStatements(/^\s*select\b[^;]*\bfrom\s+"alert_states"/i);
    try {
      const outputBefore = wrangler?.output().length ?? 0;
      // A second plan the same day: the first run is finished, so the run lock lets it start.
      await triggerCron("30 13 * * *", "2026-11-22T13:30:00Z");
      const planned = await waitForOutput(/"message":"alert plan enqueued"[^\n]*/, { from: outputBefore });
      const runId = /"runId":"([^"]+)"/.exec(planned)?.[1];
      expect(runId, planned).toBeDefined();
      const moved = await waitForOutput(
        /Moving message "([^"]+)" on queue "zone-sante-alerts" to dead letter queue "zone-sante-alerts-dlq" after 6 failed attempts/,
        { from: outputBefore, timeoutMs: 60_000 },
      );
      const messageId = /Moving message "([^"]+)"/.exec(moved)?.[1] ?? "";
      const failures = (wrangler?.output() ?? "")
        .split("\n")
        .filter((line) => line.includes('"message":"alert message failed, retried"') && line.includes(`"messageId":"${messageId}"`));
      expect(failures.map((line) => /"attempts":(\d+)/.exec(line)?.[1]).map(Number), wrangler?.output()).toEqual([1, 2, 3, 4, 5, 6]);
      for (const line of failures) expect(line).toContain(`"kind":"process","runId":"${runId ?? ""}"`);
      expect(failures[0]).toContain('"code":"SQLITE_IOERR"');
      expect(database.failedStatements).toBeGreaterThanOrEqual(6);

      // The dead-letter queue's consumer counts it on the run's row and tells the admins once that day.
      await waitForOutput(new RegExp(`"message":"alert dead letter counted"[^\n]*"runId":"${runId ?? ""}"`), { from: outputBefore });
      const row = await database.query(`SELECT dead_letters FROM alert_runs WHERE id = '${runId ?? ""}'`);
      expect(row.rows[0]?.[0]).toBe(1n);
      const notice = await emailTo(ADMIN_EMAIL, /^Alertes/);
      expect(notice.text).toContain("1 message(s) de côté");
    } finally {
      database.failStatements(null);
    }
  }, 90_000);

  // Decision 093: every e-mail a request promises is an outbox row; its id travels on the e-mail queue
  // (wrangler.toml « max_retries = 8 », « dead_letter_queue = "zone-sante-emails-dlq" »).
  it("sends an outbox row through the e-mail queue, and marks dead the one the provider keeps refusing once it reaches the dead-letter queue", async () => {
    const outputBefore = wrangler?.output().length ?? 0;
    const sent = "outbox.e2e@exemple-zs.fr";
    const refused = "refuse.e2e@exemple-zs.fr";
    resend.failFor(refused);

    const browser = newBrowser();
    const address = { label: MAIN_SCENARIO.label, latitude: MAIN_SCENARIO.latitude, longitude: MAIN_SCENARIO.longitude, citycode: MAIN_SCENARIO.citycode };
    const signUp = await browser.post("/api/subscriptions", { email: sent, address, consent: true });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(202);
    await emailTo(sent, /alertes/i);
    const subscription = await database.query(`SELECT id FROM alert_subscriptions WHERE email = '${sent}'`);
    const key = `subscription-confirm-${String(subscription.rows[0]?.[0])}`;
    // The consumer marks the row once the provider answered: a moment after the e-mail is received.
    const rowOf = async () => (await database.query(`SELECT status, attempts, to_address FROM email_outbox WHERE idempotency_key = '${key}'`)).rows[0];
    const markedBy = Date.now() + 20_000;
    while ((await rowOf())?.[0] !== "sent" && Date.now() < markedBy) await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    const row = await rowOf();
    expect([row?.[0], row?.[1], row?.[2]]).toEqual(["sent", 1n, null]);
    expect(resend.emails.filter((email) => email.to.includes(sent) && email.idempotencyKey === key)).toHaveLength(1);

    // An account sign-up: its task runs from the queue and writes the mail, which the provider refuses every time.
    const account = await newBrowser().post("/api/auth/signup", { email: refused, firstName: "Rémi" });
    expect(account.status, JSON.stringify(account.body)).toBe(202);
    await waitForOutput(/Moving message "[^"]+" on queue "zone-sante-emails" to dead letter queue "zone-sante-emails-dlq" after 9 failed attempts/, {
      from: outputBefore,
      timeoutMs: 60_000,
    });
    await waitForOutput(/"message":"outbox: e-mail given up \(dead-letter queue\)"/, { from: outputBefore });
    const dead = await database.query(`SELECT attempts, last_error, to_address FROM email_outbox WHERE kind = 'mail' AND status = 'dead'`);
    expect(dead.rows).toHaveLength(1);
    expect(dead.rows[0]?.[0]).toBe(9n);
    expect(String(dead.rows[0]?.[1])).not.toContain("@");
    expect(dead.rows[0]?.[2]).toBeNull();
    expect(resend.calls.filter((call) => call.status === 500).length).toBeGreaterThanOrEqual(9);
    expect(resend.emails.filter((email) => email.to.includes(refused))).toHaveLength(0);
  }, 90_000);
});
