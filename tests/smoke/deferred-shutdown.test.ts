// Issue 28, « Work promised after the answer is lost on a restart » (decision 075): the server as
// `npm start` runs it answers 202 « vous allez recevoir un e-mail » to /api/subscriptions/manage-link
// and sends the e-mail after the answer. A SIGTERM right after that 202 no longer makes it exit
// before the e-mail is sent: graceful shutdown waits for the requests' deferred work.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
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
  directory = mkdtempSync(join(tmpdir(), "zone-sante-deferred-"));
});
afterAll(async () => {
  await upstreams.close();
  await resend.close();
  rmSync(directory, { recursive: true, force: true });
});

describe("deferred work and SIGTERM (decision 075)", () => {
  it("the e-mail a 202 promised is sent before the server exits, even with SIGTERM right after the answer", async () => {
    const port = await freePort();
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
        DATABASE_URL: `file:${join(directory, "deferred.db")}`,
        RESEND_API_KEY: "re_test_key",
        RESEND_BASE_URL: resend.baseUrl,
        ...upstreams.config,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)));
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      await new Promise((wait) => setTimeout(wait, 200));
    }

    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base }, body: JSON.stringify(body) });
    // A known mailbox: a sign-up (its confirmation e-mail is sent before its answer).
    const address = { label: MAIN_SCENARIO.label, latitude: MAIN_SCENARIO.latitude, longitude: MAIN_SCENARIO.longitude, citycode: MAIN_SCENARIO.citycode };
    const signUp = await post("/api/subscriptions", { email: "claire@exemple-zs.fr", address, consent: true });
    expect(signUp.status, await signUp.clone().text()).toBe(202);
    const before = resend.emails.filter((email) => email.to.includes("claire@exemple-zs.fr")).length;

    // The provider is slow: the e-mail is still on its way when SIGTERM comes.
    resend.setLatency(1500);
    const answer = await post("/api/subscriptions/manage-link", { email: "claire@exemple-zs.fr" });
    expect(answer.status).toBe(202);
    child.kill("SIGTERM");
    const sentAt = performance.now();
    expect(await exited).toBe(0);
    const exitMs = performance.now() - sentAt;

    const after = resend.emails.filter((email) => email.to.includes("claire@exemple-zs.fr"));
    expect(after.length, `e-mails to the mailbox after the exit (${Math.round(exitMs)} ms after SIGTERM)\n${output}`).toBe(before + 1);
    expect(after.at(-1)?.subject).toMatch(/alertes/i);
  }, 40_000);
});
