// Issue 40, « A promise that a crash breaks » (decision 093): the server as `npm start` runs it
// answers 202 to an alert sign-up and to an account sign-up while the provider is slow; it is
// SIGKILLed right after the answers (nothing graceful: no shutdown, no deferred work awaited), then
// started again on the same database file. Each address gets exactly one e-mail: the rows stored
// before the answers are sent by the new process, and a send the killed process had begun is
// tried again with the same idempotency key, which the fake Resend answers once.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeResend, type FakeResend } from "../fakes/resend-server.ts";
import { startFakeUpstreams, type FakeUpstreams } from "../fakes/upstream-server.ts";
import { MAIN_SCENARIO } from "../fixtures/scenarios.ts";
import { freePort } from "../helpers/net.ts";
import { npmStartEnv, npmStartNodeArgs } from "../helpers/start-command.ts";

const ROOT = resolve(import.meta.dirname, "../..");

let upstreams: FakeUpstreams;
let resend: FakeResend;
let directory: string;
beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  resend = await startFakeResend();
  directory = mkdtempSync(join(tmpdir(), "zone-sante-outbox-crash-"));
});
afterAll(async () => {
  await upstreams.close();
  await resend.close();
  rmSync(directory, { recursive: true, force: true });
});

async function startNode(port: number): Promise<{ child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<unknown> }> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, npmStartNodeArgs(), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      ...npmStartEnv(),
      NODE_ENV: "test",
      PORT: String(port),
      SITE_URL: base,
      APP_SECRET: "x".repeat(40),
      ALERTS_SCHEDULER: "off",
      DATABASE_URL: `file:${join(directory, "outbox.db")}`,
      RESEND_API_KEY: "re_test_key",
      RESEND_BASE_URL: resend.baseUrl,
      // A send the killed process began is held by its claim this long; then the new process tries it.
      EMAIL_OUTBOX_LEASE_MS: "2000",
      EMAIL_OUTBOX_RETRY_SECONDS: "1",
      ...upstreams.config,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolveExit) => child.once("exit", resolveExit));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return { child, output: () => output, exited };
}

const mailsTo = (address: string) => resend.emails.filter((email) => email.to.includes(address));

describe("the durable outbox and SIGKILL (decision 093)", () => {
  it("sends exactly one e-mail to each address whose 202 came right before the kill, once the server is back", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startNode(port);
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base }, body: JSON.stringify(body) });

    // The provider is slow: the e-mails are on their way, or not yet tried, when the process dies.
    resend.setLatency(1500);
    const address = { label: MAIN_SCENARIO.label, latitude: MAIN_SCENARIO.latitude, longitude: MAIN_SCENARIO.longitude, citycode: MAIN_SCENARIO.citycode };
    // On Node the alert sign-up's first attempt is made before its answer; the account sign-up's
    // task runs after its answer, so the kill comes before its e-mail left (the provider takes 1,5 s).
    const alerts = await post("/api/subscriptions", { email: "alertes-crash@exemple-zs.fr", address, consent: true });
    const account = await post("/api/auth/signup", { email: "compte-crash@exemple-zs.fr", firstName: "Aline" });
    first.child.kill("SIGKILL");
    expect(alerts.status, await alerts.clone().text()).toBe(202);
    expect(account.status, await account.clone().text()).toBe(202);
    await first.exited;
    expect(mailsTo("compte-crash@exemple-zs.fr"), "the account's e-mail left before the kill: the test proves nothing").toHaveLength(0);

    const second = await startNode(port);
    try {
      // Both arrive (the account's sign-up is resolved by the new process), then nothing more.
      const deadline = Date.now() + 30_000;
      while (mailsTo("alertes-crash@exemple-zs.fr").length === 0 || mailsTo("compte-crash@exemple-zs.fr").length === 0) {
        if (Date.now() > deadline) throw new Error(`e-mails missing after the restart:\n${second.output()}`);
        await new Promise((wait) => setTimeout(wait, 200));
      }
      // The outbox's table says nothing waits any more (a retry would have been sent by now).
      const db = createClient({ url: `file:${join(directory, "outbox.db")}` });
      try {
        for (;;) {
          const pending = await db.execute("select count(*) as n from email_outbox where status <> 'sent'");
          if (Number(pending.rows[0]?.n) === 0) break;
          if (Date.now() > deadline) throw new Error(`outbox not drained:\n${second.output()}`);
          await new Promise((wait) => setTimeout(wait, 300));
        }
      } finally {
        db.close();
      }
      expect(mailsTo("alertes-crash@exemple-zs.fr")).toHaveLength(1);
      expect(mailsTo("alertes-crash@exemple-zs.fr")[0]?.subject).toMatch(/alertes/i);
      expect(mailsTo("compte-crash@exemple-zs.fr")).toHaveLength(1);
      expect(mailsTo("compte-crash@exemple-zs.fr")[0]?.subject).toMatch(/Confirmez/);
    } finally {
      second.child.kill("SIGTERM");
      await second.exited;
    }
  }, 90_000);
});
